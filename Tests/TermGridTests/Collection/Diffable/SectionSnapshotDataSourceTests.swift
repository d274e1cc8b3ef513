import TermGrid
import Testing

/// Section snapshots shown through a diffable data source: the batch updates that expand and
/// collapse, the disclosure that follows, and the handlers.
@Suite struct SectionSnapshotDataSourceTests {
  @Test func appliedOutlinesShowTheVisibleItemsIndentedWithTheirDisclosures() {
    let fixture = OutlineFixture()
    var outline = fixture.files()
    outline.expand(["Documents"])
    fixture.dataSource.apply(outline, to: "Files", animatingDifferences: false)
    #expect(
      fixture.lines == [
        "                ", "▾ Documents     ", "    Letters     ", "  ▸ Taxes       ", "▸ Music         ",
        "  Notes         ", "                ", "                ",
      ])
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Documents", "Letters", "Taxes", "Music", "Notes"])
    #expect(fixture.dataSource.snapshot(for: "Files") == outline)
    #expect(fixture.collectionView.cellForItem(at: ip(2))?.indentationLevel == 1)
    #expect(fixture.collectionView.cellForItem(at: ip(0))?.isExpanded == true)
  }

  @Test func expandingAnimatesTheChildrenInAndTurnsTheDisclosureWithoutAReload() throws {
    let fixture = OutlineFixture(animated: true)
    var outline = fixture.files()
    outline.expand(["Documents"])
    fixture.dataSource.apply(outline, to: "Files", animatingDifferences: false)
    let taxesCell = fixture.collectionView.cellForItem(at: ip(2))
    outline.expand(["Taxes"])
    var completed = false
    fixture.dataSource.apply(outline, to: "Files") { completed = true }
    // The two files are the batch update's inserts; nothing else changes.
    #expect(fixture.layout.lastUpdates == ["insert [0, 3]", "insert [0, 4]"])
    #expect(fixture.collectionView.isAnimating)
    // The parent's cell is kept and shows it is open from the first frame.
    #expect(fixture.collectionView.cellForItem(at: ip(2)) === taxesCell)
    #expect(fixture.lines[3] == "  ▾ Taxes       ")
    fixture.clock.now += 75
    _ = fixture.lines
    #expect(!completed)
    fixture.clock.now += 75
    let expanded = fixture.lines
    #expect(completed)
    try Snapshot.expect(expanded, named: "outline-expanded")
    // Collapsing Documents hides Letters, Taxes and Taxes's two files: four deletes.
    outline.collapse(["Documents"])
    fixture.dataSource.apply(outline, to: "Files")
    #expect(fixture.layout.lastUpdates == ["delete [0, 1]", "delete [0, 2]", "delete [0, 3]", "delete [0, 4]"])
    fixture.clock.now += 150
    try Snapshot.expect(fixture.lines, named: "outline-collapsed")
    #expect(fixture.dataSource.snapshot(for: "Files").isExpanded("Taxes"), "Taxes keeps its state beneath")
  }

  @Test func rightAndLeftExpandAndCollapseThroughTheHandlers() {
    let fixture = OutlineFixture()
    fixture.dataSource.apply(fixture.files(), to: "Files", animatingDifferences: false)
    var calls: [String] = []
    fixture.dataSource.sectionSnapshotHandlers.willExpandItem = { calls.append("expand \($0)") }
    fixture.dataSource.sectionSnapshotHandlers.willCollapseItem = { calls.append("collapse \($0)") }
    fixture.dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != "Music" }
    fixture.collectionView.focusItem(at: ip(0))
    fixture.collectionView.perform(.moveRight)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Documents", "Letters", "Taxes", "Music", "Notes"])
    #expect(fixture.lines[1] == "▾ Documents     ")
    // Left on a child goes to its parent; Left on the expanded parent collapses it.
    fixture.collectionView.focusItem(at: ip(1))
    fixture.collectionView.perform(.moveLeft)
    #expect(fixture.collectionView.indexPathForFocusedItem == ip(0))
    fixture.collectionView.perform(.moveLeft)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Documents", "Music", "Notes"])
    // Music may not expand: Right moves on as usual (nothing to its right in a list).
    fixture.collectionView.focusItem(at: ip(1))
    fixture.collectionView.perform(.moveRight)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Documents", "Music", "Notes"])
    #expect(calls == ["expand Documents", "collapse Documents"])
    // A leaf does not expand.
    fixture.collectionView.focusItem(at: ip(2))
    fixture.collectionView.perform(.moveRight)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Documents", "Music", "Notes"])
  }

  @Test func aClickOnTheDisclosureTogglesAndAClickOnTheTextSelects() {
    let fixture = OutlineFixture()
    fixture.dataSource.apply(fixture.files(), to: "Files", animatingDifferences: false)
    _ = fixture.lines
    fixture.click(column: 0, row: 1)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Documents", "Letters", "Taxes", "Music", "Notes"])
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
    // Taxes's disclosure is two columns in, at its level.
    fixture.click(column: 2, row: 3)
    #expect(fixture.dataSource.snapshot(for: "Files").isExpanded("Taxes"))
    #expect(fixture.lines[3...5] == ["  ▾ Taxes       ", "      2024.pdf  ", "      2025.pdf  "])
    fixture.click(column: 8, row: 3)
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(2)])
    #expect(fixture.dataSource.snapshot(for: "Files").isExpanded("Taxes"))
    fixture.click(column: 0, row: 1)
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Documents", "Music", "Notes"])
  }

  @Test func aParentCanHaveItsChildrenMadeWhenItExpands() {
    let fixture = OutlineFixture()
    var outline = SectionSnapshot<String>()
    outline.append(["Lazy"])
    fixture.dataSource.apply(outline, to: "Files", animatingDifferences: false)
    var asked: [String] = []
    fixture.dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
      asked.append("\(parent) had \(children.items.count)")
      var made = SectionSnapshot<String>()
      made.append(["\(parent)/1", "\(parent)/2"])
      return made
    }
    #expect(fixture.dataSource.setExpanded(true, item: "Lazy"))
    #expect(asked == ["Lazy had 0"])
    #expect(fixture.dataSource.snapshot().itemIdentifiers == ["Lazy", "Lazy/1", "Lazy/2"])
    #expect(!fixture.dataSource.setExpanded(true, item: "Lazy"), "already expanded")
  }

  @Test func aPlainSnapshotThatChangesTheSectionFlattensItsOutline() {
    let fixture = OutlineFixture()
    var outline = fixture.files()
    outline.expand(["Documents"])
    fixture.dataSource.apply(outline, to: "Files", animatingDifferences: false)
    // The same items: the outline stays.
    fixture.dataSource.apply(fixture.dataSource.snapshot(), animatingDifferences: false)
    #expect(fixture.dataSource.snapshot(for: "Files") == outline)
    var plain = fixture.dataSource.snapshot()
    plain.deleteItems(["Letters"])
    fixture.dataSource.apply(plain, animatingDifferences: false)
    #expect(fixture.dataSource.snapshot(for: "Files").rootItems == ["Documents", "Taxes", "Music", "Notes"])
    #expect(fixture.lines[2] == "▸ Taxes         ")
  }
}

