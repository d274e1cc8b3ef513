import TermGrid

/// What a key can ask the browser to do.
enum BrowserCommand: Hashable {
  case moveFocus(FocusDirection)
  case extendFocus(FocusDirection)
  case pageUp, pageDown, first, last
  case scrollLineUp, scrollLineDown
  case select, extendSelection, selectAll, clearSelection
  case drillIn, goUp
  case help, quit
}

/// The browser's key table: every binding in one place, and the help text made from it.
enum BrowserKeys {
  struct Binding {
    var keys: [KeyEvent]
    var command: BrowserCommand
    var help: String
  }

  static let table: [Binding] = [
    Binding(keys: [KeyEvent(.up), KeyEvent(.character("k"))], command: .moveFocus(.up), help: "move the focus up"),
    Binding(keys: [KeyEvent(.down), KeyEvent(.character("j"))], command: .moveFocus(.down), help: "move the focus down"),
    Binding(keys: [KeyEvent(.left), KeyEvent(.character("h"))], command: .moveFocus(.left), help: "move the focus left"),
    Binding(keys: [KeyEvent(.right), KeyEvent(.character("l"))], command: .moveFocus(.right), help: "move the focus right"),
    Binding(keys: [KeyEvent(.up, modifiers: .shift)], command: .extendFocus(.up), help: "extend the selection up"),
    Binding(keys: [KeyEvent(.down, modifiers: .shift)], command: .extendFocus(.down), help: "extend the selection down"),
    Binding(keys: [KeyEvent(.left, modifiers: .shift)], command: .extendFocus(.left), help: "extend the selection left"),
    Binding(keys: [KeyEvent(.right, modifiers: .shift)], command: .extendFocus(.right), help: "extend the selection right"),
    Binding(keys: [KeyEvent(.pageUp), KeyEvent(.control("b"), modifiers: .control)], command: .pageUp, help: "page up"),
    Binding(keys: [KeyEvent(.pageDown), KeyEvent(.control("f"), modifiers: .control)], command: .pageDown, help: "page down"),
    Binding(keys: [KeyEvent(.home), KeyEvent(.character("g"))], command: .first, help: "first item"),
    Binding(keys: [KeyEvent(.end), KeyEvent(.character("G"))], command: .last, help: "last item"),
    Binding(keys: [KeyEvent(.control("y"), modifiers: .control)], command: .scrollLineUp, help: "scroll one line up"),
    Binding(keys: [KeyEvent(.control("e"), modifiers: .control)], command: .scrollLineDown, help: "scroll one line down"),
    Binding(keys: [KeyEvent(.character(" "))], command: .select, help: "select or deselect the focused item"),
    Binding(keys: [KeyEvent(.character("v"))], command: .extendSelection, help: "select from the anchor to the focus"),
    Binding(keys: [KeyEvent(.character("a"))], command: .selectAll, help: "select all"),
    Binding(keys: [KeyEvent(.escape)], command: .clearSelection, help: "clear the selection"),
    Binding(keys: [KeyEvent(.enter)], command: .drillIn, help: "open the focused object or array"),
    Binding(keys: [KeyEvent(.backspace)], command: .goUp, help: "back to the enclosing container"),
    Binding(keys: [KeyEvent(.character("?")), KeyEvent(.function(1))], command: .help, help: "show or hide this help"),
    Binding(keys: [KeyEvent(.character("q")), KeyEvent(.control("c"), modifiers: .control)], command: .quit, help: "quit"),
  ]

  private static let lookup: [KeyEvent: BrowserCommand] = {
    var result: [KeyEvent: BrowserCommand] = [:]
    for binding in table {
      for key in binding.keys where result[key] == nil { result[key] = binding.command }
    }
    return result
  }()

  /// The command bound to a key, if any.
  static func command(for event: KeyEvent) -> BrowserCommand? {
    lookup[event]
  }

