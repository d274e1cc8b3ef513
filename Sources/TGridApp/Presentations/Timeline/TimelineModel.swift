import TGridJSON
import TermGrid

/// The records of a timeline: the container's children with a parsable date in the chosen
/// field (and an end in the end field, if any), in document order.
///
/// The date fields are found on a sample at once, but reading every record's dates and
/// label goes in slices: ``init(store:root:fields:)`` reads the first
/// ``initialReadRecords``, ``read(in:until:)`` reads on (``isRead`` once every record is
/// read), so a timeline of a quarter of a million records shows at once.
struct TimelineModel {
  /// One record on the axis.
  struct Event {
    var id: NodeID
    var start: Double
    var end: Double?
    var label: String
    /// The label's width in columns.
    var labelWidth: Int
    /// Whether the label is the record's title (else its position, which edits renumber).
    var isTitled = true
  }

  /// The container whose children are the records.
  let root: NodeID
  /// The records with a date, among those read so far.
  var events: [Event] = []
  /// Records without a parsable date in the start field, among those read so far.
  var undatedCount = 0
  /// Every field that looks like a date, best first.
  var candidates: [String] = []
  /// The field read for the start, and for the end.
  var startField: String?
  var endField: String?
  /// The records read so far, and how many there are.
  private(set) var readCount = 0
  private(set) var recordCount = 0
  /// Whether every record has been read.
  var isRead: Bool { readCount >= recordCount }

  /// Field names that usually hold a start, an end, or a single moment, best first.
  static let startNames = ["start", "start_date", "startDate", "starts_at", "begin", "from", "since"]
  static let endNames = ["end", "end_date", "endDate", "ends_at", "finish", "to", "until", "due"]
  static let momentNames = [
    "date", "time", "timestamp", "datetime", "created_at", "createdAt", "created", "updated_at", "updatedAt",
    "published_at", "when",
  ]
  /// Records sampled to find date fields.
  static let sampleSize = 200
  /// Records read when the model is made (a first screen of any ordinary dataset, in a
  /// few milliseconds).
  static let initialReadRecords = 2_000

  init(store: DocumentStore, root: NodeID, fields: [String]?) {
    let document = store.document
    let node = store.node(root) ?? document.root
    self.root = store.id(node)
    guard document.kind(of: node).isContainer else {
      undatedCount = 1
      return
    }
    candidates = Self.dateFields(of: node, in: document)
    if let fields, let first = fields.first {
      startField = first
      endField = fields.count > 1 ? fields[1] : nil
    } else {
      startField =
        Self.startNames.first(where: candidates.contains) ?? Self.momentNames.first(where: candidates.contains)
        ?? candidates.first
      if let start = startField, Self.startNames.contains(start) {
        endField = Self.endNames.first(where: candidates.contains)
      }
    }
    guard startField != nil else {
      // Nothing to read: every record is without a date.
      undatedCount = store.shownChildCount(of: node)
      return
    }
    recordCount = store.shownChildCount(of: node)
    read(upTo: Self.initialReadRecords, in: store, until: nil)
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
    let document = store.document
    guard let startField, let node = store.node(root), document.kind(of: node).isContainer else {
      readCount = recordCount
      return
    }
    // Records the document no longer has end the reading (an edit restarts it anyway).
    recordCount = min(recordCount, store.shownChildCount(of: node))
    let end = min(limit, recordCount)
    if events.capacity < end { events.reserveCapacity(end) }
    var position = readCount
    while position < end {
      guard let record = store.shownChild(at: position, of: node) else {
        position = recordCount
        break
      }
      // The position is known here: asking the document for it costs a walk.
      if let event = Self.event(
        of: record, id: store.id(record), position: Self.documentPosition(of: record, shownAt: position, in: store),
        start: startField, end: endField, labelField: store.labelField, in: document)
      {
        events.append(event)
      } else {
        undatedCount += 1
      }
      position += 1
      // The clock is read every 128 records: a record costs a few microseconds.
      if position & 127 == 0, let deadline, MonotonicClock.nanoseconds() >= deadline { break }
    }
    readCount = position
  }

