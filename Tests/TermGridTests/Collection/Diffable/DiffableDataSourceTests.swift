import TermGrid
import TestSupport
import Testing

@Suite struct DiffableDataSourceTests {
  @Test func theFirstSnapshotShowsItsItemsWithTheirHeaders() {
    let fixture = DiffableFixture()
    fixture.apply(["Fruit": ["apple", "pear"], "Nuts": ["hazel"]], order: ["Fruit", "Nuts"])
    #expect(fixture.lines == ["Fruit   ", "apple   ", "pear    ", "Nuts    ", "hazel   ", "        "])
    #expect(fixture.dataSource.itemIdentifier(for: ip(0, 1)) == "hazel")
    #expect(fixture.dataSource.itemIdentifier(for: ip(5, 1)) == nil)
    #expect(fixture.dataSource.indexPath(for: "pear") == ip(1, 0))
    #expect(fixture.dataSource.indexPath(for: "fig") == nil)
    #expect(fixture.dataSource.sectionIdentifier(for: 1) == "Nuts")
    #expect(fixture.dataSource.index(for: "Fruit") == 0)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["apple", "pear", "hazel"])
  }

  @Test func applyingAnEditedSnapshotAnimatesTheDifference() {
    let fixture = DiffableFixture(animated: true)
    fixture.apply(["Fruit": ["apple", "pear", "plum"]], order: ["Fruit"], animated: false)
    #expect(fixture.lines == ["Fruit   ", "apple   ", "pear    ", "plum    ", "        ", "        "])
    var snapshot = fixture.dataSource.snapshot()
    snapshot.deleteItems(["apple"])
    snapshot.appendItems(["fig"])
    var completed = false
    fixture.dataSource.apply(snapshot) { completed = true }
    #expect(fixture.collectionView.isAnimating)
    #expect(!completed)
    // Half way: apple fades where it was; pear and plum are half a row up (still drawn on
    // their old rows); fig fades in at its place, beneath plum (a terminal cannot blend: what
    // fades is drawn under what is opaque, so plum stays readable).
    fixture.clock.now += 75
    #expect(fixture.lines == ["Fruit   ", "apple   ", "pear    ", "plum    ", "        ", "        "])
    #expect(fixture.collectionView.attributesOnScreen.filter { $0.alpha == 0.5 }.count == 2)
    fixture.clock.now += 75
    #expect(fixture.lines == ["Fruit   ", "pear    ", "plum    ", "fig     ", "        ", "        "])
    #expect(completed)
    #expect(fixture.layout.lastUpdates == ["delete [0, 0]", "insert [0, 2]"])
  }

  @Test func selectionAndFocusFollowTheirItems() {
    let fixture = DiffableFixture()
    fixture.apply(["Fruit": ["apple", "pear", "plum"]], order: ["Fruit"])
    fixture.collectionView.selectItem(at: ip(2))
    fixture.collectionView.focusItem(at: ip(1))
    var snapshot = fixture.dataSource.snapshot()
    snapshot.insertItems(["fig", "kiwi"], beforeItem: "apple")
    fixture.dataSource.apply(snapshot)
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(4)])
    #expect(fixture.collectionView.indexPathForFocusedItem == ip(3))
  }

  @Test func reloadedItemsAreMadeAgainAndTheOthersKeepTheirCells() {
    let fixture = DiffableFixture()
    fixture.apply(["Fruit": ["apple", "pear"]], order: ["Fruit"])
    fixture.collectionView.layoutIfNeeded()
    let pearCell = fixture.collectionView.cellForItem(at: ip(1))
    fixture.labels["apple"] = "APPLE"
    var snapshot = fixture.dataSource.snapshot()
    snapshot.reloadItems(["apple"])
    fixture.dataSource.apply(snapshot)
    #expect(fixture.lines[1] == "APPLE   ")
    #expect(fixture.collectionView.cellForItem(at: ip(1)) === pearCell)
    // Without the mark the cell keeps what it showed.
    fixture.labels["pear"] = "PEAR"
    fixture.dataSource.apply(fixture.dataSource.snapshot())
    #expect(fixture.lines[2] == "pear    ")
  }

  @Test func withoutAnimatingDifferencesEverythingLandsAtOnce() {
    let fixture = DiffableFixture(animated: true)
    fixture.apply(["Fruit": ["apple"]], order: ["Fruit"], animated: false)
    var completed = false
    var snapshot = fixture.dataSource.snapshot()
    snapshot.appendSections(["Nuts"])
    snapshot.appendItems(["hazel"], toSection: "Nuts")
    fixture.dataSource.apply(snapshot, animatingDifferences: false) { completed = true }
    #expect(completed)
    #expect(!fixture.collectionView.isAnimating)
    #expect(fixture.collectionView.animatesChanges)
    #expect(fixture.lines[2...3] == ["Nuts    ", "hazel   "])
  }

  @Test func reloadingDataShowsASnapshotWithoutADifference() {
    let fixture = DiffableFixture()
    fixture.apply(["Fruit": ["apple"]], order: ["Fruit"])
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["Nuts"])
    snapshot.appendItems(["hazel", "pecan"])
    let updatesBefore = fixture.layout.updateCount
    fixture.dataSource.applySnapshotUsingReloadData(snapshot)
    #expect(fixture.layout.updateCount == updatesBefore)
    #expect(fixture.lines[0...2] == ["Nuts    ", "hazel   ", "pecan   "])
  }

  @Test(
    .disabled(
      if: SanitizerBuild.isThread, "one thread: nothing for ThreadSanitizer; the plain and address runs take it"))
  func aMillionItemSectionTakesAFewChangesAsAFewOperations() {
    var old = DiffableDataSourceSnapshot<Int, Int>()
    old.appendSections([0])
    old.appendItems(Array(0..<1_000_000))
    var new = old
    new.deleteItems([500_000])
    new.insertItems([-1], afterItem: 10)
    new.reloadItems([999_999])
    let difference = SnapshotDifference(from: old, to: new)
    #expect(
      difference.operations == [
        .deleteItems([ip(500_000)]), .insertItems([ip(11)]), .reloadItems([ip(999_999)]),
      ])
  }
}

