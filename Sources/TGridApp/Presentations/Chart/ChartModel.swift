import TGridJSON
import TermGrid

/// The values a chart plots: for each record of the container (its children, in document
/// order), an x value and a value in each y field (`nan` where it has none).
///
/// The fields are found on a sample at once (``fields``, each with the kind its values
/// have); reading every record goes in slices, as the timeline reads its dates:
/// ``init(store:root:x:y:)`` reads the first ``initialReadRecords``, ``read(in:until:)``
/// reads on (``isRead`` once every record is read), so a chart of a million records shows
/// at once.
struct ChartModel {
  /// What a field's values are, as the sample shows.
  enum FieldKind: String, Sendable {
    /// Numbers (or numbers written as strings).
    case number
    /// Dates (ISO 8601 strings, or epoch numbers in fields named like dates).
    case date
    /// Text: on x, each distinct value is a category.
    case text
  }

  /// A field of the records and its kind.
  struct Field: Hashable {
    var name: String
    var kind: FieldKind
  }

  /// The container whose children are the records.
  var root: NodeID { reader.root }
  /// Reads the records in slices, keeping its place.
  private var reader: RecordSliceReader
  /// The x field (when there is one) and the y fields, looked up in one pass over each
  /// record's members.
  private var lookup = JSONKeyList([])
  /// The members `lookup` found in the record read last (reused: no allocation per record).
  private var found: [JSONNode?] = []
  /// The fields of the sampled records, in the order they first appear.
  private(set) var fields: [Field] = []
  /// The x field, or `nil` for the record's index.
  private(set) var xField: String?
  /// What x holds.
  private(set) var xKind: FieldKind = .number
  /// The y fields (one series each).
  private(set) var yFields: [String] = []
  /// The records read so far.
  private(set) var ids: [NodeID] = []
  /// Their x values: a number, seconds since 1970, or a category's index.
  private(set) var x: [Double] = []
  /// Their values in each y field: `y[series][record]`.
  private(set) var y: [[Double]] = []
  /// The categories of a text x field, in the order met.
  private(set) var categories: [String] = []
  private var categoryIndex: [String: Int] = [:]
  /// The records read so far, and how many there are.
  var readCount: Int { reader.readCount }
  var recordCount: Int { reader.recordCount }
  /// Whether every record has been read.
  var isRead: Bool { reader.isRead }

  /// Records sampled to find the fields.
  static let sampleSize = 200
  /// Records read when the model is made.
  static let initialReadRecords = 2_000
  /// The most series chosen without being asked (each has its colour and marker).
  static let defaultSeriesLimit = 4
  /// The most categories a text x field makes; records of others are left off.
  static let categoryLimit = 500

  /// A model of the container's records, plotting `y` against `x` (field names), or fields
  /// chosen from the data where they are `nil`: x is a date field if any, else the first
  /// numeric field (or the index when there is only one); y the numeric fields.
  init(store: DocumentStore, root: NodeID, x: String?, y: [String]?) {
    let document = store.document
    let node = store.node(root) ?? document.root
    reader = RecordSliceReader(root: store.id(node))
    guard document.kind(of: node).isContainer else { return }
    fields = Self.fields(of: node, in: document)
    let numbers = fields.filter { $0.kind == .number }.map(\.name)
    if let x {
      xField = x.isEmpty ? nil : x
    } else if let date = fields.first(where: { $0.kind == .date }) {
      xField = date.name
    } else if let y, !y.isEmpty {
      // The first number not plotted on y.
      xField = numbers.first { !y.contains($0) }
    } else if numbers.count > 1 {
      xField = numbers[0]
    }
    xKind = xField.flatMap { name in fields.first { $0.name == name }?.kind } ?? .number
    if let y, !y.isEmpty {
      for name in y where !yFields.contains(name) { yFields.append(name) }
    } else {
      yFields = Array(numbers.filter { $0 != xField }.prefix(Self.defaultSeriesLimit))
    }
    self.y = yFields.map { _ in [] }
    lookup = JSONKeyList((xField.map { [$0] } ?? []) + yFields)
    reader = RecordSliceReader(root: self.root, recordCount: store.shownChildCount(of: node))
    read(upTo: Self.initialReadRecords, in: store, until: nil)
  }

