import Testing

@testable import TermGrid

@Suite struct TreeLayoutRenderingTests {
  @Test func probe() {
    let harness = TreeHarness(Self.small, orientation: .columns, size: CellSize(columns: 40, rows: 8))
    for line in harness.lines { print("|" + line + "|") }
    print(harness.model.numberOfSections, harness.collectionView.numberOfSections, harness.collectionView.contentSize)
    print(harness.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 40, height: 8)))
    print(harness.collectionView.attributesOnScreen)
    let outline = TreeHarness(Self.small, orientation: .outline, size: CellSize(columns: 40, rows: 8))
    for line in outline.lines { print("|" + line + "|") }
  }

  // MARK: - Fixtures

  static let small = """
    root
      a
        a1
        a2
      b
    """
}
