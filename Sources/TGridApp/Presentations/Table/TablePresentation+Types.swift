import TermGrid

extension CommandIdentifier {
  /// Read the focused column as numbers (VisiData's `#`).
  static let setColumnTypeNumber: CommandIdentifier = "setColumnTypeNumber"
  /// Read the focused column as numbers written as strings (VisiData's `%`, float).
  static let setColumnTypeNumericString: CommandIdentifier = "setColumnTypeNumericString"
  /// Read the focused column as dates (VisiData's `@`).
  static let setColumnTypeDate: CommandIdentifier = "setColumnTypeDate"
  /// Read the focused column as text (VisiData's `~`).
  static let setColumnTypeString: CommandIdentifier = "setColumnTypeString"
}

/// Choosing a column's type, as VisiData's `#`, `%`, `@` and `~` do: the header's marker,
/// the alignment of its values and the order a sort gives them follow the chosen type
/// (dates in time order, text by code points even where it spells numbers). The same key
/// again goes back to the inferred type. The document is not changed.
extension TablePresentation {
  /// The type a column is read as: the one chosen for it, else the one inferred.
  func type(ofColumn name: String) -> ColumnType? {
    typeOverrides[name] ?? columnTypes[name]
  }

  /// The type a type command sets, if it is one.
  static func columnType(setBy command: CommandIdentifier) -> ColumnType? {
    switch command {
    case .setColumnTypeNumber: return .number
    case .setColumnTypeNumericString: return .numericString
    case .setColumnTypeDate: return .date
    case .setColumnTypeString: return .string
    default: return nil
    }
  }

  /// `#`, `%`, `@`, `~` on the focused column.
  func setFocusedColumnType(_ type: ColumnType) {
    let view = host.collectionView
    guard let focused = view.indexPathForFocusedItem.flatMap(position(of:)) else { return }
    let name = model.columns[focused.column]
    if typeOverrides[name] == type {
      typeOverrides[name] = nil
    } else {
      typeOverrides[name] = type
    }
    let shown = self.type(ofColumn: name) ?? .empty
    let focus = nodeID(at: indexPath(row: focused.row, column: focused.column))
    if sorts.contains(where: { $0.column == name }) {
      reorder(keepingFocusOn: focus, column: focused.column)
    }
    widenForMarker(of: name)
    tableLayout.invalidateLayout()
    view.reloadData()
    view.focusItem(at: view.indexPathForFocusedItem, scrollPosition: .nearest)
    host.setNeedsDisplay()
    let how = typeOverrides[name] == nil ? "its inferred type" : "chosen"
    host.show(message: "\(name) is read as \(Self.typeName(shown)) (\(how); the document is unchanged)")
  }

  /// What the status line calls a type.
  static func typeName(_ type: ColumnType) -> String {
    switch type {
    case .number: return "numbers #"
    case .numericString: return "numbers in strings %"
    case .date: return "dates @ (sorted in time order)"
    case .boolean: return "booleans ?"
    case .string: return "text"
    case .object: return "objects {}"
    case .array: return "arrays []"
    case .mixed: return "a mix *"
    case .empty: return "nothing (nulls and missing keys)"
    }
  }
}
