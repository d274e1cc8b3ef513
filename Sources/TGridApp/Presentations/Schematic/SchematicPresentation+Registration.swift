import TermGrid

extension PresentationKind {
  /// The talk's schematic: a tree of boxes joined by lines.
  static let schematic: PresentationKind = "schematic"
}

extension CommandIdentifier {
  /// Show the document as a schematic.
  static let showSchematic: CommandIdentifier = "showSchematic"
}

extension BrowserKeys {
  /// Keys in the schematic.
  static let schematic = makeTable(for: .schematic) { keys in
    keys.add(KeyBinding([], .toggleCollapse, help: "Collapse or expand the box's children", group: "Schematic"))
    keys.rebind([KeyEvent(.enter)], to: .toggleCollapse)
    keys.add(KeyBinding([], .expandOrFirstChild, help: "Expand, or go to the first child", group: "Schematic"))
    keys.rebind([KeyEvent(.right), KeyEvent(.character("l"))], to: .expandOrFirstChild)
    keys.add(KeyBinding([], .collapseOrParent, help: "Collapse, or go to the parent", group: "Schematic"))
    keys.rebind([KeyEvent(.left), KeyEvent(.character("h"))], to: .collapseOrParent)
    keys.unbind(KeyEvent(.left, modifiers: .alt))
    keys.unbind(KeyEvent(.right, modifiers: .alt))
  }
}

extension SchematicPresentation {
  /// The schematic, as ``PresentationRegistry`` lists it: `5`, `--layout schematic`.
  static let registration = PresentationRegistration(
    kind: .schematic, digitKey: "5", commandLineName: "schematic", helpTitle: "a schematic",
    switchingCommand: .showSchematic, keyBindings: { BrowserKeys.schematic },
    make: { host, options in SchematicPresentation(host: host, kindField: options.kindField) })
}
