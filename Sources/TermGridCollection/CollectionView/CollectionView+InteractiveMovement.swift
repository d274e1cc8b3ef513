import TermGridCore
import TermGridViews

/// The state of an item being moved interactively.
struct InteractiveMovement {
  /// Where the item is in the data.
  var originalIndexPath: IndexPath
  /// Where it would land now.
  var targetIndexPath: IndexPath
  /// Where its centre is, in content points.
  var position: Point
  /// The moving item's own view, drawn over everything at the pointer.
  var ghost: Cell?
  /// From the point it was grabbed at to its frame's centre (mouse drags keep the grip).
  var grabOffset: Point = .zero
}

/// Moving an item to another place by hand, as in the guide's "Reordering Items
/// Interactively": ``beginInteractiveMovementForItem(at:)`` picks an item up,
/// ``updateInteractiveMovementTargetPosition(_:)`` follows the pointer (the layout says
/// where it would land: ``CollectionLayout/targetIndexPath(forInteractivelyMovingItem:withPosition:)``),
/// ``endInteractiveMovement()`` drops it (the data source's `moveItemAt:to:` updates the
/// model) and ``cancelInteractiveMovement()`` puts it back.
///
/// While it moves, a copy of its view (the ghost) is drawn over everything where the
/// pointer is, its own place is dimmed, and the place it would land shows reversed. With
/// the mouse: press an item and drag it off to pick it up, release to drop, Esc to cancel.
extension CollectionView {
  /// Whether an item is being moved.
  public var isInteractivelyMoving: Bool { interactiveMovement != nil }

  /// The item being moved, at its place in the data.
  public var indexPathForInteractivelyMovingItem: IndexPath? { interactiveMovement?.originalIndexPath }

  /// Where the item being moved would land if dropped now.
  public var indexPathForInteractiveMovementTarget: IndexPath? { interactiveMovement?.targetIndexPath }

