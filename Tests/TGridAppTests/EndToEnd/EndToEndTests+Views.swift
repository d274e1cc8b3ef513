import Foundation
import Testing

/// The six views in a real terminal: digits and Tab switch, the timeline zooms with keys
/// and with Ctrl+wheel, and the terminal is restored afterwards.
extension EndToEndTests {
  @Test func digitsAndTabSwitchViewsAndCtrlWheelZoomsTheTimeline() throws {
    let tmux = try launch(demoDataCopy("timeline.json"), columns: 100, rows: 24)
    defer { tmux.close() }
    try tmux.send("3")
    try tmux.waitFor(text: "column 1/5 title")
    try tmux.send("4")
    // The status line changes at once; the headers once the switch's animation ends.
    let fitted = try tmux.waitFor("the timeline's month headers") {
      $0.first?.hasPrefix("Jan 2025") == true && $0.last?.contains("start–end") == true
    }[0]
    // Ctrl+wheel up (SGR button 64 + 16 for Ctrl) zooms in: the headers become weeks.
    try tmux.sendMouse(button: 80, column: 40, row: 10)
    try tmux.sendMouse(button: 80, column: 40, row: 10)
    try tmux.waitFor("the headers by days after zooming in") { $0.contains { $0.contains("headers by 7 days") } }
    // Ctrl+wheel down twice zooms back out to the same months.
    try tmux.sendMouse(button: 81, column: 40, row: 10)
    try tmux.sendMouse(button: 81, column: 40, row: 10)
    try tmux.waitFor("the months again") { $0.first == fitted }
    try tmux.send("+")
    try tmux.send("0")
    try tmux.waitFor(text: "the whole timeline fits the width")
    try tmux.send("5")
    try tmux.waitFor(text: "boxes")
    try tmux.send("Tab")
    try tmux.waitFor(text: "Y chooses one")  // the chart: the plan has dates but no numbers
    try tmux.send("Tab")
    try tmux.waitFor("the grid after the chart") { $0.last?.contains("item ") == true }
    try tmux.send("BTab")
    try tmux.waitFor(text: "Y chooses one")
    try tmux.send("BTab")
    try tmux.waitFor(text: "boxes")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func theChartOpensWithItsFieldsAndZooms() throws {
    let tmux = try launch(
      demoDataCopy("countries.json"), arguments: ["--layout", "chart", "--y", "population"], columns: 100, rows: 20)
    defer { tmux.close() }
    try tmux.waitFor(text: "population by area_km2")
    try tmux.send("+")
    try tmux.waitFor(text: "zoom ×2")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func theLayoutOptionOpensAView() throws {
    let tmux = try launch(demoDataCopy("countries.json"), arguments: ["--layout", "table"], columns: 100, rows: 20)
    defer { tmux.close() }
    try tmux.waitFor(text: "column 1/7 name")
    try tmux.send("l", "l", "l", "S")
    try tmux.waitFor(text: "sorted by population ↓")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }
}
