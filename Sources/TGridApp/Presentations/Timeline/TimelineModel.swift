import TGridJSON
import TermGrid

/// The records of a timeline: the container's children with a parsable date in the chosen
/// field (and an end in the end field, if any), in document order.
struct TimelineModel {
  /// One record on the axis.
  struct Event {
    var id: NodeID
    var start: Double
    var end: Double?
    var label: String
  }

  /// The container whose children are the records.
  let root: NodeID
  /// The records with a date.
  var events: [Event] = []
  /// Records without a parsable date in the start field.
  var undatedCount = 0
  /// Every field that looks like a date, best first.
  var candidates: [String] = []
  /// The field read for the start, and for the end.
  var startField: String?
  var endField: String?

  /// Field names that usually hold a start, an end, or a single moment, best first.
  static let startNames = ["start", "start_date", "startDate", "starts_at", "begin", "from", "since"]
  static let endNames = ["end", "end_date", "endDate", "ends_at", "finish", "to", "until", "due"]
  static let momentNames = ["date", "time", "timestamp", "datetime", "created_at", "createdAt", "created", "updated_at", "updatedAt", "published_at", "when"]
  /// Records sampled to find date fields.
  static let sampleSize = 200

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
      startField = Self.startNames.first(where: candidates.contains) ?? Self.momentNames.first(where: candidates.contains)
        ?? candidates.first
      if let start = startField, Self.startNames.contains(start) {
        endField = Self.endNames.first(where: candidates.contains)
      }
    }
    read(node, in: store)
  }

  /// Reads the events with the chosen fields.
  mutating func read(_ node: JSONNode, in store: DocumentStore) {
    let document = store.document
    events = []
    undatedCount = 0
    guard let startField else {
      undatedCount = store.shownChildCount(of: node)
      return
    }
    events.reserveCapacity(store.shownChildCount(of: node))
    for record in store.shownChildren(of: node) {
      guard document.kind(of: record) == .object, let startValue = document.child(forKey: startField, of: record),
        let start = DateValue.seconds(of: startValue, in: document)
      else {
        undatedCount += 1
        continue
      }
      let end = endField.flatMap { document.child(forKey: $0, of: record) }.flatMap { DateValue.seconds(of: $0, in: document) }
      let title = JSONPreview.titleMember(of: record, in: document).map { JSONPreview.inline($0, in: document, limit: 40) }
      events.append(Event(id: store.id(record), start: start, end: end, label: title ?? "[\(document.position(of: record) ?? 0)]"))
    }
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
        guard document.kind(of: member) == .string || named, DateValue.seconds(of: member, in: document) != nil else { continue }
        if hits[key] == nil { order.append(key) }
        hits[key, default: 0] += 1
      }
    }
    let found = order.filter { (hits[$0] ?? 0) * 2 >= sampled }
    let named = startNames + momentNames + endNames
    return found.sorted { (named.firstIndex(of: $0) ?? named.count) < (named.firstIndex(of: $1) ?? named.count) }
  }
}
