import TGridJSON
import TGridSystem
import TermGrid

/// The rows and columns of a table over one container: each child is a row, the columns
/// are the union of the rows' keys in first-seen order, rows that are arrays show their
/// elements in a column per position (`[0]`, `[1]`, … as VisiData has them, typed and
/// sorted like any column), and other rows (scalars, empty arrays) show in a `(value)`
/// column of their own.
///
/// The rows are listed at once, as a ``NodeIDList`` (the children of an untouched container
/// are one run of ids: no memory per row), but finding the columns means reading every key
/// of every row, so it goes in slices: ``init(store:root:)`` reads the first rows,
/// ``scan(in:until:)`` reads on, and ``columns`` grows as keys turn up (``isScanned`` once
/// every row is read). Rows are read in document order, each from the one before; a
/// container whose children are all scalars has no keys to read at all.
struct TableModel {
  /// The container whose children are the rows.
  let root: NodeID
  /// The rows in document order.
  var rows: NodeIDList
  /// The column names shown; ``valueColumn`` for the column of non-object rows.
  private(set) var columns: [String] = []
  /// Every column's name, hidden or not (the union of the rows' keys).
  private(set) var allColumns: [String] = []
  /// The columns hidden (`-` in the table), by name.
  private(set) var hiddenColumns: Set<String> = []
  /// The column order the person made by moving columns (Alt-Left/Right), if any: columns
  /// found later go after the ones it names.
  private(set) var columnOrder: [String]?
  /// Whether the root is an object (rows are named by their keys).
  var isObjectRoot: Bool
  /// The columns expanded into sub-columns (`(`, VisiData's expand-col): a column's name
  /// and the names of the columns that show its objects' keys, in first-seen order.
  private(set) var expansions: [String: [String]] = [:]
  /// The keys from a row to a sub-column's value (`address.city` → `["address", "city"]`);
  /// a column of the rows' own keys is not listed (its path is its name).
  private(set) var columnPaths: [String: [String]] = [:]
  /// The columns of array rows' elements (`[0]`, `[1]`, …) and the position each shows.
  /// An object row with a key spelled the same (`"[0]"`) shows its member there.
  private(set) var elementColumns: [String: Int] = [:]

  /// The scan in progress: the rows read so far and the keys they have.
  private var scan = Scan()
  /// Whether every row has been read for its keys.
  var isScanned: Bool { scan.next >= rows.count }
  /// How many rows have been read for their keys.
  var scannedRowCount: Int { min(scan.next, rows.count) }
  /// Rows of the scan whose keys were decoded (the others had the keys of the row read
  /// before them): a measure for tests.
  var keyDecodedRowCount: Int { scan.decodedRowCount }

  /// The name of the column that holds rows which are not objects.
  static let valueColumn = "(value)"
  /// Rows read for their keys when the model is made (enough for a first screen of any
  /// ordinary dataset, and cheap).
  static let initialScanRows = 2_000
  /// Array rows show at most this many elements as columns (the rest show in the tree).
  static let maximumElementColumns = 1_000

  /// The name of the column of array rows' elements at `position`: `[0]`, as jq's path.
  static func elementColumnName(_ position: Int) -> String { "[\(position)]" }

  fileprivate struct Scan: Sendable {
    var next = 0
    var keys: [String] = []
    var seen: Set<String> = []
    var hasValues = false
    /// Rows whose keys were decoded, and rows skipped as shaped like the row before.
    var decodedRowCount = 0
    var skippedRowCount = 0
    /// The most elements an array row has (at most ``maximumElementColumns``).
    var elementCount = 0
    /// Whether the first row that is an object or an array was an array (its element
    /// columns come first).
    var elementsFirst: Bool?

    /// Adds the scan of the rows after this one's (read on another thread).
    mutating func merge(_ later: Scan) {
      for key in later.keys where seen.insert(key).inserted { keys.append(key) }
      hasValues = hasValues || later.hasValues
      decodedRowCount += later.decodedRowCount
      skippedRowCount += later.skippedRowCount
      elementCount = max(elementCount, later.elementCount)
      if elementsFirst == nil { elementsFirst = later.elementsFirst }
    }
  }

  /// Where a column's value is in a row (what ``value(_:in:of:)`` reads, on any thread).
  enum CellSource: Equatable, Sendable {
    /// The row itself, when it is neither an object nor a non-empty array.
    case row
    /// An object row's own member.
    case key(String)
    /// Along keys from an object row (a sub-column).
    case path([String])
    /// The element at a position of an array row, or an object row's member with the
    /// column's name.
    case element(Int, key: String)
  }

