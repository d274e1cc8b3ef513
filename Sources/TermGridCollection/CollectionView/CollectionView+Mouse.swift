import TermGridCore

/// The mouse, mapped onto the guide's touch sequence: a left press highlights the item
/// under the pointer (and moves the focus there), the release on the same item selects
/// it, a release elsewhere (or dragging off it) does not; dragging an item the data source
/// lets move picks it up and moves it (``beginInteractiveMovementForItem(at:)``: a ghost
/// follows the pointer, the release drops it, Esc cancels); a right click opens the edit
/// menu at the pointer; the wheel scrolls. Items are found through the layout's frames
/// (``indexPathForItem(atScreen:)``), so it works in any layout.
extension CollectionView {
  /// Rows (or columns) one notch of the wheel scrolls.
  public static let wheelScrollLines = 3

  /// Handles a mouse event on the collection view (the open edit menu takes events first:
  /// see ``handle(_:command:)``).
  /// - Returns: whether the event was the collection view's (it may have changed something).
  @discardableResult
  public func handleMouse(_ event: MouseEvent) -> Bool {
    let item = indexPathForItem(atScreen: event.position)
    switch event.action {
    case .press(.left):
      cancelInteractiveMovement()
      guard let item else {
        cancelPress()
        return frame.contains(event.position)
      }
      focusItem(at: item, scrollPosition: nil)
      if toggleOutlineDisclosure(at: item, screenPoint: event.position) { return true }
      beginPress(at: item)
      pressPoint = event.position
      return true
    case .drag(.left):
      if isInteractivelyMoving {
        moveWithMouse(to: event.position)
        return true
      }
      // Dragging a pressed item the data source lets move picks it up; otherwise dragging
      // off it takes the highlight away, as a touch moving off does.
      if let pressed = indexPathForHighlightedItem, let press = pressPoint,
        beginMouseMovement(of: pressed, grabbedAt: press, pointerAt: event.position)
      {
        return true
      }
      if let pressed = indexPathForHighlightedItem, pressed != item { cancelPress() }
      return indexPathForHighlightedItem != nil || frame.contains(event.position)
    case .release(.left):
      if isInteractivelyMoving {
        moveWithMouse(to: event.position)
        endInteractiveMovement()
        return true
      }
      guard indexPathForHighlightedItem != nil else { return false }
      endPress(at: item)
      return true
    case .press(.right):
      guard let item else { return false }
      focusItem(at: item, scrollPosition: nil)
      if !isItemSelected(at: item) {
        // The menu acts on what was clicked: make it the selection.
        clearSelection()
        tapItem(at: item)
      }
      showEditMenu(forItemAt: item, at: event.position)
      return true
    case .wheelUp, .wheelDown, .wheelLeft, .wheelRight:
      guard frame.contains(event.position) else { return false }
      let lines = Self.wheelScrollLines
      // Shift turns the wheel sideways, as in most terminals' programs.
      let sideways = event.modifiers.contains(.shift)
      switch event.action {
      case .wheelUp: sideways ? scroll(columns: -lines) : scroll(byRows: -lines)
      case .wheelDown: sideways ? scroll(columns: lines) : scroll(byRows: lines)
      case .wheelLeft: scroll(columns: -lines)
      default: scroll(columns: lines)
      }
      return true
    case .press, .release, .drag:
      return false
    }
  }
}
