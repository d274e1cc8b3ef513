import TermGrid
import TestSupport
import Testing

@testable import TermGridLayout

@Suite struct ChartScaleTests {
  @Test func stepsAreOneTwoOrFiveTimesAPowerOfTen() {
    #expect(ChartScale.niceStep(span: 100, count: 3) == 50)
    #expect(ChartScale.niceStep(span: 100, count: 10) == 10)
    #expect(ChartScale.niceStep(span: 7, count: 3) == 5)
    #expect(ChartScale.niceStep(span: 0.9, count: 4) == 0.5)
    #expect(ChartScale.niceStep(span: 1234, count: 5) == 500)
  }

  @Test func ticksAreTheMultiplesOfTheStepInTheRange() {
    #expect(ChartScale.ticks(from: 3, through: 27, step: 10) == [10, 20])
    #expect(ChartScale.ticks(from: -5, through: 5, step: 5) == [-5, 0, 5])
  }

  @Test func labelsUseTheDecimalsTheStepNeedsAndThousandsSuffixes() {
    #expect(ChartScale.label(20, step: 10) == "20")
    #expect(ChartScale.label(0.25, step: 0.05) == "0.25")
    #expect(ChartScale.label(-1.5, step: 0.5) == "-1.5")
    #expect(ChartScale.label(1500, step: 500) == "1500")
    #expect(ChartScale.label(15_000, step: 5_000) == "15k")
    #expect(ChartScale.label(2_500, step: 500) == "2500")
    #expect(ChartScale.label(20_000_000, step: 10_000_000) == "20M")
    #expect(ChartScale.label(0, step: 0.1) == "0.0")
  }
}

@Suite struct ChartLayoutTests {
  /// The cell a point's values give, by the formula in ChartLayout's documentation, worked
  /// out here independently of the layout's own code.
  func expectedCell(x: Double, y: Double, in fixture: ChartFixture) -> (column: Int, row: Int, bit: UInt8) {
    let plot = fixture.layout.plotArea
    let xs = fixture.series.flatMap { $0.map(\.x) }
    let ys = fixture.series.flatMap { $0.map(\.y) }
    let dx = Int(((x - xs.min()!) / (xs.max()! - xs.min()!) * Double(plot.columns * 2 - 1)).rounded())
    let dy = Int(((ys.max()! - y) / (ys.max()! - ys.min()!) * Double(plot.rows * 4 - 1)).rounded())
    let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
    return (plot.column + dx / 2, plot.row + dy / 4, bits[dx % 2][dy % 4])
  }

  @Test func everyScatterPointSitsInTheCellItsValuesGive() throws {
    var random = SeededRandom(seed: 33)
    let points = (0..<300).map { _ in
      (x: Double(random.next() % 10_000) / 10, y: Double(random.next() % 2_000) / 100 - 5)
    }
    let fixture = ChartFixture(series: [points], size: CellSize(columns: 60, rows: 20))
    let plot = fixture.layout.plotArea
    #expect(plot.rows == 20 - ChartLayout.topRows - ChartLayout.bottomRows)
    for (item, point) in points.enumerated() {
      let attributes = try #require(fixture.layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
      let expected = expectedCell(x: point.x, y: point.y, in: fixture)
      let cell = fixture.host.cellMetrics.cellRect(for: attributes.frame)
      #expect(cell.column == expected.column && cell.row == expected.row, "point \(item) at \(point)")
      let info = try #require(attributes.info(as: ChartPointInfo.self))
      #expect(info.dots & expected.bit != 0, "point \(item)'s own dot is lit")
      #expect(plot.contains(CellPoint(column: cell.column, row: cell.row)))
    }
  }

  @Test func theExtremesLandInTheCornersOfThePlot() throws {
    let fixture = ChartFixture(series: [[(0, 0), (10, 5), (20, 10)]], size: CellSize(columns: 40, rows: 12))
    let plot = fixture.layout.plotArea
    #expect(fixture.cell(0) == CellPoint(column: plot.column, row: plot.maxRow - 1))
    #expect(fixture.cell(2) == CellPoint(column: plot.maxColumn - 1, row: plot.row))
    #expect(fixture.layout.xRange == 0...20 && fixture.layout.yRange == 0...10)
  }

