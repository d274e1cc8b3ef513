import TGridJSON
import TGridSystem
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
  ///
  /// 40 bytes an event: the label is not kept (a quarter of a million labels took about
  /// 10 MB), only its width, which the layout needs for every event; the label is read
  /// again from the record when the event is drawn (``label(of:in:)``).
  struct Event {
    var id: NodeID
    var start: Double
    /// The end in seconds, NaN when there is none.
    private var endSeconds = Double.nan
    /// The record's position in 32 bits (8 bytes an event less, 2 MB for a quarter of a
    /// million events; a record past the 2³¹st, in a document no memory holds, is labelled
    /// with the largest).
    private var storedPosition: Int32
    /// The record's position in the document: its label when it has no title (edits
    /// renumber it).
    var position: Int {
      get { Int(storedPosition) }
      set { storedPosition = Int32(clamping: newValue) }
    }
    /// The label's width in columns.
    var labelWidth: Int32
    /// The group of lanes it goes in (an index into ``TimelineModel/laneTitles``); 0 when
    /// lanes are not grouped.
    var group: Int32 = 0
    /// Whether the label is the record's title (else its position).
    var isTitled = true

    init(id: NodeID, start: Double, end: Double?, position: Int, labelWidth: Int, isTitled: Bool) {
      self.id = id
      self.start = start
      self.storedPosition = Int32(clamping: position)
      self.labelWidth = Int32(clamping: labelWidth)
      self.isTitled = isTitled
      self.end = end
    }

    /// The end, if the record has one.
    var end: Double? {
      get { endSeconds.isNaN ? nil : endSeconds }
      set { endSeconds = newValue ?? .nan }
    }
  }

  /// The container whose children are the records.
  var root: NodeID { reader.root }
  /// Reads the records in slices, keeping its place.
  private var reader: RecordSliceReader
  /// The records with a date, among those read so far.
  var events: [Event] = []
  /// Records without a parsable date in the start field, among those read so far.
  var undatedCount = 0
  /// Every field that looks like a date, best first.
  var candidates: [String] = []
  /// The field read for the start, and for the end.
  var startField: String?
  var endField: String?
  /// The field that holds a duration (seconds, or an ISO 8601 `PT…` string), used for the
  /// end when there is no end field.
  var durationField: String?
  /// The field whose values group the lanes (`--lane`, `w`), and the groups met so far in
  /// the order first met: a value's text, "" for records without the field.
  private(set) var laneField: String?
  private(set) var laneTitles: [String] = []
  private var laneIndex: [String: Int32] = [:]
  /// Fields that look like categories (a few distinct short values), for `w` to cycle.
  var laneCandidates: [String] = []
  /// Where the last record read by name had its fields, for the records after it with the
  /// same shape (``FieldPlaces``); forgotten at the start of each slice (the document may
  /// have changed between slices).
  private var places: FieldPlaces?
  /// Records whose fields were found by name (the others were read by position, shaped like
  /// the record before): a measure for tests.
  private(set) var recordsReadByName = 0
  /// The records read so far, and how many there are.
  var readCount: Int { reader.readCount }
  var recordCount: Int { reader.recordCount }
  /// Whether every record has been read.
  var isRead: Bool { reader.isRead }

  /// Field names that usually hold a start, an end, or a single moment, best first.
  static let startNames = ["start", "start_date", "startDate", "starts_at", "begin", "from", "since"]
  static let endNames = ["end", "end_date", "endDate", "ends_at", "finish", "to", "until", "due"]
  /// Field names that usually hold a duration, and the seconds one unit of each is.
  static let durationNames: [(name: String, seconds: Double)] = [
    ("duration", 1), ("duration_s", 1), ("durationSeconds", 1), ("duration_seconds", 1), ("seconds", 1),
    ("duration_ms", 0.001), ("durationMs", 0.001), ("elapsed_ms", 0.001), ("duration_minutes", 60),
    ("minutes", 60), ("duration_hours", 3600), ("hours", 3600), ("days", 86_400),
  ]
  /// The most distinct values a field may have to be offered as a lane category.
  static let maximumLaneCategories = 24
  static let momentNames = [
    "date", "time", "timestamp", "datetime", "created_at", "createdAt", "created", "updated_at", "updatedAt",
    "published_at", "when",
  ]
  /// Records sampled to find date fields.
  static let sampleSize = 200
  /// Records read when the model is made (a first screen of any ordinary dataset, in a
  /// few milliseconds).
  static let initialReadRecords = 2_000

  init(store: DocumentStore, root: NodeID, fields: [String]?, laneField: String? = nil) {
    let document = store.document
    let node = store.node(root) ?? document.root
    reader = RecordSliceReader(root: store.id(node))
    guard document.kind(of: node).isContainer else {
      undatedCount = 1
      return
    }
    candidates = Self.dateFields(of: node, in: document)
    self.laneField = laneField
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
    if endField == nil { durationField = Self.durationField(of: node, in: document) }
    laneCandidates = Self.categoryFields(
      of: node, in: document, excluding: Set(candidates + Self.durationNames.map(\.name)))
    guard startField != nil else {
      // Nothing to read: every record is without a date.
      undatedCount = store.shownChildCount(of: node)
      return
    }
    reader = RecordSliceReader(root: self.root, recordCount: store.shownChildCount(of: node))
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
    guard let startField else {
      reader.finish(count: reader.recordCount)
      return
    }
    let document = store.document
    let fields = FieldNames(
      start: startField, end: endField, duration: durationField, lane: laneField, label: store.labelField)
    var reader = self.reader
    places = nil
    if laneField == nil, store.filter == nil, RecordHalves.hasTwoCores, let node = store.node(root),
      document.kind(of: node).isContainer
    {
      // Records read without a lane or a filter are a pure function of the text: in
      // halves on two cores.
      let end = min(limit, reader.recordCount, store.shownChildCount(of: node))
      if events.capacity < end { events.reserveCapacity(end) }
      let position = readInHalves(
        of: node, from: reader.readCount, to: end, identity: store.identity, fields: fields, in: document,
        until: deadline)
      reader.skip(to: position)
    }
    reader.read(
      upTo: limit, in: store, until: deadline,
      reserve: { count in if self.events.capacity < count { self.events.reserveCapacity(count) } },
      each: { record, position in
        // The position is known here: asking the document for it costs a walk.
        let documentPosition = Self.documentPosition(of: record, shownAt: position, in: store)
        if let event = self.placedEvent(
          of: record, id: store.id(record), position: documentPosition, fields: fields, in: document)
        {
          self.events.append(event)
        } else {
          self.undatedCount += 1
        }
      })
    self.reader = reader
    // Room was reserved for every record; with many undated, the events take only what
    // they hold once the last is read.
    if reader.isRead, events.capacity - events.count > max(1_024, events.count / 8) {
      var held: [Event] = []
      held.reserveCapacity(events.count)
      held.append(contentsOf: events)
      events = held
    }
  }

  /// The fields an event reads, by name.
  struct FieldNames {
    var start: String
    var end: String?
    var duration: String?
    var lane: String?
    var label: String?
  }

  /// Where the fields an event reads sit among the members of records of one shape: the
  /// keys of `record` in order, and which of its first members are of a kind that can be a
  /// title (what ``JSONPreview/titleMember(of:in:field:)`` chooses by). A record with the
  /// same keys and kinds (most records of a file, one after another) is read by position:
  /// no key decoded or compared by name, no title searched for.
  struct FieldPlaces {
    var record: JSONNode
    /// The record's members, whose keys another record's are compared with.
    var members: [JSONNode]
    var titleKinds: [Bool]
    var start: Int?
    var end: Int?
    var duration: Int?
    var lane: Int?
    var title: Int?
    /// The title was a record's first short string (no title key): it depends on the
    /// values, so it is searched for in each record.
    var titleByContent: Bool
  }

  /// The event of a record read in a slice (nil: no parsable start), its duration and lane
  /// group included: by position when the record has the shape of the one ``places`` were
  /// found in, else by name, keeping its places for the records after it.
  private mutating func placedEvent(
    of record: JSONNode, id: NodeID, position: Int, fields: FieldNames, in document: JSONDocument
  ) -> Event? {
    guard
      let found = Self.placedEvent(
        of: record, id: id, position: position, fields: fields, in: document, places: &places,
        readByName: &recordsReadByName)
    else { return nil }
    var event = found.event
    if laneField != nil { event.group = group(ofValue: found.lane, in: document) }
    return event
  }

  /// ``placedEvent(of:id:position:fields:in:)`` with the places and the count of records
  /// read by name given (a worker thread has its own), and the lane's member returned for
  /// the caller to group.
  private static func placedEvent(
    of record: JSONNode, id: NodeID, position: Int, fields: FieldNames, in document: JSONDocument,
    places: inout FieldPlaces?, readByName: inout Int
  ) -> (event: Event, lane: JSONNode?)? {
    guard document.kind(of: record) == .object else { return nil }
    // The keys compared with the last shape's as the members are walked: one pass.
    var found = places.flatMap { Self.members(of: record, at: $0, comparingKeys: true, in: document) }
    if found == nil {
      let fresh = Self.places(of: record, fields: fields, in: document)
      places = fresh
      readByName += 1
      found = Self.members(of: record, at: fresh, comparingKeys: false, in: document)
    }
    guard let members = found, let startValue = members.start,
      let start = DateValue.seconds(of: startValue, in: document)
    else { return nil }
    let end = members.end.flatMap { DateValue.seconds(of: $0, in: document) }
    let titleWidth: Int?
    if places?.titleByContent == true {
      titleWidth = Self.title(of: record, labelField: fields.label, in: document).map(TextWidth.displayWidth(of:))
    } else {
      titleWidth = members.title.map { Self.titleWidth(of: $0, in: document) }
    }
    var event = Event(
      id: id, start: start, end: end, position: position,
      labelWidth: titleWidth ?? Self.positionLabel(position).count, isTitled: titleWidth != nil)
    if event.end == nil, let durationField = fields.duration, let value = members.duration,
      let seconds = Self.durationSeconds(of: value, field: durationField, in: document), seconds > 0
    {
      event.end = event.start + seconds
    }
    return (event, members.lane)
  }

  /// Records each of two threads reads at a time: a few milliseconds' work, so a slice
  /// ends near its deadline, and far more than the cost of starting a thread.
  static let recordsPerThread = 1_024

  /// Reads one half's run of ``recordsPerThread`` records of `node` from `start` (fewer at
  /// the end): its events appended to `events`, the records without a date counted.
  private static func readRun(
    of node: JSONNode, from start: Int, identity: NodeIdentityMap, fields: FieldNames, in document: JSONDocument,
    events: inout [Event], undatedCount: inout Int, places: inout FieldPlaces?, readByName: inout Int
  ) {
    var records = document.children(of: node, from: start).makeIterator()
    for offset in 0..<recordsPerThread {
      guard let record = records.next() else { break }
      if let (event, _) = placedEvent(
        of: record, id: identity.id(of: record), position: start + offset, fields: fields, in: document,
        places: &places, readByName: &readByName)
      {
        events.append(event)
      } else {
        undatedCount += 1
      }
    }
  }

  /// Reads the records of `node` from `start` towards `end` in chunks of two halves, the
  /// later half of each on a worker thread with places of its own, its events appended
  /// after the earlier half's (as one pass in order makes them), until `deadline`. One
  /// worker (``SliceWorker``) reads every later half of the call: a thread started for each
  /// chunk cost its start a chunk, 1,256 of them in a gigabyte. Stops where fewer than two
  /// halves are left (or no thread can be had); returns the position it got to. Only for
  /// records without lanes (their groups are numbered in order) shown unfiltered (a
  /// record's position is its place among the children).
  private mutating func readInHalves(
    of node: JSONNode, from start: Int, to end: Int, identity: NodeIdentityMap, fields: FieldNames,
    in document: JSONDocument, until deadline: UInt64?
  ) -> Int {
    var position = start
    guard end - position >= 2 * Self.recordsPerThread, let worker = SliceWorker.start() else { return position }
    defer { worker.stop() }
    let later = RecordHalves.Later()
    while end - position >= 2 * Self.recordsPerThread {
      let middle = position + Self.recordsPerThread
      later.events.removeAll(keepingCapacity: true)
      later.undatedCount = 0
      later.readByName = 0
      worker.run {
        var places: FieldPlaces?
        var readByName = 0
        Self.readRun(
          of: node, from: middle, identity: identity, fields: fields, in: document, events: &later.events,
          undatedCount: &later.undatedCount, places: &places, readByName: &readByName)
        later.readByName = readByName
      }
      Self.readRun(
        of: node, from: position, identity: identity, fields: fields, in: document, events: &events,
        undatedCount: &undatedCount, places: &places, readByName: &recordsReadByName)
      worker.wait()
      events.append(contentsOf: later.events)
      undatedCount += later.undatedCount
      recordsReadByName += later.readByName
      position += 2 * Self.recordsPerThread
      if let deadline, MonotonicClock.nanoseconds() >= deadline { break }
    }
    return position
  }

  /// The width of a title member's label (``title(of:labelField:in:)``): a string of
  /// printable ASCII and precomposed Latin letters (U+00C0–U+027F and U+1E00–U+1EFF,
  /// `Zoë Björk`, `Łukasz Yılmaz`, `Ngọc`: one column each, none of them combining) is as
  /// wide as its characters, up to the label's limit, measured without making a string.
  private static func titleWidth(of member: JSONNode, in document: JSONDocument) -> Int {
    let plain = document.withStringBytes(of: member) { bytes -> Int? in
      var characters = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F {
          index += 1
        } else if byte >= 0xC3 && byte <= 0xC9, index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 {
          index += 2  // U+00C0–U+027F: Latin-1 letters, Latin Extended-A and -B, IPA letters
        } else if byte == 0xE1, index + 2 < bytes.count, (0xB8...0xBB).contains(bytes[index + 1]),
          bytes[index + 2] & 0xC0 == 0x80
        {
          index += 3  // U+1E00–U+1EFF: Latin Extended Additional (`Ngọc`, `Nguyễn`)
        } else {
          return nil
        }
        characters += 1
      }
      return min(characters, 40)
    }
    if let plain, let width = plain { return width }
    return TextWidth.displayWidth(of: JSONPreview.inline(member, in: document, limit: 40))
  }

  /// Finds the fields of a record by name (as ``event(of:id:position:start:end:labelField:in:)``
  /// does), as positions among its members.
  private static func places(of record: JSONNode, fields: FieldNames, in document: JSONDocument) -> FieldPlaces {
    func position(of member: JSONNode?) -> Int? {
      guard let member else { return nil }
      var index = 0
      for child in document.children(of: record) {
        if child == member { return index }
        index += 1
      }
      return nil
    }
    let title = JSONPreview.titleMember(of: record, in: document, field: fields.label)
    let titleKey = title.flatMap(document.key(of:))
    let rank = titleKey.flatMap(JSONPreview.titleRank(of:))
    // Without a chosen field, a title not found by its key's rank is content's choice.
    let byRank = fields.label != nil || rank != nil
    // The kinds the choice looked at: up to the member it stopped at (the chosen field's
    // exact key, or a key of the best rank), else every member it reads. Kinds after it
    // (a field that is null in some records) do not count.
    let stopsAtTitle = fields.label.map { titleKey == $0 } ?? (rank == 0)
    let decisive = stopsAtTitle ? (position(of: title) ?? 0) + 1 : JSONPreview.titleSearchLimit
    var kinds: [Bool] = []
    for member in document.children(of: record).prefix(decisive) {
      let kind = document.kind(of: member)
      kinds.append(kind == .string || kind == .number)
    }
    return FieldPlaces(
      record: record, members: Array(document.children(of: record)), titleKinds: kinds,
      start: position(of: document.child(forKey: fields.start, of: record)),
      end: position(of: fields.end.flatMap { document.child(forKey: $0, of: record) }),
      duration: position(of: fields.duration.flatMap { document.child(forKey: $0, of: record) }),
      lane: position(of: fields.lane.flatMap { document.child(forKey: $0, of: record) }),
      title: byRank ? position(of: title) : nil, titleByContent: !byRank)
  }

  /// The members of a record at the places found in another of its shape, in one pass;
  /// nil when a member's kind differs where the title is chosen by kind, or (`comparingKeys`)
  /// when its keys are not the other record's (``JSONDocument/hasSameKeys(_:as:)``, member
  /// by member in the same pass: the record's members walked once, not twice and the other
  /// record's once more).
  private static func members(
    of record: JSONNode, at places: FieldPlaces, comparingKeys: Bool, in document: JSONDocument
  ) -> (start: JSONNode?, end: JSONNode?, duration: JSONNode?, lane: JSONNode?, title: JSONNode?)? {
    var found: (start: JSONNode?, end: JSONNode?, duration: JSONNode?, lane: JSONNode?, title: JSONNode?)
    found = (nil, nil, nil, nil, nil)
    var index = 0
    for member in document.children(of: record) {
      if comparingKeys {
        guard index < places.members.count, document.hasSameKey(member, as: places.members[index]) else { return nil }
      }
      if index < places.titleKinds.count {
        let kind = document.kind(of: member)
        guard (kind == .string || kind == .number) == places.titleKinds[index] else { return nil }
      }
      if index == places.start { found.start = member }
      if index == places.end { found.end = member }
      if index == places.duration { found.duration = member }
      if index == places.lane { found.lane = member }
      if index == places.title { found.title = member }
      index += 1
    }
    if comparingKeys, index != places.members.count { return nil }
    return found
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
    guard isRead, change.reason != .grew, change.reason != .replaced, change.reason != .sideSwitched, let startField,
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
    // Untouched records keep their order (a moved record is touched), so the old events
    // are met in the same order as the records: one merge, no table of ids. The events
    // change in place (``RecordSplices``): no second array of every event.
    var splices = RecordSplices<Event>()
    let count = events.count
    var next = 0
    var undated = 0
    var position = 0
    store.forEachShownChild(of: node) { record in
      defer { position += 1 }
      let id = store.id(record)
      if !touched.contains(id) {
        while next < count, touched.contains(events[next].id) {
          splices.remove(at: next)
          next += 1
        }
        // Read before the change and untouched by it: a record with no event had no date.
        guard next < count, events[next].id == id else {
          undated += 1
          return
        }
        let documentPosition = Self.documentPosition(of: record, shownAt: position, in: store)
        if !events[next].isTitled, events[next].position != documentPosition {
          events[next].position = documentPosition
          events[next].labelWidth = Int32(clamping: Self.positionLabel(documentPosition).count)
        }
        next += 1
        return
      }
      if var event = Self.event(
        of: record, id: id, position: Self.documentPosition(of: record, shownAt: position, in: store),
        start: startField, end: endField, labelField: store.labelField, in: document)
      {
        addDuration(to: &event, of: record, in: document)
        event.group = group(of: record, in: document)
        splices.insert(event, before: next)
      } else {
        undated += 1
      }
    }
    splices.remove(next..<count)
    splices.apply(to: &events) { $0 }
    undatedCount = undated
    reader.finish(count: position)
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
    let title = Self.title(of: record, labelField: labelField, in: document)
    return Event(
      id: id, start: start, end: end, position: position,
      labelWidth: TextWidth.displayWidth(of: title ?? positionLabel(position)), isTitled: title != nil)
  }

  /// What an event is labelled with: its record's title (the label field, or the usual
  /// `name`, `title`, …), else its position in brackets.
  func label(of event: Event, in store: DocumentStore) -> String {
    if event.isTitled, let record = store.node(event.id),
      let title = Self.title(of: record, labelField: store.labelField, in: store.document)
    {
      return title
    }
    return Self.positionLabel(event.position)
  }

  private static func title(of record: JSONNode, labelField: String?, in document: JSONDocument) -> String? {
    JSONPreview.titleMember(of: record, in: document, field: labelField).map {
      JSONPreview.inline($0, in: document, limit: 40)
    }
  }

  private static func positionLabel(_ position: Int) -> String { "[\(position)]" }

  /// The end a duration gives a record without an end field.
  private func addDuration(to event: inout Event, of record: JSONNode, in document: JSONDocument) {
    guard event.end == nil, let durationField, let value = document.child(forKey: durationField, of: record),
      let seconds = Self.durationSeconds(of: value, field: durationField, in: document), seconds > 0
    else { return }
    event.end = event.start + seconds
  }

  /// The group of lanes a record goes in: its lane field's value, numbered in the order
  /// first met (0 when lanes are not grouped).
  private mutating func group(of record: JSONNode, in document: JSONDocument) -> Int32 {
    guard let laneField else { return 0 }
    return group(ofValue: document.child(forKey: laneField, of: record), in: document)
  }

  /// The group of lanes of a record whose lane field holds `value` (nil: it has none).
  private mutating func group(ofValue value: JSONNode?, in document: JSONDocument) -> Int32 {
    let title = value.map { JSONPreview.inline($0, in: document, limit: 40) } ?? ""
    if let index = laneIndex[title] { return index }
    let index = Int32(laneTitles.count)
    laneTitles.append(title)
    laneIndex[title] = index
    return index
  }

  /// Seconds in a duration value: a number in the field's unit (`duration_ms`: ms), or an
  /// ISO 8601 duration (`PT1H30M`, `P2DT3H`, `PT0.5S`).
  static func durationSeconds(of value: JSONNode, field: String, in document: JSONDocument) -> Double? {
    let unit = durationNames.first { $0.name == field }?.seconds ?? 1
    switch document.kind(of: value) {
    case .number:
      return document.double(of: value).map { $0 * unit }
    case .string:
      guard let text = document.string(of: value) else { return nil }
      if let number = Double(text) { return number * unit }
      return isoDurationSeconds(text)
    default:
      return nil
    }
  }

  /// An ISO 8601 duration in seconds (years as 365 days, months as 30), or `nil`.
  static func isoDurationSeconds(_ text: String) -> Double? {
    guard text.hasPrefix("P"), text.count > 1 else { return nil }
    var total = 0.0
    var number = ""
    var inTime = false
    var sawUnit = false
    var sawTimeUnit = false
    for character in text.dropFirst() {
      if character == "T" {
        guard number.isEmpty, !inTime else { return nil }
        inTime = true
        continue
      }
      if character.isNumber || character == "." || character == "," {
        number.append(character == "," ? "." : character)
        continue
      }
      guard let amount = Double(number) else { return nil }
      number = ""
      let seconds: Double
      switch (character, inTime) {
      case ("Y", false): seconds = 365 * 86_400
      case ("M", false): seconds = 30 * 86_400
      case ("W", false): seconds = 7 * 86_400
      case ("D", false): seconds = 86_400
      case ("H", true): seconds = 3600
      case ("M", true): seconds = 60
      case ("S", true): seconds = 1
      default: return nil
      }
      total += amount * seconds
      sawUnit = true
      sawTimeUnit = inTime
    }
    return number.isEmpty && sawUnit && (!inTime || sawTimeUnit) ? total : nil
  }

  /// The first field named like a duration whose values read as one in most sampled records.
  static func durationField(of node: JSONNode, in document: JSONDocument) -> String? {
    var hits: [String: Int] = [:]
    let records = sampledRecords(of: node, in: document)
    let sampled = records.count
    for record in records {
      for (name, _) in durationNames {
        if let value = document.child(forKey: name, of: record),
          durationSeconds(of: value, field: name, in: document) != nil
        {
          hits[name, default: 0] += 1
        }
      }
    }
    return durationNames.first { (hits[$0.name] ?? 0) * 2 >= max(1, sampled) }?.name
  }

  /// Fields whose sampled values look like categories: strings or booleans in most records,
  /// between 2 and ``maximumLaneCategories`` distinct values, fewer than half the records.
  static func categoryFields(of node: JSONNode, in document: JSONDocument, excluding dates: Set<String>)
    -> [String]
  {
    var order: [String] = []
    var values: [String: Set<String>] = [:]
    var hits: [String: Int] = [:]
    let records = sampledRecords(of: node, in: document)
    let sampled = records.count
    for record in records {
      for member in document.children(of: record) {
        guard let key = document.key(of: member), !dates.contains(key) else { continue }
        let kind = document.kind(of: member)
        guard kind == .string || kind == .true || kind == .false else { continue }
        if hits[key] == nil { order.append(key) }
        hits[key, default: 0] += 1
        if values[key, default: []].count <= maximumLaneCategories {
          values[key, default: []].insert(JSONPreview.inline(member, in: document, limit: 40))
        }
      }
    }
    return order.filter { key in
      let distinct = values[key]?.count ?? 0
      return (hits[key] ?? 0) * 2 >= sampled && distinct >= 2 && distinct <= maximumLaneCategories
        && (distinct * 2 <= sampled || sampled <= 4)
    }
  }

  /// The first ``sampleSize`` objects among the container's children: what the fields of
  /// dates, durations and categories are guessed from.
  static func sampledRecords(of node: JSONNode, in document: JSONDocument) -> [JSONNode] {
    var records: [JSONNode] = []
    for record in document.children(of: node) where document.kind(of: record) == .object {
      records.append(record)
      if records.count >= sampleSize { break }
    }
    return records
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
    let records = sampledRecords(of: node, in: document)
    let sampled = records.count
    for record in records {
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

/// The later half of a chunk of the timeline's records (``TimelineModel``), written on a
/// worker thread and read after its job is waited for (``SliceWorker/wait()``).
enum RecordHalves {
  static let hasTwoCores = ProcessIdentity.processorCount >= 2

  final class Later: @unchecked Sendable {
    var events: [TimelineModel.Event] = []
    var undatedCount = 0
    var readByName = 0
  }
}
