import TermGridCore
import TermGridViews

extension ElementKind {
  /// A column's header in a table: pinned at the top of the visible area (``TableLayout``).
  public static let columnHeader = "columnHeader"
  /// A row's header in a table: pinned at the left of the visible area (``TableLayout``).
  public static let rowHeader = "rowHeader"
  /// The corner over the row headers and left of the column headers (``TableLayout``).
  public static let tableCorner = "tableCorner"
  /// A vertical line between two columns (decoration, ``TableLayout``).
  public static let columnSeparator = "columnSeparator"
  /// A horizontal line under the header row or between two rows (decoration, ``TableLayout``).
  public static let rowSeparator = "rowSeparator"
}

/// Lays items out as rows × columns, like a spreadsheet.
///
/// The cells are the items of section 0 in row order (item `row * columns + column`); the
/// number of columns and their widths come from a ``TableLayoutDelegate`` (``delegate``, or
/// the collection view's layout delegate). Rows are ``rowHeight`` rows tall.
///
/// Elements:
/// - a cell per item, with a ``TableCellInfo`` in its info;
/// - supplementary views of kind ``ElementKind/columnHeader`` (item = column), pinned to the
///   top of the visible area, and of kind ``ElementKind/rowHeader`` (item = row), pinned to
///   its left when the delegate gives row headers a width; one ``ElementKind/tableCorner``
///   where they meet;
/// - decoration views (``RuleView``s): ``ElementKind/columnSeparator`` between columns
///   (item = the column to its right; item 0 is the line after the row headers, pinned with
///   them), and ``ElementKind/rowSeparator`` under the header row (item -1, pinned with it)
///   and, with ``showsRowSeparators``, under every row (item = row).
///
/// The first ``frozenColumnCount`` columns (or as many as the delegate says) are frozen (a spreadsheet's frozen panes,
/// VisiData's key columns): their cells, headers and the lines after them stay at the left
/// of the visible area, after the row headers, when the table scrolls sideways, and the
/// other columns scroll under them.
///
/// `prepare()` costs O(columns), whatever the number of rows: row positions are arithmetic,
/// and a rect query visits only the rows and columns it meets (binary search on columns).
open class TableLayout: CollectionLayout {
  /// The object asked for columns and widths; when `nil`, the collection view's layout
  /// delegate if it conforms.
  public weak var delegate: (any TableLayoutDelegate)? { didSet { invalidateLayout() } }

  /// Rows each table row takes.
  public var rowHeight = 1 { didSet { if rowHeight != oldValue { invalidateLayout() } } }

  /// Whether a header row shows column headers.
  public var showsColumnHeaders = true { didSet { if showsColumnHeaders != oldValue { invalidateLayout() } } }

  /// How many columns, from the first, stay at the left when the table scrolls sideways
  /// (0: none). More than there are columns freezes them all.
  public var frozenColumnCount = 0 { didSet { if frozenColumnCount != oldValue { invalidateLayout() } } }

  /// Whether scrolling sideways to a cell moves whole columns, as a spreadsheet or VisiData
  /// does: the first column after the frozen ones and the row headers is never cut in the
  /// middle by a move to a cell (``rectForScrollingToItem(at:visibleRect:)``). At the right
  /// end of the content the offset stops where the content ends, which may still cut it.
  /// Off by default: the view moves as little as it can.
  public var scrollsByWholeColumns = false

  /// Whether a line separates every row from the next (the header row always has one).
  public var showsRowSeparators = false { didSet { if showsRowSeparators != oldValue { invalidateLayout() } } }

  /// Z-index of cells' separators, under everything.
  public static let separatorZIndex = -1
  /// Z-index of frozen columns' cells, over the cells that scroll under them and under the
  /// header row.
  public static let frozenCellZIndex = 5
  /// Z-index of frozen columns' headers, over the headers that scroll under them.
  public static let frozenHeaderZIndex = 11
  /// Z-index of pinned headers, over the cells that scroll under them.
  public static let headerZIndex = 10
  /// Z-index of the pinned separators, over the headers they border.
  public static let pinnedSeparatorZIndex = 11
  /// Z-index of the corner, over everything.
  public static let cornerZIndex = 12