  /// Picks an item up to move it, if the data source allows
  /// (``CollectionViewDataSource/collectionView(_:canMoveItemAt:)``).
  /// - Returns: whether the movement began.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    guard interactiveMovement == nil, isValid(indexPath), let dataSource,
      dataSource.collectionView(self, canMoveItemAt: indexPath),
      let attributes = layoutAttributesForItem(at: indexPath)
    else { return false }
    cancelPress()
    let ghost = dataSource.collectionView(self, cellForItemAt: indexPath)
    mirrorState(into: ghost, at: indexPath)
    ghost.isFocused = true
    let center = Point(x: attributes.frame.midX, y: attributes.frame.midY)
    interactiveMovement = InteractiveMovement(
      originalIndexPath: indexPath, targetIndexPath: indexPath, position: center, ghost: ghost)
    applyGhostAttributes()
    needsDisplay = true
    return true
  }

  /// Moves the item's centre to `targetPosition` (content points) and asks the layout, then
  /// the delegate, where it would land.
  public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
    guard var movement = interactiveMovement else { return }
    layoutIfNeeded()
    movement.position = targetPosition
    let proposed = collectionViewLayout.targetIndexPath(
      forInteractivelyMovingItem: movement.targetIndexPath, withPosition: targetPosition)
    var target = movement.targetIndexPath
    if isValid(proposed) {
      target =
        delegate?.collectionView(
          self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.originalIndexPath,
          atCurrentIndexPath: movement.targetIndexPath, toProposedIndexPath: proposed) ?? proposed
      if !isValid(target) { target = movement.targetIndexPath }
    }
    movement.targetIndexPath = target
    interactiveMovement = movement
    applyGhostAttributes()
    needsDisplay = true
  }

  /// Drops the item where it would land: the data source moves it in the model
  /// (``CollectionViewDataSource/collectionView(_:moveItemAt:to:)``), and the item is shown
  /// there, with the focus on it. Dropped where it was, nothing moves.
  public func endInteractiveMovement() {
    guard let movement = interactiveMovement else { return }
    finishMovement()
    let (source, destination) = (movement.originalIndexPath, movement.targetIndexPath)
    guard source != destination, let dataSource else { return }
    // A pass now, so a layout invalidated by the data source's call below means that it
    // changed the collection view itself (a batch update or a reload).
    layoutIfNeeded()
    let layout = collectionViewLayout
    let wasPrepared = !layout.needsPrepare
    let passes = layout.preparePassCount
    dataSource.collectionView(self, moveItemAt: source, to: destination)
    let changedByDataSource =
      wasPrepared && (layout !== collectionViewLayout || layout.needsPrepare || layout.preparePassCount != passes)
    if !changedByDataSource, sectionCounts != nil, isValid(source), isValid(destination) {
      performBatchUpdates { self.moveItem(at: source, to: destination) }
    }
    if isValid(destination) { focusItem(at: destination) }
  }

  /// Puts the item back where it was; the data source is not asked to move anything.
  public func cancelInteractiveMovement() {
    guard interactiveMovement != nil else { return }
    finishMovement()
  }

  private func finishMovement() {
    if let ghost = interactiveMovement?.ghost { recycle(ghost) }
    interactiveMovement = nil
    setNeedsLayout()
  }

  private func applyGhostAttributes() {
    guard let movement = interactiveMovement, let ghost = movement.ghost,
      let attributes = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
        at: movement.originalIndexPath, withTargetPosition: movement.position)
    else { return }
    ghost.apply(attributes)
  }

  // MARK: - The mouse

  /// Starts moving the pressed item once the pointer leaves the cell it was pressed on,
  /// keeping where in the item it was grabbed. - Returns: whether a movement began.
  func beginMouseMovement(of item: IndexPath, grabbedAt press: CellPoint, pointerAt pointer: CellPoint) -> Bool {
    guard pointer != press, let attributes = layoutAttributesForItem(at: item),
      beginInteractiveMovementForItem(at: item)
    else { return false }
    let grab = contentPoint(forScreen: press)
    interactiveMovement?.grabOffset = Point(x: attributes.frame.midX - grab.x, y: attributes.frame.midY - grab.y)
    moveWithMouse(to: pointer)
    return true
  }

  /// Follows the pointer with the grip kept.
  func moveWithMouse(to pointer: CellPoint) {
    guard let movement = interactiveMovement else { return }
    let point = contentPoint(forScreen: pointer)
    updateInteractiveMovementTargetPosition(
      Point(x: point.x + movement.grabOffset.x, y: point.y + movement.grabOffset.y))
  }

  /// The content point at the centre of a screen cell.
  func contentPoint(forScreen point: CellPoint) -> Point {
    let offset = contentOffsetInCells
    let column = point.column - frame.column + offset.column
    let row = point.row - frame.row + offset.row
    return Point(
      x: cellMetrics.x(forColumn: column) + cellMetrics.width(ofColumns: 1) / 2,
      y: cellMetrics.y(forRow: row) + cellMetrics.height(ofRows: 1) / 2)
  }

  // MARK: - Drawing

  /// The item's own place dimmed, the landing place reversed, and the ghost over all.
  func drawInteractiveMovement(into canvas: inout Canvas, context: DrawingContext) {
    guard let movement = interactiveMovement else { return }
    var marks: [(IndexPath, TextAttributes)] = [(movement.originalIndexPath, .dim)]
    if movement.targetIndexPath != movement.originalIndexPath { marks.append((movement.targetIndexPath, .reverse)) }
    for (element, attribute) in marks {
      guard let frame = layoutAttributesForItem(at: element)?.frame else { continue }
      let clip = screenRect(for: frame).intersection(self.frame)
      if !clip.isEmpty { canvas.restyle(clip) { $0.adding(attribute) } }
    }
    guard let ghost = movement.ghost, let attributes = ghost.layoutAttributes else { return }
    let region = screenRect(for: attributes.frame)
    let clip = region.intersection(frame)
    guard !clip.isEmpty else { return }
    ghost.draw(in: &canvas, region: region, clip: clip, context: context)
  }
}
