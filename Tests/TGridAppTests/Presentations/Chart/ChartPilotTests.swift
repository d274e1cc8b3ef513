import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The chart (issue 33): golden screens of a scatter, a line chart of two series and a
  /// histogram on generated data with known values, points read back against their values,
  /// and every key of the chart pressed through the real run loop.
  @Suite struct ChartPilotTests {
    // MARK: - Golden screens

    @Test func aScatterOfTwoFields() throws {
      let pilot = try Pilot(json: Self.parabola, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      #expect(pilot.statusLine.contains("y by x"), "\(pilot.statusLine)")
      expectSnapshot(pilot.screen, named: "chart-scatter-parabola-60x16")
    }

    @Test func aLineChartOfTwoSeries() throws {
      let pilot = try Pilot(json: Self.crossing, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      pilot.press("C")
      #expect(pilot.browser.message == "line chart")
      #expect(pilot.lines[0].contains("up") && pilot.lines[0].contains("down"), "the legend:\n\(pilot.screen)")
      pilot.press("Ctrl-L")  // the message goes
      expectSnapshot(pilot.screen, named: "chart-line-two-series-60x16")
    }

    @Test func aHistogramOfOneField() throws {
      let pilot = try Pilot(json: Self.skewed, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      pilot.press("C", "C", "C")
      #expect(pilot.statusLine.contains("histogram of v"), "\(pilot.statusLine)")
      pilot.press("Ctrl-L")  // the message goes
      expectSnapshot(pilot.screen, named: "chart-histogram-skewed-60x16")
      // Bin i holds i + 1 values: each bar is taller than the one before.
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      let layout = chart.chartLayout
      var heights: [Int] = []
      for bin in 0..<10 {
        let item = (0..<bin).reduce(0) { $0 + $1 + 1 }  // the first record of the bin
        let frame = try #require(layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))).frame
        heights.append(Int(frame.height))
      }
      #expect(heights == heights.sorted() && heights.first! < heights.last!, "\(heights)")
      #expect(layout.yRange.upperBound == 10)
    }

    @Test func withoutColourTheSeriesAreToldApartByTheirMarkers() throws {
      let pilot = try Pilot(json: Self.crossing, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      pilot.browser.applyColorCount(0)  // NO_COLOR
      pilot.press("Ctrl-L")
      let plot = pilot.lines[1..<13].joined()
      #expect(plot.contains("+"), "the second series' marker:\n\(pilot.screen)")
      #expect(plot.unicodeScalars.contains { $0.value & 0xFF00 == 0x2800 }, "the first series' braille dots")
      #expect(pilot.lines[0].contains("• up") && pilot.lines[0].contains("+ down"), "the legend")
      expectSnapshot(pilot.screen, named: "chart-scatter-two-series-no-color-60x16")
    }

    /// Each point's cell follows from its values, as ChartLayout's documentation says.
    @Test func eachPointIsInTheCellItsValuesGive() throws {
      let pilot = try Pilot(json: Self.parabola, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      let layout = chart.chartLayout
      let plot = layout.plotArea
      #expect(layout.xRange == -10...10)
      #expect(layout.yRange == 0...100)
      for x in -10...10 {
        let y = x * x
        let dx = Int((Double(x + 10) / 20 * Double(2 * plot.columns - 1)).rounded())
        let dy = Int((Double(100 - y) / 100 * Double(4 * plot.rows - 1)).rounded())
        let column = plot.column + dx / 2
        let row = plot.row + dy / 4
        let frame = try #require(layout.layoutAttributesForItem(at: IndexPath(item: x + 10, section: 0))).frame
        #expect(Int(frame.minX) == column && Int(frame.minY) == row, "x \(x): \(frame)")
        let glyph = Array(pilot.lines[row])[column]
        #expect(glyph.unicodeScalars.first!.value & 0xFF00 == 0x2800, "x \(x): \(glyph) at \(column), \(row)")
      }
    }

    // MARK: - Keys

    @Test func digitSixAndTheFieldsChosenFromTheData() throws {
      let pilot = try Pilot(json: Self.stocks, size: CellSize(columns: 80, rows: 16))
      pilot.press("6")
      #expect(pilot.browser.presentation.kind == .chart)
      // A date field is x; the numbers are the series.
      #expect(pilot.statusLine.contains("open, close by date"), "\(pilot.statusLine)")
      #expect(pilot.lines[0].contains("x: date"))
      #expect(pilot.screen.contains("2024"), "calendar ticks:\n\(pilot.screen)")
    }

    @Test func arrowsMoveAlongThePointsAndTheStatusLineSaysTheirValues() throws {
      let pilot = try Pilot(json: Self.crossing, size: CellSize(columns: 100, rows: 16), presentation: .chart)
      #expect(pilot.statusLine.contains("1/11 p0 · t 0 · up 0"), "\(pilot.statusLine)")
      pilot.press("Right", "Right")
      #expect(pilot.statusLine.contains("3/11 p2 · t 2 · up 2"), "the label and values: \(pilot.statusLine)")
      pilot.press("Left")
      #expect(pilot.statusLine.contains("t 1 · up 1"), "\(pilot.statusLine)")
      // Up reaches the other series (its points are above these at the start).
      for _ in 0..<12 where !pilot.statusLine.contains(" · down ") { pilot.press("Up") }
      #expect(pilot.statusLine.contains(" · down "), "up goes to the other series: \(pilot.statusLine)")
    }

    @Test func enterOpensThePointsRecord() throws {
      let pilot = try Pilot(json: Self.crossing, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      pilot.press("Right", "Enter")
      #expect(
        pilot.screen.contains("\"name\"") && pilot.screen.contains("\"p1\""), "the record whole:\n\(pilot.screen)")
      pilot.press("q")
      #expect(!pilot.didQuit)
      #expect(pilot.statusLine.contains("2/11 p1"))
    }

    @Test func plusMinusAndZeroZoomWithANewLayout() throws {
      let pilot = try Pilot(json: Self.parabola, size: CellSize(columns: 100, rows: 16), presentation: .chart)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      let fitted = chart.chartLayout
      pilot.press("+")
      #expect(chart.chartLayout !== fitted, "a zoom is a new layout")
      #expect(chart.chartLayout.zoom == 2)
      #expect(pilot.browser.collectionView.collectionViewLayout === chart.chartLayout)
      #expect(pilot.statusLine.contains("1/21 p0"), "the focus stays: \(pilot.statusLine)")
      pilot.press("+", "-")
      #expect(chart.chartLayout.zoom == 2)
      pilot.press("0")
      #expect(chart.chartLayout.zoom == 1)
      #expect(pilot.statusLine.contains("every point fits"))
      pilot.press("-")
      #expect(chart.chartLayout.zoom == 1)
    }

    @Test func cCyclesTheKindAndTheBinsChangeWithAngleBrackets() throws {
      let pilot = try Pilot(json: Self.skewed, size: CellSize(columns: 100, rows: 16), presentation: .chart)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      pilot.press(">")
      #expect(pilot.statusLine.contains("bins are for the histogram"))
      pilot.press("C")
      #expect(chart.chartLayout.kind == .line)
      pilot.press("C")
      #expect(chart.chartLayout.kind == .bar && chart.chartLayout.binCount == nil)
      pilot.press("C")
      #expect(chart.chartLayout.binCount == 10)
      pilot.press(">")
      #expect(chart.chartLayout.binCount == 12)
      #expect(pilot.lines[0].contains("12 bins"))
      pilot.press("<", "<")
      #expect(chart.chartLayout.binCount == 7, "12 less a quarter, then 9 less a quarter")
      pilot.press("C")
      #expect(chart.chartLayout.kind == .scatter && chart.chartLayout.binCount == nil)
    }

    @Test func xAndYChooseTheFieldsWithTabListingThem() throws {
      let pilot = try Pilot(json: Self.stocks, size: CellSize(columns: 80, rows: 16), presentation: .chart)
      pilot.press("X")
      #expect(pilot.statusLine.contains("x field: date"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("open (number)"), "the fields and their kinds: \(pilot.statusLine)")
      pilot.press("Ctrl-U")
      pilot.type("nope")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("no field nope"), "\(pilot.statusLine)")
      pilot.press("Ctrl-U", "Tab", "Tab")
      #expect(pilot.statusLine.contains("x field: open"), "\(pilot.statusLine)")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("by open"), "\(pilot.statusLine)")
      pilot.press("Y")
      #expect(pilot.statusLine.contains("y fields: open,close"), "\(pilot.statusLine)")
      pilot.press("Ctrl-U")
      pilot.type("close")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("close by open"), "\(pilot.statusLine)")
      #expect(pilot.browser.collectionView.numberOfSections == 1)
      pilot.press("X", "Ctrl-U", "Enter")
      #expect(pilot.statusLine.contains("close by index"), "\(pilot.statusLine)")
    }

    @Test func aDeleteAndAnEditMoveThePointsAndUndoBringsThemBack() throws {
      let pilot = try Pilot(json: Self.parabola, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      pilot.press("Right", "Space", "Right", "Space")
      #expect(pilot.statusLine.contains("2 selected"))
      pilot.press("d")
      #expect(pilot.store.document.children(of: pilot.store.document.root).count == 19)
      #expect(pilot.browser.collectionView.numberOfItems(inSection: 0) == 19)
      pilot.press("u")
      #expect(pilot.browser.collectionView.numberOfItems(inSection: 0) == 21)
      // The first record's y from 100 to 0: its point goes down to the axis, animated.
      pilot.press("g")
      let before = try #require(chart.chartLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
      pilot.press("e", "Ctrl-U")
      pilot.type(#"{"name":"p0","x":-10,"y":0}"#)
      pilot.press("Enter")
      let after = try #require(chart.chartLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
      #expect(after.minY > before.minY, "\(before) → \(after)")
      #expect(pilot.statusLine.contains("y 0"), "\(pilot.statusLine)")
    }

    @Test func theChartReadsALargeArrayInSlicesAndKeepsTheFocusedRecord() throws {
      let count = ChartModel.initialReadRecords * 15
      let records = "[" + (0..<count).map { #"{"i": \#($0), "v": \#($0 % 97)}"# }.joined(separator: ",") + "]"
      let pilot = try Pilot(json: records, size: CellSize(columns: 80, rows: 16))
      pilot.press("G")
      #expect(pilot.focusedPath == ".[\(count - 1)]")
      pilot.press("6")
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      pilot.waitForBackgroundWork { _ in !chart.isReading }
      pilot.press("Ctrl-L")
      #expect(pilot.focusedPath == ".[\(count - 1)]", "the record focused before, read last: \(pilot.statusLine)")
      #expect(pilot.statusLine.contains("30,000/30,000 · i 29999"), "\(pilot.statusLine)")
      #expect(chart.chartLayout.binCountDrawn < 80 * 16, "points binned per cell: \(chart.chartLayout.binCountDrawn)")
    }

    /// Issue 33's switch back: the chart shown again draws the same screen without a pass
    /// over its points; a resize while it was away, or an edit, places them again.
    @Test func switchingBackToTheChartIsAQueryNotAPass() throws {
      let pilot = try Pilot(json: Self.crossing, size: CellSize(columns: 60, rows: 16), presentation: .chart)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      let layout = chart.chartLayout
      let plot = Array(pilot.lines.dropLast())
      let passes = layout.fullPassCount
      pilot.press("1")
      #expect(pilot.browser.presentation.kind == .grid)
      pilot.press("6")
      #expect(chart.chartLayout === layout && pilot.browser.collectionView.collectionViewLayout === layout)
      #expect(layout.fullPassCount == passes, "shown again: no pass over the points")
      pilot.press("Ctrl-L")  // the message goes
      #expect(Array(pilot.lines.dropLast()) == plot, "the same chart:\n\(pilot.screen)")
      // The terminal changes size while the chart is away: a pass when it shows, fitted.
      pilot.press("1")
      pilot.resize(to: CellSize(columns: 80, rows: 16))
      pilot.press("6")
      #expect(layout.fullPassCount == passes + 1, "a new size: one pass")
      #expect(layout.plotArea.maxColumn > 60, "fitted to the new width: \(layout.plotArea)")
      // A record deleted in the grid: the chart reads its values again and places them.
      pilot.press("1", "G", "d")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == 10)
      pilot.press("6")
      #expect(pilot.browser.collectionView.numberOfItems(inSection: 0) == 10)
      #expect(layout.fullPassCount == passes + 2, "new values: one pass")
      #expect(layout.layoutAttributesForItem(at: IndexPath(item: 10, section: 0)) == nil)
    }

    @Test func awkwardDataShowsWhatItCan() throws {
      let json = #"[1, {"a": 2, "b": {"c": [1, 2]}}, "x", [3, 4], null, {"a": "7", "d": "late key"}, 2.5e300]"#
      let pilot = try Pilot(json: json, size: CellSize(columns: 70, rows: 12), presentation: .chart)
      #expect(pilot.statusLine.contains("a by index"), "\(pilot.statusLine)")
      let none = try Pilot(json: #"{"just": "text"}"#, size: CellSize(columns: 70, rows: 12), presentation: .chart)
      #expect(none.statusLine.contains("no numeric field"), "\(none.statusLine)")
    }

    // MARK: - Fixtures

    /// y = x² for x from -10 to 10.
    static let parabola =
      "[" + (-10...10).map { #"{"name": "p\#($0 + 10)", "x": \#($0), "y": \#($0 * $0)}"# }.joined(separator: ",")
      + "]"
    /// Two series that cross: up = t, down = 10 - t.
    static let crossing =
      "["
      + (0...10).map { #"{"name": "p\#($0)", "t": \#($0), "up": \#($0), "down": \#(10 - $0)}"# }.joined(
        separator: ",") + "]"
    /// One field: the value i (0 to 9) i + 1 times, in order.
    static let skewed =
      "[" + (0..<10).flatMap { value in (0...value).map { _ in #"{"v": \#(value)}"# } }.joined(separator: ",") + "]"
    /// Daily prices.
    static let stocks =
      "["
      + (1...20).map {
        #"{"date": "2024-03-\#($0 < 10 ? "0" : "")\#($0)", "open": \#(100 + $0), "close": \#(101 + $0 * 2)}"#
      }
      .joined(separator: ",") + "]"
  }
}
