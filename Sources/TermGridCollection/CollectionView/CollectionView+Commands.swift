import TermGridCore

/// Key commands a collection view carries out itself, and one entry point for events.
///
/// ```swift
/// func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
///   if collectionView.handle(event, keyBindings: keys) { return .changed }
///   guard case .key(let key) = event, let command = keys.command(for: key) else { return .unchanged }
///   switch command { case .quit: return .quit … }   // the app's own commands
/// }
/// ```
extension CollectionView {
  /// Routes an event: to the open edit menu first; then keys through `keyBindings` to
  /// ``perform(_:)``, the mouse to ``handleMouse(_:)``, a paste to ``paste(_:)``.
  /// - Returns: whether the collection view took the event; `false` leaves it to the app
  ///   (its own commands, resizes, signals).
  @discardableResult
  public func handle(_ event: InputEvent, keyBindings: KeyBindings = .standard) -> Bool {
    if isEditMenuVisible, handleEditMenuEvent(event) { return true }
    switch event {
    case .key(let key):
      guard let command = keyBindings.command(for: key) else { return false }
      return perform(command)
    case .mouse(let mouse):
      return handleMouse(mouse)
    case .paste(let text):
      return paste(text)
    case .resize, .signal:
      return false
    }
  }

  /// Carries out one of the collection view's commands (moving, selecting, editing).
  /// - Returns: `false` for a command that is not the collection view's (quit, help…).
  @discardableResult
  public func perform(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .moveUp: moveFocus(.up)
    case .moveDown: moveFocus(.down)
    case .moveLeft: moveFocus(.left)
    case .moveRight: moveFocus(.right)
    case .pageUp: moveFocus(byPages: -1)
    case .pageDown: moveFocus(byPages: 1)
    case .moveToFirst: focusFirstItem()
    case .moveToLast: focusLastItem()
    case .scrollLineUp: scroll(byRows: -1)
    case .scrollLineDown: scroll(byRows: 1)
    case .select:
      ensureFocus()
      if let focused = indexPathForFocusedItem { tapItem(at: focused) }
    case .extendSelectionUp: extendSelection(moving: .up)
    case .extendSelectionDown: extendSelection(moving: .down)
    case .extendSelectionLeft: extendSelection(moving: .left)
    case .extendSelectionRight: extendSelection(moving: .right)
    case .selectAll: selectAllItems()
    case .clearSelection:
      cancelPress()
      clearSelection()
    case .showEditMenu: showEditMenu()
    case .cut: performEditAction(.cut)
    case .copy: performEditAction(.copy)
    case .paste: performEditAction(.paste)
    case .delete: performEditAction(.delete)
    default: return false
    }
    needsDisplay = true
    return true
  }

  /// Shift+arrow: the selection grows from its anchor (the focused item when there is
  /// none yet) to where the focus moves.
  private func extendSelection(moving direction: FocusDirection) {
    ensureFocus()
    guard let start = indexPathForFocusedItem else { return }
    if anchorIndexPath == nil || !isItemSelected(at: start) && indexPathsForSelectedItems.isEmpty {
      extendSelection(to: start)
    }
    moveFocus(direction)
    if let focused = indexPathForFocusedItem { extendSelection(to: focused) }
  }
}
