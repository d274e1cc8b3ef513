import TermGrid

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
    // `t` is the tree from every view (the tree's own `t` goes back to the grid), as the
    // grid's help says: a view that does not use the key for itself keeps it so.
    let tree = KeyEvent(.character("t"))
    if kind != .tree, keys.binding(for: tree) == nil { keys.rebind([tree], to: PresentationKind.tree.switchingCommand) }
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

  /// The standard keys plus what every tgrid view adds (``BrowserCommand/all``).
  private static func common() -> KeyBindings {
    BrowserCommand.commonKeyBindings()
  }
}