  /// The help screen's lines, made from the table.
  static var helpLines: [String] {
    let rows = table.map { binding in (binding.keys.map(name(of:)).joined(separator: " "), binding.help) }
    let width = rows.map { TextWidth.displayWidth(of: $0.0) }.max() ?? 0
    return ["Keys"] + rows.map { TextWidth.padded($0.0, toWidth: width) + "  " + $0.1 } + ["", "? or Esc closes this help"]
  }

  static func name(of event: KeyEvent) -> String {
    var prefix = ""
    if event.modifiers.contains(.shift) { prefix += "Shift-" }
    if event.modifiers.contains(.alt) { prefix += "Alt-" }
    switch event.key {
    case .character(" "): return prefix + "Space"
    case .character(let character): return prefix + String(character)
    case .control(let letter): return "Ctrl-" + String(letter).uppercased()
    case .up: return prefix + "↑"
    case .down: return prefix + "↓"
    case .left: return prefix + "←"
    case .right: return prefix + "→"
    case .pageUp: return prefix + "PgUp"
    case .pageDown: return prefix + "PgDn"
    case .home: return prefix + "Home"
    case .end: return prefix + "End"
    case .enter: return prefix + "Enter"
    case .escape: return prefix + "Esc"
    case .backspace: return prefix + "Backspace"
    case .tab: return prefix + "Tab"
    case .backTab: return "Shift-Tab"
    case .delete: return prefix + "Delete"
    case .insert: return prefix + "Insert"
    case .function(let number): return prefix + "F\(number)"
    case .menu: return prefix + "Menu"
    }
  }
}

extension BrowserController {
  /// Handles one input event.
  func handle(_ event: InputEvent) -> Outcome {
    switch event {
    case .key(let key):
      if isHelpVisible {
        if key.key == .escape || key.key == .character("?") || key.key == .function(1) || key.key == .character("q") {
          toggleHelp()
        }
        return .continue
      }
      guard let command = BrowserKeys.command(for: key) else { return .continue }
      return perform(command)
    case .mouse(let mouse):
      handle(mouse)
      return .continue
    case .resize(let size):
      resize(to: size)
      return .continue
    case .paste:
      message = "paste is not available here yet"
      return .continue
    case .signal:
      return .quit
    }
  }

  func perform(_ command: BrowserCommand) -> Outcome {
    let view = collectionView
    switch command {
    case .moveFocus(let direction):
      view.moveFocus(direction)
    case .extendFocus(let direction):
      if view.anchorIndexPath == nil, let focused = view.indexPathForFocusedItem { view.tapItem(at: focused) }
      if view.moveFocus(direction), let focused = view.indexPathForFocusedItem { view.extendSelection(to: focused) }
    case .pageUp: view.moveFocus(byPages: -1)
    case .pageDown: view.moveFocus(byPages: 1)
    case .first: view.focusFirstItem()
    case .last: view.focusLastItem()
    case .scrollLineUp: view.scroll(byRows: -1)
    case .scrollLineDown: view.scroll(byRows: 1)
    case .select:
      if let focused = view.indexPathForFocusedItem { view.tapItem(at: focused) }
    case .extendSelection:
      if let focused = view.indexPathForFocusedItem { view.extendSelection(to: focused) }
    case .selectAll: view.selectAllItems()
    case .clearSelection: view.clearSelection()
    case .drillIn:
      if let focused = view.indexPathForFocusedItem { drill(into: focused) }
    case .goUp: goUp()
    case .help: toggleHelp()
    case .quit: return .quit
    }
    return .continue
  }

  private func handle(_ mouse: MouseEvent) {
    let view = collectionView
    switch mouse.action {
    case .press(.left):
      if let indexPath = view.indexPathForItem(atScreen: mouse.position) {
        view.focusItem(at: indexPath, scrollPosition: nil)
        view.beginPress(at: indexPath)
      }
    case .release(.left):
      view.endPress(at: view.indexPathForItem(atScreen: mouse.position))
    case .drag(.left):
      if let pressed = view.indexPathForHighlightedItem, view.indexPathForItem(atScreen: mouse.position) != pressed {
        view.cancelPress()
      }
    case .wheelUp: view.scroll(byRows: -3)
    case .wheelDown: view.scroll(byRows: 3)
    default: break
    }
  }
}
