import TermGrid

extension CommandIdentifier {
  /// Select from the anchor to the focused item (`v`).
  static let extendToFocus: CommandIdentifier = "extendToFocus"
}

/// tgrid's key tables, built on TermGrid's standard one; the help screen is made from them.
/// Each presentation has its own, declared in its folder with ``makeTable(for:adding:)``: the
/// keys every view shares, and its own.
enum BrowserKeys {
  /// A view's key table: the keys every view shares, then its own (`adding`), then the
  /// switching keys (``PresentationRegistry``'s digit keys, Tab and Shift-Tab). Each view
  /// makes its own in its folder, as `BrowserKeys.grid` is.
  static func makeTable(for kind: PresentationKind, adding ownKeys: (inout KeyBindings) -> Void) -> KeyBindings {
    var keys = common()
    ownKeys(&keys)
    addSwitching(to: &keys, from: kind)
    return keys
  }

  /// The digit keys show each view; Tab and Shift-Tab the next and previous one.
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
    keys.add(
      KeyBinding(
        keyNames: ["z"], .foldPrefix, help: "z 0–9: show that deep · z a: all · z c: collapse", group: "Reading"))
    keys.add(
      KeyBinding(
        keyNames: ["c"], .copyPrefix, help: "c k: copy key · c p: path · c v: value indented · c c: one line",
        group: "Editing"))
    keys.add(
      KeyBinding(
        keyNames: ["/"], .search, help: "Search keys and values (Ctrl-R: regular expression)", group: "Finding"))
    keys.add(KeyBinding(keyNames: ["n"], .nextMatch, help: "Next match", group: "Finding"))
    keys.add(KeyBinding(keyNames: ["N"], .previousMatch, help: "Previous match", group: "Finding"))
    keys.add(
      KeyBinding(
        keyNames: ["f"], .filter, help: "Filter the elements (jq: .age > 30, .name | test(\"^A\"))", group: "Finding"))
    // L labels records (Shift-Right still extends the selection right).
    keys.add(
      KeyBinding(
        [], .chooseLabel, help: "Label records by a member (Tab: its keys; empty: automatic)", group: "Reading"))
    keys.rebind([KeyEvent(.character("L"))], to: .chooseLabel)
    keys.add(KeyBinding(keyNames: ["F"], .clearFilter, help: "Show every element again", group: "Finding"))
    keys.add(
      KeyBinding(
        keyNames: ["Ctrl-O"], .jumpBack,
        help: "Back to the place before the last jump (go-to, search, g, G, i, Backspace, a view)", group: "Moving"))
    keys.add(
      KeyBinding(
        keyNames: ["Ctrl-T"], .jumpForward, help: "Forward again in the jump list (Ctrl-I is Tab in a terminal)",
        group: "Moving"))
    keys.add(
      KeyBinding(
        keyNames: ["'"], .markPrefix, help: "'' back to the place before the last jump, and again to return",
        group: "Moving"))
    keys.add(KeyBinding(keyNames: ["Ctrl-S"], .save, help: "Save", group: "File"))
    keys.add(
      KeyBinding(
        keyNames: [":"], .commandLine,
        help: "Command line (:w, :w PATH copy, :w! PATH overwrites, :saveas PATH, :q, :q!, :wq, a path, Tab completes)",
        group: "File"))
    return keys
  }
}