  @Test func pointsInOneCellAreOneElementThatHoldsAllTheirDots() throws {
    // Four points two dots apart vertically at the same x: one cell, four lit dots.
    let fixture = ChartFixture(
      series: [[(0, 0), (0, 1), (0, 2), (0, 3), (10, 100)]], size: CellSize(columns: 40, rows: 12))
    let cells = fixture.pointElements(in: fixture.everything)
    let first = fixture.cell(0)
    #expect((1...3).allSatisfy { fixture.cell($0) == first }, "the first four share a cell")
    let shared = try #require(cells.first { fixture.host.cellMetrics.cellRect(for: $0.frame).column == first.column })
    #expect(shared.indexPath == IndexPath(item: 0, section: 0), "the first point answers for the cell")
    #expect(shared.info(as: ChartPointInfo.self)?.count == 4)
    #expect(cells.count == 2)
    // Every item still answers with its cell: any of them can be focused.
    let third = try #require(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)))
    #expect(third.frame == shared.frame && third.indexPath == IndexPath(item: 2, section: 0))
    #expect(fixture.layout.representativeItem(of: IndexPath(item: 2, section: 0)) == IndexPath(item: 0, section: 0))
  }

  @Test func aRectQueryReturnsWhatTheScreenShowsNotEveryPoint() {
    var random = SeededRandom(seed: 7)
    let points = (0..<200_000).map { _ in (x: Double(random.next() % 100_000), y: Double(random.next() % 100_000)) }
    let fixture = ChartFixture(series: [points], size: CellSize(columns: 80, rows: 24))
    let plot = fixture.layout.plotArea
    let cells = fixture.pointElements(in: fixture.everything)
    #expect(cells.count <= plot.columns * plot.rows)
    #expect(cells.count > plot.columns * plot.rows / 2, "random points fill most cells")
    #expect(fixture.layout.binCountDrawn == cells.count)
    // A quarter of the screen: about a quarter of the cells, all inside it.
    let quarter = fixture.host.cellMetrics.rect(
      for: CellRect(column: plot.column, row: plot.row, columns: plot.columns / 2, rows: plot.rows / 2))
    let some = fixture.pointElements(in: quarter)
    #expect(some.count <= plot.columns * plot.rows / 4 + plot.columns)
    #expect(some.allSatisfy { $0.frame.intersects(quarter) })
  }

  @Test func barsRiseFromTheBaselineInEighthsOfACell() throws {
    // 9 plot rows over 0...9: one unit is one row, eight eighths.
    let values: [(Double, Double)] = [(0, 9), (1, 4.5), (2, 0.25), (3, 0)]
    let fixture = ChartFixture(series: [values], size: CellSize(columns: 40, rows: 12), kind: .bar)
    let plot = fixture.layout.plotArea
    #expect(plot.rows == 9 && fixture.layout.yRange == 0...9)
    func bar(_ item: Int) throws -> (CellRect, ChartPointInfo) {
      let attributes = try #require(fixture.layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
      return (
        fixture.host.cellMetrics.cellRect(for: attributes.frame), try #require(attributes.info(as: ChartPointInfo.self))
      )
    }
    let (full, fullInfo) = try bar(0)
    #expect(full.row == plot.row && full.rows == 9 && fullInfo.topEighths == 8)
    let (half, halfInfo) = try bar(1)
    // 4.5 of 9 rows: the top 4.5 rows are empty, so the bar's top row (row 4) is half full.
    #expect(half.row == plot.row + 4 && half.maxRow == plot.maxRow && halfInfo.topEighths == 4)
    let (low, lowInfo) = try bar(2)
    #expect(low.row == plot.maxRow - 1 && low.rows == 1 && lowInfo.topEighths == 2)
    let (zero, zeroInfo) = try bar(3)
    #expect(zero.rows == 1 && zeroInfo.topEighths == 1, "a zero is the thinnest bar, not nothing")
  }

