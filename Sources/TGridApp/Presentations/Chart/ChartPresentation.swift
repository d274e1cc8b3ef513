import TGridJSON
import TermGrid

/// The chart: the records' numbers plotted by a ``ChartLayout`` (the talk's chart), each
/// point an item of the collection view: section `s` is the series of the y field `s`, item
/// `i` of every section is record `i`. x is a date, number or text field, or the record's
/// index; the fields are chosen from the data, given with `--x` and `--y`, or chosen with `X`
/// and `Y`. `C` cycles scatter, line, bar and histogram; `+`, `-` and `0` zoom as the
/// timeline does, with a new layout switched in with animation.
///
/// Values are read in slices, as the timeline reads its dates (``ChartModel``), so a switch
/// to the chart of a large file shows at once; the layout bins points per cell, so drawing
/// stays proportional to the screen.
final class ChartPresentation: Presentation, CollectionViewDataSource, ChartLayoutDelegate {
  let kind = PresentationKind.chart
  private(set) var chartLayout: ChartLayout
  var layout: CollectionLayout { chartLayout }
  var dataSource: any CollectionViewDataSource { self }
  var keyBindings: KeyBindings { BrowserKeys.chart }

  private unowned let host: any PresentationHost
  private var store: DocumentStore { host.store }
  private(set) var model: ChartModel
  /// The fields asked for (`--x`, `--y`, or chosen): nil finds them from the data.
  private var xChoice: String?
  private var yChoice: [String]?
  /// Whether the bars count a field's values in bins (a histogram).
  private(set) var isHistogram = false
  /// The histogram's bins.
  private(set) var binCount = defaultBinCount
  /// The records the collection view knows: the model reads on past them until it is done.
  private var shownCount = 0
  /// The shown records' items in the order of their ids, to find a record's point by its id
  /// (``item(ofRecord:)``); `nil` while their ids ascend, as a document's records do as
  /// loaded, and a binary search over the ids finds one. 4 bytes a record after an edit
  /// that inserted one, none before: a dictionary from id to item took about 33 bytes a
  /// record (8.4 MB for 257,293), made again after every edit.
  private var itemsByID: [Int32]?

  /// Bins when nothing else is asked for, and the fewest and most.
  static let defaultBinCount = 10
  static let binCountRange = 2...100
  /// The most a zoom may multiply the fitting width by.
  static let zoomLimit = 1024.0

  init(host: any PresentationHost, x: String?, y: [String]?) {
    self.host = host
    xChoice = x
    yChoice = y
    let root = GridModel.mainContainer(of: host.store.document.root, in: host.store.document)
    model = ChartModel(store: host.store, root: host.store.id(root), x: x, y: y)
    chartLayout = ChartLayout(kind: .scatter)
    chartLayout.delegate = self
    modelDidChange()
  }

  private var isShown: Bool { host.presentation === self }

  /// After a new model, or more of it read: the items the collection view is given, and
  /// the layout told that its values changed (it lets go of the old ones at once, and
  /// places every point again when it next lays out, shown now or later).
  private func modelDidChange() {
    shownCount = model.ids.count
    itemsByID = Self.itemsByID(model.ids)
    chartLayout.caption = caption
    chartLayout.invalidateLayout()
  }

  /// The items of `ids` in the order of the ids, or `nil` when the ids ascend.
  static func itemsByID(_ ids: [NodeID]) -> [Int32]? {
    guard zip(ids, ids.dropFirst()).contains(where: { $0 >= $1 }) else { return nil }
    return (0..<Int32(ids.count)).sorted { ids[Int($0)] < ids[Int($1)] }
  }

  /// The item of a shown record's point, found by a binary search over the ids.
  func item(ofRecord id: NodeID) -> Int? {
    let ids = model.ids
    var low = 0
    var high = shownCount
    guard let order = itemsByID else {
      while low < high {
        let middle = (low + high) / 2
        if ids[middle] < id { low = middle + 1 } else { high = middle }
      }
      return low < shownCount && ids[low] == id ? low : nil
    }
    high = order.count
    while low < high {
      let middle = (low + high) / 2
      if ids[Int(order[middle])] < id { low = middle + 1 } else { high = middle }
    }
    return low < order.count && ids[Int(order[low])] == id ? Int(order[low]) : nil
  }