/// A collection view shown through a diffable data source: one column, headers from the
/// section identifiers, cells from a table of labels.
final class DiffableFixture {
  let layout = UpdateLoggingListLayout()
  let collectionView: CollectionView
  let dataSource: DiffableDataSource<String, String>
  let clock = FakeClock()
  var labels: [String: String] = [:]

  init(animated: Bool = false) {
    collectionView = CollectionView(frame: CellRect(size: CellSize(columns: 8, rows: 6)), layout: layout)
    collectionView.animatesChanges = animated
    let clock = clock
    collectionView.clock = { clock.now }
    collectionView.register(TextCell.self, forCellWithReuseIdentifier: "text")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.header, withReuseIdentifier: "header")
    var labelsOf: () -> [String: String] = { [:] }
    dataSource = DiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
      let cell = collectionView.dequeueReusableCell(TextCell.self, withReuseIdentifier: "text", for: indexPath)
      cell.text = labelsOf()[item] ?? item
      return cell
    }
    labelsOf = { [unowned self] in self.labels }
    dataSource.supplementaryViewProvider = { [unowned self] collectionView, kind, indexPath in
      let label = collectionView.dequeueReusableSupplementaryView(
        LabelView.self, ofKind: kind, withReuseIdentifier: "header", for: indexPath)
      label.text = self.dataSource.sectionIdentifier(for: indexPath.section) ?? "?"
      return label
    }
  }

  /// Applies sections of items, in `order`.
  func apply(_ sections: [String: [String]], order: [String], animated: Bool = true) {
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(order)
    for section in order { snapshot.appendItems(sections[section] ?? [], toSection: section) }
    dataSource.apply(snapshot, animatingDifferences: animated)
  }

  var lines: [String] {
    var canvas = Canvas(size: collectionView.frame.size)
    collectionView.draw(into: &canvas)
    return canvas.lines
  }
}

/// One row per header and item, sections one under another; logs the updates it hears.
final class UpdateLoggingListLayout: CollectionLayout {
  private(set) var lastUpdates: [String] = []
  private(set) var updateCount = 0
  private var frames: [LayoutAttributes] = []
  private var height = 0.0

  override func prepare() {
    frames = []
    var row = 0.0
    let host = collectionView
    let width = host?.bounds.width ?? 0
    for section in 0..<(host?.numberOfSections ?? 0) {
      frames.append(
        LayoutAttributes(
          forSupplementaryViewOfKind: ElementKind.header, with: IndexPath(item: 0, section: section),
          frame: Rect(x: 0, y: row, width: width, height: 1)))
      row += 1
      for item in 0..<(host?.numberOfItems(inSection: section) ?? 0) {
        frames.append(
          LayoutAttributes(
            forCellWith: IndexPath(item: item, section: section), frame: Rect(x: 0, y: row, width: width, height: 1)))
        row += 1
      }
    }
    height = row
  }

  override var collectionViewContentSize: Size { Size(width: collectionView?.bounds.width ?? 0, height: height) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    frames.filter { $0.frame.intersects(rect) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    frames.first { $0.category == .cell && $0.indexPath == indexPath }
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes?
  {
    frames.first { $0.category == .supplementaryView && $0.representedElementKind == kind && $0.indexPath == indexPath }
  }

  override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
    updateCount += 1
    lastUpdates = updateItems.map { update in
      switch update.action {
      case .insert: return "insert \(update.indexPathAfterUpdate.map(\.description) ?? "?")"
      case .delete: return "delete \(update.indexPathBeforeUpdate.map(\.description) ?? "?")"
      case .move: return "move \(update.indexPathBeforeUpdate.map(\.description) ?? "?")"
      case .reload: return "reload \(update.indexPathBeforeUpdate.map(\.description) ?? "?")"
      }
    }
  }
}
