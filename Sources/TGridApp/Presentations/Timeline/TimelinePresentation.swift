import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Zoom the timeline in (twice the scale).
  static let zoomIn: CommandIdentifier = "zoomIn"
  /// Zoom the timeline out (half the scale).
  static let zoomOut: CommandIdentifier = "zoomOut"
  /// Fit the whole timeline in the width.
  static let zoomToFit: CommandIdentifier = "zoomToFit"
  /// Use the next date field for the timeline's start.
  static let nextTimeField: CommandIdentifier = "nextTimeField"
  /// Group the timeline's lanes by the next category field (none after the last).
  static let nextLaneField: CommandIdentifier = "nextLaneField"
}

/// The timeline: records with a date field on a time axis (the talk's timeline), ranges as
/// bars packed into lanes, moments as markers, date headers that follow the zoom. The
/// fields are found by name and content (`start`/`end`, `date`, `created_at`…), set with
/// `--time-field START[,END]` or cycled with `f`; records without a date are counted in
/// the status line. `--lane FIELD` (or `w`) groups the lanes by a category, each group
/// under a header row (swim lanes).
final class TimelinePresentation: Presentation, CollectionViewDataSource, TimelineLayoutDelegate {
  let kind = PresentationKind.timeline
  private(set) var timelineLayout: TimelineLayout
  var layout: CollectionLayout { timelineLayout }
  var dataSource: any CollectionViewDataSource { self }
  var keyBindings: KeyBindings { BrowserKeys.timeline }

  private unowned let host: any PresentationHost
  private var store: DocumentStore { host.store }
  private(set) var model: TimelineModel
  private var fields: [String]?
  private var laneField: String?
  /// What ``item(for:)`` knows: the first `checkedCount` events have ascending ids, or
  /// (`idsAscend` false) `itemOrder` holds the items sorted by id.
  private var checkedCount = 0
  private var idsAscend = true
  private var itemOrder: [Int32] = []
  /// The collection view's size when ``didResize()`` last ran.
  private var knownSize: CellSize?

  static let cellIdentifier = "timelineEvent"
  static let headerIdentifier = "timelineHeader"
  static let laneHeaderIdentifier = "timelineLaneHeader"
  /// The widest a marker's label makes it, in columns.
  static let maximumMarkerWidth = 24
  /// The most a zoom may multiply the fitting scale by (minutes over centuries).
  static let zoomLimit = 1e9

  init(host: any PresentationHost, fields: [String]?, laneField: String? = nil) {
    self.host = host
    self.fields = fields
    self.laneField = laneField
    let root = GridModel.mainContainer(of: host.store.document.root, in: host.store.document)
    model = TimelineModel(store: host.store, root: host.store.id(root), fields: fields, laneField: laneField)
    timelineLayout = TimelineLayout()
    timelineLayout.delegate = self
    timelineLayout.now = Double(WallClock.secondsSince1970())
    indexItems()
  }

  private var isShown: Bool { host.presentation === self }

  /// Forgets what ``item(for:)`` learnt of the events (they were replaced).
  private func indexItems() {
    checkedCount = 0
    idsAscend = true
    itemOrder = []
  }

  /// The item of a record's event, if it has one among the events read so far.
  ///
  /// Events are in document order, and so are the ids of a document as loaded (tape
  /// indices): a binary search over the events finds one, with nothing kept beside them
  /// (a dictionary of a quarter of a million ids took about 10 MB). Only after edits that
  /// inserted records are the ids out of order; then the items sorted by id, 4 bytes an
  /// event, are searched instead.
  private func item(for id: NodeID) -> Int? {
    let events = model.events
    if idsAscend {
      while checkedCount < events.count {
        if checkedCount > 0 && events[checkedCount - 1].id >= events[checkedCount].id {
          idsAscend = false
          break
        }
        checkedCount += 1
      }
    }
    if idsAscend {
      var low = 0
      var high = events.count
      while low < high {
        let middle = (low + high) / 2
        if events[middle].id < id { low = middle + 1 } else { high = middle }
      }
      return low < events.count && events[low].id == id ? low : nil
    }
    if itemOrder.count != events.count {
      itemOrder = events.indices.map { Int32($0) }.sorted { events[Int($0)].id < events[Int($1)].id }
    }
    var low = 0
    var high = itemOrder.count
    while low < high {
      let middle = (low + high) / 2
      if events[Int(itemOrder[middle])].id < id { low = middle + 1 } else { high = middle }
    }
    return low < itemOrder.count && events[Int(itemOrder[low])].id == id ? Int(itemOrder[low]) : nil
  }

