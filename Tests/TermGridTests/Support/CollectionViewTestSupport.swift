import TermGrid
import Testing

// Simple layouts, data sources, views and delegates for the collection view tests. They
// are written here, not taken from the library's own layouts, so that the collection view is
// tested against layouts whose every frame the tests can work out by hand.

// MARK: - Layouts

/// A uniform grid: items of one size, as many columns as fit the visible width (or a fixed
/// number), sections one under another, each with an optional header. Attributes for a
/// rectangle are computed arithmetically, so a million items cost nothing to query.
final class GridLayout: CollectionLayout {
  var itemSize: Size
  var fixedColumns: Int?
  /// Space between items on a row and between rows.
  var spacing: Double
  /// The height of each section's header (kind ``ElementKind/header``); 0 for none.
  var headerHeight: Double
  /// When true, ``targetContentOffset(forProposedContentOffset:)`` lands on row starts.
  var snapsToRows = false
  /// Decoration elements shown wherever they intersect the visible rect.
  var decorations: [LayoutAttributes] = []
  var itemZIndex: [IndexPath: Int] = [:]
  var itemAlpha: [IndexPath: Double] = [:]
  var hiddenItems: Set<IndexPath> = []
  /// When set, inserted items start this far from their place, and deleted ones end this far
  /// from theirs (a slide instead of the default fade).
  var slideOffset: Point?

  private(set) var updateBatches: [[UpdateItem]] = []
  private(set) var finalizeCount = 0
  private(set) var columnCount = 1
  private(set) var targetOffsetRequests: [Point] = []
  private var counts: [Int] = []
  private var sectionTops: [Double] = []
  private var contentHeight = 0.0
  private var currentUpdates: [UpdateItem] = []
  /// Frames from before the update under way, for final attributes of disappearing items.
  private var previousFrames: [IndexPath: Rect] = [:]
  private var previousColumns = 1
  private var previousTops: [Double] = []

  init(itemSize: Size, columns: Int? = nil, spacing: Double = 0, headerHeight: Double = 0) {
    self.itemSize = itemSize
    self.fixedColumns = columns
    self.spacing = spacing
    self.headerHeight = headerHeight
    super.init()
  }

  override func prepare() {
    previousColumns = columnCount
    previousTops = sectionTops
    let host = collectionView
    counts = (0..<(host?.numberOfSections ?? 0)).map { host?.numberOfItems(inSection: $0) ?? 0 }
    let width = host?.bounds.width ?? 0
    columnCount = fixedColumns ?? max(1, Int((width + spacing) / (itemSize.width + spacing)))
    sectionTops = []
    var top = 0.0
    for count in counts {
      sectionTops.append(top)
      let rows = (count + columnCount - 1) / columnCount
      top += headerHeight + Double(rows) * itemSize.height + Double(max(0, rows - 1)) * spacing
    }
    contentHeight = top
  }

  override var collectionViewContentSize: Size {
    Size(
      width: Double(columnCount) * itemSize.width + Double(columnCount - 1) * spacing,
      height: contentHeight)
  }

  func frame(forItem item: Int, inSection section: Int) -> Rect {
    Self.frame(
      item: item, top: sectionTops[section] + headerHeight, columns: columnCount, size: itemSize, spacing: spacing)
  }

  static func frame(item: Int, top: Double, columns: Int, size: Size, spacing: Double) -> Rect {
    Rect(
      x: Double(item % columns) * (size.width + spacing),
      y: top + Double(item / columns) * (size.height + spacing),
      width: size.width, height: size.height)
  }

