import TermGridCore
import TermGridViews

extension ElementKind {
  /// A date header on a time axis, pinned to the top (``TimelineLayout``).
  public static let timelineHeader = "timelineHeader"
  /// The time axis under the date headers (decoration, ``TimelineLayout``).
  public static let timelineAxis = "timelineAxis"
  /// The line at the present moment (decoration, ``TimelineLayout``).
  public static let timelineNow = "timelineNow"
  /// The shading of every other period (decoration, ``TimelineLayout``).
  public static let timelineBand = "timelineBand"
  /// The header row of a group of lanes (a swim lane), kept in view while its lanes are
  /// (``TimelineLayout``).
  public static let timelineLaneHeader = "timelineLaneHeader"
}

/// Lays items out on a horizontal time axis, as in the talk "Beyond the Grid": each item
/// spans its ``TimelineRange`` (a marker when it has no end), overlapping items are packed
/// into lanes (rows) first-fit, and the axis scrolls sideways.
///
/// Elements:
/// - a cell per item with a range, with a ``TimelineItemInfo`` (lane, marker) in its info;
/// - date headers, supplementary views of kind ``ElementKind/timelineHeader`` pinned to the
///   top: one per period of a unit chosen for the scale (years, months, days, hours,
///   minutes, and multiples), each with a ``TimelineTickInfo``. A header's index path
///   names its period (section: the period's ``TimelineCalendar/Period/code``, item: its
///   absolute index), so it keeps it while the data changes;
/// - decoration views: the axis (``ElementKind/timelineAxis``, a ``RuleView``) under the
///   headers, the present moment (``ElementKind/timelineNow``) when ``now`` is set, and a
///   ``BandView`` (``ElementKind/timelineBand``) behind every other period;
/// - when the delegate groups items (``TimelineLayoutDelegate/numberOfLaneGroups(in:)``,
///   swim lanes by a category), a header row above each group's lanes, a supplementary view
///   of kind ``ElementKind/timelineLaneHeader`` at index path (item: group, section: 0)
///   with a ``TimelineLaneHeaderInfo``. It spans the visible width and stays in view, under
///   the date headers, while any lane of its group does (as a list's section header), and
///   each group packs its items into lanes of its own.
///
/// Zoom is a new layout (``copy(pointsPerSecond:)``) switched in with animation, as the
/// talk does on a pinch; a layout with no ``pointsPerSecond`` fits everything in the width.
/// `prepare()` sorts and packs once, O(n log n); rect queries binary-search the lanes they
/// meet.
open class TimelineLayout: CollectionLayout {
  /// The object asked for ranges; when `nil`, the collection view's layout delegate.
  public weak var delegate: (any TimelineLayoutDelegate)? { didSet { invalidateLayout() } }

  /// The scale in points per second; `nil` fits all items in the visible width.
  public let pointsPerSecond: Double?

  /// The present moment (seconds since 1970), drawn as a line; `nil` for none.
  public var now: Double? { didSet { if now != oldValue { invalidateLayout() } } }

  /// The narrowest a period between two headers may be, in cells.
  public var minimumHeaderWidth = 14 { didSet { if minimumHeaderWidth != oldValue { invalidateLayout() } } }

  /// Blank columns kept between two items in a lane.
  public var itemSpacing = 1 { didSet { if itemSpacing != oldValue { invalidateLayout() } } }

  /// Z-index of the bands, under everything.
  public static let bandZIndex = -2
  /// Z-index of the "now" line, over the bands and under the items.
  public static let nowZIndex = -1
  /// Z-index of the lane groups' headers, over the items they may cover when pinned.
  public static let laneHeaderZIndex = 5
  /// Z-index of the pinned headers.
  public static let headerZIndex = 10
  /// Z-index of the axis, over the headers (its ticks join theirs).
  public static let axisZIndex = 11

  /// The widest the content may get, in columns: zooming in further stops here.
  public static let maximumContentColumns = 1_000_000_000.0

  /// The rows the headers and the axis take at the top.
  public static let headerRows = 2

