import TermGrid

extension CommandIdentifier {
  /// Select from the anchor to the focused item (`v`).
  static let extendToFocus: CommandIdentifier = "extendToFocus"
  /// Show the document as a grid of cards.
  static let showGrid: CommandIdentifier = "showGrid"
  /// Show the document as a tree.
  static let showTree: CommandIdentifier = "showTree"
  /// Show the document as a table.
  static let showTable: CommandIdentifier = "showTable"
  /// Show the document on a timeline.
  static let showTimeline: CommandIdentifier = "showTimeline"
  /// Show the document as a schematic.
  static let showSchematic: CommandIdentifier = "showSchematic"
}

extension PresentationKind {
  /// The presentation a command switches to, if it is one of the switching commands.
  init?(switchingCommand command: CommandIdentifier) {
    switch command {
    case .showGrid: self = .grid
    case .showTree: self = .tree
    case .showTable: self = .table
    case .showTimeline: self = .timeline
    case .showSchematic: self = .schematic
    default: return nil
    }
  }

  /// The command that shows this presentation.
  var switchingCommand: CommandIdentifier {
    switch self {
    case .grid: return .showGrid
    case .tree: return .showTree
    case .table: return .showTable
    case .timeline: return .showTimeline
    case .schematic: return .showSchematic
    }
  }

  /// The key that shows it: `1` to `5` in this order.
  var digitKey: Character {
    Character(String((Self.allCases.firstIndex(of: self) ?? 0) + 1))
  }

  /// What the help screen calls it.
  var helpName: String {
    switch self {
    case .grid: return "a grid of cards"
    case .tree: return "a tree"
    case .table: return "a table"
    case .timeline: return "a timeline"
    case .schematic: return "a schematic"
    }
  }

  /// The next presentation in the order of the digit keys (Tab), wrapping around.
  var next: PresentationKind {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }

  /// The previous one (Shift-Tab).
  var previous: PresentationKind {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + all.count - 1) % all.count]
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
    addSwitching(to: &keys, from: .grid)
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
    addSwitching(to: &keys, from: .tree)
    return keys
  }()

  /// Keys in the table.
  static let table: KeyBindings = {
    var keys = common()
    keys.add(KeyBinding(keyNames: ["s"], .sortAscending, help: "Sort rows by this column, ascending", group: "Table"))
    keys.add(KeyBinding(keyNames: ["S"], .sortDescending, help: "Sort rows by this column, descending", group: "Table"))
    keys.add(KeyBinding(keyNames: ["<"], .narrowColumn, help: "Narrow the column", group: "Table"))
    keys.add(KeyBinding(keyNames: [">"], .widenColumn, help: "Widen the column", group: "Table"))
    keys.add(KeyBinding([], .openCell, help: "Open a nested value as a table (else show it whole)", group: "Table"))
    keys.rebind([KeyEvent(.enter)], to: .openCell)
    keys.add(KeyBinding(keyNames: ["Backspace"], .goUp, help: "Back to the enclosing table", group: "Table"))
    // Cells in a row are values of different records' keys: moving one sideways means nothing.
    keys.unbind(KeyEvent(.left, modifiers: .alt))
    keys.unbind(KeyEvent(.right, modifiers: .alt))
    addSwitching(to: &keys, from: .table)
    return keys
  }()

  /// Keys on the timeline.
  static let timeline: KeyBindings = {
    var keys = common()
    keys.add(KeyBinding([], .zoomIn, help: "Zoom in (Ctrl-wheel too)", group: "Timeline"))
    keys.rebind([KeyEvent(.character("+")), KeyEvent(.character("="))], to: .zoomIn)
    keys.add(KeyBinding(keyNames: ["-"], .zoomOut, help: "Zoom out", group: "Timeline"))
    keys.add(KeyBinding(keyNames: ["0"], .zoomToFit, help: "Fit everything in the width", group: "Timeline"))
    keys.add(KeyBinding(keyNames: ["T"], .nextTimeField, help: "Use the next date field (start, end)", group: "Timeline"))
    // Events are ordered by time: moving one changes nothing on the axis.
    for key in [KeyEvent(.up, modifiers: .alt), KeyEvent(.down, modifiers: .alt), KeyEvent(.left, modifiers: .alt), KeyEvent(.right, modifiers: .alt)] {
      keys.unbind(key)
    }
    addSwitching(to: &keys, from: .timeline)
    return keys
  }()

  /// Keys in the schematic.
  static let schematic: KeyBindings = {
    var keys = common()
    keys.add(KeyBinding([], .toggleCollapse, help: "Collapse or expand the box's children", group: "Schematic"))
    keys.rebind([KeyEvent(.enter)], to: .toggleCollapse)
    keys.add(KeyBinding([], .expandOrFirstChild, help: "Expand, or go to the first child", group: "Schematic"))
    keys.rebind([KeyEvent(.right), KeyEvent(.character("l"))], to: .expandOrFirstChild)
    keys.add(KeyBinding([], .collapseOrParent, help: "Collapse, or go to the parent", group: "Schematic"))
    keys.rebind([KeyEvent(.left), KeyEvent(.character("h"))], to: .collapseOrParent)
    keys.unbind(KeyEvent(.left, modifiers: .alt))
    keys.unbind(KeyEvent(.right, modifiers: .alt))
    addSwitching(to: &keys, from: .schematic)
    return keys
  }()

  /// `1`–`5` show each view; Tab and Shift-Tab the next and previous one.
  private static func addSwitching(to keys: inout KeyBindings, from current: PresentationKind) {
    for kind in PresentationKind.allCases {
      let digit = KeyEvent(.character(kind.digitKey))
      if keys.binding(for: kind.switchingCommand) != nil {
        keys.rebind([digit], to: kind.switchingCommand)
      } else {
        keys.add(KeyBinding([digit], kind.switchingCommand, help: "Show as \(kind.helpName)", group: "View"))
      }
    }
    keys.rebind([KeyEvent(.tab)], to: current.next.switchingCommand)
    keys.rebind([KeyEvent(.backTab)], to: current.previous.switchingCommand)
  }

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
    keys.add(KeyBinding(keyNames: ["/"], .search, help: "Search keys and values (Ctrl-R: regular expression)", group: "Finding"))
    keys.add(KeyBinding(keyNames: ["n"], .nextMatch, help: "Next match", group: "Finding"))
    keys.add(KeyBinding(keyNames: ["N"], .previousMatch, help: "Previous match", group: "Finding"))
    keys.add(KeyBinding(keyNames: ["f"], .filter, help: "Filter the elements (jq: .age > 30, .name | test(\"^A\"))", group: "Finding"))
    // L labels records (Shift-Right still extends the selection right).
    keys.add(KeyBinding([], .chooseLabel, help: "Label records by a member (Tab: its keys; empty: automatic)", group: "Reading"))
    keys.rebind([KeyEvent(.character("L"))], to: .chooseLabel)
    keys.add(KeyBinding(keyNames: ["F"], .clearFilter, help: "Show every element again", group: "Finding"))
    keys.add(KeyBinding(keyNames: ["Ctrl-O"], .jumpBack, help: "Back to the place before the last jump (go-to, search, g, G, i, Backspace, a view)", group: "Moving"))
    keys.add(KeyBinding(keyNames: ["Ctrl-T"], .jumpForward, help: "Forward again in the jump list (Ctrl-I is Tab in a terminal)", group: "Moving"))
    keys.add(KeyBinding(keyNames: ["'"], .markPrefix, help: "'' back to the place before the last jump, and again to return", group: "Moving"))
    keys.add(KeyBinding(keyNames: ["Ctrl-S"], .save, help: "Save", group: "File"))
    keys.add(KeyBinding(keyNames: [":"], .commandLine, help: "Command line (:w, :w PATH copy, :w! PATH overwrites, :saveas PATH, :q, :q!, :wq, a path, Tab completes)", group: "File"))
    return keys
  }
}