  private func attributes(item: Int, section: Int) -> LayoutAttributes {
    let indexPath = IndexPath(item: item, section: section)
    var attributes = LayoutAttributes(forCellWith: indexPath, frame: frame(forItem: item, inSection: section))
    attributes.zIndex = itemZIndex[indexPath] ?? 0
    attributes.alpha = itemAlpha[indexPath] ?? 1
    attributes.isHidden = hiddenItems.contains(indexPath)
    return attributes
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    let step = itemSize.height + spacing
    for (section, count) in counts.enumerated() where count > 0 || headerHeight > 0 {
      let top = sectionTops[section]
      if headerHeight > 0,
        let header = layoutAttributesForSupplementaryView(
          ofKind: ElementKind.header, at: IndexPath(item: 0, section: section)), header.frame.intersects(rect)
      {
        result.append(header)
      }
      guard count > 0 else { continue }
      let itemsTop = top + headerHeight
      let rows = (count + columnCount - 1) / columnCount
      let firstRow = max(0, Int(((rect.minY - itemsTop) / step).rounded(.down)))
      let lastRow = min(rows - 1, Int(((rect.maxY - itemsTop) / step).rounded(.down)))
      guard firstRow <= lastRow else { continue }
      for row in firstRow...lastRow {
        for column in 0..<columnCount {
          let item = row * columnCount + column
          guard item < count else { break }
          let element = attributes(item: item, section: section)
          if element.frame.intersects(rect) { result.append(element) }
        }
      }
    }
    result += decorations.filter { $0.frame.intersects(rect) }
    return result
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < counts.count, indexPath.item >= 0,
      indexPath.item < counts[indexPath.section]
    else { return nil }
    return attributes(item: indexPath.item, section: indexPath.section)
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes?
  {
    guard kind == ElementKind.header, headerHeight > 0, indexPath.item == 0, indexPath.section >= 0,
      indexPath.section < counts.count
    else { return nil }
    let frame = Rect(
      x: 0, y: sectionTops[indexPath.section], width: collectionViewContentSize.width, height: headerHeight)
    return LayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath, frame: frame)
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    decorations.first { $0.representedElementKind == kind && $0.indexPath == indexPath }
  }

  override func targetContentOffset(forProposedContentOffset proposedContentOffset: Point) -> Point {
    targetOffsetRequests.append(proposedContentOffset)
    guard snapsToRows else { return proposedContentOffset }
    let step = itemSize.height + spacing
    return Point(x: proposedContentOffset.x, y: (proposedContentOffset.y / step).rounded(.down) * step)
  }

  override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) {
    updateBatches.append(updateItems)
    currentUpdates = updateItems
  }

  override func finalizeCollectionViewUpdates() {
    finalizeCount += 1
    currentUpdates = []
  }

  private func isInserted(_ indexPath: IndexPath) -> Bool {
    currentUpdates.contains { $0.action == .insert && !$0.isSectionUpdate && $0.indexPathAfterUpdate == indexPath }
  }

  private func isDeleted(_ indexPath: IndexPath) -> Bool {
    currentUpdates.contains { $0.action == .delete && !$0.isSectionUpdate && $0.indexPathBeforeUpdate == indexPath }
  }

  override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let slideOffset, isInserted(indexPath), var attributes = layoutAttributesForItem(at: indexPath) else {
      return super.initialLayoutAttributesForAppearingItem(at: indexPath)
    }
    attributes.frame = attributes.frame.offsetBy(dx: slideOffset.x, dy: slideOffset.y)
    return attributes
  }

  override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    // Asked after `prepare()` ran for the new data, so the old place comes from the old pass.
    guard let slideOffset, isDeleted(indexPath), indexPath.section < previousTops.count else { return nil }
    let old = Self.frame(
      item: indexPath.item, top: previousTops[indexPath.section] + headerHeight, columns: previousColumns,
      size: itemSize, spacing: spacing)
    return LayoutAttributes(forCellWith: indexPath, frame: old.offsetBy(dx: slideOffset.x, dy: slideOffset.y))
  }
}

/// A single column as wide as the visible area; every item one row tall unless its cell
/// reported a preferred height (self-sizing, through the invalidation context, as in the
/// talk's invalidation section).
final class ListLayout: CollectionLayout {
  var rowHeight: Double
  private(set) var preferredHeights: [IndexPath: Double] = [:]
  private(set) var receivedContexts: [InvalidationContext] = []
  /// When false, preferred sizes are refused (`shouldInvalidateLayout(forPreferred…)` says no).
  var acceptsPreferredSizes = true
  private var frames: [[Rect]] = []
  private var height = 0.0
  private var width = 0.0

  init(rowHeight: Double = 1) {
    self.rowHeight = rowHeight
    super.init()
  }

  override func invalidateLayout(with context: InvalidationContext) {
    receivedContexts.append(context)
    if context.invalidateDataSourceCounts { preferredHeights = [:] }
    for (indexPath, size) in context.preferredItemSizes { preferredHeights[indexPath] = size.height }
    super.invalidateLayout(with: context)
  }

