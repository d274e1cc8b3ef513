import TermGrid
import Testing

/// The chart's supplementary and decoration views share one base (``ChartElementView``):
/// each keeps its layout's value, forgets it on reuse, and draws only where its frame meets
/// the clip.
@Suite struct ChartElementViewTests {
  func attributes(_ info: some Hashable & Sendable, columns: Int = 6, rows: Int = 1) -> LayoutAttributes {
    ElementViewTestSupport.attributes(info, kind: ElementKind.chartTick, columns: columns, rows: rows)
  }

  func drawn(_ view: ReusableView, region: CellRect, clip: CellRect, size: CellSize) -> [String] {
    ElementViewTestSupport.drawn(view, region: region, clip: clip, size: size)
  }

  @Test func eachViewKeepsItsValueUntilReused() {
    let tick = ChartTickView()
    tick.apply(attributes(ChartTickInfo(axis: .y, value: 5, label: "5")))
    #expect(tick.tick == ChartTickInfo(axis: .y, value: 5, label: "5") && tick.info == tick.tick)
    tick.prepareForReuse()
    #expect(tick.tick == nil)
    let axis = ChartAxisView()
    axis.apply(attributes(ChartTickInfo(axis: .x, value: 1, label: "1")))
    #expect(axis.rule == nil, "a value of another type is not its own")
    axis.apply(attributes(RuleInfo(axis: .horizontal, role: .axis)))
    #expect(axis.rule == RuleInfo(axis: .horizontal, role: .axis))
  }

  @Test func theyDrawOnlyWhereTheirFrameMeetsTheClip() {
    let size = CellSize(columns: 6, rows: 2)
    let tick = ChartTickView()
    tick.apply(attributes(ChartTickInfo(axis: .y, value: 50, label: "50"), columns: 4))
    let region = CellRect(column: 0, row: 0, columns: 4, rows: 1)
    #expect(
      drawn(tick, region: region, clip: CellRect(size: size), size: size)[0] == " 50─  ", "the label and its mark")
    #expect(
      drawn(tick, region: region, clip: CellRect(column: 0, row: 1, columns: 6, rows: 1), size: size)[0] == "      ")
    let line = ChartTickLineView()
    line.apply(attributes(RuleInfo(axis: .horizontal)))
    let lineRegion = CellRect(column: 0, row: 1, columns: 6, rows: 1)
    #expect(
      drawn(line, region: lineRegion, clip: CellRect(column: 2, row: 0, columns: 2, rows: 2), size: size)[1] == "  ┈┈  "
    )
    let empty = ChartLegendView()
    #expect(
      drawn(empty, region: region, clip: CellRect(size: size), size: size) == ["      ", "      "], "no value: nothing")
  }
}