  // What the last pass computed.
  private var origin = 0.0
  private var end = 0.0
  /// Columns per second, after fitting and clamping.
  public private(set) var effectiveScale = 1.0
  /// The period the headers mark.
  public private(set) var period = TimelineCalendar.Period(unit: .year, step: 1)
  /// The number of lanes.
  public private(set) var laneCount = 0
  /// The content row of each lane (after the date headers, and after its group's header).
  private var laneRows: [Int] = []
  /// The rows under the date headers: every lane, and a header row per group shown.
  private var bodyRows = 0
  /// The groups shown (those with items), in order, with their header rows and last rows.
  private var laneGroups: [LaneGroup] = []
  /// The titles of the groups, as the delegate gave them last.
  private var groupTitles: [String] = []

  private struct LaneGroup {
    var group: Int
    var headerRow: Int
    var lastRow: Int
    var laneCount: Int
    var itemCount: Int
  }
  private var itemColumns: [Int] = []
  private var itemWidths: [Int32] = []
  private var itemLanes: [Int32] = []
  private var itemIsMarker: [Bool] = []
  private var itemHasRange: [Bool] = []
  /// Items per lane in axis order, with their end columns for binary search: lane `l`'s
  /// are at `laneOffsets[l]..<laneOffsets[l + 1]` (one array for all, not one per lane:
  /// a timeline of millions of moments fitting its width has hundreds of thousands).
  private var laneItems: [Int32] = []
  private var laneEnds: [Int] = []
  private var laneOffsets: [Int] = [0]
  private var contentColumns = 0
  /// The earlier pass's headers and bands, for the batch update that replaced it.
  private var previousPeriod: TimelineCalendar.Period?
  private var previousOrigin = 0.0
  private var previousScale = 1.0
  private var changedTicks: (inserted: [IndexPath], deleted: [IndexPath]) = ([], [])
  /// What the last pass placed and packed: a pass that reads the same ranges and widths at
  /// the same scale keeps its lanes (a view switched back to, a layout given the same data
  /// again) instead of sorting and packing every item again.
  private var packedInputs: PackingInputs?

  private struct PackingInputs: Equatable {
    var starts: [Double]
    var ends: [Double]
    var minimumWidths: [Int32]
    var hasRange: [Bool]
    var markers: [Bool]
    var groups: [Int32]
    var scale: Double
    var spacing: Int
  }

  /// Creates a timeline at a scale in points per second, or fitting everything in the
  /// width (`nil`).
  public init(pointsPerSecond: Double? = nil) {
    self.pointsPerSecond = pointsPerSecond.map { $0 > 0 && $0.isFinite ? $0 : 1 }
    super.init()
    register(decorationViewOfKind: ElementKind.timelineAxis) { RuleView() }
    register(decorationViewOfKind: ElementKind.timelineNow) { RuleView() }
    register(decorationViewOfKind: ElementKind.timelineBand) { BandView() }
  }

  /// The same timeline at another scale (zoom): switch to it with
  /// ``CollectionView/setCollectionViewLayout(_:animated:keepingFocusInPlace:completion:)`` and every item slides
  /// to its new place.
  open func copy(pointsPerSecond: Double?) -> TimelineLayout {
    let layout = TimelineLayout(pointsPerSecond: pointsPerSecond)
    layout.delegate = delegate
    layout.now = now
    layout.minimumHeaderWidth = minimumHeaderWidth
    layout.itemSpacing = itemSpacing
    return layout
  }

  /// The delegate in use.
  public var resolvedDelegate: (any TimelineLayoutDelegate)? {
    delegate ?? (collectionView?.layoutDelegate as? any TimelineLayoutDelegate)
  }

  var metrics: CellMetrics { collectionView?.cellMetrics ?? .identity }

  /// The time at the first column of the content, in seconds.
  public var startTime: Double { origin }
  /// The time at the last item's end.
  public var endTime: Double { end }

  /// The scale (points per second) that fits the items of the last pass in `width` points.
  public func scaleToFit(width: Double) -> Double {
    let span = max(1, end - origin)
    let columns = max(1, metrics.column(forX: width) - 2)
    return Double(columns) / span * metrics.width(ofColumns: 1)
  }