  override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    acceptsPreferredSizes && original.category == .cell && preferred.size.height != original.size.height
  }

  override func prepare() {
    let host = collectionView
    width = host?.bounds.width ?? 0
    frames = []
    var top = 0.0
    for section in 0..<(host?.numberOfSections ?? 0) {
      var column: [Rect] = []
      for item in 0..<(host?.numberOfItems(inSection: section) ?? 0) {
        let itemHeight = preferredHeights[IndexPath(item: item, section: section)] ?? rowHeight
        column.append(Rect(x: 0, y: top, width: width, height: itemHeight))
        top += itemHeight
      }
      frames.append(column)
    }
    height = top
  }

  override var collectionViewContentSize: Size { Size(width: width, height: height) }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for (section, column) in frames.enumerated() {
      for (item, frame) in column.enumerated() where frame.intersects(rect) {
        result.append(LayoutAttributes(forCellWith: IndexPath(item: item, section: section), frame: frame))
      }
    }
    return result
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.item) else {
      return nil
    }
    return LayoutAttributes(forCellWith: indexPath, frame: frames[indexPath.section][indexPath.item])
  }
}

/// Items scattered at given frames, in no particular index order: focus must follow geometry.
final class ScatterLayout: CollectionLayout {
  var frames: [Rect]
  var contentSize: Size

  init(frames: [Rect], contentSize: Size) {
    self.frames = frames
    self.contentSize = contentSize
    super.init()
  }

  override var collectionViewContentSize: Size { contentSize }

  /// The most attributes one query has returned.
  var largestQuery = 0
  /// How many times the elements in a rectangle were asked for.
  var queryCount = 0
  /// What ``visibleElementsDependOnFocus`` answers.
  var dependsOnFocus = true

  override var visibleElementsDependOnFocus: Bool { dependsOnFocus }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    queryCount += 1
    let found = frames.enumerated().filter { $0.element.intersects(rect) }.map {
      LayoutAttributes(forCellWith: IndexPath(item: $0.offset, section: 0), frame: $0.element)
    }
    largestQuery = max(largestQuery, found.count)
    return found
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, frames.indices.contains(indexPath.item) else { return nil }
    return LayoutAttributes(forCellWith: indexPath, frame: frames[indexPath.item])
  }
}

// MARK: - Views

/// A cell showing one line of text in its state's style, counting its reuses.
final class TextCell: Cell {
  var text = ""
  /// The height the cell asks for when self-sizing; `nil` accepts the layout's.
  var preferredHeight: Double?
  private(set) var prepareForReuseCount = 0
  private(set) var preferredSizeQuestions = 0

  required init() {
    super.init()
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    prepareForReuseCount += 1
    text = ""
    preferredHeight = nil
  }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes) -> LayoutAttributes {
    preferredSizeQuestions += 1
    guard let preferredHeight else { return layoutAttributes }
    var fitting = layoutAttributes
    fitting.size.height = preferredHeight
    return fitting
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    canvas.draw(text, at: CellPoint(column: region.column, row: region.row), style: style, clip: clip)
  }
}

/// A decoration (or supplementary) view that fills its area with one character.
final class FillView: ReusableView {
  var character: Character = "#"
  var style = Style.plain

  required init() {
    super.init()
  }

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    canvas.fill(clip, with: character, style: style)
  }
}

// MARK: - Data sources and delegates

/// Sections of strings; each cell shows its string.
final class TestDataSource: CollectionViewDataSource {
  static let cellIdentifier = "text"
  static let headerIdentifier = "header"

  var sections: [[String]]
  /// Preferred heights cells report, by item text.
  var preferredHeights: [String: Double] = [:]
  private(set) var cellRequests: [IndexPath] = []
  private(set) var supplementaryRequests: [String] = []

