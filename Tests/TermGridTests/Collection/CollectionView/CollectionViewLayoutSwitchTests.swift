import TermGrid
import Testing

@Suite struct CollectionViewLayoutSwitchTests {
  @Test func switchingDataSourcesKeepsFocusAndSelectionByIdentifier() {
    let first = NamedList(names: ["a", "b", "c", "d", "e"])
    let second = NamedList(names: ["e", "d", "x", "c", "b", "a"])
    let view = CollectionView(frame: CellRect(size: CellSize(columns: 10, rows: 8)), layout: NamedListLayout())
    view.animatesChanges = false
    view.allowsMultipleSelection = true
    first.register(in: view)
    second.register(in: view)
    view.dataSource = first
    view.focusItem(at: IndexPath(item: 1, section: 0))  // b
    view.selectItem(at: IndexPath(item: 3, section: 0))  // d
    view.selectItem(at: IndexPath(item: 2, section: 0))  // c
    view.setCollectionViewLayout(NamedListLayout(), dataSource: second, animated: true)
    #expect(view.indexPathForFocusedItem == IndexPath(item: 4, section: 0), "b is item 4 of the second list")
    #expect(view.selectedItemSet == [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
    #expect(
      render(view, size: CellSize(columns: 10, rows: 8)).lines.prefix(3) == ["e         ", "d         ", "x         "])
  }

  @Test func anAnimatedSwitchMovesMatchedItemsAndFadesTheRest() {
    let first = NamedList(names: ["a", "b", "c"])
    let second = NamedList(names: ["z", "c", "a"])
    let view = CollectionView(frame: CellRect(size: CellSize(columns: 10, rows: 8)), layout: NamedListLayout())
    var now = 0
    view.clock = { now }
    first.register(in: view)
    view.dataSource = first
    view.layoutIfNeeded()
    view.setCollectionViewLayout(NamedListLayout(), dataSource: second, animated: true)
    now = view.animationDuration / 2
    view.layoutIfNeeded()
    let shown = view.attributesOnScreen
    // (Ghosts of the old cells keep their old index paths: leave them out.)
    let c = shown.first {
      $0.category == .cell && $0.key.kind.utf8.first != 1 && $0.indexPath == IndexPath(item: 1, section: 0)
    }
    #expect(c?.frame.minY == 1.5, "c moves from row 2 to row 1")
    let z = shown.first {
      $0.category == .cell && $0.key.kind.utf8.first != 1 && $0.indexPath == IndexPath(item: 0, section: 0)
    }
    #expect(z.map { $0.alpha > 0 && $0.alpha < 1 } == true, "z fades in")
    #expect(shown.contains { $0.key.kind.utf8.first == 1 }, "b, which the new list lacks, fades out as a ghost")
    now = view.animationDuration
    view.layoutIfNeeded()
    #expect(!view.isAnimating)
    #expect(view.attributesOnScreen.allSatisfy { $0.alpha == 1 })
  }

  @Test func anAnimatedLayoutSwitchFadesTheOldLayoutsDecorationViews() {
    let table = TableHarness(
      columns: ["a", "b"], rows: [["1", "2"], ["3", "4"]], widths: [3, 3], size: CellSize(columns: 20, rows: 6))
    let view = table.collectionView
    view.animatesChanges = true
    var now = 0
    view.clock = { now }
    view.layoutIfNeeded()
    #expect(view.attributesOnScreen.contains { $0.category == .decorationView })
    let plain = DecorationFreeLayout()
    view.setCollectionViewLayout(plain, animated: true)
    now = view.animationDuration / 2
    view.layoutIfNeeded()
    let fading = view.attributesOnScreen.filter { $0.category == .decorationView }
    #expect(!fading.isEmpty, "the separators do not vanish at once")
    #expect(fading.allSatisfy { $0.alpha < 1 })
    now = view.animationDuration
    view.layoutIfNeeded()
    #expect(!view.attributesOnScreen.contains { $0.category == .decorationView })
  }
}

// MARK: - Fixtures

/// A list of names, identified by name, one per row.
final class NamedList: CollectionViewDataSource {
  var names: [String]
  init(names: [String]) { self.names = names }

  func register(in view: CollectionView) { view.register(RowTextCell.self, forCellWithReuseIdentifier: "text") }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { names.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(RowTextCell.self, withReuseIdentifier: "text", for: indexPath)
    cell.text = names[indexPath.item]
    return cell
  }

  func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable? {
    names[indexPath.item]
  }

  func collectionView(_ collectionView: CollectionView, indexPathForItemWithIdentifier identifier: AnyHashable)
    -> IndexPath?
  {
    (identifier.base as? String).flatMap { names.firstIndex(of: $0) }.map { IndexPath(item: $0, section: 0) }
  }
}

/// One item per row, the width of the view.
final class NamedListLayout: CollectionLayout {
  private var count = 0
  override func prepare() { count = collectionView?.numberOfItems(inSection: 0) ?? 0 }
  override var collectionViewContentSize: Size { Size(width: collectionView?.bounds.width ?? 0, height: Double(count)) }
  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter {
      $0.frame.intersects(rect)
    }
  }
  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
    return LayoutAttributes(forCellWith: indexPath, frame: Rect(x: 0, y: Double(indexPath.item), width: 4, height: 1))
  }
}

/// A list layout with no decoration views that records the appearing items it is asked about.
final class DecorationFreeLayout: CollectionLayout {
  private(set) var askedForInitialItems = false
  private var count = 0
  override func prepare() { count = collectionView?.numberOfItems(inSection: 0) ?? 0 }
  override var collectionViewContentSize: Size { Size(width: 20, height: Double(count)) }
  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter {
      $0.frame.intersects(rect)
    }
  }
  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
    return LayoutAttributes(forCellWith: indexPath, frame: Rect(x: 0, y: Double(indexPath.item), width: 4, height: 1))
  }
  override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    askedForInitialItems = true
    return super.initialLayoutAttributesForAppearingItem(at: indexPath)
  }
}
