import TGridJSON
import TermGrid

/// The rows and columns of a table over one container: each child is a row, the columns
/// are the union of the rows' keys in first-seen order, and rows that are not objects
/// (scalars and arrays among records) show in a `(value)` column of their own.
struct TableModel {
  /// The container whose children are the rows.
  let root: NodeID
  /// The rows in document order.
  var rows: [NodeID]
  /// The column names; ``valueColumn`` for the column of non-object rows.
  var columns: [String]
  /// Whether the root is an object (rows are named by their keys).
  var isObjectRoot: Bool

  /// The name of the column that holds rows which are not objects.
  static let valueColumn = "(value)"

  init(store: DocumentStore, root: NodeID) {
    let document = store.document
    let node = store.node(root) ?? document.root
    self.root = store.id(node)
    isObjectRoot = document.kind(of: node) == .object
    var rows: [NodeID] = []
    var columns: [String] = []
    var seen: Set<String> = []
    var hasValues = false
    if document.kind(of: node).isContainer {
      rows.reserveCapacity(store.shownChildCount(of: node))
      for child in store.shownChildren(of: node) {
        rows.append(store.id(child))
        if document.kind(of: child) == .object {
          for member in document.children(of: child) {
            guard let key = document.key(of: member) else { continue }
            if seen.insert(key).inserted { columns.append(key) }
          }
        } else {
          hasValues = true
        }
      }
    } else {
      // A scalar document is a table of one value.
      rows = [store.id(node)]
      hasValues = true
    }
    if hasValues { columns.insert(Self.valueColumn, at: 0) }
    if columns.isEmpty && !rows.isEmpty { columns = [Self.valueColumn] }
    self.rows = rows
    self.columns = columns
  }

  /// The value of a row in a column, or `nil` when the row has no such key.
  func value(row: NodeID, column: Int, in store: DocumentStore) -> JSONNode? {
    guard columns.indices.contains(column), let node = store.node(row) else { return nil }
    let document = store.document
    if columns[column] == Self.valueColumn, document.kind(of: node) != .object { return node }
    guard document.kind(of: node) == .object else { return nil }
    return document.child(forKey: columns[column], of: node)
  }
}

/// How the table orders values when it sorts a column: numbers as numbers, strings by
/// code points, then booleans, null, containers, and rows without the key last.
enum TableSortKey: Comparable {
  case number(Double)
  case string([UInt32])
  case boolean(Bool)
  case null
  case container
  case missing

  init(_ node: JSONNode?, in document: JSONDocument) {
    guard let node else {
      self = .missing
      return
    }
    switch document.kind(of: node) {
    case .number: self = .number(document.double(of: node) ?? 0)
    case .string: self = .string((document.string(of: node) ?? "").unicodeScalars.map(\.value))
    case .true: self = .boolean(true)
    case .false: self = .boolean(false)
    case .null: self = .null
    case .object, .array: self = .container
    }
  }

  private var rank: Int {
    switch self {
    case .number: return 0
    case .string: return 1
    case .boolean: return 2
    case .null: return 3
    case .container: return 4
    case .missing: return 5
    }
  }

  static func < (lhs: TableSortKey, rhs: TableSortKey) -> Bool {
    switch (lhs, rhs) {
    case (.number(let a), .number(let b)): return a < b
    case (.string(let a), .string(let b)): return a.lexicographicallyPrecedes(b)
    case (.boolean(let a), .boolean(let b)): return !a && b
    default: return lhs.rank < rhs.rank
    }
  }
}