  @Test func negativeBarsHangBelowAZeroBaseline() throws {
    let fixture = ChartFixture(series: [[(0, 4), (1, -4)]], size: CellSize(columns: 40, rows: 11), kind: .bar)
    let plot = fixture.layout.plotArea
    #expect(plot.rows == 8)
    let up = try #require(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    let down = try #require(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
    let upCells = fixture.host.cellMetrics.cellRect(for: up.frame)
    let downCells = fixture.host.cellMetrics.cellRect(for: down.frame)
    #expect(upCells.row == plot.row && upCells.maxRow == plot.row + 4)
    #expect(downCells.row == plot.row + 4 && downCells.maxRow == plot.maxRow)
    #expect(down.info(as: ChartPointInfo.self)?.isNegative == true)
  }

  @Test func aHistogramCountsThePointsOfEachBin() throws {
    // x in 0...40 in four bins of 10: 3, 1, 0 and 2 points (40 falls in the last bin).
    let values: [(Double, Double)] = [(0, 0), (5, 0), (9.9, 0), (12, 0), (35, 0), (40, 0)]
    let fixture = ChartFixture(series: [values], size: CellSize(columns: 44, rows: 12), kind: .bar, binCount: 4)
    let plot = fixture.layout.plotArea
    #expect(fixture.layout.yRange == 0...3)
    let bars = fixture.pointElements(in: fixture.everything).sorted { $0.frame.minX < $1.frame.minX }
    #expect(bars.map { $0.info(as: ChartPointInfo.self)?.count } == [3, 1, 2])
    #expect(bars.map(\.indexPath.item) == [0, 3, 4], "each bar answers for its first point")
    let slot = plot.columns / 4
    #expect(
      bars.map { fixture.host.cellMetrics.cellRect(for: $0.frame).column }
        == [plot.column, plot.column + slot, plot.column + 3 * slot])
    #expect(fixture.cell(5) == fixture.cell(4), "the last point shares its bin's bar")
    let tall = fixture.host.cellMetrics.cellRect(for: bars[0].frame)
    #expect(tall.row == plot.row && tall.maxRow == plot.maxRow)
  }

  @Test func categoriesGetEqualSlotsAndTheirNamesAsTicks() throws {
    let fixture = ChartFixture(
      series: [[(0, 3), (1, 1), (2, 2)]], size: CellSize(columns: 40, rows: 12), kind: .bar,
      axis: .category(["red", "green", "blue"]))
    let plot = fixture.layout.plotArea
    let slot = plot.columns / 3
    #expect((0..<3).map { fixture.cell($0).column } == [0, 1, 2].map { plot.column + $0 * plot.columns / 3 })
    #expect(slot > 1)
    let ticks = fixture.layout.layoutAttributesForElements(in: fixture.everything).compactMap {
      $0.info(as: ChartTickInfo.self)
    }
    #expect(ticks.filter { $0.axis == .x }.map(\.label) == ["red", "green", "blue"])
  }

  @Test func aLineJoinsTheSeriesInXOrderWithoutGaps() throws {
    // Given out of x order: the line goes 0 → 10 → 20, from the bottom to the top and down.
    let fixture = ChartFixture(
      series: [[(20, 0), (0, 0), (10, 10)]], size: CellSize(columns: 40, rows: 12), kind: .line)
    let plot = fixture.layout.plotArea
    let elements = fixture.layout.layoutAttributesForElements(in: fixture.everything)
    var litColumns = Set<Int>()
    for element in elements
    where element.representedElementKind == ElementKind.chartSegment || element.category == .cell {
      litColumns.insert(fixture.host.cellMetrics.cellRect(for: element.frame).column)
    }
    #expect(litColumns == Set(plot.column..<plot.maxColumn), "every column of the plot has a dot of the line")
    #expect(elements.contains { $0.representedElementKind == ElementKind.chartSegment })
  }

  /// The line lights exactly the dots of a segment between each two neighbouring points in
  /// x order (a reference drawn segment by segment, as a person would), however the layout
  /// finds them.
  @Test func aLineLightsTheDotsOfEverySegmentBetweenNeighbouringPoints() throws {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: UInt64) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double((state >> 33) % bound)
    }
    // Many points per dot column (the line runs up and down there) and a few lone ones.
    let series = (0..<2).map { _ in (0..<700).map { _ in (x: next(60) * next(3), y: next(1000)) } }
    let fixture = ChartFixture(series: series, size: CellSize(columns: 48, rows: 14), kind: .line)
    let layout = fixture.layout
    let plot = layout.plotArea
    var bitPlace: [UInt8: (column: Int, row: Int)] = [:]
    for column in 0..<2 {
      for row in 0..<4 { bitPlace[ChartPointInfo.brailleBit(column: column, row: row)] = (column, row) }
    }
    for (index, points) in series.enumerated() {
      let dots = points.enumerated().map { (x: layout.dotColumn($1.x), y: layout.dotRow($1.y), item: $0) }
        .sorted { ($0.x, $0.item) < ($1.x, $1.item) }
      var expected = Set<[Int]>(dots.map { [$0.x, $0.y] })
      for (from, to) in zip(dots, dots.dropFirst()) {
        for dot in Self.segment(from: (from.x, from.y), to: (to.x, to.y)) { expected.insert(dot) }
      }
      var lit = Set<[Int]>()
      for element in layout.layoutAttributesForElements(in: fixture.everything) {
        guard let info = element.info(as: ChartPointInfo.self), info.series == index else { continue }
        let cell = fixture.host.cellMetrics.cellRect(for: element.frame)
        for (bit, place) in bitPlace where info.dots & bit != 0 {
          lit.insert([(cell.column - plot.column) * 2 + place.column, (cell.row - plot.row) * 4 + place.row])
        }
      }
      #expect(
        lit == expected,
        "series \(index): \(lit.subtracting(expected).count) extra, \(expected.subtracting(lit).count) missing")
    }
  }

  /// Bresenham's dots from one dot to another, both ends included.
  static func segment(from start: (Int, Int), to end: (Int, Int)) -> [[Int]] {
    var (x, y) = start
    let dx = abs(end.0 - x)
    let dy = -abs(end.1 - y)
    let stepX = x < end.0 ? 1 : -1
    let stepY = y < end.1 ? 1 : -1
    var error = dx + dy
    var dots: [[Int]] = []
    while true {
      dots.append([x, y])
      if x == end.0 && y == end.1 { break }
      let doubled = 2 * error
      if doubled >= dy {
        error += dy
        x += stepX
      }
      if doubled <= dx {
        error += dx
        y += stepY
      }
    }
    return dots
  }

  @Test func ticksAreRoundValuesOnTheirRowsAndColumns() throws {
    let fixture = ChartFixture(series: [[(0, 0), (100, 100)]], size: CellSize(columns: 60, rows: 15))
    let plot = fixture.layout.plotArea
    let ticks = fixture.layout.layoutAttributesForElements(in: fixture.everything).filter {
      $0.representedElementKind == ElementKind.chartTick
    }
    let y = ticks.compactMap { $0.info(as: ChartTickInfo.self) }.filter { $0.axis == .y }
    #expect(y.map(\.label) == ["0", "50", "100"])
    let x = ticks.filter { $0.info(as: ChartTickInfo.self)?.axis == .x }
    #expect(x.count >= 3)
    for tick in x {
      let info = try #require(tick.info(as: ChartTickInfo.self))
      let column = fixture.host.cellMetrics.cellRect(for: tick.frame).column
      #expect(column == plot.column + Int((info.value / 100 * Double(plot.columns * 2 - 1)).rounded()) / 2)
    }
  }

  @Test func aTimeAxisMarksCalendarPeriods() {
    let day = 86_400.0
    let start = Double(TimelineCalendar.days(year: 2024, month: 1, day: 1)) * day
    let fixture = ChartFixture(
      series: [(0..<120).map { (start + Double($0) * day, Double($0 % 7)) }], size: CellSize(columns: 80, rows: 12),
      axis: .time)
    let labels = fixture.layout.layoutAttributesForElements(in: fixture.everything).compactMap {
      $0.info(as: ChartTickInfo.self)
    }.filter { $0.axis == .x }.map(\.label)
    #expect(labels.first == "Jan 2024" && labels.contains("Apr 2024"))
  }

  @Test func leftAndRightMoveToTheNeighbouringPointOfTheSameSeries() {
    let fixture = ChartFixture(
      series: [[(0, 0), (10, 5), (20, 0)], [(0, 9), (10, 9), (20, 9)]], size: CellSize(columns: 40, rows: 12))
    let layout = fixture.layout
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 0, section: 0), direction: .right)
        == IndexPath(item: 1, section: 0))
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 1, section: 0), direction: .right)
        == IndexPath(item: 2, section: 0))
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 2, section: 0), direction: .left)
        == IndexPath(item: 1, section: 0))
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 2, section: 1), direction: .right)
        == IndexPath(item: 2, section: 1), "the last point stays")
    #expect(
      layout.indexPathForFocus(movingFrom: IndexPath(item: 0, section: 1), direction: .down) == nil,
      "up and down: geometry")
  }

  @Test func zoomWidensThePlotAndTheYAxisStaysPinnedWhileItScrolls() throws {
    let points: [(Double, Double)] = (0...100).map { (Double($0), Double($0 % 10)) }
    let fixture = ChartFixture(series: [points], size: CellSize(columns: 40, rows: 12))
    let fitted = fixture.layout.plotArea
    let zoomed = fixture.layout.copy(zoom: 4)
    zoomed.collectionView = fixture.host
    zoomed.prepareIfNeeded()
    #expect(zoomed.plotArea.columns == fitted.columns * 4)
    #expect(zoomed.collectionViewContentSize.width > fixture.host.bounds.width)
    fixture.host.bounds = Rect(x: 60, y: 0, width: 40, height: 12)
    let axis = try #require(
      zoomed.layoutAttributesForSupplementaryView(ofKind: ElementKind.chartAxis, at: IndexPath(item: 1, section: 0)))
    #expect(axis.frame.minX == 60 + Double(zoomed.plotArea.column - 1))
    #expect(zoomed.obscuredInsets(in: fixture.host.bounds).left == Double(zoomed.plotArea.column))
  }

  @Test func itemsWithoutValuesAreLeftOff() {
    let fixture = ChartFixture(
      series: [[(0, 0), (.nan, 3), (5, .nan), (10, 10)]], size: CellSize(columns: 40, rows: 12))
    #expect(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)) == nil)
    #expect(fixture.layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) == nil)
    #expect(fixture.pointElements(in: fixture.everything).count == 2)
    let empty = ChartFixture(series: [[(.nan, .nan)]], size: CellSize(columns: 40, rows: 12))
    #expect(empty.layout.layoutAttributesForElements(in: empty.everything).allSatisfy { $0.category != .cell })
  }

  // MARK: - Keeping the pass

  /// A chart shown again (a layout switch back, the data source given again) or given the
  /// same values again is a query, not a pass over the points: the layout keeps its pass
  /// until something it reads changes, as UIKit layouts keep their caches.
  @Test func aPassIsKeptUntilSomethingItReadsChanges() throws {
    let values = ArraySeries(x: (0..<100).map(Double.init), y: (0..<100).map { Double($0 % 10) })
    let host = StaticLayoutHost(itemCounts: [100], bounds: Rect(x: 0, y: 0, width: 60, height: 16))
    let layout = ChartLayout()
    layout.collectionView = host
    layout.delegate = values
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 1)
    func places() -> [Rect?] {
      (0..<100).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
    }
    let placed = places()
    let elements = layout.layoutAttributesForElements(in: host.bounds)
    // What a layout switch, a data source given again and reloadData say: everything.
    var everything = InvalidationContext.everything
    everything.invalidateDataSourceCounts = true
    layout.invalidateLayout(with: everything)
    layout.prepareIfNeeded()
    #expect(layout.preparePassCount == 2)
    #expect(layout.fullPassCount == 1, "nothing it reads changed: the pass is kept")
    #expect(places() == placed && layout.layoutAttributesForElements(in: host.bounds) == elements)
    // The same values in arrays of their own: compared value by value, and kept.
    values.x = values.x.map { $0 + 0 }
    values.y = values.y.map { $0 + 0 }
    layout.invalidateLayout(with: everything)
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 1, "equal values, other arrays")
    // Scrolling is no pass either.
    let scrolled = Rect(x: 3, y: 0, width: 60, height: 16)
    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: scrolled))
    host.bounds = scrolled
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 1, "a scroll")
    // A wider view: the plot fits it again.
    let wider = Rect(x: 0, y: 0, width: 80, height: 16)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: wider))
    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: wider))
    host.bounds = wider
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 2, "a new size is a pass")
    #expect(layout.plotArea.columns > 50)
    // invalidateLayout() says something changed that the layout cannot see.
    layout.invalidateLayout()
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 3, "invalidateLayout() is a pass")
    // One value changed in place: a pass, and the point moves.
    let before = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))).frame
    values.y[3] = 9
    layout.invalidateLayout(with: everything)
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 4, "a changed value is a pass")
    let after = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))).frame
    #expect(after.minY < before.minY, "\(before) → \(after)")
    // Fewer items: a pass.
    host.itemCounts = [50]
    layout.invalidateLayout(with: everything)
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 5, "other counts are a pass")
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 60, section: 0)) == nil)
    // A new caption is a pass (the legend says it).
    layout.caption = "x: t"
    layout.prepareIfNeeded()
    #expect(layout.fullPassCount == 6)
  }

  /// In a collection view: switching to another layout and back, or reloading the same
  /// data, draws the same screen without a pass over the points.
  @Test func switchingAwayAndBackDoesNoPass() throws {
    let harness = ChartHarness(
      series: [(0...40).map { (Double($0), Double(($0 * 7) % 13)) }], titles: ["n"],
      size: CellSize(columns: 48, rows: 12), kind: .scatter)
    let screen = harness.lines
    let passes = harness.layout.fullPassCount
    #expect(passes == 1)
    let other = FlowLayout()
    harness.collectionView.setCollectionViewLayout(other, animated: false)
    #expect(harness.lines != screen)
    harness.collectionView.setCollectionViewLayout(harness.layout, animated: false)
    #expect(harness.lines == screen)
    #expect(harness.layout.fullPassCount == passes, "shown again: no pass")
    harness.collectionView.reloadData()
    #expect(harness.lines == screen)
    #expect(harness.layout.fullPassCount == passes, "the same data again: no pass")
    harness.collectionView.resize(to: CellRect(size: CellSize(columns: 60, rows: 12)))
    #expect(harness.lines != screen)
    #expect(harness.layout.fullPassCount == passes + 1, "a resize is a pass")
  }

  @Test func aChartDrawsItsAxesLegendAndTwoSeries() throws {
    let harness = ChartHarness(
      series: [
        (0...20).map { (Double($0), Double($0 * $0) / 4) },
        (0...20).map { (Double($0), 100 - Double($0 * 5)) },
      ],
      titles: ["square", "falling"], size: CellSize(columns: 48, rows: 12), kind: .scatter)
    try Snapshot.expect(harness.lines, named: "chart-scatter")
    harness.collectionView.theme = .monochrome
    try Snapshot.expect(harness.lines, named: "chart-scatter-monochrome")
    harness.collectionView.setCollectionViewLayout(harness.layout.copy(kind: .line), animated: false)
    harness.collectionView.theme = .standard
    try Snapshot.expect(harness.lines, named: "chart-line")
    let bars = ChartHarness(
      series: [[(0, 1), (1, 3.5), (2, 8), (3, 6.25)]], titles: ["n"], size: CellSize(columns: 30, rows: 10),
      kind: .bar, axis: .category(["north", "east", "south", "west"]))
    try Snapshot.expect(bars.lines, named: "chart-bars")
  }
}