  init(sections: [[String]]) {
    self.sections = sections
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    cellRequests.append(indexPath)
    let cell = collectionView.dequeueReusableCell(
      TextCell.self, withReuseIdentifier: Self.cellIdentifier, for: indexPath)
    cell.text = sections[indexPath.section][indexPath.item]
    cell.preferredHeight = preferredHeights[cell.text]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    supplementaryRequests.append("\(kind)\(indexPath)")
    guard kind == ElementKind.header else { return nil }
    let label = collectionView.dequeueReusableSupplementaryView(
      LabelView.self, ofKind: kind, withReuseIdentifier: Self.headerIdentifier, for: indexPath)
    label.text = "Section \(indexPath.section)"
    label.fill = "-"
    return label
  }
}

/// A huge single section whose items are numbered, remembering which were ever asked for.
final class CountingDataSource: CollectionViewDataSource {
  let count: Int
  private(set) var requested: [Bool]
  private(set) var requestCount = 0

  init(count: Int) {
    self.count = count
    requested = Array(repeating: false, count: count)
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    requested[indexPath.item] = true
    requestCount += 1
    let cell = collectionView.dequeueReusableCell(
      TextCell.self, withReuseIdentifier: TestDataSource.cellIdentifier, for: indexPath)
    cell.text = String(indexPath.item)
    return cell
  }
}

/// Writes down every delegate call, and refuses what it is told to refuse.
final class RecordingDelegate: CollectionViewDelegate {
  var log: [String] = []
  var refusesHighlight: Set<IndexPath> = []
  var refusesSelection: Set<IndexPath> = []
  var refusesDeselection: Set<IndexPath> = []
  var showsMenu = false
  var allowedActions: Set<String> = []
  private(set) var performed: [(action: String, indexPaths: [IndexPath])] = []

  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    log.append("shouldHighlight \(indexPath)")
    return !refusesHighlight.contains(indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    log.append("didHighlight \(indexPath)")
  }

  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    log.append("didUnhighlight \(indexPath)")
  }

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    log.append("shouldSelect \(indexPath)")
    return !refusesSelection.contains(indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("didSelect \(indexPath)")
  }

  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    log.append("shouldDeselect \(indexPath)")
    return !refusesDeselection.contains(indexPath)
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    log.append("didDeselect \(indexPath)")
  }

  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    showsMenu
  }

  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool {
    allowedActions.contains(action.name)
  }

  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    performed.append((action.name, indexPaths))
  }
}

/// A clock the tests move by hand.
final class FakeClock {
  var now = 1_000
}

// MARK: - Fixture

/// A collection view with its layout, data source and delegate, kept alive together (the
/// collection view holds its data source and delegate weakly).
final class Fixture<Layout: CollectionLayout> {
  let layout: Layout
  let dataSource: TestDataSource
  let delegate = RecordingDelegate()
  let clock = FakeClock()
  let collectionView: CollectionView

  init(
    layout: Layout, sections: [[String]], size: CellSize, animated: Bool = false,
    registersHeader: Bool = false
  ) {
    self.layout = layout
    dataSource = TestDataSource(sections: sections)
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    collectionView.animatesChanges = animated
    let clock = clock
    collectionView.clock = { clock.now }
    collectionView.register(TextCell.self, forCellWithReuseIdentifier: TestDataSource.cellIdentifier)
    if registersHeader {
      collectionView.register(
        LabelView.self, forSupplementaryViewOfKind: ElementKind.header,
        withReuseIdentifier: TestDataSource.headerIdentifier)
    }
    collectionView.delegate = delegate
    collectionView.dataSource = dataSource
  }

  var size: CellSize { collectionView.frame.size }

  /// Draws the collection view into a fresh canvas of its size.
  func render() -> Canvas {
    var canvas = Canvas(size: size)
    collectionView.draw(into: &canvas)
    return canvas
  }

  /// The screen as text.
  var lines: [String] { render().lines }

  /// The visible cells' texts by index path.
  func cell(_ item: Int, _ section: Int = 0) -> TextCell? {
    collectionView.layoutIfNeeded()
    return collectionView.cellForItem(at: IndexPath(item: item, section: section)) as? TextCell
  }
}

/// `IndexPath(item:section:)`, shorter.
func ip(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

/// Strings "a", "b", ... for `count` items.
func letters(_ count: Int, from start: Character = "a") -> [String] {
  let base = start.unicodeScalars.first?.value ?? 97
  return (0..<count).map { String(Character(Unicode.Scalar(base + UInt32($0)) ?? "?")) }
}