  /// Where the column named `name` finds its value in a row.
  func source(ofColumn name: String) -> CellSource {
    if name == Self.valueColumn { return .row }
    if let position = elementColumns[name] { return .element(position, key: name) }
    if let path = columnPaths[name] { return .path(path) }
    return .key(name)
  }

  /// The value a column shows for `row` (nil: the row has none there).
  static func value(_ source: CellSource, in row: JSONNode, of document: JSONDocument) -> JSONNode? {
    let kind = document.kind(of: row)
    switch source {
    case .row:
      return kind == .object || (kind == .array && document.childCount(of: row) > 0) ? nil : row
    case .key(let key):
      return kind == .object ? document.child(forKey: key, of: row) : nil
    case .path(let path):
      return kind == .object ? value(at: path, in: row, of: document) : nil
    case .element(let position, let key):
      if kind == .array { return document.child(at: position, of: row) }
      return kind == .object ? document.child(forKey: key, of: row) : nil
    }
  }

  /// Notes a row that is not an object: an array's elements make columns, anything else
  /// shows in ``valueColumn``.
  private static func note(valueRow row: JSONNode, of document: JSONDocument, in scan: inout Scan) {
    let count = document.kind(of: row) == .array ? document.childCount(of: row) : 0
    guard count > 0 else {
      scan.hasValues = true
      return
    }
    scan.elementCount = max(scan.elementCount, min(count, maximumElementColumns))
    if scan.elementsFirst == nil { scan.elementsFirst = true }
  }

  /// The expanded columns of a table, kept when it reads its rows again.
  struct Nesting {
    var expansions: [String: [String]] = [:]
    var columnPaths: [String: [String]] = [:]
  }

  /// What is expanded, to give a model made again over the same rows.
  var nesting: Nesting { Nesting(expansions: expansions, columnPaths: columnPaths) }

  init(store: DocumentStore, root: NodeID, hiding hidden: Set<String> = [], nesting: Nesting = Nesting()) {
    hiddenColumns = hidden
    expansions = nesting.expansions
    columnPaths = nesting.columnPaths
    let document = store.document
    let node = store.node(root) ?? document.root
    self.root = store.id(node)
    isObjectRoot = document.kind(of: node) == .object
    if document.kind(of: node).isContainer {
      rows = NodeIDList(shownChildrenOf: node, in: store)
    } else {
      // A scalar document is a table of one value.
      rows = [store.id(node)]
    }
    _ = scanRows(upTo: Self.initialScanRows, in: store, until: nil)
  }

  /// Reads rows for their keys until `deadline` (a `MonotonicClock.nanoseconds()` value)
  /// or the last row.
  /// - Returns: whether ``columns`` changed.
  mutating func scan(in store: DocumentStore, until deadline: UInt64) -> Bool {
    scanRows(upTo: rows.count, in: store, until: deadline)
  }

  /// Reads every row again for its keys (after an edit that removed or replaced rows, the
  /// union may have lost a key); ``columns`` keep what they have until the new scan ends.
  mutating func rescan() {
    scan = Scan()
  }

  /// Adds the keys of rows inserted or replaced by an edit at once, so a new field shows
  /// without waiting for a scan.
  /// - Returns: whether ``columns`` changed.
  mutating func include(rows changed: [NodeID], in store: DocumentStore) -> Bool {
    let document = store.document
    var keys = topLevelKeys
    var seen = Set(keys)
    var found = Scan()
    found.hasValues = allColumns.contains(Self.valueColumn)
    found.elementCount = elementColumns.count
    for id in changed {
      guard let node = store.node(id) else { continue }
      if document.kind(of: node) == .object {
        for member in document.children(of: node) {
          if let key = document.key(of: member), seen.insert(key).inserted { keys.append(key) }
        }
      } else {
        Self.note(valueRow: node, of: document, in: &found)
      }
    }
    // A value among records that arrive (a text line while following) adds its column last.
    return setColumns(keys: keys, hasValues: found.hasValues, elements: found.elementCount, valuesLast: true)
  }