  /// Uses other fields (`--time-field`), or finds them again (`nil`).
  func useFields(_ fields: [String]?) {
    self.fields = fields
    rebuild(fields: fields)
  }

  /// `--time-field` or `--lane` given once the browser exists: its fields.
  func optionsDidChange(_ options: PresentationOptions) {
    guard options.timeFields != fields || options.laneField != laneField else { return }
    laneField = options.laneField
    useFields(options.timeFields)
  }

  private func rebuild(fields: [String]?) {
    model = TimelineModel(
      store: store, root: store.node(model.root) != nil ? model.root : store.root, fields: fields, laneField: laneField)
    indexItems()
    if isShown {
      host.collectionView.reloadData()
      timelineLayout.invalidateLayout()
      host.collectionView.ensureFocus()
    }
  }

  // MARK: - Presentation

  func prepareToShow() {
    let view = host.collectionView
    view.register(TimelineItemCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
    view.register(
      TimelineHeaderView.self, forSupplementaryViewOfKind: ElementKind.timelineHeader,
      withReuseIdentifier: Self.headerIdentifier)
    view.register(
      TimelineLaneHeaderView.self, forSupplementaryViewOfKind: ElementKind.timelineLaneHeader,
      withReuseIdentifier: Self.laneHeaderIdentifier)
  }

  func readAgain() {
    rebuild(fields: fields)
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    var parts: [String] = []
    if let focused = indexPath, model.events.indices.contains(focused.item) {
      parts.append("event \(focused.item + 1)/\(model.events.count)")
    } else {
      parts.append("no dated records")
    }
    if let start = model.startField {
      parts.append(model.endField.map { "\(start)–\($0)" } ?? start)
    } else {
      parts.append("no date field")
    }
    if let duration = model.durationField, model.endField == nil { parts.append("for \(duration)") }
    if let lane = model.laneField { parts.append("lanes by \(lane)") }
    if model.undatedCount > 0 { parts.append("\(JSONPreview.grouped(model.undatedCount)) without a date") }
    if !model.isRead { parts.append("reading dates \(model.readCount * 100 / max(1, model.recordCount))%") }
    return parts.joined(separator: " · ")
  }

  func nodeID(at indexPath: IndexPath) -> NodeID? {
    model.events.indices.contains(indexPath.item) && indexPath.section == 0 ? model.events[indexPath.item].id : nil
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    // The record itself, or the record a value belongs to.
    for candidate in store.ancestry(of: id) {
      if let item = item(for: candidate) { return IndexPath(item: item, section: 0) }
    }
    // Perhaps among the records not read yet: the browser keeps it as the focus it intends
    // (``Navigation``) and focuses it once it is read.
    return nil
  }

  // MARK: - Reading the records in slices

  var isReading: Bool { !model.isRead }

  /// Slices of the browser's the timeline reads before each frame. A frame while it reads
  /// draws a screen of labelled events (3–4 ms with a gigabyte's first records), a third of
  /// a 10 ms slice: in three slices' time, as the filter reads, the frames cost a tenth and
  /// keys still answer within a frame or two.
  static let readingSlicesPerFrame = 3

  func continueReading(forMilliseconds milliseconds: Int) {
    let slice = UInt64(max(1, milliseconds * Self.readingSlicesPerFrame))
    let deadline = MonotonicClock.nanoseconds() + slice * 1_000_000
    guard model.read(in: store, until: deadline) else {
      if isShown { host.setNeedsDisplay() }  // the status line's progress
      return
    }
    // Every record is read: the axis is laid out once more, with all of them.
    indexItems()
    guard isShown else { return }
    let view = host.collectionView
    let focused = view.indexPathForFocusedItem.flatMap(nodeID(at:))
    let selected = view.indexPathsForSelectedItems.compactMap(nodeID(at:))
    view.finishAnimationsNow()
    view.reloadData()
    timelineLayout.invalidateLayout()
    for id in selected { if let item = item(for: id) { view.selectItem(at: IndexPath(item: item, section: 0)) } }
    if let target = focused.flatMap({ item(for: $0) }) {
      view.focusItem(at: IndexPath(item: target, section: 0), scrollPosition: .nearest)
    }
    view.ensureFocus()
    host.setNeedsDisplay()
  }

  func perform(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .zoomIn: zoom(by: 2)
    case .zoomOut: zoom(by: 0.5)
    case .zoomToFit: setScale(nil, message: "the whole timeline fits the width")
    case .nextTimeField:
      guard !model.candidates.isEmpty else {
        host.show(message: "no field of these records holds dates")
        return true
      }
      let current = model.startField.flatMap(model.candidates.firstIndex(of:)) ?? -1
      let next = model.candidates[(current + 1) % model.candidates.count]
      fields = [next]
      rebuild(fields: fields)
      host.show(message: "dates from \(next) (\(model.events.count) records, \(model.undatedCount) without)")
    case .nextLaneField:
      nextLaneField()
    default:
      return false
    }
    return true
  }

