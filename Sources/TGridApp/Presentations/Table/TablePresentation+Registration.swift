import TermGrid

extension PresentationKind {
  /// Rows × columns: records and their keys.
  static let table: PresentationKind = "table"
}

extension CommandIdentifier {
  /// Show the document as a table.
  static let showTable: CommandIdentifier = "showTable"
  /// The focused row's first column (vim's `0`).
  static let moveToFirstColumn: CommandIdentifier = "moveToFirstColumn"
  /// The focused row's last column (vim's `$`).
  static let moveToLastColumn: CommandIdentifier = "moveToLastColumn"
}

extension BrowserKeys {
  /// Keys in the table.
  static let table = makeTable(for: .table) { keys in
    // g, G, Home and End keep the column (the first and last row: End follows a stream);
    // 0 and $ keep the row, as in vim.
    keys.add(KeyBinding(keyNames: ["0", "^"], .moveToFirstColumn, help: "First column of the row", group: "Table"))
    keys.add(KeyBinding(keyNames: ["$"], .moveToLastColumn, help: "Last column of the row", group: "Table"))
    keys.add(KeyBinding(keyNames: ["s"], .sortAscending, help: "Sort rows by this column, ascending", group: "Table"))
    keys.add(KeyBinding(keyNames: ["S"], .sortDescending, help: "Sort rows by this column, descending", group: "Table"))
    // < and > size columns here; a diff's sides are z < and z >.
    keys.unbind(KeyEvent(.character("<")))
    keys.unbind(KeyEvent(.character(">")))
    keys.add(KeyBinding(keyNames: ["<"], .narrowColumn, help: "Narrow the column", group: "Table"))
    keys.add(KeyBinding(keyNames: [">"], .widenColumn, help: "Widen the column", group: "Table"))
    keys.add(KeyBinding([], .openCell, help: "Open a nested value as a table (else show it whole)", group: "Table"))
    keys.rebind([KeyEvent(.enter)], to: .openCell)
    keys.add(KeyBinding(keyNames: ["Backspace"], .goUp, help: "Back to the enclosing table", group: "Table"))
    // VisiData's Shift-F: F already shows every element again in tgrid, so the frequency
    // sheet is on = (and Alt-F); I is the summary, as in VisiData.
    keys.add(
      KeyBinding(
        keyNames: ["=", "Alt-f"], .showFrequencySheet,
        help: "Frequency of the column's values (VisiData's Shift-F; Enter filters to a value)", group: "Table"))
    keys.add(
      KeyBinding(
        keyNames: ["I"], .showSummarySheet, help: "Summary of every column: types, missing, distinct, numbers",
        group: "Table"))
    keys.add(
      KeyBinding(
        keyNames: ["!"], .togglePinnedColumn,
        help: "Pin the columns up to this one at the left (key columns), or unpin it", group: "Table"))
    keys.add(
      KeyBinding(keyNames: ["-"], .hideColumn, help: "Hide the column (:w and c copies leave it out)", group: "Table"))
    keys.add(KeyBinding(keyNames: ["_"], .showAllColumns, help: "Show every hidden column again", group: "Table"))
    // VisiData's expand-col and contract-col; z( and z) (every level) are second keys of z.
    keys.add(
      KeyBinding(
        keyNames: ["("], .expandColumn,
        help: "Expand a column of objects into sub-columns (address.city); z( every level", group: "Table"))
    keys.add(
      KeyBinding(
        keyNames: [")"], .collapseColumn, help: "Collapse a sub-column back into its column; z) every level",
        group: "Table"))
    // VisiData's type keys; the same key again goes back to the inferred type.
    keys.add(
      KeyBinding(
        keyNames: ["#"], .setColumnTypeNumber, help: "Read the column as numbers (again: the inferred type)",
        group: "Column types"))
    keys.add(
      KeyBinding(
        keyNames: ["%"], .setColumnTypeNumericString, help: "Read the column as numbers written as strings (float)",
        group: "Column types"))
    keys.add(
      KeyBinding(
        keyNames: ["@"], .setColumnTypeDate, help: "Read the column as dates: sort in time order",
        group: "Column types"))
    keys.add(
      KeyBinding(
        keyNames: ["~"], .setColumnTypeString, help: "Read the column as text: sort by characters",
        group: "Column types"))
    // VisiData selects rows with s/t/u; here s sorts and u undoes, so rows are r (and
    // Shift-Space where the terminal sends it apart from Space).
    keys.add(
      KeyBinding(
        keyNames: ["r", "Shift-Space"], .selectRow,
        help: "Select the row (whole record); then Space toggles rows, J/Shift-Up extend, Ctrl-A all", group: "Rows"))
    keys.add(
      KeyBinding(
        keyNames: ["R"], .invertRowSelection, help: "Invert the row selection (from none: all rows)", group: "Rows"))
    // Cells in a row are values of different records' keys: moving one sideways means nothing.
    keys.unbind(KeyEvent(.left, modifiers: .alt))
    keys.unbind(KeyEvent(.right, modifiers: .alt))
    // VisiData moves columns with H and L; here H/L are taken, so with Alt (the keys that
    // move a value sideways elsewhere).
    keys.add(
      KeyBinding(
        keyNames: ["Alt-Left", "Alt-h"], .moveColumnLeft, help: "Move the column left (the document keeps its order)",
        group: "Table"))
    keys.add(
      KeyBinding(keyNames: ["Alt-Right", "Alt-l"], .moveColumnRight, help: "Move the column right", group: "Table"))
  }
}

extension BrowserKeys {
  /// Keys in the table's frequency and summary sheets: moving, and the sheets' own.
  static let tableSheet: KeyBindings = {
    let moving: Set<CommandIdentifier> = [
      .moveUp, .moveDown, .moveLeft, .moveRight, .pageUp, .pageDown, .moveToFirst, .moveToLast, .scrollLineUp,
      .scrollLineDown, .showHelp, .redraw,
    ]
    var keys = KeyBindings(KeyBindings.standard.bindings.filter { moving.contains($0.command) })
    keys.add(
      KeyBinding(
        [], .openSheetRow, help: "Filter the table to the value's records, or go to the column", group: "Sheet"))
    keys.rebind([KeyEvent(.enter)], to: .openSheetRow)
    keys.add(
      KeyBinding(
        keyNames: ["q", "Esc", "Backspace", "Ctrl-C"], .closeSheet, help: "Back to the table (Esc stops counting)",
        group: "Sheet"))
    keys.add(
      KeyBinding(
        keyNames: ["Space", "s"], .selectSheetRecords,
        help: "Select the value's records (back in the table they are selected rows)", group: "Sheet"))
    keys.add(KeyBinding(keyNames: ["+"], .moreBins, help: "More bins (a column of numbers)", group: "Sheet"))
    keys.add(KeyBinding(keyNames: ["-"], .fewerBins, help: "Fewer bins", group: "Sheet"))
    return keys
  }()
}

extension TablePresentation {
  /// The table, as ``PresentationRegistry`` lists it: `3`, `--layout table`.
  static let registration = PresentationRegistration(
    kind: .table, digitKey: "3", commandLineName: "table", helpTitle: "a table", switchingCommand: .showTable,
    keyBindings: { BrowserKeys.table },
    make: { host, _ in TablePresentation(host: host) })
}