  private mutating func scanRows(upTo limit: Int, in store: DocumentStore, until deadline: UInt64?) -> Bool {
    let document = store.document
    guard let node = store.node(root), document.kind(of: node).isContainer else {
      scan.next = rows.count
      return setColumns(keys: [], hasValues: true)
    }
    let available = min(rows.count, store.shownChildCount(of: node))
    let end = min(limit, available)
    var position = scan.next
    if position < end, document.hasOnlyScalarChildren(node) {
      // Every row is a scalar (25 M numbers): nothing to read, whatever the filter keeps.
      scan.hasValues = true
      position = available
    }
    // Unfiltered rows are read each from the one before (no lookup by position per row).
    let isFiltered = store.filter.map { $0.container == root } ?? false
    var following = document.children(of: node, from: isFiltered ? 0 : position).makeIterator()
    func nextRow() -> JSONNode? {
      isFiltered ? store.shownChild(at: position, of: node) : following.next()
    }
    var previous: JSONNode?
    if !isFiltered {
      // Unfiltered rows are a pure function of the text: read in halves on two cores.
      position = Self.scanInHalves(
        of: node, from: position, to: end, in: document, into: &scan, after: &previous, until: deadline)
      following = document.children(of: node, from: position).makeIterator()
    }
    while position < end, let child = nextRow() {
      Self.scan(row: child, after: &previous, of: document, into: &scan)
      position += 1
      // The clock is read every 256 rows: a row costs about a microsecond.
      if position & 255 == 0, let deadline, MonotonicClock.nanoseconds() >= deadline { break }
    }
    // Rows the document no longer has (never, unless they disagree) end the scan too.
    scan.next = position >= available ? rows.count : position
    if isScanned {
      // The whole union: columns are exactly what the rows have.
      return setColumns(
        keys: scan.keys, hasValues: scan.hasValues, elements: scan.elementCount,
        elementsFirst: scan.elementsFirst ?? true)
    }
    // Part way: columns only grow (a rescan after an edit keeps the old ones meanwhile).
    var keys = topLevelKeys
    var seen = Set(keys)
    for key in scan.keys where seen.insert(key).inserted { keys.append(key) }
    return setColumns(
      keys: keys, hasValues: scan.hasValues || allColumns.contains(Self.valueColumn),
      elements: max(scan.elementCount, elementColumns.count), elementsFirst: scan.elementsFirst ?? true)
  }

  /// Reads one row's keys into `scan`. A row with the keys of the row before (compared as
  /// bytes) has none to add: most records share a shape, and decoding and hashing every key
  /// of 2.5 M records took the most of a gigabyte's scan.
  private static func scan(
    row: JSONNode, after previous: inout JSONNode?, of document: JSONDocument, into scan: inout Scan
  ) {
    if document.kind(of: row) == .object {
      if let previous, document.hasSameKeys(row, as: previous) {
        scan.skippedRowCount += 1
      } else {
        for member in document.children(of: row) {
          guard let key = document.key(of: member) else { continue }
          if scan.seen.insert(key).inserted { scan.keys.append(key) }
        }
        scan.decodedRowCount += 1
        previous = row
      }
      if scan.elementsFirst == nil { scan.elementsFirst = false }
    } else {
      note(valueRow: row, of: document, in: &scan)
    }
  }

  /// Rows each of two threads reads at a time: a few milliseconds' work, so a slice ends
  /// near its deadline, and far more than the cost of starting a thread.
  static let rowsPerThread = 2_048

  /// Reads the children of `node` from `start` towards `end` in chunks of two halves, the
  /// later half of each on a worker thread into a scan of its own, merged after the
  /// earlier half's (keys in first-seen order, as one pass makes them), until `deadline`.
  /// `previous` is the last row of this thread's halves whose keys were decoded.
  /// Stops where fewer than two halves are left (or no thread can be had); returns the
  /// position it got to.
  private static func scanInHalves(
    of node: JSONNode, from start: Int, to end: Int, in document: JSONDocument, into scan: inout Scan,
    after previous: inout JSONNode?, until deadline: UInt64?
  ) -> Int {
    var position = start
    guard TableScanHalves.hasTwoCores else { return position }
    while end - position >= 2 * rowsPerThread {
      let middle = position + rowsPerThread
      let later = TableScanHalves.Later()
      let worker = WorkerThread.start {
        var part = Scan()
        var previous: JSONNode?
        var rows = document.children(of: node, from: middle).makeIterator()
        for _ in 0..<rowsPerThread {
          guard let row = rows.next() else { break }
          Self.scan(row: row, after: &previous, of: document, into: &part)
        }
        later.scan = part
      }
      guard let worker else { break }
      var rows = document.children(of: node, from: position).makeIterator()
      for _ in 0..<rowsPerThread {
        guard let row = rows.next() else { break }
        Self.scan(row: row, after: &previous, of: document, into: &scan)
      }
      worker.join()
      scan.merge(later.scan)
      position += 2 * rowsPerThread
      if let deadline, MonotonicClock.nanoseconds() >= deadline { break }
    }
    return position
  }

