import TermGridCore
import TermGridViews

/// The edit menu's state inside a collection view.
struct EditMenuState {
  /// The open menu, if any.
  var menu: EditMenu?
  /// The item the menu was opened for.
  var item: IndexPath?
  /// Where a right click opened it (the menu sits at the pointer, not at the cell).
  var pointer: CellPoint?
  /// The items its action will act on.
  var targets: [IndexPath] = []
  /// The pasteboard edit actions use.
  var pasteboard = Pasteboard()
  /// The view the open menu is drawn with.
  let view = EditMenuView()
  /// The delegate's context menu, when the open menu is one: its actions' handlers, by the
  /// names of the menu's entries.
  var contextMenuHandlers: [String: () -> Void]?
}

/// The edit menu (the guide's "Showing the Edit Menu for a Cell"), acting on the whole
/// selection as today's context menus do.
///
/// **What an action acts on** (``indexPathsForEditActions``): the selected items when
/// there are any, otherwise the focused item alone; nothing when there is neither. A right
/// click on an item that is not selected first moves the focus there and makes it the
/// selection (asking the delegate, in the guide's highlight-then-select order), so the
/// menu acts on what was clicked; a right click on a selected item keeps the selection.
///
/// **When it opens**, as the guide says: the delegate must answer
/// `shouldShowMenuForItemAt` with `true` for the item it is opened for (the focused item,
/// or the clicked one), and `canPerformAction` with `true` for at least one of the actions
/// `menuActionsForItemAt` lists. The other actions are shown greyed.
///
/// **UIKit's current model** comes first: when the delegate returns a
/// ``ContextMenuConfiguration`` from `contextMenuConfigurationForItemsAt` (asked with the
/// items an action acts on, one or many, and the content point), that menu opens with its
/// own actions, and choosing one runs its handler; the questions above are not asked. A
/// delegate that returns `nil` (the default) gets the menu above.
extension CollectionView {
  /// The pasteboard cut, copy and paste use; share one between collection views and give
  /// it the terminal for OSC 52.
  public var pasteboard: Pasteboard {
    get { editMenuState.pasteboard }
    set { editMenuState.pasteboard = newValue }
  }

  /// The open edit menu, if any.
  public var editMenu: EditMenu? { editMenuState.menu }

  /// True while the edit menu is open.
  public var isEditMenuVisible: Bool { editMenuState.menu != nil }

  /// What an edit action acts on now: the selection, else the focused item, else nothing.
  public var indexPathsForEditActions: [IndexPath] {
    let selected = indexPathsForSelectedItems
    if !selected.isEmpty { return selected }
    if let focused = indexPathForFocusedItem, isValid(focused) { return [focused] }
    return []
  }

  /// Opens the edit menu at the focused item (what `m`, the Menu key and Shift-F10 do).
  /// - Returns: whether it opened (see the rules above).
  @discardableResult
  public func showEditMenu() -> Bool {
    ensureFocus()
    guard let focused = indexPathForFocusedItem else { return false }
    scrollToItem(at: focused, at: .nearest)
    return showEditMenu(forItemAt: focused)
  }

  /// Opens the edit menu for an item: next to its cell, or at `pointer` (screen cells) for
  /// a right click.
  /// - Returns: whether it opened.
  @discardableResult
  public func showEditMenu(forItemAt indexPath: IndexPath, at pointer: CellPoint? = nil) -> Bool {
    guard let delegate, isValid(indexPath) else { return false }
    let targets = indexPathsForEditActions
    var entries: [EditMenu.Entry] = []
    var handlers: [String: () -> Void]?
    if let configuration = delegate.collectionView(
      self, contextMenuConfigurationForItemsAt: targets.isEmpty ? [indexPath] : targets,
      point: contextMenuPoint(forItemAt: indexPath, pointer: pointer))
    {
      var named: [String: () -> Void] = [:]
      for (index, action) in configuration.actions.enumerated() {
        let name = "contextMenu\u{0}\(index)"
        named[name] = action.handler
        entries.append(
          EditMenu.Entry(
            action: EditAction(name: name, title: action.title, accelerator: action.accelerator),
            isEnabled: action.isEnabled))
      }
      handlers = named
    } else {
      guard delegate.collectionView(self, shouldShowMenuForItemAt: indexPath) else { return false }
      entries = delegate.collectionView(self, menuActionsForItemAt: indexPath).map {
        EditMenu.Entry(action: $0, isEnabled: delegate.collectionView(self, canPerformAction: $0, forItemsAt: targets))
      }
    }
    var menu = EditMenu(entries: entries, anchor: .zero, openedByPress: pointer != nil)
    guard menu.hasEnabledEntry else { return false }
    cancelPress()
    editMenuState.contextMenuHandlers = handlers
    editMenuState.item = indexPath
    editMenuState.pointer = pointer
    editMenuState.targets = targets
    menu.anchor = editMenuAnchor()
    menu.layout(in: frame)
    editMenuState.menu = menu
    needsDisplay = true
    return true
  }