  /// The same fields, read again from the start (after an edit, a filter).
  func reread(in store: DocumentStore) -> ChartModel {
    ChartModel(
      store: store, root: store.node(root) != nil ? root : store.root, x: xField ?? "",
      y: yFields.isEmpty ? nil : yFields)
  }

  /// A field's kind, as sampled (`nil` for a field the sample did not have).
  func kind(of field: String) -> FieldKind? {
    fields.first { $0.name == field }?.kind
  }

  /// Reads records until `deadline` (a `MonotonicClock.nanoseconds()` value) or the last.
  /// - Returns: whether every record is read.
  @discardableResult
  mutating func read(in store: DocumentStore, until deadline: UInt64) -> Bool {
    read(upTo: recordCount, in: store, until: deadline)
    return isRead
  }

  /// Reads every record left.
  mutating func readAll(in store: DocumentStore) {
    read(upTo: recordCount, in: store, until: nil)
  }

  private mutating func read(upTo limit: Int, in store: DocumentStore, until deadline: UInt64?) {
    var reader = self.reader
    reader.read(
      upTo: limit, in: store, until: deadline, reserve: { self.reserveCapacity($0) },
      each: { record, position in self.append(record, id: store.id(record), position: position, in: store) })
    self.reader = reader
  }

  private mutating func reserveCapacity(_ count: Int) {
    guard ids.capacity < count else { return }
    ids.reserveCapacity(count)
    x.reserveCapacity(count)
    for series in y.indices { y[series].reserveCapacity(count) }
  }

  /// Reads a record's values: its members for x and every y field are found in one pass.
  private mutating func append(_ record: JSONNode, id: NodeID, position: Int, in store: DocumentStore) {
    let document = store.document
    document.members(lookup, of: record, into: &found)
    let yStart = xField == nil ? 0 : 1
    ids.append(id)
    x.append(xValue(of: record, member: yStart == 0 ? nil : found[0], position: position, in: store))
    for series in yFields.indices {
      y[series].append(found[yStart + series].flatMap { Self.number(of: $0, in: document) } ?? .nan)
    }
  }

  /// A record's point (for a splice after an edit): its id, x and a value per series.
  private struct Point {
    var id: NodeID
    var x: Double
    var y: [Double]
  }

  private mutating func point(of record: JSONNode, id: NodeID, position: Int, in store: DocumentStore) -> Point {
    let document = store.document
    document.members(lookup, of: record, into: &found)
    let yStart = xField == nil ? 0 : 1
    let x = xValue(of: record, member: yStart == 0 ? nil : found[0], position: position, in: store)
    return Point(
      id: id, x: x,
      y: yFields.indices.map { found[yStart + $0].flatMap { Self.number(of: $0, in: document) } ?? .nan })
  }

  /// A record's x: its position without an x field, else the x field's value (`member`,
  /// `nil` when the record has none) as a number, a date or a category.
  private mutating func xValue(of record: JSONNode, member: JSONNode?, position: Int, in store: DocumentStore)
    -> Double
  {
    guard xField != nil else {
      return Double(store.filter == nil ? position : store.document.position(of: record) ?? position)
    }
    let document = store.document
    guard let value = member else { return .nan }
    switch xKind {
    case .number: return Self.number(of: value, in: document) ?? .nan
    case .date: return DateValue.seconds(of: value, in: document) ?? .nan
    case .text:
      let text =
        document.kind(of: value) == .string
        ? document.string(of: value) ?? "" : JSONPreview.inline(value, in: document, limit: 30)
      if let index = categoryIndex[text] { return Double(index) }
      guard categories.count < Self.categoryLimit else { return .nan }
      categoryIndex[text] = categories.count
      categories.append(text)
      return Double(categories.count - 1)
    }
  }

  /// A value as a number: a JSON number, or a string that reads as one.
  static func number(of node: JSONNode, in document: JSONDocument) -> Double? {
    switch document.kind(of: node) {
    case .number:
      return document.double(of: node).flatMap { $0.isFinite ? $0 : nil }
    case .string:
      guard let text = document.string(of: node), text.utf8.count <= 40,
        let value = Double(text.trimmingSpaces), value.isFinite
      else { return nil }
      return value
    default:
      return nil
    }
  }