  /// What the legend starts with: what x is.
  private var caption: String {
    if isHistogram { return "\(binCount) bins" }
    return "x: " + (model.xField ?? "index")
  }

  /// What is plotted, in words (`price, volume by date`).
  var plotDescription: String {
    guard !model.yFields.isEmpty else { return "no numeric field to plot: Y chooses one" }
    let series = model.yFields.joined(separator: ", ")
    if isHistogram { return "histogram of \(series)" }
    return series + " by " + (model.xField ?? "index")
  }

  /// `--x` and `--y` given once the browser exists.
  func optionsDidChange(_ options: PresentationOptions) {
    guard options.chartX != xChoice || options.chartY != yChoice else { return }
    useFields(x: options.chartX, y: options.chartY)
  }

  /// Plots other fields: the points of the series kept slide to their new places.
  func useFields(x: String?, y: [String]?) {
    xChoice = x
    yChoice = y
    replaceModel(
      with: ChartModel(
        store: store, root: store.node(model.root) != nil ? model.root : store.root, x: x, y: y))
  }

  // MARK: - Presentation

  func prepareToShow() {
    host.collectionView.registerChartViews()
    host.show(message: "plotting \(plotDescription) (X, Y: fields · C: kind)")
  }

  func readAgain() {
    model = model.reread(in: store)
    modelDidChange()
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    var parts: [String] = []
    if let focused = indexPath, focused.item < shownCount, model.yFields.indices.contains(focused.section) {
      // The record's label and its values, then where it is among the points.
      var point = "\(JSONPreview.grouped(focused.item + 1))/\(JSONPreview.grouped(shownCount))"
      if let label = label(ofRecord: model.ids[focused.item]) { point += " " + label }
      parts.append(point)
      if !isHistogram { parts.append("\(model.xField ?? "index") \(model.text(ofX: model.x[focused.item]))") }
      parts.append("\(model.yFields[focused.section]) \(ChartModel.text(of: model.y[focused.section][focused.item]))")
    } else if shownCount == 0 {
      parts.append("no records")
    }
    parts.append(plotDescription)
    if !model.isRead { parts.append("reading values \(model.readCount * 100 / max(1, model.recordCount))%") }
    return parts.joined(separator: " · ")
  }

  /// A record's label (its `name`, `title`… or `--label` field), if it has one.
  private func label(ofRecord id: NodeID) -> String? {
    guard let record = store.node(id) else { return nil }
    return JSONPreview.titleMember(of: record, in: store.document, field: store.labelField).map {
      JSONPreview.inline($0, in: store.document, limit: 24)
    }
  }

  func nodeID(at indexPath: IndexPath) -> NodeID? {
    indexPath.item >= 0 && indexPath.item < shownCount && model.yFields.indices.contains(indexPath.section)
      ? model.ids[indexPath.item] : nil
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    // The record itself, or the record a value belongs to: its point in the first series
    // that has a value for it (a record without one is not on the chart).
    for candidate in store.ancestry(of: id) {
      guard let item = self.item(ofRecord: candidate) else { continue }
      return model.y.indices.first { isPlotted(item, inSeries: $0) }.map { IndexPath(item: item, section: $0) }
    }
    return nil
  }

  /// Whether a record has a point in a series.
  private func isPlotted(_ item: Int, inSeries series: Int) -> Bool {
    model.y[series][item].isFinite && (isHistogram || model.x[item].isFinite)
  }

  // MARK: - Reading the records in slices

  var isReading: Bool { !model.isRead }