  /// Sets the columns: the rows' keys (expanded where they are), `elements` columns of
  /// array elements before or after them, and ``valueColumn`` when `hasValues`: where it is
  /// shown, else first (last with `valuesLast` after other columns).
  private mutating func setColumns(
    keys: [String], hasValues: Bool, elements: Int = 0, elementsFirst: Bool? = nil, valuesLast: Bool = false
  ) -> Bool {
    let elementNames = (0..<elements).map(Self.elementColumnName)
    let before =
      elementsFirst ?? (allColumns.first { $0 != Self.valueColumn }.map { elementColumns[$0] != nil } ?? true)
    var seen = Set(elementNames)
    // A key spelled as an element column (`"[0]"`) shares its column.
    let keyNames = keys.flatMap { expandedNames(of: $0) }.filter { seen.insert($0).inserted }
    elementColumns = Dictionary(uniqueKeysWithValues: elementNames.enumerated().map { ($1, $0) })
    var next = before ? elementNames + keyNames : keyNames + elementNames
    if hasValues || (next.isEmpty && !rows.isEmpty) {
      // Where it is shown (no column moves when rows are read again); else first, or last
      // when `valuesLast` and other columns are shown.
      let isFirst =
        allColumns.contains(Self.valueColumn)
        ? allColumns.first == Self.valueColumn : !(valuesLast && !allColumns.isEmpty)
      if isFirst { next.insert(Self.valueColumn, at: 0) } else { next.append(Self.valueColumn) }
    }
    if let columnOrder {
      let present = Set(next)
      let placed = columnOrder.filter { present.contains($0) }
      let placedSet = Set(placed)
      next = placed + next.filter { !placedSet.contains($0) }
    }
    guard next != allColumns else { return false }
    allColumns = next
    showColumns()
    return true
  }

  /// The rows' own keys the columns show (a sub-column stands for the key it is below).
  private var topLevelKeys: [String] {
    var seen: Set<String> = []
    return allColumns.compactMap { name in
      guard name != Self.valueColumn, elementColumns[name] == nil, let key = path(ofColumn: name).first,
        seen.insert(key).inserted
      else {
        return nil
      }
      return key
    }
  }

  /// A column's name, or the names of its sub-columns (and theirs) where it is expanded.
  private func expandedNames(of name: String) -> [String] {
    guard let parts = expansions[name] else { return [name] }
    return parts.flatMap { expandedNames(of: $0) }
  }

  /// The keys from a row to the value a column shows.
  func path(ofColumn name: String) -> [String] {
    columnPaths[name] ?? [name]
  }

  /// Whether a column shows a value below the rows' own members (`address.city`).
  func isSubColumn(_ name: String) -> Bool { columnPaths[name] != nil }

  /// The value at a column's path below a row: each step a key of an object (nil where a
  /// step is missing or not an object).
  static func value(at path: [String], in row: JSONNode, of document: JSONDocument) -> JSONNode? {
    var node = row
    for key in path {
      guard document.kind(of: node) == .object, let child = document.child(forKey: key, of: node) else { return nil }
      node = child
    }
    return node
  }

  /// `(`: shows a column of objects as one sub-column per key of its objects (every row
  /// read: the union, in first-seen order), named `column.key`.
  /// - Returns: how many sub-columns it has now (0: no row has an object there).
  mutating func expand(column name: String, in store: DocumentStore) -> Int {
    guard name != Self.valueColumn, elementColumns[name] == nil, expansions[name] == nil, allColumns.contains(name)
    else { return 0 }
    let document = store.document
    let path = path(ofColumn: name)
    var keys: [String] = []
    var seen: Set<String> = []
    for id in rows {
      guard let row = store.node(id), let value = Self.value(at: path, in: row, of: document),
        document.kind(of: value) == .object
      else { continue }
      for member in document.children(of: value) {
        if let key = document.key(of: member), seen.insert(key).inserted { keys.append(key) }
      }
    }
    guard !keys.isEmpty else { return 0 }
    let taken = Set(allColumns)
    let names = keys.map { key -> String in
      // A sub-column never takes the name of a row's own key (`{"a.b": 1, "a": {"b": 2}}`).
      let plain = name + "." + key
      return taken.contains(plain) ? name + "." + JSONStringEncoder.quoted(key) : plain
    }
    for (key, subName) in zip(keys, names) { columnPaths[subName] = path + [key] }
    expansions[name] = names
    replace(name, with: names)
    return names.count
  }