  /// The fields of the sampled records and their kinds: a field is a date when most of its
  /// values read as dates (numbers only in a field named like one), a number when most are
  /// numbers, else text.
  static func fields(of node: JSONNode, in document: JSONDocument) -> [Field] {
    let dates = Set(TimelineModel.dateFields(of: node, in: document))
    var order: [String] = []
    var numbers: [String: Int] = [:]
    var present: [String: Int] = [:]
    var sampled = 0
    for record in document.children(of: node) {
      guard sampled < sampleSize else { break }
      guard document.kind(of: record) == .object else { continue }
      sampled += 1
      for member in document.children(of: record).prefix(JSONPreview.titleSearchLimit) {
        guard let key = document.key(of: member) else { continue }
        let kind = document.kind(of: member)
        guard !kind.isContainer, kind != .null else { continue }
        if present[key] == nil { order.append(key) }
        present[key, default: 0] += 1
        if number(of: member, in: document) != nil { numbers[key, default: 0] += 1 }
      }
    }
    return order.map { key in
      let count = present[key] ?? 0
      if dates.contains(key) { return Field(name: key, kind: .date) }
      if (numbers[key] ?? 0) * 2 > count { return Field(name: key, kind: .number) }
      return Field(name: key, kind: .text)
    }
  }

  /// A value of a record as the status line writes it.
  func text(ofX value: Double) -> String {
    guard value.isFinite else { return "–" }
    switch xField == nil ? .number : xKind {
    case .number: return Self.text(of: value)
    case .date:
      let (date, second) = TimelineCalendar.split(value)
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      let day = "\(date.year)-\(two(date.month))-\(two(date.day))"
      return second == 0 ? day : day + " \(two(second / 3600)):\(two(second / 60 % 60))"
    case .text:
      let index = Int(value)
      return categories.indices.contains(index) ? categories[index] : "–"
    }
  }

  /// A number as the status line writes it: whole numbers without a fraction.
  static func text(of value: Double) -> String {
    guard value.isFinite else { return "–" }
    if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
    return "\(value)"
  }

  // MARK: - Following edits

  /// Follows an edit once every record has been read: the records the edit touched are read
  /// again, the others keep their values (an index x is renumbered).
  /// - Returns: `false` when it cannot (the container replaced or gone, or not fully read):
  ///   make a new model then.
  mutating func follow(_ change: DocumentChange, in store: DocumentStore) -> Bool {
    let document = store.document
    guard isRead, change.reason != .grew, change.reason != .replaced, change.reason != .sideSwitched,
      let node = store.node(root),
      document.kind(of: node).isContainer
    else { return false }
    var touched = Set<NodeID>()
    for step in change.steps {
      if step.node == root { return false }
      touched.insert(step.node)
      for ancestor in store.ancestry(of: step.parent) {
        if ancestor == root { break }
        touched.insert(ancestor)
      }
    }
    // In place: the points of untouched records stay where they are (an index x is
    // renumbered), the touched ones are read again and spliced in. Untouched records keep
    // their order (a moved record is touched), so they are met in the order of the points.
    var splices = RecordSplices<Point>()
    let count = ids.count
    var next = 0
    var position = 0
    store.forEachShownChild(of: node) { record in
      defer { position += 1 }
      let id = store.id(record)
      if !touched.contains(id) {
        while next < count, touched.contains(ids[next]) {
          splices.remove(at: next)
          next += 1
        }
        if next < count, ids[next] == id {
          if xField == nil {
            x[next] = Double(store.filter == nil ? position : document.position(of: record) ?? position)
          }
          next += 1
          return
        }
      }
      splices.insert(point(of: record, id: id, position: position, in: store), before: next)
    }
    splices.remove(next..<count)
    splices.apply(to: &ids) { $0.id }
    splices.apply(to: &x) { $0.x }
    for series in y.indices { splices.apply(to: &y[series]) { $0.y[series] } }
    reader.finish(count: position)
    return true
  }
}