// MARK: - Fixtures

/// A chart over (x, y) pairs per series on a static host.
final class ChartFixture: ChartLayoutDelegate {
  let host: StaticLayoutHost
  let layout: ChartLayout
  let series: [[(x: Double, y: Double)]]
  let axis: ChartAxisKind

  init(
    series: [[(x: Double, y: Double)]], size: CellSize, kind: ChartKind = .scatter, binCount: Int? = nil,
    axis: ChartAxisKind = .number
  ) {
    host = StaticLayoutHost(
      itemCounts: series.map(\.count), bounds: Rect(x: 0, y: 0, width: Double(size.columns), height: Double(size.rows)))
    layout = ChartLayout(kind: kind, binCount: binCount)
    self.series = series
    self.axis = axis
    layout.collectionView = host
    layout.delegate = self
    layout.prepareIfNeeded()
  }

  var everything: Rect { Rect(x: 0, y: 0, width: layout.collectionViewContentSize.width, height: 1000) }

  func xAxisKind(for layout: ChartLayout) -> ChartAxisKind { axis }

  func chartLayout(_ layout: ChartLayout, xValueForItemAt indexPath: IndexPath) -> Double? {
    series[indexPath.section][indexPath.item].x
  }

  func chartLayout(_ layout: ChartLayout, yValueForItemAt indexPath: IndexPath) -> Double? {
    series[indexPath.section][indexPath.item].y
  }