  /// `)`: shows the sub-columns of `name`'s parent column (and any expanded below it) as
  /// that one column again; `name` may be the parent itself.
  /// - Returns: the column shown instead, or nil when `name` is not a sub-column.
  mutating func collapse(column name: String) -> String? {
    guard let parent = expansions.first(where: { $0.value.contains(name) })?.key else { return nil }
    let shown = expandedNames(of: parent)
    forget(parent)
    var order = allColumns
    guard let first = order.firstIndex(where: shown.contains) else { return parent }
    order.removeAll { shown.contains($0) }
    order.insert(parent, at: first)
    hiddenColumns.subtract(shown)
    if columnOrder != nil { columnOrder = order }
    allColumns = order
    showColumns()
    return parent
  }

  /// The parent of a sub-column, if it is one.
  func parent(ofColumn name: String) -> String? {
    expansions.first { $0.value.contains(name) }?.key
  }

  /// Drops an expansion and those below it.
  private mutating func forget(_ name: String) {
    guard let parts = expansions.removeValue(forKey: name) else { return }
    for part in parts {
      forget(part)
      columnPaths[part] = nil
    }
  }

  private mutating func replace(_ name: String, with names: [String]) {
    var order = allColumns
    guard let index = order.firstIndex(of: name) else { return }
    order.replaceSubrange(index...index, with: names)
    if columnOrder != nil { columnOrder = order }
    allColumns = order
    showColumns()
  }

  /// The column showing the value at `keys` below a row, or the nearest one above it
  /// (`["address", "city", "zip"]` → `address.city` when only that is expanded).
  func column(forPath keys: [String]) -> Int? {
    var length = keys.count
    while length > 0 {
      let prefix = Array(keys.prefix(length))
      if let name = length == 1 ? prefix[0] : columnPaths.first(where: { $0.value == prefix })?.key,
        let column = columnIndex[name], path(ofColumn: name) == prefix
      {
        return column
      }
      length -= 1
    }
    return nil
  }