  /// The column of a time, in content cells.
  public func column(forTime time: Double) -> Int {
    let value = 1 + (time - origin) * effectiveScale
    return Int(min(max(value, -Self.maximumContentColumns), Self.maximumContentColumns * 2).rounded(.down))
  }

  // MARK: - The core layout process

  open override func prepare() {
    if let context = pendingInvalidation, !context.invalidateEverything, !context.invalidateDataSourceCounts,
      context.newBounds != nil
    {
      // Scrolling: pinned elements are placed when asked; nothing else moves.
      return
    }
    previousPeriod = itemColumns.isEmpty && laneCount == 0 && contentColumns == 0 ? nil : period
    previousOrigin = origin
    previousScale = effectiveScale
    guard let host = collectionView, let delegate = resolvedDelegate, host.numberOfSections > 0 else {
      reset()
      return
    }
    let count = host.numberOfItems(inSection: 0)
    let groupCount = max(0, delegate.numberOfLaneGroups(in: self))
    groupTitles = (0..<groupCount).map { delegate.timelineLayout(self, titleForLaneGroup: $0) }
    var groups = [Int32](repeating: 0, count: groupCount > 0 ? count : 0)
    var starts = [Double](repeating: 0, count: count)
    var ends = [Double](repeating: 0, count: count)
    var minimumWidths = [Int32](repeating: 1, count: count)
    var hasRange = [Bool](repeating: false, count: count)
    var markers = [Bool](repeating: false, count: count)
    var first = Double.infinity
    var last = -Double.infinity
    for item in 0..<count {
      let indexPath = IndexPath(item: item, section: 0)
      guard let range = delegate.timelineLayout(self, rangeForItemAt: indexPath), range.start.isFinite else { continue }
      let start = min(max(range.start, -TimelineCalendar.secondsLimit), TimelineCalendar.secondsLimit)
      let finish = range.end.flatMap { $0.isFinite ? min(max($0, start), TimelineCalendar.secondsLimit) : nil }
      starts[item] = start
      ends[item] = finish ?? start
      markers[item] = finish == nil
      hasRange[item] = true
      if groupCount > 0 {
        let group = delegate.timelineLayout(self, laneGroupForItemAt: indexPath)
        groups[item] = Int32(clamping: (0..<groupCount).contains(group) ? group : groupCount - 1)
      }
      minimumWidths[item] = Int32(clamping: max(1, delegate.timelineLayout(self, minimumWidthForItemAt: indexPath)))
      first = min(first, start)
      last = max(last, finish ?? start)
    }
    guard first.isFinite else {
      reset()
      itemHasRange = hasRange
      return
    }
    origin = first
    end = last
    let columnWidth = metrics.width(ofColumns: 1)
    let span = max(1, last - first)
    var scale: Double
    if let pointsPerSecond {
      scale = pointsPerSecond / columnWidth
    } else {
      let width = max(1, metrics.column(forX: host.bounds.width) - 2)
      // The widest item's own width must fit too: a marker's label sticks out past its time.
      scale = Double(max(1, width - 1)) / span
    }
    // Never wider than the maximum, never narrower than one column.
    scale = min(max(scale, 1 / span), Self.maximumContentColumns / span)
    effectiveScale = scale
    period = Self.period(forColumnsPerSecond: scale, minimumWidth: minimumHeaderWidth)
    let inputs = PackingInputs(
      starts: starts, ends: ends, minimumWidths: minimumWidths, hasRange: hasRange, markers: markers, groups: groups,
      scale: scale,
      spacing: max(0, itemSpacing))
    // The same items at the same scale: the places and lanes of the last pass stand.
    if inputs == packedInputs { return }
    packedInputs = nil

    // Place and pack: items in axis order, each into the lowest lane free at its start.
    var columns = [Int](repeating: 0, count: count)
    var widths = [Int32](repeating: 0, count: count)
    for item in 0..<count where hasRange[item] {
      columns[item] = column(forTime: starts[item])
      let natural = markers[item] ? 1 : max(1, column(forTime: ends[item]) - columns[item])
      widths[item] = max(minimumWidths[item], Int32(clamping: natural))
    }
    // By column, then by item (counted by column when they fit a bounded span), with the
    // items' columns, widths and groups along that order: packed there as items 0, 1, 2…,
    // which are in order, so each gets the lane it gets packed as itself.
    let axis = TimelineItemOrder(columns: columns, widths: widths, groups: groups, hasRange: hasRange)
    let order = axis.order
    let placed = order.count
    let packed = TimelineLanePacking.pack(
      order: Array(0..<Int32(placed)), itemCount: placed, columns: axis.columns, widths: axis.widths,
      groups: axis.groups, groupCount: max(1, groupCount), spacing: max(0, itemSpacing))
    // The groups' lanes one after another (groups without items take no rows), and each
    // lane's items in axis order in one array, a lane's run found by its offset.
    var firstLane = [Int](repeating: 0, count: packed.laneCounts.count)
    var groupItems = [Int](repeating: 0, count: packed.laneCounts.count)
    for group in axis.groups { groupItems[Int(group)] += 1 }
    var rows: [Int] = []
    var shownGroups: [LaneGroup] = []
    var row = Self.headerRows
    var totalLanes = 0
    for (group, groupLanes) in packed.laneCounts.enumerated() where groupLanes > 0 {
      if groupCount > 0 {
        shownGroups.append(
          LaneGroup(
            group: group, headerRow: row, lastRow: row + groupLanes, laneCount: groupLanes,
            itemCount: groupItems[group]))
        row += 1
      }
      firstLane[group] = totalLanes
      for _ in 0..<groupLanes {
        rows.append(row)
        row += 1
      }
      totalLanes += groupLanes
    }
    // Along the order: each placed item's lane among all groups' lanes.
    var axisLanes = packed.lanes
    var offsets = [Int](repeating: 0, count: totalLanes + 1)
    for position in 0..<placed {
      let lane = Int(axisLanes[position]) + (groupCount > 0 ? firstLane[Int(axis.groups[position])] : 0)
      axisLanes[position] = Int32(lane)
      offsets[lane + 1] += 1
    }
    for lane in 0..<totalLanes { offsets[lane + 1] += offsets[lane] }
    var fill = offsets
    var flatItems = [Int32](repeating: 0, count: placed)
    var flatEnds = [Int](repeating: 0, count: placed)
    var lanes = [Int32](repeating: -1, count: count)
    var widest = 0
    for position in 0..<placed {
      let lane = Int(axisLanes[position])
      let end = axis.columns[position] + Int(axis.widths[position])
      flatItems[fill[lane]] = order[position]
      flatEnds[fill[lane]] = end
      fill[lane] += 1
      widest = max(widest, end)
      lanes[Int(order[position])] = Int32(lane)
    }
    itemColumns = columns
    itemWidths = widths
    itemLanes = lanes
    itemIsMarker = markers
    itemHasRange = hasRange
    laneItems = flatItems
    laneEnds = flatEnds
    laneOffsets = offsets
    laneCount = totalLanes
    laneRows = rows
    laneGroups = shownGroups
    bodyRows = row - Self.headerRows
    contentColumns = max(widest, column(forTime: last) + 1) + 1
    packedInputs = inputs
  }