  /// Follows an edit once every record has been read: the records the edit touched (the
  /// changed values' ancestors, and records that are new) are read again, every other
  /// event is kept as it was, with its position label renumbered. One pass over the
  /// container's children and a few reads, where reading every record again would take
  /// seconds on a quarter of a million records.
  /// - Returns: `false` when the change is not one it can follow (the container itself
  ///   replaced or gone, or the model not fully read); make a new model then.
  mutating func follow(_ change: DocumentChange, in store: DocumentStore) -> Bool {
    let document = store.document
    guard isRead, change.reason != .grew, change.reason != .replaced, let startField, let node = store.node(root),
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
    // Untouched records keep their order (a moved record is touched), so the old events
    // are met in the same order as the records: one merge, no table of ids.
    let old = events
    var next = 0
    var updated: [Event] = []
    updated.reserveCapacity(events.count + 16)
    var undated = 0
    var position = 0
    store.forEachShownChild(of: node) { record in
      defer { position += 1 }
      let id = store.id(record)
      if !touched.contains(id) {
        while next < old.count, touched.contains(old[next].id) { next += 1 }
        // Read before the change and untouched by it: a record with no event had no date.
        guard next < old.count, old[next].id == id else {
          undated += 1
          return
        }
        var event = old[next]
        next += 1
        let label = "[\(Self.documentPosition(of: record, shownAt: position, in: store))]"
        if !event.isTitled, event.label != label {
          event.label = label
          event.labelWidth = event.label.count
        }
        updated.append(event)
        return
      }
      if let event = Self.event(
        of: record, id: id, position: Self.documentPosition(of: record, shownAt: position, in: store),
        start: startField, end: endField, labelField: store.labelField, in: document)
      {
        updated.append(event)
      } else {
        undated += 1
      }
    }
    events = updated
    undatedCount = undated
    recordCount = position
    readCount = position
    return true
  }

  /// The event of one record, or `nil` when it has no parsable start date.
  static func event(
    of record: JSONNode, id: NodeID, position: Int, start startField: String, end endField: String?,
    labelField: String? = nil, in document: JSONDocument
  ) -> Event? {
    guard document.kind(of: record) == .object, let startValue = document.child(forKey: startField, of: record),
      let start = DateValue.seconds(of: startValue, in: document)
    else { return nil }
    let end = endField.flatMap { document.child(forKey: $0, of: record) }.flatMap {
      DateValue.seconds(of: $0, in: document)
    }
    let title = JSONPreview.titleMember(of: record, in: document, field: labelField).map {
      JSONPreview.inline($0, in: document, limit: 40)
    }
    let label = title ?? "[\(position)]"
    return Event(
      id: id, start: start, end: end, label: label, labelWidth: TextWidth.displayWidth(of: label),
      isTitled: title != nil)
  }

  /// A record's index in the document (what its label says), from its position among the
  /// shown ones: the same under no filter, looked up under one.
  static func documentPosition(of record: JSONNode, shownAt position: Int, in store: DocumentStore) -> Int {
    store.filter == nil ? position : store.document.position(of: record) ?? position
  }

  /// Fields whose values parse as dates in most of the sampled records, best first.
  static func dateFields(of node: JSONNode, in document: JSONDocument) -> [String] {
    var order: [String] = []
    var hits: [String: Int] = [:]
    var sampled = 0
    for record in document.children(of: node) {
      guard sampled < sampleSize else { break }
      guard document.kind(of: record) == .object else { continue }
      sampled += 1
      for member in document.children(of: record) {
        guard let key = document.key(of: member) else { continue }
        let named = startNames.contains(key) || endNames.contains(key) || momentNames.contains(key)
        // Plain numbers count as dates only in fields named like dates.
        guard document.kind(of: member) == .string || named, DateValue.seconds(of: member, in: document) != nil else {
          continue
        }
        if hits[key] == nil { order.append(key) }
        hits[key, default: 0] += 1
      }
    }
    let found = order.filter { (hits[$0] ?? 0) * 2 >= sampled }
    let named = startNames + momentNames + endNames
    return found.sorted { (named.firstIndex(of: $0) ?? named.count) < (named.firstIndex(of: $1) ?? named.count) }
  }
}