  /// Closes the edit menu without an action.
  public func dismissEditMenu() {
    guard editMenuState.menu != nil else { return }
    editMenuState.menu = nil
    editMenuState.item = nil
    editMenuState.pointer = nil
    editMenuState.targets = []
    editMenuState.contextMenuHandlers = nil
    needsDisplay = true
  }

  /// The content point a context menu is asked for: where the pointer is, or the item's
  /// top-left corner when a key opened it.
  func contextMenuPoint(forItemAt indexPath: IndexPath, pointer: CellPoint?) -> Point {
    if let pointer {
      return Point(
        x: storedContentOffset.x + cellMetrics.x(forColumn: pointer.column - frame.column),
        y: storedContentOffset.y + cellMetrics.y(forRow: pointer.row - frame.row))
    }
    return layoutAttributesForItem(at: indexPath)?.frame.origin ?? storedContentOffset
  }

  /// Gives an event to the open edit menu. While it is open it takes every key and mouse
  /// event (choosing an entry performs its action on the targets); a paste closes it and
  /// is not taken, nor are resizes.
  /// - Returns: whether the menu took the event.
  @discardableResult
  public func handleEditMenuEvent(_ event: InputEvent) -> Bool {
    guard var menu = editMenuState.menu else { return false }
    let outcome = menu.handle(event)
    editMenuState.menu = menu
    switch outcome {
    case .unchanged:
      break
    case .changed:
      needsDisplay = true
    case .dismissed:
      dismissEditMenu()
    case .chosen(let action):
      let targets = editMenuState.targets
      let handlers = editMenuState.contextMenuHandlers
      dismissEditMenu()
      if let handlers {
        handlers[action.name]?()
      } else {
        delegate?.collectionView(self, performAction: action, forItemsAt: targets)
      }
      needsDisplay = true
    }
    switch event {
    case .key, .mouse: return true
    case .paste, .resize, .signal: return false
    }
  }

  /// Performs an edit action without the menu (a key such as `y` for Copy), on
  /// ``indexPathsForEditActions``, if the delegate's `canPerformAction` allows it.
  /// - Returns: whether it was performed.
  @discardableResult
  public func performEditAction(_ action: EditAction) -> Bool {
    guard let delegate else { return false }
    let targets = indexPathsForEditActions
    guard delegate.collectionView(self, canPerformAction: action, forItemsAt: targets) else { return false }
    delegate.collectionView(self, performAction: action, forItemsAt: targets)
    needsDisplay = true
    return true
  }

  /// Offers text pasted into the terminal (a bracketed paste) to the delegate as a Paste
  /// action: the text becomes the pasteboard's content, then the delegate is asked
  /// `canPerformAction(.paste…)` and told `performAction(.paste…)` for
  /// ``indexPathsForEditActions``, reading the text from ``pasteboard``.
  /// - Returns: whether the delegate performed it.
  @discardableResult
  public func paste(_ text: String) -> Bool {
    dismissEditMenu()
    pasteboard.setTerminalPaste(text)
    return performEditAction(.paste)
  }

  /// Where the menu goes: at the pointer, or at the visible part of its item's cell.
  func editMenuAnchor() -> CellRect {
    if let pointer = editMenuState.pointer {
      return CellRect(column: pointer.column, row: pointer.row, columns: 1, rows: 1)
    }
    if let item = editMenuState.item, let attributes = layoutAttributesForItem(at: item) {
      let visible = screenRect(for: attributes.frame).intersection(frame)
      if !visible.isEmpty { return visible }
    }
    return CellRect(column: frame.column, row: frame.row, columns: max(1, frame.columns), rows: 1)
  }

  /// Draws the open menu over everything else, placed for the canvas's size (so a resize
  /// moves it back onto the screen).
  func drawEditMenu(into canvas: inout Canvas, context: DrawingContext) {
    guard var menu = editMenuState.menu else { return }
    if let item = editMenuState.item, !isValid(item) {
      // The item went away under the menu (the data changed): close it.
      dismissEditMenu()
      return
    }
    menu.anchor = editMenuAnchor()
    menu.layout(in: canvas.bounds)
    editMenuState.menu = menu
    editMenuState.view.menu = menu
    editMenuState.view.draw(
      in: &canvas, region: canvas.bounds, clip: menu.frame.intersection(canvas.bounds), context: context)
    editMenuState.view.menu = nil
  }
}
