import TermGrid
import TermGridTesting
import Testing

@testable import Chart

@Suite struct ChartExampleTests {
  @Test func theYearIsAScatterOfBothCitiesWithALegend() throws {
    let (chart, lines) = run()
    expectScreen(lines, named: "chart-scatter-72x16")
    #expect(lines[0].hasSuffix("°C by month  • Oslo  + Lisbon"))
    // Lisbon in August (24.0) is the highest reading: the plot's top row.
    let layout = try #require(chart.layout)
    let august = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 7, section: 1)))
    #expect(Int(august.frame.minY) == layout.plotArea.row)
    // Oslo in January (-4.3) is the lowest: the plot's bottom row.
    let january = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    #expect(Int(january.frame.minY) == layout.plotArea.maxRow - 1)
  }

  @Test func cSwitchesToALineAndThenToBars() {
    expectScreen(run(keys: ["c"]).lines, named: "chart-line-72x16")
    let (chart, lines) = run(keys: ["c", "c"])
    expectScreen(lines, named: "chart-bar-72x16")
    #expect(chart.layout?.kind == .bar)
  }

  @Test func zoomingWidensTheYearAndZeroFitsItAgain() {
    let (chart, lines) = run(keys: ["+", "l", "l", "l", "l", "l", "l", "l", "l"])
    expectScreen(lines, named: "chart-zoomed-72x16")
    #expect(chart.layout?.zoom == 2)
    #expect(chart.collectionView.contentOffset.x > 0, "the focus moved right and the plot scrolled")
    let (fitted, _) = run(keys: ["+", "+", "0"])
    #expect(fitted.layout?.zoom == 1)
  }

  // MARK: - Fixtures

  func run(keys: [String] = []) -> (chart: Chart, lines: [String]) {
    let size = CellSize(columns: 72, rows: 16)
    let chart = Chart(size: size)
    let pilot = examplePilot(chart, collectionView: chart.collectionView, size: size)
    return (chart, pilot.screen(after: keys))
  }
}
