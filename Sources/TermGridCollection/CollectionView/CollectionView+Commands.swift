import TermGridCore

/// Key commands a collection view carries out itself, and one entry point for events.
///
/// An event is looked up in the key table once, by the app, which then either carries the
/// command out itself or hands the event and its command on:
///
/// ```swift
/// func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
///   let command = keys.command(for: event)   // the one lookup
///   if let command, !collectionView.isEditMenuVisible {
///     switch command { case .quit: return .quit … default: break }   // the app's own commands
///   }
///   return collectionView.handle(event, command: command) ? .changed : .unchanged
/// }
/// ```
extension CollectionView {
  /// Routes an event whose key the caller has already looked up in its key table: to the
  /// open edit menu first (which answers to its own keys, whatever `command` says); then a
  /// key's command to ``perform(_:)``, the mouse to ``handleMouse(_:)``, a paste to
  /// ``paste(_:)``.
  /// - Parameters:
  ///   - event: the event.
  ///   - command: what the event's key means in the caller's key table
  ///     (``KeyBindings/command(for:)-(InputEvent)``); `nil` for a key bound to nothing, and
  ///     for events that are not keys.
  /// - Returns: whether the collection view took the event; `false` leaves it to the app
  ///   (its own commands, resizes, signals).
  @discardableResult
  public func handle(_ event: InputEvent, command: CommandIdentifier?) -> Bool {
    if isEditMenuVisible, handleEditMenuEvent(event) { return true }
    if isInteractivelyMoving, case .key(let key) = event, key == KeyEvent(.escape) {
      // Esc puts a moving item back, whatever the key table says.
      cancelInteractiveMovement()
      return true
    }
    switch event {
    case .key:
      guard let command else { return false }
      return perform(command)
    case .mouse(let mouse):
      return handleMouse(mouse)
    case .paste(let text):
      return paste(text)
    case .resize, .signal:
      return false
    }
  }

  /// Routes an event, looking its key up in `keyBindings` (see ``handle(_:command:)``).
  ///
  /// An app that also looks the key up for its own commands should look it up once and
  /// call ``handle(_:command:)`` instead.
  /// - Returns: whether the collection view took the event.
  @discardableResult
  public func handle(_ event: InputEvent, keyBindings: KeyBindings = .standard) -> Bool {
    handle(event, command: keyBindings.command(for: event))
  }

  /// Carries out one of the collection view's commands (moving, selecting, editing).
  /// - Returns: `false` for a command that is not the collection view's (quit, help…).
  @discardableResult
  public func perform(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .moveUp: moveFocus(.up)
    case .moveDown: moveFocus(.down)
    case .moveLeft: if !collapseFocusedOutlineItem() { moveFocus(.left) }
    case .moveRight: if !expandFocusedOutlineItem() { moveFocus(.right) }
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
