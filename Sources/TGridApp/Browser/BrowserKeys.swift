import TermGrid

extension CommandIdentifier {
  /// Select from the anchor to the focused item (`v`).
  static let extendToFocus: CommandIdentifier = "extendToFocus"
  /// Show the document as a grid of cards.
  static let showGrid: CommandIdentifier = "showGrid"
  /// Show the document as a tree.
  static let showTree: CommandIdentifier = "showTree"
}

extension PresentationKind {
  /// The presentation a command switches to, if it is one of the switching commands.
  init?(switchingCommand command: CommandIdentifier) {
    switch command {
    case .showGrid: self = .grid
    case .showTree: self = .tree
    default: return nil
    }
  }
}

/// tgrid's key tables, built on TermGrid's standard one; the help screen is made from them.
/// Each presentation has its own: the keys every view shares, and its own.
enum BrowserKeys {
  /// Keys in the grid of cards.
  static let grid: KeyBindings = {
    var keys = common()
    keys.add(KeyBinding(keyNames: ["i"], .openContainer, help: "Open the object or array as a grid", group: "View"))
    keys.add(KeyBinding(keyNames: ["Backspace", "u"], .goUp, help: "Back to the enclosing container", group: "View"))
    keys.add(KeyBinding(keyNames: ["t"], .showTree, help: "Show as a tree", group: "View"))
    return keys
  }()

  /// Keys in the tree.
  static let tree: KeyBindings = {
    var keys = common()
    keys.add(KeyBinding([], .toggleCollapse, help: "Collapse or expand the node", group: "Tree"))
    keys.rebind([KeyEvent(.enter)], to: .toggleCollapse)
    keys.add(KeyBinding([], .expandOrFirstChild, help: "Expand, or go to the first child", group: "Tree"))
    keys.rebind([KeyEvent(.right), KeyEvent(.character("l"))], to: .expandOrFirstChild)
    keys.add(KeyBinding([], .collapseOrParent, help: "Collapse, or go to the parent", group: "Tree"))
    keys.rebind([KeyEvent(.left), KeyEvent(.character("h"))], to: .collapseOrParent)
    keys.add(KeyBinding(keyNames: ["o"], .toggleTreeStyle, help: "Columns or outline", group: "Tree"))
    keys.add(KeyBinding(keyNames: ["t"], .showGrid, help: "Show as a grid of cards", group: "View"))
    return keys
  }()

  /// The standard keys plus what every tgrid view adds.
  private static func common() -> KeyBindings {
    var keys = KeyBindings.standard
    // Cut, Paste and Delete change the document: their keys come back with editing and
    // saving. Until then the edit menu shows those actions greyed.
    for name in ["x", "p", "Delete"] {
      if let key = KeyEvent(name: name) { keys.unbind(key) }
    }
    keys.rebind([KeyEvent(.character("a"))], to: .selectAll)
    keys.add(KeyBinding(keyNames: ["v"], .extendToFocus, help: "Select from the anchor to here", group: "Selecting"))
    return keys
  }
}