  /// Lists the columns not hidden, and indexes them.
  private mutating func showColumns() {
    columns = hiddenColumns.isEmpty ? allColumns : allColumns.filter { !hiddenColumns.contains($0) }
    columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Hides a column (the rows keep their values; exports and copies leave it out).
  mutating func hide(column name: String) {
    hiddenColumns.insert(name)
    showColumns()
  }

  /// Moves a shown column `offset` places among the shown ones (past hidden ones).
  /// - Returns: whether it moved (not past either end).
  mutating func moveColumn(named name: String, by offset: Int) -> Bool {
    guard let index = columns.firstIndex(of: name), columns.indices.contains(index + offset), offset != 0 else {
      return false
    }
    var order = allColumns
    guard let from = order.firstIndex(of: name), let to = order.firstIndex(of: columns[index + offset]) else {
      return false
    }
    order.remove(at: from)
    order.insert(name, at: to)
    columnOrder = order
    allColumns = order
    showColumns()
    return true
  }

  /// Shows every hidden column again.
  mutating func showAllColumns() {
    hiddenColumns = []
    showColumns()
  }

  /// The column of each name (a table may have 10,000 columns: never searched one by one).
  private var columnIndex: [String: Int] = [:]

  /// The column that shows a key, or ``valueColumn``.
  func column(named name: String) -> Int? {
    columnIndex[name]
  }

  /// The first column, in column order, in which a row shows something: O(the row's
  /// members), not O(columns × members).
  func firstFilledColumn(of row: NodeID, in store: DocumentStore) -> Int {
    let document = store.document
    guard let node = store.node(row) else { return 0 }
    if document.kind(of: node) == .array, document.childCount(of: node) > 0 {
      return columnIndex[Self.elementColumnName(0)] ?? 0
    }
    guard document.kind(of: node) == .object else { return columnIndex[Self.valueColumn] ?? 0 }
    var first: Int?
    for member in document.children(of: node) {
      guard let key = document.key(of: member), let column = columnIndex[key] ?? firstSubColumn(of: key) else {
        continue
      }
      first = min(first ?? column, column)
    }
    return first ?? 0
  }

  /// The first shown sub-column of an expanded key.
  private func firstSubColumn(of key: String) -> Int? {
    guard expansions[key] != nil else { return nil }
    return expandedNames(of: key).compactMap { columnIndex[$0] }.min()
  }

  /// The value of a row in a column, or `nil` when the row has no such key (or, for a
  /// sub-column, a step of its path is missing or not an object).
  func value(row: NodeID, column: Int, in store: DocumentStore) -> JSONNode? {
    guard columns.indices.contains(column), let node = store.node(row) else { return nil }
    return Self.value(source(ofColumn: columns[column]), in: node, of: store.document)
  }
}

/// How the table orders values when it sorts a column: numbers as numbers (and strings
/// that are numbers, such as `"88111030"`, as the numbers they spell), strings by code
/// points, then booleans; null, containers and rows without the key come last. The kinds
/// keep that order whichever way the column is sorted (``kindOrder``): descending reverses
/// the values of each kind, so the odd text in a column of numbers, or a null, never comes
/// first.
enum TableSortKey: Comparable {
  case number(Double)
  case string(String)
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
    case .string:
      let text = document.string(of: node) ?? ""
      if let number = Self.number(spelledBy: text) {
        self = .number(number)
      } else {
        self = .string(text)
      }
    case .true: self = .boolean(true)
    case .false: self = .boolean(false)
    case .null: self = .null
    case .object, .array: self = .container
    }
  }

  /// Whether the key has no value to order by (null, a container, a missing key).
  var sortsLast: Bool { kindOrder >= 3 }

  /// The number a string spells in JSON's way or a common one (`12`, `-3.5`, `1e6`, `+4`),
  /// nil for anything else (`0x10`, `nan`, `1,000`, ` 12`, an empty string).
  static func number(spelledBy text: String) -> Double? {
    var text = text
    return text.withUTF8 { number(spelledBy: $0) }
  }

  /// The number a string's UTF-8 bytes spell (as the text's `number(spelledBy:)`).
  static func number(spelledBy utf8: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !utf8.isEmpty, utf8.count <= 32, utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
      utf8.allSatisfy({
        ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45
      })
    else { return nil }
    guard let value = shortDecimal(utf8) ?? Double(String(decoding: utf8, as: UTF8.self)), value.isFinite else {
      return nil
    }
    return value
  }

  /// The value of a short decimal (`-12`, `3.25`: at most 15 digits, no exponent) without
  /// `strtod`: its digits are a whole number a `Double` holds exactly, and one division by
  /// an exact power of ten rounds correctly (Clinger's fast path), so the result is the
  /// very `Double(text)`. Nil for anything else (`Double(text)` reads it then).
  static func shortDecimal(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { shortDecimal($0) }
  }

  /// The value of a short decimal's UTF-8 bytes (as the text's `shortDecimal(_:)`).
  static func shortDecimal(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
    var digits: Int64 = 0
    var count = 0
    var fraction = -1
    var isNegative = false
    for (index, byte) in utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits = digits * 10 + Int64(byte &- UInt8(ascii: "0"))
        count += 1
        if fraction >= 0 { fraction += 1 }
        if count > 15 { return nil }
      case UInt8(ascii: "."):
        guard fraction < 0, count > 0 else { return nil }
        fraction = 0
      case UInt8(ascii: "-") where index == 0:
        isNegative = true
      default:
        return nil
      }
    }
    guard count > 0, fraction != 0 else { return nil }
    let value = fraction > 0 ? Double(digits) / powersOfTen[fraction] : Double(digits)
    return isNegative ? -value : value
  }

  /// 10⁰ … 10¹⁵, each exact.
  private static let powersOfTen: [Double] = (0...15).map { power in
    (0..<power).reduce(1.0) { value, _ in value * 10 }
  }

  /// The order of kinds, the same ascending and descending: numbers, strings, booleans,
  /// null, containers, missing.
  var kindOrder: Int {
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
    // Code points, not Swift's `<` (which compares canonically equivalent strings as equal).
    case (.string(let a), .string(let b)): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    case (.boolean(let a), .boolean(let b)): return !a && b
    default: return lhs.kindOrder < rhs.kindOrder
    }
  }

  static func == (lhs: TableSortKey, rhs: TableSortKey) -> Bool {
    !(lhs < rhs) && !(rhs < lhs)
  }
}

/// The later half of a chunk of the table's key scan (``TableModel``), written on a worker
/// thread and read after it is joined.
enum TableScanHalves {
  static let hasTwoCores = ProcessIdentity.processorCount >= 2

  final class Later: @unchecked Sendable {
    fileprivate var scan = TableModel.Scan()
  }
}