  func cell(_ item: Int, series: Int = 0) -> CellPoint {
    let frame = layout.layoutAttributesForItem(at: IndexPath(item: item, section: series))?.frame ?? .zero
    let cells = host.cellMetrics.cellRect(for: frame)
    return CellPoint(column: cells.column, row: cells.row)
  }

  func pointElements(in rect: Rect) -> [LayoutAttributes] {
    layout.layoutAttributesForElements(in: rect).filter { $0.category == .cell }
  }
}

/// One series given as whole arrays, which a test may change.
final class ArraySeries: ChartLayoutDelegate {
  var x: [Double]
  var y: [Double]

  init(x: [Double], y: [Double]) {
    self.x = x
    self.y = y
  }

  func chartLayout(_ layout: ChartLayout, valuesOfSeries series: Int) -> ChartSeriesValues? {
    ChartSeriesValues(x: x, y: y)
  }
  func chartLayout(_ layout: ChartLayout, xValueForItemAt indexPath: IndexPath) -> Double? { x[indexPath.item] }
  func chartLayout(_ layout: ChartLayout, yValueForItemAt indexPath: IndexPath) -> Double? { y[indexPath.item] }
}

/// A chart in a collection view with the library's chart views, drawn headless.
final class ChartHarness: CollectionViewDataSource, ChartLayoutDelegate {
  let series: [[(x: Double, y: Double)]]
  let titles: [String]
  let axis: ChartAxisKind
  let layout: ChartLayout
  let collectionView: CollectionView