  /// `w`: lanes grouped by the next field that looks like a category, then by none.
  private func nextLaneField() {
    let candidates = model.laneCandidates
    guard !candidates.isEmpty || laneField != nil else {
      host.show(message: "no field of these records looks like a category (a few distinct values): try --lane FIELD")
      return
    }
    let current = laneField.flatMap(candidates.firstIndex(of:)) ?? (laneField == nil ? -1 : candidates.count)
    laneField = current + 1 < candidates.count ? candidates[current + 1] : nil
    rebuild(fields: fields)
    if let laneField {
      host.show(message: "lanes by \(laneField): \(model.laneTitles.count) groups")
    } else {
      host.show(message: "lanes not grouped")
    }
  }

  /// Ctrl+wheel zooms (up: in, down: out), as a pinch does in the talk.
  func handleMouse(_ mouse: MouseEvent) -> Bool {
    guard mouse.modifiers.contains(.control) else { return false }
    switch mouse.action {
    case .wheelUp: zoom(by: 2)
    case .wheelDown: zoom(by: 0.5)
    default: return false
    }
    return true
  }

  /// Zoom as the talk does a pinch: a new layout at another scale, switched with animation.
  private func zoom(by factor: Double) {
    timelineLayout.prepareIfNeeded()
    let columnWidth = host.collectionView.cellMetrics.width(ofColumns: 1)
    let current = timelineLayout.effectiveScale * columnWidth
    let fit = timelineLayout.scaleToFit(width: host.collectionView.bounds.width)
    let next = min(max(current * factor, fit / 4), fit * Self.zoomLimit)
    guard next != current else {
      host.show(message: factor > 1 ? "zoomed in as far as it goes" : "zoomed out as far as it goes")
      return
    }
    setScale(next, message: nil)
  }

  private func setScale(_ pointsPerSecond: Double?, message: String?) {
    let next = timelineLayout.copy(pointsPerSecond: pointsPerSecond)
    timelineLayout = next
    if isShown {
      let view = host.collectionView
      // A zoom keeps the focused event where it is on the screen (issue 33: "from years to
      // minutes keeping the focused event in place"), as a pinch keeps what is under it.
      view.setCollectionViewLayout(next, animated: true, keepingFocusInPlace: pointsPerSecond != nil)
      next.prepareIfNeeded()
      host.show(
        message: message
          ?? "headers by \(next.period.step > 1 ? "\(next.period.step) \(next.period.unit)s" : "\(next.period.unit)")")
    }
  }

  /// Called on a resize and after every switch to the timeline. The collection view tells
  /// the layout of a change of its size, but not one right after a switch, before it laid
  /// out again; a switch itself lays the timeline out at the size it has. So only a size
  /// the timeline has not seen asks for a pass: a switch back reads every item's range
  /// once, not twice.
  func didResize() {
    let size = host.collectionView.frame.size
    defer { knownSize = size }
    guard let knownSize, knownSize != size else { return }
    timelineLayout.invalidateLayout()
  }

