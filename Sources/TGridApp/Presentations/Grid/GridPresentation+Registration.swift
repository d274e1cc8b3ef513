import TermGrid

extension PresentationKind {
  /// Cards in a flow layout.
  package static let grid: PresentationKind = "grid"
}

extension CommandIdentifier {
  /// Show the document as a grid of cards.
  static let showGrid: CommandIdentifier = "showGrid"
}

extension BrowserKeys {
  /// Keys in the grid of cards.
  static let grid = makeTable(for: .grid) { keys in
    keys.add(KeyBinding(keyNames: ["i"], .openContainer, help: "Open the object or array as a grid", group: "View"))
    keys.add(KeyBinding(keyNames: ["Backspace"], .goUp, help: "Back to the enclosing container", group: "View"))
    keys.add(KeyBinding(keyNames: ["t"], .showTree, help: "Show as a tree", group: "View"))
  }
}

extension GridPresentation {
  /// The grid, as ``PresentationRegistry`` lists it: `1`, `--layout grid`.
  static let registration = PresentationRegistration(
    kind: .grid, digitKey: "1", commandLineName: "grid", helpTitle: "a grid of cards", switchingCommand: .showGrid,
    keyBindings: { BrowserKeys.grid },
    make: { host, _ in GridPresentation(host: host) })
}
