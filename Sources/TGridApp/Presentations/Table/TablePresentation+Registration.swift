import TermGrid

extension PresentationKind {
  /// Rows × columns: records and their keys.
  static let table: PresentationKind = "table"
}

extension CommandIdentifier {
  /// Show the document as a table.
  static let showTable: CommandIdentifier = "showTable"
}

extension BrowserKeys {
  /// Keys in the table.
  static let table = makeTable(for: .table) { keys in
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
  }
}

extension TablePresentation {
  /// The table, as ``PresentationRegistry`` lists it: `3`, `--layout table`.
  static let registration = PresentationRegistration(
    kind: .table, digitKey: "3", commandLineName: "table", helpTitle: "a table", switchingCommand: .showTable,
    keyBindings: { BrowserKeys.table },
    make: { host, _ in TablePresentation(host: host) })
}
