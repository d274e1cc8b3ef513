import TermGrid
import TestSupport
import Testing

@Suite struct CellMetricsTests {
  static let metricsUnderTest: [CellMetrics] = [
    .identity,
    CellMetrics(pointsPerColumn: 8, pointsPerRow: 16),
    CellMetrics(pointsPerColumn: 0.5, pointsPerRow: 0.25),
    CellMetrics(pointsPerColumn: 3.7, pointsPerRow: 7.3, zoom: 1.6),
    CellMetrics(pointsPerColumn: 10, pointsPerRow: 20, zoom: 0.35),
  ]

  @Test(arguments: metricsUnderTest)
  func framesThatTouchInPointsTouchInCells(metrics: CellMetrics) {
    var random = SeededRandom(seed: 1)
    for _ in 0..<5_000 {
      let first = Self.randomFrame(&random, metrics: metrics)
      // A neighbour sharing the first frame's right edge, and one sharing its bottom edge.
      let right = Rect(
        x: first.maxX, y: first.minY, width: Self.randomLength(&random, unit: metrics.width(ofColumns: 1)),
        height: first.height)
      let below = Rect(
        x: first.minX, y: first.maxY, width: first.width,
        height: Self.randomLength(&random, unit: metrics.height(ofRows: 1)))
      let a = metrics.cellRect(for: first)
      #expect(metrics.cellRect(for: right).column == a.maxColumn, "\(first) and \(right) touch in points")
      #expect(metrics.cellRect(for: below).row == a.maxRow, "\(first) and \(below) touch in points")
    }
  }

  @Test(arguments: metricsUnderTest)
  func framesThatDoNotOverlapInPointsDoNotOverlapInCells(metrics: CellMetrics) {
    var random = SeededRandom(seed: 2)
    var checked = 0
    for _ in 0..<20_000 {
      let first = Self.randomFrame(&random, metrics: metrics)
      let second = Self.randomFrame(&random, metrics: metrics)
      guard !first.intersects(second) else { continue }
      checked += 1
      #expect(
        !metrics.cellRect(for: first).intersects(metrics.cellRect(for: second)),
        "\(first) and \(second) do not overlap in points but do in cells")
    }
    #expect(checked > 1_000)
  }

  @Test(arguments: metricsUnderTest)
  func aFrameWithSizeNeverMapsToZeroCells(metrics: CellMetrics) {
    var random = SeededRandom(seed: 3)
    for _ in 0..<20_000 {
      // Sizes from a sliver to several cells, anywhere.
      let frame = Rect(
        x: random.double(in: -500...500), y: random.double(in: -500...500),
        width: random.double(in: 1e-6...(metrics.width(ofColumns: 4))),
        height: random.double(in: 1e-6...(metrics.height(ofRows: 4))))
      let cells = metrics.cellRect(for: frame)
      #expect(cells.columns >= 1 && cells.rows >= 1, "\(frame) mapped to \(cells)")
    }
  }

  @Test func anEmptyFrameMapsToNoCells() {
    let cells = CellMetrics.identity.cellRect(for: Rect(x: 3, y: 4, width: 0, height: 2))
    #expect(cells.columns == 0)
    #expect(cells.rows == 2)
  }

  @Test func edgesRoundHalfUpTheSameWayOnBothSides() {
    let metrics = CellMetrics.identity
    #expect(
      metrics.cellRect(for: Rect(x: 0.5, y: 0, width: 2, height: 1)) == CellRect(column: 1, row: 0, columns: 2, rows: 1)
    )
    #expect(
      metrics.cellRect(for: Rect(x: 0.49, y: 0, width: 2, height: 1))
        == CellRect(column: 0, row: 0, columns: 2, rows: 1))
    // 26.666… spacing in a justified line lands between cells consistently.
    let spacing = 80.0 / 3
    let frames = (0..<4).map { Rect(x: Double($0) * (20 + spacing), y: 0, width: 20, height: 1) }
    let columns = frames.map { metrics.cellRect(for: $0).column }
    #expect(columns == [0, 47, 93, 140])
  }

  @Test func zoomScalesFrames() {
    let metrics = CellMetrics(pointsPerColumn: 10, pointsPerRow: 20, zoom: 2)
    #expect(
      metrics.cellRect(for: Rect(x: 10, y: 20, width: 30, height: 40))
        == CellRect(column: 2, row: 2, columns: 6, rows: 4))
    #expect(
      metrics.rect(for: CellRect(column: 2, row: 2, columns: 6, rows: 4)) == Rect(x: 10, y: 20, width: 30, height: 40))
  }

  @Test func aSubCellFrameTakesTheCellHoldingItsMiddle() {
    let metrics = CellMetrics.identity
    #expect(metrics.cellRect(for: Rect(x: 2.6, y: 0, width: 0.3, height: 1)).column == 2)
    #expect(metrics.cellRect(for: Rect(x: 3.1, y: 0, width: 0.3, height: 1)).column == 3)
  }

  @Test func hitTestingFindsTheCellUnderAPoint() {
    let metrics = CellMetrics(pointsPerColumn: 8, pointsPerRow: 16)
    #expect(metrics.cell(containing: Point(x: 17, y: 33)) == CellPoint(column: 2, row: 2))
  }

  // MARK: - Fixtures

  static func randomLength(_ random: inout SeededRandom, unit: Double) -> Double {
    // At least one cell, so the no-overlap guarantee applies; fractional on purpose.
    random.double(in: unit...(unit * 12))
  }

  static func randomFrame(_ random: inout SeededRandom, metrics: CellMetrics) -> Rect {
    let columnWidth = metrics.width(ofColumns: 1)
    let rowHeight = metrics.height(ofRows: 1)
    return Rect(
      x: random.double(in: -40 * columnWidth...40 * columnWidth),
      y: random.double(in: -40 * rowHeight...40 * rowHeight),
      width: randomLength(&random, unit: columnWidth), height: randomLength(&random, unit: rowHeight))
  }
}

extension CellMetrics: CustomTestStringConvertible {
  public var testDescription: String { "\(pointsPerColumn)pt×\(pointsPerRow)pt zoom \(zoom)" }
}