  /// The left column of each table column, in cells, and one more for the right edge.
  public private(set) var columnStarts: [Int] = [0]
  /// Column widths in cells.
  public private(set) var columnWidths: [Int] = []
  /// The number of rows.
  public private(set) var rowCount = 0
  /// The width of the row headers in cells (0: none).
  public private(set) var rowHeaderWidth = 0
  private var itemCount = 0
  /// The columns the next batch update inserts, deletes and moves, with where the old ones
  /// were (``prepareForColumnChanges(_:)``); dropped when the update is finalized.
  var pendingColumnChanges: PendingColumnChanges?

  /// Creates a table layout.
  public override init() {
    super.init()
    register(decorationViewOfKind: ElementKind.columnSeparator) { RuleView() }
    register(decorationViewOfKind: ElementKind.rowSeparator) { RuleView() }
  }

  /// The delegate in use.
  public var resolvedDelegate: (any TableLayoutDelegate)? {
    delegate ?? (collectionView?.layoutDelegate as? any TableLayoutDelegate)
  }

  var metrics: CellMetrics { collectionView?.cellMetrics ?? .identity }

  /// The number of columns from the last pass.
  public var columnCount: Int { columnWidths.count }

  /// The index path of the cell at a row and column.
  public func indexPath(row: Int, column: Int) -> IndexPath {
    IndexPath(item: row * max(1, columnCount) + column, section: 0)
  }

  /// The row and column of a cell's index path.
  public func position(of indexPath: IndexPath) -> (row: Int, column: Int) {
    let columns = max(1, columnCount)
    return (indexPath.item / columns, indexPath.item % columns)
  }

  // MARK: - Geometry in cells

  /// The row where the table's rows start: after the header row and its line.
  var bodyTop: Int { showsColumnHeaders ? 2 : 0 }
  /// Rows from one table row to the next.
  var rowPitch: Int { max(1, rowHeight) + (showsRowSeparators ? 1 : 0) }
  /// The column where the table's columns start: after the row headers and their line.
  var bodyLeft: Int { rowHeaderWidth > 0 ? rowHeaderWidth + 1 : 0 }

  /// The columns frozen at the left in the last pass (never more than there are).
  public private(set) var frozenColumns = 0

  /// Whether a column stays at the left when the table scrolls sideways.
  public func isColumnFrozen(_ column: Int) -> Bool { column >= 0 && column < frozenColumns }

  /// The content column where a column starts: frozen columns follow the visible area.
  func columnLeft(_ column: Int, visible: CellRect) -> Int {
    let left = bodyLeft + columnStarts[column]
    return isColumnFrozen(column) ? headerColumn(visible: visible) + left : left
  }

  /// The cells of the table cell at `row`, `column`, in content cells.
  func cellRect(row: Int, column: Int) -> CellRect {
    CellRect(
      column: columnLeft(column, visible: visibleCells), row: bodyTop + row * rowPitch, columns: columnWidths[column],
      rows: max(1, rowHeight))
  }