  init(
    series: [[(x: Double, y: Double)]], titles: [String], size: CellSize, kind: ChartKind,
    axis: ChartAxisKind = .number
  ) {
    self.series = series
    self.titles = titles
    self.axis = axis
    layout = ChartLayout(kind: kind)
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    collectionView.animatesChanges = false
    collectionView.registerChartViews()
    layout.delegate = self
    collectionView.dataSource = self
  }

  var lines: [String] {
    var canvas = Canvas(size: collectionView.frame.size)
    collectionView.draw(into: &canvas)
    return canvas.lines
  }

  func xAxisKind(for layout: ChartLayout) -> ChartAxisKind { axis }
  func chartLayout(_ layout: ChartLayout, xValueForItemAt indexPath: IndexPath) -> Double? {
    series[indexPath.section][indexPath.item].x
  }
  func chartLayout(_ layout: ChartLayout, yValueForItemAt indexPath: IndexPath) -> Double? {
    series[indexPath.section][indexPath.item].y
  }
  func chartLayout(_ layout: ChartLayout, titleOfSeries series: Int) -> String { titles[series] }

  func numberOfSections(in collectionView: CollectionView) -> Int { series.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    series[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    collectionView.dequeueChartPointCell(for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    collectionView.dequeueChartSupplementaryView(ofKind: kind, at: indexPath)
  }
}
