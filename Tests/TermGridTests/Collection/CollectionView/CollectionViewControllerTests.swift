import TermGrid
import Testing

@Suite struct CollectionViewControllerTests {
  @Test func aSubclassesOverridesOfDelegateAndDataSourceMethodsAreCalled() {
    let controller = Letters(frame: CellRect(size: CellSize(columns: 8, rows: 3)), layout: ListLayout())
    var canvas = Canvas(size: CellSize(columns: 8, rows: 3))
    controller.collectionView.draw(into: &canvas)
    #expect(canvas.lines == ["a       ", "b       ", "c       "])
    #expect(controller.displayed == [ip(0), ip(1), ip(2)])
    controller.collectionView.tapItem(at: ip(1))
    #expect(controller.collectionView.indexPathsForSelectedItems == [], "the subclass refuses selection")
    #expect(controller.collectionView.beginInteractiveMovementForItem(at: ip(0)), "the subclass allows moves")
    controller.collectionView.cancelInteractiveMovement()
  }

  @Test func theDefaultsAreTheProtocols() {
    let controller = CollectionViewController(
      frame: CellRect(size: CellSize(columns: 8, rows: 3)), layout: ListLayout())
    let view = controller.collectionView
    #expect(view.numberOfSections == 1)
    #expect(view.numberOfItems(inSection: 0) == 0)
    #expect(view.dataSource === controller && view.delegate === controller)
    #expect(!controller.collectionView(view, canMoveItemAt: ip(0)))
    #expect(controller.collectionView(view, shouldSelectItemAt: ip(0)))
  }

  // MARK: - Fixtures

  /// A base class's subclass that "overrides" what UIKit developers override.
  final class Letters: CollectionViewController {
    var displayed: [IndexPath] = []

    override init(frame: CellRect, layout: CollectionLayout, cellMetrics: CellMetrics = .identity) {
      super.init(frame: frame, layout: layout, cellMetrics: cellMetrics)
      collectionView.register(TextCell.self, forCellWithReuseIdentifier: "text")
      collectionView.reloadData()
    }

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }

    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
      let cell = collectionView.dequeueReusableCell(TextCell.self, withReuseIdentifier: "text", for: indexPath)
      cell.text = ["a", "b", "c"][indexPath.item]
      return cell
    }

    override func collectionView(
      _ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath
    ) {
      displayed.append(indexPath)
    }

    override func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
      false
    }

    override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
  }
}