  /// A cell's attributes (frozen cells over the ones that scroll under them).
  func cellAttributes(row: Int, column: Int) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      forCellWith: IndexPath(item: row * columnCount + column, section: 0),
      frame: metrics.rect(for: cellRect(row: row, column: column)))
    if isColumnFrozen(column) { attributes.zIndex = Self.frozenCellZIndex }
    attributes.info = LayoutInfo(TableCellInfo(row: row, column: column))
    return attributes
  }

  /// The visible area in cells.
  var visibleCells: CellRect {
    let bounds = collectionView?.bounds ?? .zero
    return metrics.cellRect(for: bounds)
  }

  // MARK: - The core layout process

  open override func prepare() {
    guard let host = collectionView, let delegate = resolvedDelegate, host.numberOfSections > 0 else {
      columnStarts = [0]
      columnWidths = []
      rowCount = 0
      itemCount = 0
      rowHeaderWidth = 0
      frozenColumns = 0
      return
    }
    if let context = pendingInvalidation, !context.invalidateEverything, !context.invalidateDataSourceCounts,
      context.newBounds != nil
    {
      // Scrolling: the pinned elements are placed when asked; nothing else moves.
      return
    }
    let columns = max(0, delegate.numberOfColumns(in: self))
    var starts = [Int](repeating: 0, count: columns + 1)
    var widths = [Int](repeating: 1, count: columns)
    for column in 0..<columns {
      widths[column] = max(1, delegate.tableLayout(self, widthOfColumn: column))
      // A line after every column but the last.
      starts[column + 1] = starts[column] + widths[column] + (column + 1 < columns ? 1 : 0)
    }
    columnStarts = starts
    columnWidths = widths
    rowHeaderWidth = max(0, delegate.widthOfRowHeaders(in: self))
    frozenColumns = min(max(0, delegate.numberOfFrozenColumns(in: self)), columns)
    itemCount = host.numberOfItems(inSection: 0)
    rowCount = columns == 0 ? 0 : (itemCount + columns - 1) / columns
  }

  open override var collectionViewContentSize: Size {
    var width = columnCount == 0 ? 0 : bodyLeft + columnStarts[columnCount]
    if scrollsByWholeColumns { width = max(width, wholeColumnsWidth(visibleColumns: visibleCells.columns)) }
    let height = rowCount == 0 ? bodyTop : bodyTop + rowCount * rowPitch - (showsRowSeparators ? 1 : 0)
    return metrics.size(for: CellSize(columns: width, rows: height))
  }

  /// With ``scrollsByWholeColumns``, the content is wide enough for the view to stop with
  /// the last columns whole: the first column that leaves room for the last one lined up
  /// after the frozen ones, and blank cells after the last column, as far as the view is wide.
  func wholeColumnsWidth(visibleColumns: Int) -> Int {
    guard columnCount > frozenColumns else { return 0 }
    let pinned = bodyLeft + columnStarts[frozenColumns]
    let room = visibleColumns - pinned
    let end = columnStarts[columnCount - 1] + columnWidths[columnCount - 1]
    guard room > 0, end - columnStarts[frozenColumns] > room else { return 0 }
    var first = frozenColumns
    while first < columnCount - 1, columnStarts[first] < end - room { first += 1 }
    return columnStarts[first] - columnStarts[frozenColumns] + visibleColumns
  }

  /// The columns that meet the cells from `first` to `last` (content columns).
  func columns(meeting first: Int, _ last: Int) -> Range<Int> {
    guard columnCount > 0 else { return 0..<0 }
    let low = first - bodyLeft
    let high = last - bodyLeft
    // The first column whose right edge reaches `low`.
    var lower = 0
    var upper = columnCount
    while lower < upper {
      let middle = (lower + upper) / 2
      if columnStarts[middle] + columnWidths[middle] > low { upper = middle } else { lower = middle + 1 }
    }
    var end = lower
    while end < columnCount && columnStarts[end] <= high { end += 1 }
    return lower..<end
  }

  /// The rows that meet the content rows from `first` to `last`.
  func rows(meeting first: Int, _ last: Int) -> Range<Int> {
    guard rowCount > 0 else { return 0..<0 }
    let low = max(0, (first - bodyTop) / rowPitch)
    let high = min(rowCount - 1, max(-1, (last - bodyTop) / rowPitch))
    return low > high ? 0..<0 : low..<(high + 1)
  }

  open override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    guard columnCount > 0 else { return [] }
    let metrics = metrics
    let area = metrics.cellRect(for: rect)
    guard !area.isEmpty else { return [] }
    let visible = visibleCells
    let frozen = frozenColumns
    let meeting = columns(meeting: area.column, area.column + area.columns - 1)
    // Frozen columns are at the left of the visible area, whatever the rect meets.
    let columnRange = Array(0..<frozen) + Array(max(frozen, meeting.lowerBound)..<max(frozen, meeting.upperBound))
    let rowRange = rows(meeting: area.row, area.row + area.rows - 1)
    var result: [LayoutAttributes] = []
    result.reserveCapacity(rowRange.count * (columnRange.count + 2) + columnRange.count * 2 + 4)
    for row in rowRange {
      for column in columnRange where row * columnCount + column < itemCount {
        let attributes = cellAttributes(row: row, column: column)
        guard attributes.frame.intersects(rect) else { continue }
        result.append(attributes)
      }
      if rowHeaderWidth > 0, let header = rowHeaderAttributes(row: row, visible: visible), header.frame.intersects(rect)
      {
        result.append(header)
      }
      if showsRowSeparators, row + 1 < rowCount, let line = rowSeparatorAttributes(row: row),
        line.frame.intersects(rect)
      {
        result.append(line)
      }
    }
    if showsColumnHeaders {
      for column in columnRange {
        if let header = columnHeaderAttributes(column: column, visible: visible), header.frame.intersects(rect) {
          result.append(header)
        }
      }
      if let line = rowSeparatorAttributes(row: -1), line.frame.intersects(rect) { result.append(line) }
    }
    // Lines of scrolled columns that pass under the frozen ones or the row headers are left
    // out: the header row's line would join them through the cells that cover them.
    let frozenEnd = metrics.rect(
      for: CellRect(
        column: headerColumn(visible: visible) + bodyLeft + columnStarts[frozen], row: 0, columns: 1, rows: 1)
    ).minX
    for column in Set(columnRange + (frozen > 0 ? [frozen] : [])).sorted() where column > 0 && column < columnCount {
      guard let line = columnSeparatorAttributes(column: column), line.frame.intersects(rect) else { continue }
      if column > frozen, line.frame.minX < frozenEnd { continue }
      result.append(line)
    }
    if rowHeaderWidth > 0, let line = columnSeparatorAttributes(column: 0), line.frame.intersects(rect) {
      result.append(line)
    }
    if rowHeaderWidth > 0, showsColumnHeaders, let corner = cornerAttributes(), corner.frame.intersects(rect) {
      result.append(corner)
    }
    return result
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < itemCount, columnCount > 0 else { return nil }
    let (row, column) = position(of: indexPath)
    return cellAttributes(row: row, column: column)
  }

  open override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    switch kind {
    case ElementKind.columnHeader:
      guard showsColumnHeaders, indexPath.item >= 0, indexPath.item < columnCount else { return nil }
      return columnHeaderAttributes(column: indexPath.item, visible: visibleCells)
    case ElementKind.rowHeader:
      guard rowHeaderWidth > 0, indexPath.item >= 0, indexPath.item < rowCount else { return nil }
      return rowHeaderAttributes(row: indexPath.item, visible: visibleCells)
    case ElementKind.tableCorner:
      guard rowHeaderWidth > 0, showsColumnHeaders, indexPath == IndexPath(item: 0, section: 0) else { return nil }
      return cornerAttributes()
    default:
      return nil
    }
  }

  open override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    switch kind {
    case ElementKind.columnSeparator:
      guard indexPath.item >= 0, indexPath.item < columnCount, indexPath.item > 0 || rowHeaderWidth > 0 else {
        return nil
      }
      return columnSeparatorAttributes(column: indexPath.item)
    case ElementKind.rowSeparator:
      if indexPath.item == -1 { return showsColumnHeaders ? rowSeparatorAttributes(row: -1) : nil }
      guard showsRowSeparators, indexPath.item >= 0, indexPath.item + 1 < rowCount else { return nil }
      return rowSeparatorAttributes(row: indexPath.item)
    default:
      return nil
    }
  }

  // MARK: - Headers and separators

  /// The header row sits at the top of the visible area (never above the content's top).
  private func headerRow(visible: CellRect) -> Int { max(0, visible.row) }
  /// The row headers sit at the left of the visible area.
  private func headerColumn(visible: CellRect) -> Int { max(0, visible.column) }

  func columnHeaderAttributes(column: Int, visible: CellRect) -> LayoutAttributes? {
    let cells = CellRect(
      column: columnLeft(column, visible: visible), row: headerRow(visible: visible), columns: columnWidths[column],
      rows: 1)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.columnHeader, with: IndexPath(item: column, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = isColumnFrozen(column) ? Self.frozenHeaderZIndex : Self.headerZIndex
    attributes.info = LayoutInfo(TableCellInfo(row: -1, column: column))
    return attributes
  }

  func rowHeaderAttributes(row: Int, visible: CellRect) -> LayoutAttributes? {
    let cells = CellRect(
      column: headerColumn(visible: visible), row: bodyTop + row * rowPitch, columns: rowHeaderWidth,
      rows: max(1, rowHeight))
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.rowHeader, with: IndexPath(item: row, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.headerZIndex
    attributes.info = LayoutInfo(TableCellInfo(row: row, column: -1))
    return attributes
  }

  func cornerAttributes() -> LayoutAttributes? {
    let visible = visibleCells
    let cells = CellRect(
      column: headerColumn(visible: visible), row: headerRow(visible: visible), columns: rowHeaderWidth, rows: 1)
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.tableCorner, with: IndexPath(item: 0, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = Self.cornerZIndex
    return attributes
  }

  /// The line left of `column` (column 0: the line after the row headers, pinned with them).
  /// It runs the height of the visible area, so it is one element however many rows there are.
  func columnSeparatorAttributes(column: Int) -> LayoutAttributes? {
    let visible = visibleCells
    let contentRows = max(bodyTop, bodyTop + rowCount * rowPitch - (showsRowSeparators ? 1 : 0))
    let top = max(0, visible.row)
    let bottom = max(top + 1, min(contentRows, visible.row + max(1, visible.rows)))
    // The line after the row headers, and after each frozen column, stays with them.
    let isPinned = column == 0 || column <= frozenColumns
    let x =
      column == 0
      ? headerColumn(visible: visible) + rowHeaderWidth
      : (isPinned ? headerColumn(visible: visible) : 0) + bodyLeft + columnStarts[column] - 1
    let cells = CellRect(column: x, row: top, columns: 1, rows: bottom - top)
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: ElementKind.columnSeparator, with: IndexPath(item: column, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = isPinned ? Self.pinnedSeparatorZIndex : Self.separatorZIndex
    attributes.info = LayoutInfo(RuleInfo(axis: .vertical))
    return attributes
  }

  /// The line under `row` (-1: under the header row, pinned with it), as wide as the visible
  /// part of the table.
  func rowSeparatorAttributes(row: Int) -> LayoutAttributes? {
    let visible = visibleCells
    let contentColumns = columnCount == 0 ? 0 : bodyLeft + columnStarts[columnCount]
    let left = max(0, visible.column)
    let right = max(left + 1, min(contentColumns, visible.column + max(1, visible.columns)))
    let y = row < 0 ? headerRow(visible: visible) + 1 : bodyTop + row * rowPitch + max(1, rowHeight)
    let cells = CellRect(column: left, row: y, columns: right - left, rows: 1)
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: ElementKind.rowSeparator, with: IndexPath(item: row, section: 0),
      frame: metrics.rect(for: cells))
    attributes.zIndex = row < 0 ? Self.pinnedSeparatorZIndex : Self.separatorZIndex
    attributes.info = LayoutInfo(RuleInfo(axis: .horizontal))
    return attributes
  }

  // MARK: - Updates

  open override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    pendingColumnChanges = nil
  }

  /// A cell of an inserted column opens from nothing at its place (its neighbours to the
  /// right slide over to make room), fading in.
  open override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let changes = pendingColumnChanges, var attributes = layoutAttributesForItem(at: indexPath),
      changes.insertedColumns.contains(position(of: indexPath).column)
    else { return super.initialLayoutAttributesForAppearingItem(at: indexPath) }
    attributes.frame = changes.closed(attributes.frame)
    attributes.alpha = 0
    return attributes
  }

  /// A cell of a deleted column closes where it was, fading out.
  open override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let changes = pendingColumnChanges, let frame = changes.oldFrame(ofItem: indexPath.item, layout: self) else {
      return super.finalLayoutAttributesForDisappearingItem(at: indexPath)
    }
    var attributes = LayoutAttributes(forCellWith: indexPath, frame: changes.closed(frame))
    attributes.alpha = 0
    return attributes
  }

  open override func indexPathsToInsertForSupplementaryView(ofKind kind: String) -> [IndexPath] {
    guard kind == ElementKind.columnHeader, let changes = pendingColumnChanges else { return [] }
    return changes.headersInserted.map { IndexPath(item: $0, section: 0) }
  }

  open override func indexPathsToDeleteForSupplementaryView(ofKind kind: String) -> [IndexPath] {
    guard kind == ElementKind.columnHeader, let changes = pendingColumnChanges else { return [] }
    return changes.headersDeleted.map { IndexPath(item: $0, section: 0) }
  }

  /// An inserted column's header opens at its place; a column's header that changed places
  /// comes from its old one.
  open override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard kind == ElementKind.columnHeader, let changes = pendingColumnChanges,
      var attributes = layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    else { return super.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind, at: indexPath) }
    if let old = changes.oldColumn(movedTo: indexPath.item) {
      attributes.frame = changes.oldHeaderFrame(ofColumn: old, like: attributes.frame)
    } else {
      attributes.frame = changes.closed(attributes.frame)
      attributes.alpha = 0
    }
    return attributes
  }

  /// A deleted column's header closes where it was; the old header of a column that changed
  /// places fades out on its way to the new one.
  open override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    guard kind == ElementKind.columnHeader, let changes = pendingColumnChanges,
      changes.oldLefts.indices.contains(indexPath.item)
    else { return super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind, at: indexPath) }
    let old = changes.oldHeaderFrame(ofColumn: indexPath.item, like: nil)
    var attributes: LayoutAttributes
    if let new = changes.columnMap[indexPath.item], new < columnCount,
      let moved = columnHeaderAttributes(column: new, visible: visibleCells)
    {
      attributes = moved
    } else {
      attributes = LayoutAttributes(
        forSupplementaryViewOfKind: kind, with: indexPath, frame: changes.closed(old))
    }
    attributes.indexPath = indexPath
    attributes.alpha = 0
    return attributes
  }

  // MARK: - Scrolling and focus

  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

  open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    context.newBounds = newBounds
    return context
  }

  /// The pinned header row, row headers and frozen columns cover the top and left of the
  /// visible area.
  open override func obscuredInsets(in visibleRect: Rect) -> EdgeInsets {
    let metrics = metrics
    let frozen = frozenColumns
    // Frozen columns and the line after them (none after the last column).
    let frozenWidth = frozen == 0 ? 0 : columnStarts[frozen]
    return EdgeInsets(
      top: metrics.height(ofRows: bodyTop), left: metrics.width(ofColumns: bodyLeft + frozenWidth), bottom: 0,
      right: 0)
  }

  /// A frozen cell is always in view sideways: scrolling to it moves only up or down. With
  /// ``scrollsByWholeColumns``, a cell right of the visible area is brought in by moving
  /// whole columns out at the left: the rect returned starts at the first column that
  /// leaves room for the cell, and is one cell wider than `visibleRect`, so the view lines
  /// that column up with the left edge (after the frozen columns and row headers).
  open override func rectForScrollingToItem(at indexPath: IndexPath, visibleRect: Rect) -> Rect? {
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return nil }
    let column = position(of: indexPath).column
    var rect = attributes.frame
    if isColumnFrozen(column) {
      rect.origin.x = visibleRect.minX
      rect.size.width = 0
      return rect
    }
    guard scrollsByWholeColumns, rect.maxX > visibleRect.maxX, rect.width < visibleRect.width else { return nil }
    let metrics = metrics
    let visible = visibleCells
    // The first column at or after the frozen ones whose start leaves the cell's right edge in view.
    var first = frozenColumns
    while first < column,
      metrics.rect(for: CellRect(column: columnLeft(first, visible: visible), row: 0, columns: 1, rows: 1)).minX
        < rect.maxX - visibleRect.width
    {
      first += 1
    }
    let start = metrics.rect(for: CellRect(column: columnLeft(first, visible: visible), row: 0, columns: 1, rows: 1))
    return Rect(x: start.minX, y: rect.minY, width: visibleRect.width + start.width, height: rect.height)
  }

  /// Up and Down go to the same column of the row above or below, Left and Right along the row.
  open override func indexPathForFocus(movingFrom indexPath: IndexPath, direction: FocusDirection) -> IndexPath? {
    guard columnCount > 0, indexPath.item >= 0, indexPath.item < itemCount else { return nil }
    let (row, column) = position(of: indexPath)
    var target: (row: Int, column: Int)
    switch direction {
    case .up: target = (row - 1, column)
    case .down: target = (row + 1, column)
    case .left: target = (row, column - 1)
    case .right: target = (row, column + 1)
    }
    guard target.row >= 0, target.column >= 0, target.column < columnCount else { return indexPath }
    let item = target.row * columnCount + target.column
    return item < itemCount ? IndexPath(item: item, section: 0) : indexPath
  }
}