/// An outline of files in a list of 16 × 8 cells: folders show an outline disclosure.
final class OutlineFixture {
  let layout = UpdateLoggingListLayout()
  let collectionView: CollectionView
  let dataSource: DiffableDataSource<String, String>
  let clock = FakeClock()
  static let folders: Set<String> = ["Documents", "Taxes", "Music", "Lazy"]
  let registration = CellRegistration<ListCell, String> { cell, _, item in
    var content = ListContentConfiguration.cell()
    content.text = item
    content.accessories = OutlineFixture.folders.contains(item) ? [.outlineDisclosure()] : []
    // Files line up with their folders' names.
    content.indentation = OutlineFixture.folders.contains(item) ? 0 : 2
    cell.contentConfiguration = content
  }

  init(animated: Bool = false) {
    collectionView = CollectionView(frame: CellRect(size: CellSize(columns: 16, rows: 8)), layout: layout)
    collectionView.theme = .monochrome
    collectionView.animatesChanges = animated
    let clock = clock
    collectionView.clock = { clock.now }
    let registration = registration
    dataSource = DiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
    }
  }

  /// Documents (Letters, Taxes (2024.pdf, 2025.pdf)), Music (Bach), Notes; all collapsed.
  func files() -> SectionSnapshot<String> {
    var outline = SectionSnapshot<String>()
    outline.append(["Documents", "Music", "Notes"])
    outline.append(["Letters", "Taxes"], to: "Documents")
    outline.append(["2024.pdf", "2025.pdf"], to: "Taxes")
    outline.append(["Bach"], to: "Music")
    return outline
  }

  func click(column: Int, row: Int) {
    let point = CellPoint(column: column, row: row)
    collectionView.handle(.mouse(MouseEvent(.press(.left), at: point)), command: nil)
    collectionView.handle(.mouse(MouseEvent(.release(.left), at: point)), command: nil)
  }

  var lines: [String] {
    var canvas = Canvas(size: collectionView.frame.size)
    collectionView.draw(into: &canvas)
    return canvas.lines
  }
}