  private func reset() {
    packedInputs = nil
    laneRows = []
    laneGroups = []
    bodyRows = 0
    origin = 0
    end = 0
    effectiveScale = 1
    laneCount = 0
    itemColumns = []
    itemWidths = []
    itemLanes = []
    itemIsMarker = []
    itemHasRange = []
    laneItems = []
    laneEnds = []
    laneOffsets = [0]
    contentColumns = 0
  }

  /// The finest period whose headers are at least `minimumWidth` columns apart.
  static func period(forColumnsPerSecond scale: Double, minimumWidth: Int) -> TimelineCalendar.Period {
    let all = TimelineCalendar.Period.all
    return all.first { $0.approximateSeconds * scale >= Double(max(1, minimumWidth)) } ?? all[all.count - 1]
  }

  open override var collectionViewContentSize: Size {
    metrics.size(for: CellSize(columns: contentColumns, rows: Self.headerRows + bodyRows))
  }

  // MARK: - Attributes

  func itemAttributes(_ item: Int) -> LayoutAttributes {
    let cells = CellRect(
      column: itemColumns[item], row: laneRows[Int(itemLanes[item])], columns: Int(itemWidths[item]), rows: 1)
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: item, section: 0), frame: metrics.rect(for: cells))
    attributes.info = LayoutInfo(TimelineItemInfo(lane: Int(itemLanes[item]), isMarker: itemIsMarker[item]))
    return attributes
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    let metrics = metrics
    let area = metrics.cellRect(for: rect)
    guard !area.isEmpty, contentColumns > 0 else { return [] }
    var result: [LayoutAttributes] = []
    let firstLane = Self.firstIndex(in: laneRows) { $0 >= area.row }
    let lastLane = Self.firstIndex(in: laneRows) { $0 >= area.row + area.rows } - 1
    if firstLane <= lastLane {
      for lane in firstLane...lastLane {
        // The first item of the lane that ends after the area's left edge.
        var low = laneOffsets[lane]
        var high = laneOffsets[lane + 1]
        let laneEnd = high
        while low < high {
          let middle = (low + high) / 2
          if laneEnds[middle] > area.column { high = middle } else { low = middle + 1 }
        }
        var position = low
        while position < laneEnd {
          let item = Int(laneItems[position])
          guard itemColumns[item] < area.column + area.columns else { break }
          result.append(itemAttributes(item))
          position += 1
        }
      }
    }
    let visible = visibleCells
    for tick in tickRange(columns: area.column..<(area.column + area.columns)) {
      if let header = headerAttributes(index: tick, visible: visible), header.frame.intersects(rect) {
        result.append(header)
      }
      if tick % 2 != 0, let band = bandAttributes(index: tick, visible: visible), band.frame.intersects(rect) {
        result.append(band)
      }
    }
    if let axis = axisAttributes(visible: visible), axis.frame.intersects(rect) { result.append(axis) }
    if let line = nowAttributes(visible: visible), line.frame.intersects(rect) { result.append(line) }
    for index in laneGroups.indices {
      if let header = laneHeaderAttributes(index, visible: visible), header.frame.intersects(rect) {
        result.append(header)
      }
    }
    return result
  }

  /// The first index whose element passes `isAfter` (elements ordered so that it holds from
  /// some index on), or the count.
  static func firstIndex(in elements: [Int], where isAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = elements.count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(elements[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The header of the `index`th group shown: on its own row, or held under the date
  /// headers while the group's lanes scroll beneath, until the next group's header pushes
  /// it out.
  func laneHeaderAttributes(_ index: Int, visible: CellRect) -> LayoutAttributes? {
    guard laneGroups.indices.contains(index) else { return nil }
    let group = laneGroups[index]
    let row = min(max(group.headerRow, visible.row + Self.headerRows), group.lastRow)
    let cells = CellRect(column: max(0, visible.column), row: row, columns: max(1, visible.columns), rows: 1)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.timelineLaneHeader, with: IndexPath(item: group.group, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.laneHeaderZIndex
    attributes.info = LayoutInfo(
      TimelineLaneHeaderInfo(
        group: group.group, title: groupTitles.indices.contains(group.group) ? groupTitles[group.group] : "",
        laneCount: group.laneCount, itemCount: group.itemCount))
    return attributes
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < itemHasRange.count,
      itemHasRange[indexPath.item], indexPath.item < itemColumns.count
    else { return nil }
    return itemAttributes(indexPath.item)
  }

  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    if kind == ElementKind.timelineLaneHeader, indexPath.section == 0,
      let index = laneGroups.firstIndex(where: { $0.group == indexPath.item })
    {
      return laneHeaderAttributes(index, visible: visibleCells)
    }
    guard kind == ElementKind.timelineHeader, indexPath.section == period.code else { return nil }
    return headerAttributes(index: indexPath.item, visible: visibleCells)
  }

  open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    let visible = visibleCells
    switch kind {
    case ElementKind.timelineAxis: return axisAttributes(visible: visible)
    case ElementKind.timelineNow: return nowAttributes(visible: visible)
    case ElementKind.timelineBand:
      guard indexPath.section == period.code, indexPath.item % 2 != 0 else { return nil }
      return bandAttributes(index: indexPath.item, visible: visible)
    default: return nil
    }
  }

  private var visibleCells: CellRect {
    metrics.cellRect(for: collectionView?.bounds ?? .zero)
  }

  /// The periods whose headers meet `columns`.
  func tickRange(columns: Range<Int>) -> Range<Int> {
    guard contentColumns > 0, effectiveScale > 0 else { return 0..<0 }
    let left = max(0, columns.lowerBound - 1)
    let right = min(contentColumns, columns.upperBound)
    guard left < right else { return 0..<0 }
    let first = period.index(containing: origin + Double(left - 1) / effectiveScale)
    let last = period.index(containing: origin + Double(right - 1) / effectiveScale)
    // A screen shows a few dozen periods at most; the bound keeps a bad scale cheap.
    return first..<(min(last, first + 4096) + 1)
  }

  private func tickColumns(_ index: Int) -> (start: Int, end: Int) {
    (column(forTime: period.start(ofIndex: index)), column(forTime: period.start(ofIndex: index + 1)))
  }

  func headerAttributes(index: Int, visible: CellRect) -> LayoutAttributes? {
    let (start, next) = tickColumns(index)
    let left = max(0, start)
    let right = min(contentColumns, next)
    guard right > left else { return nil }
    let cells = CellRect(column: left, row: max(0, visible.row), columns: right - left, rows: Self.headerRows)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.timelineHeader, with: IndexPath(item: index, section: period.code),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.headerZIndex
    attributes.info = LayoutInfo(
      TimelineTickInfo(time: period.start(ofIndex: index), label: period.label(forIndex: index), marksStart: start >= 0)
    )
    return attributes
  }

  func bandAttributes(index: Int, visible: CellRect) -> LayoutAttributes? {
    let (start, next) = tickColumns(index)
    let left = max(0, start)
    let right = min(contentColumns, next)
    guard right > left else { return nil }
    let top = Self.headerRows
    let bottom = max(top + bodyRows, visible.row + visible.rows)
    let cells = CellRect(column: left, row: top, columns: right - left, rows: max(1, bottom - top))
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: ElementKind.timelineBand, with: IndexPath(item: index, section: period.code),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.bandZIndex
    attributes.info = LayoutInfo(BandInfo(index: index))
    return attributes
  }

  func axisAttributes(visible: CellRect) -> LayoutAttributes? {
    guard contentColumns > 0 else { return nil }
    let left = max(0, visible.column)
    let right = max(left + 1, min(contentColumns, visible.column + max(1, visible.columns)))
    let cells = CellRect(column: left, row: max(0, visible.row) + 1, columns: right - left, rows: 1)
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: ElementKind.timelineAxis, with: IndexPath(item: 0, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.axisZIndex
    attributes.info = LayoutInfo(RuleInfo(axis: .horizontal, role: .axis))
    return attributes
  }

  func nowAttributes(visible: CellRect) -> LayoutAttributes? {
    guard let now, contentColumns > 0, now >= origin, now <= end else { return nil }
    let column = column(forTime: now)
    let top = Self.headerRows
    let bottom = max(top + bodyRows, visible.row + visible.rows)
    let cells = CellRect(column: column, row: top, columns: 1, rows: max(1, bottom - top))
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: ElementKind.timelineNow, with: IndexPath(item: 0, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.nowZIndex
    attributes.info = LayoutInfo(RuleInfo(axis: .vertical, role: .marker))
    return attributes
  }

  // MARK: - Updates

  /// Date headers and bands belong to periods of time, not to items.
  open override func supplementaryViewsFollowItems(ofKind kind: String) -> Bool {
    kind == ElementKind.timelineHeader || kind == ElementKind.timelineLaneHeader
      ? false : super.supplementaryViewsFollowItems(ofKind: kind)
  }

  open override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    // Headers within a few screens of the visible area that the new pass added or removed:
    // a header at the same period is the same header, wherever the axis now puts it.
    let visible = visibleCells
    let window = (visible.column - visible.columns * 2)..<(visible.column + visible.columns * 3)
    let newTicks = Set(tickRange(columns: window).map { IndexPath(item: $0, section: period.code) })
    var oldTicks = Set<IndexPath>()
    if let previousPeriod, previousScale > 0 {
      let first = previousPeriod.index(containing: previousOrigin + Double(window.lowerBound - 1) / previousScale)
      let last = previousPeriod.index(containing: previousOrigin + Double(window.upperBound - 1) / previousScale)
      if first <= last {
        for index in first...min(last, first + 4096) {
          oldTicks.insert(IndexPath(item: index, section: previousPeriod.code))
        }
      }
    }
    changedTicks = (newTicks.subtracting(oldTicks).sorted(), oldTicks.subtracting(newTicks).sorted())
  }

  open override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    changedTicks = ([], [])
  }

  open override func indexPathsToInsertForSupplementaryView(ofKind kind: String) -> [IndexPath] {
    kind == ElementKind.timelineHeader ? changedTicks.inserted : []
  }

  open override func indexPathsToDeleteForSupplementaryView(ofKind kind: String) -> [IndexPath] {
    kind == ElementKind.timelineHeader ? changedTicks.deleted : []
  }

  open override func indexPathsToInsertForDecorationView(ofKind kind: String) -> [IndexPath] {
    kind == ElementKind.timelineBand ? changedTicks.inserted.filter { $0.item % 2 != 0 } : []
  }

  open override func indexPathsToDeleteForDecorationView(ofKind kind: String) -> [IndexPath] {
    kind == ElementKind.timelineBand ? changedTicks.deleted.filter { $0.item % 2 != 0 } : []
  }

  // MARK: - Scrolling and focus

  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    context.newBounds = newBounds
    // A timeline that fits its width packs again when the width changes.
    if pointsPerSecond == nil, let old = collectionView?.bounds, old.width != newBounds.width {
      context.invalidateEverything = true
    }
    return context
  }

  /// The pinned headers and axis cover the top rows, and a group's header the row under them.
  open override func obscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    EdgeInsets(
      top: metrics.height(ofRows: Self.headerRows + (laneGroups.isEmpty ? 0 : 1)), left: 0, bottom: 0, right: 0)
  }

  /// Left and Right go to the previous and next item of the lane; Up and Down to the item of
  /// the nearest lane above or below that is closest in time.
  open override func indexPathForFocus(movingFrom indexPath: IndexPath, direction: FocusDirection) -> IndexPath? {
    let item = indexPath.item
    guard indexPath.section == 0, item >= 0, item < itemLanes.count, itemLanes[item] >= 0 else { return nil }
    let lane = Int(itemLanes[item])
    let items = laneItems[laneOffsets[lane]..<laneOffsets[lane + 1]]
    switch direction {
    case .left, .right:
      guard let position = items.firstIndex(of: Int32(item)) else { return indexPath }
      let next = direction == .left ? position - 1 : position + 1
      return items.indices.contains(next) ? IndexPath(item: Int(items[next]), section: 0) : indexPath
    case .up, .down:
      let step = direction == .up ? -1 : 1
      var other = lane + step
      let centre = itemColumns[item]
      while other >= 0 && other < laneCount {
        if let nearest = laneItems[laneOffsets[other]..<laneOffsets[other + 1]].min(by: {
          abs(itemColumns[Int($0)] - centre) < abs(itemColumns[Int($1)] - centre)
        }) {
          return IndexPath(item: Int(nearest), section: 0)
        }
        other += step
      }
      return indexPath
    }
  }
}
