import TermGrid
import Testing

/// Moving an item by hand (issue 10, "Move"): begin, update, end, cancel; the layout's
/// target; the data source's `canMoveItemAt` and `moveItemAt:to:`; dragging with the mouse.
@Suite struct CollectionViewInteractiveMovementTests {
  /// Strings in sections, movable except those listed; optionally announcing its own
  /// changes to the collection view (as an app whose model reports edits does).
  final class MovableDataSource: CollectionViewDataSource {
    var sections: [[String]]
    var fixed: Set<String> = []
    var announcesChanges = false
    private(set) var moves: [(IndexPath, IndexPath)] = []

    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      sections[section].count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
      let cell = collectionView.dequeueReusableCell(TextCell.self, withReuseIdentifier: "text", for: indexPath)
      cell.text = sections[indexPath.section][indexPath.item]
      return cell
    }

    func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
      !fixed.contains(sections[indexPath.section][indexPath.item])
    }

    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
      moves.append((source, destination))
      let value = sections[source.section].remove(at: source.item)
      sections[destination.section].insert(value, at: destination.item)
      if announcesChanges {
        collectionView.performBatchUpdates { collectionView.moveItem(at: source, to: destination) }
      }
    }
  }

  /// Keeps items in their own section.
  final class SameSectionDelegate: CollectionViewDelegate {
    func collectionView(
      _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
      atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
    ) -> IndexPath {
      proposed.section == original.section ? proposed : current
    }
  }

  final class Harness {
    let layout = GridLayout(itemSize: Size(width: 4, height: 1), columns: 4)
    let dataSource: MovableDataSource
    let collectionView: CollectionView

    init(
      _ sections: [[String]] = [["aa", "bb", "cc", "dd", "ee", "ff"]], size: CellSize = CellSize(columns: 16, rows: 4)
    ) {
      dataSource = MovableDataSource(sections)
      collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
      collectionView.animatesChanges = false
      collectionView.register(TextCell.self, forCellWithReuseIdentifier: "text")
      collectionView.dataSource = dataSource
    }

    var lines: [String] {
      var canvas = Canvas(size: collectionView.frame.size)
      collectionView.draw(into: &canvas)
      return canvas.lines
    }

    func render() -> Canvas {
      var canvas = Canvas(size: collectionView.frame.size)
      collectionView.draw(into: &canvas)
      return canvas
    }

    /// The centre of a cell, in content points.
    func centre(column: Int, row: Int) -> Point { Point(x: Double(column) + 0.5, y: Double(row) + 0.5) }
  }

  @Test func anItemPickedUpFollowsThePositionAndIsDroppedWhereTheLayoutSays() {
    let harness = Harness()
    let view = harness.collectionView
    #expect(harness.lines[0...1] == ["aa  bb  cc  dd  ", "ee  ff          "])
    #expect(view.beginInteractiveMovementForItem(at: ip(0)))
    #expect(view.isInteractivelyMoving)
    #expect(view.indexPathForInteractiveMovementTarget == ip(0))
    view.updateInteractiveMovementTargetPosition(harness.centre(column: 9, row: 0))
    #expect(view.indexPathForInteractiveMovementTarget == ip(2), "over cc")
    view.updateInteractiveMovementTargetPosition(harness.centre(column: 5, row: 1))
    #expect(view.indexPathForInteractiveMovementTarget == ip(5), "over ff")
    // The ghost is drawn at the position, over the others (and over the landing place,
    // which is reversed where it shows); its own place is dimmed.
    let canvas = harness.render()
    #expect(canvas.line(1).hasPrefix("ee  aa  "), "\(canvas.lines)")
    #expect(canvas[0, 0].style.attributes.contains(.dim))
    view.updateInteractiveMovementTargetPosition(Point(x: 7.5, y: 1.5))
    #expect(view.indexPathForInteractiveMovementTarget == ip(5))
    #expect(harness.render()[4, 1].style.attributes.contains(.reverse), "ff shows left of the ghost, reversed")
    view.endInteractiveMovement()
    #expect(!view.isInteractivelyMoving)
    #expect(harness.dataSource.moves.map { [$0.0, $0.1] } == [[ip(0), ip(5)]])
    #expect(harness.lines[0...1] == ["bb  cc  dd  ee  ", "ff  aa          "], "shown at its new place")
    #expect(view.indexPathForFocusedItem == ip(5), "the focus went with it")
  }

  @Test func cancellingPutsItBackAndMovesNothing() {
    let harness = Harness()
    let view = harness.collectionView
    view.beginInteractiveMovementForItem(at: ip(1))
    view.updateInteractiveMovementTargetPosition(harness.centre(column: 13, row: 0))
    #expect(view.indexPathForInteractiveMovementTarget == ip(3))
    view.cancelInteractiveMovement()
    #expect(harness.dataSource.moves.isEmpty)
    #expect(harness.lines[0] == "aa  bb  cc  dd  ")
    #expect(!harness.render().cells.contains { $0.style.attributes.contains(.dim) })
  }

  @Test func anItemTheDataSourceKeepsInPlaceIsNotPickedUp() {
    let harness = Harness()
    harness.dataSource.fixed = ["bb"]
    #expect(!harness.collectionView.beginInteractiveMovementForItem(at: ip(1)))
    #expect(!harness.collectionView.isInteractivelyMoving)
    #expect(!harness.collectionView.beginInteractiveMovementForItem(at: ip(9)), "no such item")
  }

  @Test func theDelegateCanKeepTheTargetInItsSection() {
    let harness = Harness([["aa", "bb"], ["cc", "dd"]])
    let delegate = SameSectionDelegate()
    harness.collectionView.delegate = delegate
    let view = harness.collectionView
    view.beginInteractiveMovementForItem(at: ip(0, 0))
    view.updateInteractiveMovementTargetPosition(harness.centre(column: 5, row: 0))
    #expect(view.indexPathForInteractiveMovementTarget == ip(1, 0))
    view.updateInteractiveMovementTargetPosition(harness.centre(column: 1, row: 1))
    #expect(view.indexPathForInteractiveMovementTarget == ip(1, 0), "cc is in another section: the target stays")
    view.endInteractiveMovement()
    #expect(harness.dataSource.sections == [["bb", "aa"], ["cc", "dd"]])
  }

  @Test func aDataSourceThatUpdatesTheViewItselfIsNotUpdatedTwice() {
    let harness = Harness()
    harness.dataSource.announcesChanges = true
    let view = harness.collectionView
    _ = harness.lines
    view.beginInteractiveMovementForItem(at: ip(0))
    view.updateInteractiveMovementTargetPosition(harness.centre(column: 13, row: 0))
    view.endInteractiveMovement()
    #expect(harness.lines[0] == "bb  cc  dd  aa  ")
    #expect(harness.lines[1] == "ee  ff          ")
  }

  @Test func draggingACardWithTheMouseMovesItAndEscCancels() {
    let harness = Harness()
    let view = harness.collectionView
    _ = harness.lines
    view.handleMouse(MouseEvent(.press(.left), at: CellPoint(column: 1, row: 0)))
    #expect(!view.isInteractivelyMoving, "a press alone picks nothing up")
    view.handleMouse(MouseEvent(.drag(.left), at: CellPoint(column: 5, row: 0)))
    #expect(view.isInteractivelyMoving)
    view.handleMouse(MouseEvent(.drag(.left), at: CellPoint(column: 5, row: 1)))
    #expect(view.indexPathForInteractiveMovementTarget == ip(5), "the grip is kept: the card's centre is over ff")
    #expect(harness.render().line(1).contains("aa"), "the ghost follows the pointer")
    view.handleMouse(MouseEvent(.release(.left), at: CellPoint(column: 5, row: 1)))
    #expect(!view.isInteractivelyMoving)
    #expect(harness.dataSource.sections == [["bb", "cc", "dd", "ee", "ff", "aa"]])
    #expect(view.indexPathsForSelectedItems.isEmpty, "a drag is not a tap")

    view.handleMouse(MouseEvent(.press(.left), at: CellPoint(column: 1, row: 0)))
    view.handleMouse(MouseEvent(.drag(.left), at: CellPoint(column: 13, row: 0)))
    #expect(view.isInteractivelyMoving)
    #expect(view.handle(.key(KeyEvent(.escape)), command: .clearSelection))
    #expect(!view.isInteractivelyMoving)
    view.handleMouse(MouseEvent(.release(.left), at: CellPoint(column: 13, row: 0)))
    #expect(harness.dataSource.sections == [["bb", "cc", "dd", "ee", "ff", "aa"]], "cancelled: nothing moved")
  }

  @Test func aClickThatDoesNotLeaveTheCellStillSelects() {
    let harness = Harness()
    let view = harness.collectionView
    view.allowsMultipleSelection = true
    _ = harness.lines
    view.handleMouse(MouseEvent(.press(.left), at: CellPoint(column: 1, row: 0)))
    view.handleMouse(MouseEvent(.release(.left), at: CellPoint(column: 1, row: 0)))
    #expect(view.indexPathsForSelectedItems == [ip(0)])
    #expect(harness.dataSource.moves.isEmpty)
  }
}