  func fold(toDepth depth: Int?, in host: any PresentationHost) {
    host.show(message: "the timeline has nothing to fold: + and - zoom, 0 fits")
  }

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    let view = host.collectionView
    view.finishAnimationsNow()
    let before = model.events.map(\.id.rawValue)
    // Once every record is read, an edit reads again only the records it touched.
    if !model.follow(change, in: store) {
      let wasRead = model.isRead
      model = TimelineModel(
        store: store, root: store.node(model.root) != nil ? model.root : store.root, fields: fields,
        laneField: laneField)
      // The events are compared with those before: as many are read as were then (all, once
      // the reading had ended); the rest follow in slices.
      if wasRead { model.readAll(in: store) }
    }
    indexItems()
    guard change.reason != .grew else {
      view.reloadData()
      return
    }
    let after = model.events.map(\.id.rawValue)
    if change.reason == .sideSwitched {
      // The other side of a diff, as one batch update: the events of records both sides
      // hold keep their ids (the diff's pairing), so they slide to their dates there; the
      // others come and go. Every event shown is then drawn with that side's label.
      let diff = SnapshotDifference(oldSections: [0], oldItems: [before], newSections: [0], newItems: [after])
      view.performBatchUpdates {
        diff.record(in: view)
        self.timelineLayout.invalidateLayout()
      }
      view.reconfigureItems(at: view.indexPathsForVisibleItems)
      return
    }
    var changed = Set<Int>()
    for step in change.steps {
      for ancestor in store.ancestry(of: step.parent) where item(for: ancestor) != nil {
        changed.insert(ancestor.rawValue)
      }
      if case .replaced = step { changed.insert(step.node.rawValue) }
    }
    let diff = SnapshotDifference(
      oldSections: [0], oldItems: [before], newSections: [0], newItems: [after], reloadedItems: changed)
    view.performBatchUpdates {
      diff.record(in: view)
      // Dates may have changed: the axis is placed again.
      self.timelineLayout.invalidateLayout()
    }
  }

  // MARK: - TimelineLayoutDelegate

  func timelineLayout(_ layout: TimelineLayout, rangeForItemAt indexPath: IndexPath) -> TimelineRange? {
    guard model.events.indices.contains(indexPath.item) else { return nil }
    let event = model.events[indexPath.item]
    return TimelineRange(start: event.start, end: event.end)
  }

  func timelineLayout(_ layout: TimelineLayout, minimumWidthForItemAt indexPath: IndexPath) -> Int {
    guard model.events.indices.contains(indexPath.item) else { return 1 }
    let event = model.events[indexPath.item]
    // A moment shows its label; a range is as long as it lasts, at least a few columns.
    return event.end == nil ? min(Self.maximumMarkerWidth, Int(event.labelWidth) + 2) : 2
  }

  func numberOfLaneGroups(in layout: TimelineLayout) -> Int {
    model.laneField == nil ? 0 : model.laneTitles.count
  }

  func timelineLayout(_ layout: TimelineLayout, laneGroupForItemAt indexPath: IndexPath) -> Int {
    model.events.indices.contains(indexPath.item) ? Int(model.events[indexPath.item].group) : 0
  }

  func timelineLayout(_ layout: TimelineLayout, titleForLaneGroup group: Int) -> String {
    model.laneTitles.indices.contains(group) ? model.laneTitles[group] : ""
  }

  // MARK: - CollectionViewDataSource

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    model.events.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(
      TimelineItemCell.self, withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    if model.events.indices.contains(indexPath.item) {
      cell.label = model.label(of: model.events[indexPath.item], in: store)
    }
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    if kind == ElementKind.timelineLaneHeader {
      return collectionView.dequeueReusableSupplementaryView(
        TimelineLaneHeaderView.self, ofKind: kind, withReuseIdentifier: Self.laneHeaderIdentifier, for: indexPath)
    }
    guard kind == ElementKind.timelineHeader else { return nil }
    return collectionView.dequeueReusableSupplementaryView(
      TimelineHeaderView.self, ofKind: kind, withReuseIdentifier: Self.headerIdentifier, for: indexPath)
  }
}
