import Foundation
import Testing

@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct EndToEndTests {
  @Test func theAppScrollsQuitsWithQAndRestoresTheTerminal() throws {
    let tmux = try TmuxSession(columns: 100, rows: 30)
    defer { tmux.close() }
    guard let tgrid = TmuxSession.tgridExecutable else { return }
    try tmux.run("\(tgrid) \(demoDataPath("photo-albums.json"))")
    try tmux.waitFor(text: "Iceland, June 2024")
    #expect(try tmux.paneValue("alternate_on") == "1")
    try tmux.send("PageDown")
    try tmux.send("PageDown")
    try tmux.waitFor("the Kyoto album after two pages") { $0.contains { $0.contains("Kyoto") } }
    try tmux.send("End")
    try tmux.waitFor(text: "Empty album")
    try tmux.send("Home")
    try tmux.waitFor(text: "Skógafoss")
    try tmux.send("q")
    try tmux.waitFor("the shell prompt") { $0.contains { $0.hasPrefix("$") } && !$0.contains { $0.contains("Skógafoss") } }
    #expect(try tmux.paneValue("alternate_on") == "0")
    let modes = try tmux.terminalModes()
    #expect(modes.contains("echo ") && !modes.contains("-echo "), "\(modes)")
    #expect(modes.contains("icanon") && !modes.contains("-icanon"), "\(modes)")
  }

  @Test func withNoFileTheDemoDataOpens() throws {
    let tmux = try TmuxSession(columns: 90, rows: 24)
    defer { tmux.close() }
    guard let tgrid = TmuxSession.tgridExecutable else { return }
    try tmux.run(tgrid)
    try tmux.waitFor(text: "demo: photo-albums.json")
    try tmux.send("q")
    try tmux.waitFor("the prompt") { $0.last(where: { !$0.isEmpty })?.hasPrefix("$") ?? false }
  }

  @Test func dataOnStandardInputAndKeysFromTheTerminal() throws {
    let tmux = try TmuxSession(columns: 80, rows: 20)
    defer { tmux.close() }
    guard let tgrid = TmuxSession.tgridExecutable else { return }
    try tmux.run("printf '[{\"name\":\"alpha\"},{\"name\":\"beta\"}]' | \(tgrid)")
    try tmux.waitFor(text: "alpha")
    try tmux.send("Right")
    try tmux.waitFor(text: "item 2/2")
    try tmux.send("q")
    let modes = try tmux.terminalModes()
    #expect(modes.contains("icanon") && !modes.contains("-icanon"))
  }

  @Test func invalidJSONPrintsTheErrorAndLeavesTheTerminalAlone() throws {
    let tmux = try TmuxSession(columns: 80, rows: 20)
    defer { tmux.close() }
    guard let tgrid = TmuxSession.tgridExecutable else { return }
    try tmux.run("printf '{\"a\": tru}' | \(tgrid); echo status=$?")
    try tmux.waitFor(text: "status=1")
    let screen = try tmux.screen().joined(separator: "\n")
    #expect(screen.contains("line 1, column"))
    #expect(try tmux.paneValue("alternate_on") == "0")
  }
}