  func continueReading(forMilliseconds milliseconds: Int) {
    let deadline = MonotonicClock.nanoseconds() + UInt64(max(1, milliseconds)) * 1_000_000
    guard model.read(in: store, until: deadline) else {
      if isShown { host.setNeedsDisplay() }  // the status line's progress
      return
    }
    // Every record is read: the chart is laid out once more, with all of them.
    guard isShown else {
      modelDidChange()
      return
    }
    let view = host.collectionView
    let focused = view.indexPathForFocusedItem
    let focusedID = focused.flatMap(nodeID(at:))
    let selected = view.indexPathsForSelectedItems.compactMap { path in nodeID(at: path).map { (path.section, $0) } }
    view.finishAnimationsNow()
    modelDidChange()
    view.reloadData()
    chartLayout.invalidateLayout()
    for (section, id) in selected {
      if let item = self.item(ofRecord: id) { view.selectItem(at: IndexPath(item: item, section: section)) }
    }
    if let focused, let item = focusedID.flatMap(self.item(ofRecord:)) {
      view.focusItem(at: IndexPath(item: item, section: focused.section), scrollPosition: .nearest)
    }
    view.ensureFocus()
    // The pass with every point now, and then the heap's freed pages back to the system:
    // what the reading and the passes before freed (5 MB after the timeline of 100 MB of
    // records was shown: 1.17 × the file, 1.12 × with them given back) would stay resident.
    view.layoutIfNeeded()
    store.returnFreedHeapPages()
    host.setNeedsDisplay()
  }

  // MARK: - Commands

