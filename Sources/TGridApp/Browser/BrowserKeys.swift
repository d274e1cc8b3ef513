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
    keys.add(KeyBinding(keyNames: ["Backspace"], .goUp, help: "Back to the enclosing container", group: "View"))
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
    // In an outline the values are a list: Alt-Left and Alt-Right move nothing.
    keys.unbind(KeyEvent(.left, modifiers: .alt))
    keys.unbind(KeyEvent(.right, modifiers: .alt))
    keys.add(KeyBinding(keyNames: ["t"], .showGrid, help: "Show as a grid of cards", group: "View"))
    return keys
  }()

  /// The standard keys plus what every tgrid view adds.
  private static func common() -> KeyBindings {
    var keys = KeyBindings.standard
    keys.rebind([KeyEvent(.character("a"))], to: .selectAll)
    keys.add(KeyBinding(keyNames: ["v"], .extendToFocus, help: "Select from the anchor to here", group: "Selecting"))
    keys.rebind([KeyEvent(.character("d"))], to: .delete)
    keys.add(KeyBinding(keyNames: ["P"], .pasteBefore, help: "Paste before", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["D"], .duplicate, help: "Duplicate", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["+", "Insert"], .insertValue, help: "Insert a new value after", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["e", "F2"], .editValue, help: "Edit the value", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["E"], .renameKey, help: "Rename the key", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["Alt-Up"], .moveItemUp, help: "Move the value up", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["Alt-Down"], .moveItemDown, help: "Move the value down", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["Alt-Left"], .moveItemLeft, help: "Move the value left", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["Alt-Right"], .moveItemRight, help: "Move the value right", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["u"], .undo, help: "Undo", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["Ctrl-R"], .redo, help: "Redo", group: "Editing"))
    // K shows a value whole, as in jless (Shift-Up still extends the selection up).
    keys.add(KeyBinding([], .viewValue, help: "Show the value whole (r: raw JSON)", group: "Reading"))
    keys.rebind([KeyEvent(.character("K"))], to: .viewValue)
    keys.add(KeyBinding(keyNames: ["V"], .viewSource, help: "Show the source text around the value", group: "Reading"))
    keys.add(KeyBinding(keyNames: ["z"], .foldPrefix, help: "z 0–9: show that deep · z a: all · z c: collapse", group: "Reading"))
    keys.add(KeyBinding(keyNames: ["c"], .copyPrefix, help: "c k: copy key · c p: path · c v: value indented · c c: one line", group: "Editing"))
    keys.add(KeyBinding(keyNames: ["Ctrl-S"], .save, help: "Save", group: "File"))
    keys.add(KeyBinding(keyNames: [":"], .commandLine, help: "Command line (:w, :w PATH, :q, :q!, :wq)", group: "File"))
    return keys
  }
}
