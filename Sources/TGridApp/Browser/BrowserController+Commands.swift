import TGridJSON
import TermGrid

extension BrowserController {
  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    handle(event, runLoop: runLoop)
  }

  /// Handles one event: the help screen first when open, then the app's own commands, then
  /// the collection view (edit menu, moving, selecting, mouse, paste).
  func handle(_ event: InputEvent, runLoop: TerminalRunLoop? = nil) -> EventResponse {
    if let help {
      switch help.handle(event) {
      case .close:
        closeHelp()
        return .changed
      case .scrolled: return .changed
      case .unchanged:
        if case .resize(let size) = event {
          resize(to: size)
          return .changed
        }
        return .unchanged
      }
    }
    let keys = BrowserKeys.bindings(for: mode)
    switch event {
    case .resize(let size):
      resize(to: size)
      return .changed
    case .signal:
      return .quit
    case .key(let key):
      if message != nil {
        message = nil
        setNeedsDisplay()
      }
      if !collectionView.isEditMenuVisible, let command = keys.command(for: key),
        let response = perform(command, runLoop: runLoop)
      {
        return response
      }
      return collectionView.handle(event, keyBindings: keys) || needsDisplay ? .changed : .unchanged
    case .paste(let text):
      // A paste is one event, never keys: offered to the delegate as a Paste action.
      if !collectionView.handle(event, keyBindings: keys) {
        let count = text.count
        message = "pasted \(count) character\(count == 1 ? "" : "s"): pasting into the document is not available yet"
        setNeedsDisplay()
      }
      return .changed
    case .mouse:
      return collectionView.handle(event, keyBindings: keys) || needsDisplay ? .changed : .unchanged
    }
  }

  /// Carries out one of the app's own commands; `nil` leaves the command to the collection view.
  func perform(_ command: CommandIdentifier, runLoop: TerminalRunLoop?) -> EventResponse? {
    let view = collectionView
    switch command {
    case .quit:
      return .quit
    case .showHelp:
      showHelp()
    case .redraw:
      runLoop?.redrawEverything()
    case .toggleMouse:
      guard let terminal = terminal as? NcursesTerminal else { return .unchanged }
      terminal.isMouseEnabled.toggle()
      message = terminal.isMouseEnabled ? "mouse on" : "mouse off: the terminal selects text"
    case .extendToFocus:
      view.ensureFocus()
      if let focused = view.indexPathForFocusedItem { view.extendSelection(to: focused) }
    case .openContainer:
      if let focused = view.indexPathForFocusedItem { drill(into: focused) }
    case .goUp:
      goUp()
    case .toggleTreeView:
      switchMode(to: mode.isTree ? .grid : .tree(treeLayout?.orientation ?? .outline), animated: false)
    case .toggleTreeStyle:
      guard case .tree(let orientation) = mode else { return nil }
      switchMode(to: .tree(orientation == .columns ? .outline : .columns), animated: true)
    case .toggleCollapse:
      guard let treeModel, let focused = view.indexPathForFocusedItem else { return .unchanged }
      if treeModel.hasChildren(at: focused) {
        treeModel.toggleCollapsed(at: focused, in: view)
      } else {
        view.tapItem(at: focused)
      }
    case .expandOrFirstChild:
      guard let treeModel, let focused = view.indexPathForFocusedItem else { return nil }
      if treeModel.hasChildren(at: focused), treeModel.isCollapsed(at: focused) {
        treeModel.setCollapsed(false, at: focused, in: view)
      } else {
        view.moveFocus(.right)
      }
    case .collapseOrParent:
      guard let treeModel, let focused = view.indexPathForFocusedItem else { return nil }
      if treeModel.hasChildren(at: focused), !treeModel.isCollapsed(at: focused) {
        treeModel.setCollapsed(true, at: focused, in: view)
      } else {
        view.moveFocus(.left)
      }
    default:
      return nil
    }
    setNeedsDisplay()
    return .changed
  }
}
