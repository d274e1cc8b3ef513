import TermGrid

extension PresentationKind {
  /// A tree, as an outline or in columns.
  package static let tree: PresentationKind = "tree"
}

extension CommandIdentifier {
  /// Show the document as a tree.
  static let showTree: CommandIdentifier = "showTree"
}

extension BrowserKeys {
  /// Keys in the tree.
  static let tree = makeTable(for: .tree) { keys in
    keys.add(KeyBinding([], .toggleCollapse, help: "Collapse or expand the node", group: "Tree"))
    keys.rebind([KeyEvent(.enter)], to: .toggleCollapse)
    keys.add(KeyBinding([], .expandOrFirstChild, help: "Expand, or go to the first child", group: "Tree"))
    keys.rebind([KeyEvent(.right), KeyEvent(.character("l"))], to: .expandOrFirstChild)
    keys.add(KeyBinding([], .collapseOrParent, help: "Collapse, or go to the parent", group: "Tree"))
    keys.rebind([KeyEvent(.left), KeyEvent(.character("h"))], to: .collapseOrParent)
    keys.add(KeyBinding(keyNames: ["o"], .toggleTreeStyle, help: "Columns or outline", group: "Tree"))
    keys.add(
      KeyBinding(
        keyNames: ["T"], .toggleTreeTable,
        help: "Records here as a tree or a table (records sharing keys are tables by default)",
        group: "Tree"))
    // In an outline the values are a list: Alt-Left and Alt-Right move nothing.
    keys.unbind(KeyEvent(.left, modifiers: .alt))
    keys.unbind(KeyEvent(.right, modifiers: .alt))
    keys.add(KeyBinding(keyNames: ["t"], .showGrid, help: "Show as a grid of cards", group: "View"))
  }
}

extension TreePresentation {
  /// The tree, as ``PresentationRegistry`` lists it: `2`, `--layout tree`, in the shape
  /// `--tree-style` asks for.
  static let registration = PresentationRegistration(
    kind: .tree, digitKey: "2", commandLineName: "tree", helpTitle: "a tree", switchingCommand: .showTree,
    keyBindings: { BrowserKeys.tree },
    make: { host, options in TreePresentation(host: host, orientation: options.treeOrientation) })
}