  func perform(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .zoomIn: zoom(to: min(Self.zoomLimit, chartLayout.zoom * 2))
    case .zoomOut: zoom(to: max(1, chartLayout.zoom / 2))
    case .zoomToFit: zoom(to: 1)
    case .nextChartKind: nextKind()
    case .moreChartBins, .fewerChartBins: changeBins(more: command == .moreChartBins)
    case .chooseChartX: chooseX()
    case .chooseChartY: chooseY()
    case .openChartPoint:
      host.collectionView.ensureFocus()
      if host.collectionView.indexPathForFocusedItem.flatMap(nodeID(at:)) != nil { host.viewFocusedValue() }
    default:
      return false
    }
    return true
  }

  /// Ctrl+wheel zooms (up: in, down: out), as on the timeline.
  func handleMouse(_ mouse: MouseEvent) -> Bool {
    guard mouse.modifiers.contains(.control) else { return false }
    switch mouse.action {
    case .wheelUp: zoom(to: min(Self.zoomLimit, chartLayout.zoom * 2))
    case .wheelDown: zoom(to: max(1, chartLayout.zoom / 2))
    default: return false
    }
    return true
  }

  private func zoom(to zoom: Double) {
    guard zoom != chartLayout.zoom else {
      host.show(message: zoom <= 1 ? "every point fits the width" : "zoomed in as far as it goes")
      return
    }
    switchLayout(to: chartLayout.copy(zoom: zoom))
    host.show(message: zoom == 1 ? "every point fits the width" : "zoom ×\(ChartModel.text(of: zoom))")
  }

  private func nextKind() {
    let next: (kind: ChartKind, histogram: Bool) =
      switch (chartLayout.kind, isHistogram) {
      case (.scatter, _): (.line, false)
      case (.line, _): (.bar, false)
      case (.bar, false): (.bar, true)
      case (.bar, true): (.scatter, false)
      }
    isHistogram = next.histogram
    chartLayout.caption = caption
    switchLayout(to: chartLayout.copy(kind: next.kind, binCount: .some(isHistogram ? binCount : nil)))
    host.show(
      message: isHistogram ? plotDescription + " (\(binCount) bins: < and > change them)" : "\(next.kind) chart")
  }

  private func changeBins(more: Bool) {
    guard isHistogram else {
      host.show(message: "bins are for the histogram: C until it shows")
      return
    }
    let step = max(1, binCount / 4)
    let next = min(max(binCount + (more ? step : -step), Self.binCountRange.lowerBound), Self.binCountRange.upperBound)
    guard next != binCount else {
      host.show(message: more ? "as many bins as it has" : "as few bins as it has")
      return
    }
    binCount = next
    chartLayout.caption = caption
    switchLayout(to: chartLayout.copy(binCount: .some(binCount)))
    host.show(message: "\(binCount) bins")
  }

  /// A new layout instance, switched in with animation: every point slides to its place.
  private func switchLayout(to next: ChartLayout) {
    next.caption = caption
    chartLayout = next
    guard isShown else { return }
    host.collectionView.setCollectionViewLayout(next, animated: true)
  }

  /// Called on a resize and after every switch to the chart. The collection view tells the
  /// layout of a change of its size, but not one right after a switch, before it laid out
  /// again: a context, which the layout checks against the size (and data) its last pass
  /// was for, so a switch back costs no pass.
  func didResize() {
    chartLayout.invalidateLayout(with: InvalidationContext())
  }

  func fold(toDepth depth: Int?, in host: any PresentationHost) {
    host.show(message: "the chart has nothing to fold: + and - zoom, 0 fits")
  }

  // MARK: - Choosing fields

  /// The fields with their kinds, for a prompt's note (`date date · price number`).
  private func fieldNote(_ fields: [ChartModel.Field]) -> String {
    fields.prefix(8).map { "\($0.name) (\($0.kind.rawValue))" }.joined(separator: " · ")
  }

  private func chooseX() {
    let candidates = model.fields.map(\.name) + ["index"]
    let hooks = StatusPrompt.FieldHooks.cycling(through: candidates, replacingLastPart: false)
    let prompt = StatusPrompt.field("x field: ", text: model.xField ?? "index", hooks: hooks) { [unowned self] text in
      let name = text.trimmingSpaces
      let x = name.isEmpty || name == "index" ? "" : name
      guard x.isEmpty || model.fields.contains(where: { $0.name == x }) else {
        return .keepOpen("no field \(x): Tab shows the fields")
      }
      useFields(x: x, y: model.yFields.isEmpty ? yChoice : model.yFields)
      host.show(message: "plotting " + plotDescription)
      return .close
    }
    if case .field(let field, _, _, _) = prompt { field.note = "Tab: " + fieldNote(model.fields) + " · index" }
    host.open(prompt)
  }

  private func chooseY() {
    let numbers = model.fields.filter { $0.kind == .number }
    let candidates = (numbers + model.fields.filter { $0.kind != .number }).map(\.name)
    let hooks = StatusPrompt.FieldHooks.cycling(through: candidates, replacingLastPart: true)
    let prompt = StatusPrompt.field("y fields: ", text: model.yFields.joined(separator: ","), hooks: hooks) {
      [unowned self] text in
      var names: [String] = []
      for part in text.split(separator: ",") {
        let name = part.trimmingPrefixAndSuffixSpaces()
        guard !name.isEmpty, !names.contains(name) else { continue }
        guard model.fields.contains(where: { $0.name == name }) else {
          return .keepOpen("no field \(name): Tab shows the fields")
        }
        names.append(name)
      }
      guard !names.isEmpty else { return .keepOpen("name a field, or several: a,b") }
      useFields(x: model.xField ?? "", y: names)
      host.show(message: "plotting " + plotDescription)
      return .close
    }
    if case .field(let field, _, _, _) = prompt {
      field.note = "Tab: " + fieldNote(numbers + model.fields.filter { $0.kind != .number })
    }
    host.open(prompt)
  }

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    host.collectionView.finishAnimationsNow()
    // The model follows in place (a copy of it would copy every point on the first
    // change); only the ids shown are kept for an animated update, and only when the
    // update can animate.
    let before = Points(
      ids: shownCount <= Self.animatedUpdateLimit ? model.ids : [], yFields: model.yFields, count: shownCount)
    // The layout keeps the value arrays of its last pass (to know them again by their
    // storage): forgotten first, or the first change in place would copy each of them.
    chartLayout.invalidateLayout()
    if !model.follow(change, in: store) {
      // An edit of a chart read whole is followed whole (its points slide); records that
      // arrive (a load, a followed stream) are read in slices again.
      let wasRead = model.isRead
      var next = model.reread(in: store)
      if wasRead, change.reason != .grew { next.readAll(in: store) }
      model = next
    }
    // The other side of a diff is one batch update too: the points of records both sides
    // hold (their ids are the diff's pairing) slide to their values there, the others come
    // and go.
    modelReplaced(before: before, grew: change.reason == .grew)
  }

  /// The points shown before a change: their records' ids (the first `count`), the series.
  private struct Points {
    var ids: [NodeID]
    var yFields: [String]
    var count: Int
  }

  /// Takes a new model: one batch update from the points shown to the new ones (a point
  /// kept slides to its new place), or a reload while the new one is still being read.
  private func replaceModel(with next: ChartModel, grew: Bool = false) {
    let before = Points(
      ids: shownCount <= Self.animatedUpdateLimit ? model.ids : [], yFields: model.yFields, count: shownCount)
    model = next
    modelReplaced(before: before, grew: grew)
  }

  /// Shows the model that replaced the points `before`.
  private func modelReplaced(before: Points, grew: Bool) {
    let next = model
    let oldCount = before.count
    guard isShown else {
      modelDidChange()
      return
    }
    let view = host.collectionView
    view.finishAnimationsNow()
    guard !grew, next.isRead, oldCount + next.ids.count <= Self.animatedUpdateLimit else {
      modelDidChange()
      view.reloadData()
      chartLayout.invalidateLayout()
      view.ensureFocus()
      // The pass now rather than at the next frame: after an edit the store gives the
      // heap's freed pages back once the views have followed it, and the pass frees the
      // last one's arrays (a point's bins, 4 MB for a million points).
      if !grew { view.layoutIfNeeded() }
      return
    }
    let oldItems = before.yFields.map { field in before.ids.prefix(oldCount).map { PointKey(id: $0, field: field) } }
    modelDidChange()
    let newItems = next.yFields.map { field in next.ids.map { PointKey(id: $0, field: field) } }
    let diff = SnapshotDifference(
      oldSections: before.yFields, oldItems: oldItems, newSections: next.yFields, newItems: newItems)
    view.performBatchUpdates {
      diff.record(in: view)
      // Values may have changed: every point is placed again.
      self.chartLayout.invalidateLayout()
    }
    view.ensureFocus()
  }

  /// A point: a record in a series.
  private struct PointKey: Hashable {
    var id: NodeID
    var field: String
  }

  /// The most points an update animates; beyond, the chart is read again at once.
  static let animatedUpdateLimit = 200_000

  // MARK: - ChartLayoutDelegate

  func xAxisKind(for layout: ChartLayout) -> ChartAxisKind {
    if isHistogram { return .number }
    switch model.xField == nil ? .number : model.xKind {
    case .number: return .number
    case .date: return .time
    case .text: return .category(model.categories)
    }
  }

  func chartLayout(_ layout: ChartLayout, valuesOfSeries series: Int) -> ChartSeriesValues? {
    guard model.y.indices.contains(series) else { return ChartSeriesValues(x: [], y: []) }
    return isHistogram
      ? ChartSeriesValues(x: model.y[series], y: model.y[series]) : ChartSeriesValues(x: model.x, y: model.y[series])
  }

  func chartLayout(_ layout: ChartLayout, xValueForItemAt indexPath: IndexPath) -> Double? {
    guard model.y.indices.contains(indexPath.section), indexPath.item < shownCount else { return nil }
    return isHistogram ? model.y[indexPath.section][indexPath.item] : model.x[indexPath.item]
  }

  func chartLayout(_ layout: ChartLayout, yValueForItemAt indexPath: IndexPath) -> Double? {
    guard model.y.indices.contains(indexPath.section), indexPath.item < shownCount else { return nil }
    return model.y[indexPath.section][indexPath.item]
  }

  func chartLayout(_ layout: ChartLayout, titleOfSeries series: Int) -> String {
    model.yFields.indices.contains(series) ? model.yFields[series] : "series \(series + 1)"
  }

  // MARK: - CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { model.yFields.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    shownCount
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    collectionView.dequeueChartPointCell(for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    collectionView.dequeueChartSupplementaryView(ofKind: kind, at: indexPath)
  }
}
