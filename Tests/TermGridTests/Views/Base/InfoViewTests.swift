import TermGrid
import Testing

/// Views drawn from one info value share one base (``InfoView``): the tree's connector,
/// table header and gaps views, the chart's views and a view of one's own keep their
/// layout's value, forget it on reuse, and draw only where their frame meets the clip.
@Suite struct InfoViewTests {
  func attributes(_ info: some Hashable & Sendable, columns: Int = 6, rows: Int = 1) -> LayoutAttributes {
    ElementViewTestSupport.attributes(info, kind: ElementKind.tableHeader, columns: columns, rows: rows)
  }

  func drawn(_ view: ReusableView, region: CellRect, clip: CellRect, size: CellSize) -> [String] {
    ElementViewTestSupport.drawn(view, region: region, clip: clip, size: size)
  }

  @Test func theTreesViewsKeepTheirValueUntilReused() {
    let header = TreeTableHeaderView()
    let titles = TreeTableHeaderInfo(titles: ["a", "b"], columnOffsets: [0, 3], columnWidths: [1, 1])
    header.apply(attributes(titles))
    #expect(header.header == titles && header.info == titles)
    header.prepareForReuse()
    #expect(header.header == nil)
    let gaps = TreeTableGapsView()
    gaps.apply(attributes(titles))
    #expect(gaps.gaps == nil, "a value of another type is not its own")
    gaps.apply(attributes(TreeTableGapsInfo(mark: "·", offsets: [2])))
    #expect(gaps.gaps == TreeTableGapsInfo(mark: "·", offsets: [2]))
    let connector = ConnectorView()
    let line = ConnectorGeometry(size: CellSize(columns: 3, rows: 1), segments: [.horizontal(row: 0, from: 0, to: 2)])
    connector.apply(attributes(line))
    connector.style = .init()
    #expect(connector.geometry == line)
    connector.prepareForReuse()
    #expect(connector.geometry == nil && connector.style == nil, "its own state is forgotten with the value")
  }

  @Test func theyDrawOnlyWhereTheirFrameMeetsTheClip() {
    let size = CellSize(columns: 6, rows: 2)
    let gaps = TreeTableGapsView()
    gaps.apply(attributes(TreeTableGapsInfo(mark: "·", offsets: [1, 4])))
    let region = CellRect(column: 0, row: 0, columns: 6, rows: 1)
    #expect(drawn(gaps, region: region, clip: CellRect(size: size), size: size)[0] == " ·  · ")
    #expect(
      drawn(gaps, region: region, clip: CellRect(column: 0, row: 0, columns: 3, rows: 1), size: size)[0] == " ·    ",
      "cut at the clip")
    #expect(
      drawn(gaps, region: region, clip: CellRect(column: 0, row: 1, columns: 6, rows: 1), size: size)[0] == "      ",
      "outside the clip: nothing")
    let header = TreeTableHeaderView()
    header.apply(attributes(TreeTableHeaderInfo(titles: ["ab", "c"], columnOffsets: [0, 4], columnWidths: [2, 1])))
    #expect(drawn(header, region: region, clip: CellRect(size: size), size: size)[0] == "ab  c ")
    #expect(
      drawn(ConnectorView(), region: region, clip: CellRect(size: size), size: size) == ["      ", "      "],
      "no value: nothing")
  }

  @Test func aViewOfOnesOwnDrawsItsValueInTheVisibleArea() {
    final class Badge: InfoView<String> {
      override func draw(
        _ info: String, in canvas: inout Canvas, region: CellRect, area: CellRect, context: DrawingContext
      ) {
        canvas.draw(info, at: CellPoint(column: region.column, row: region.row), style: Style(), clip: area)
      }
    }
    let badge = Badge()
    badge.apply(attributes("new"))
    let size = CellSize(columns: 5, rows: 1)
    #expect(badge.info == "new")
    #expect(
      drawn(badge, region: CellRect(column: 1, row: 0, columns: 3, rows: 1), clip: CellRect(size: size), size: size)
        == [" new "])
    #expect(
      drawn(
        badge, region: CellRect(column: 1, row: 0, columns: 3, rows: 1),
        clip: CellRect(column: 0, row: 0, columns: 3, rows: 1), size: size)
        == [" ne  "])
    #expect(
      drawn(badge, region: CellRect(column: 1, row: 0, columns: 0, rows: 0), clip: CellRect(size: size), size: size)
        == ["     "])
  }
}
