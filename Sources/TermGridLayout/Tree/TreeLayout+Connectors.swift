import TermGridCore

extension TreeLayoutCache {
  /// Attributes of the connector from a parent to its children.
  ///
  /// `rows` limits the children's lines to those rows (``TreeLayout/connectorWindow(ofGlobal:)``):
  /// a parent of 200,000 children gets the lines near the screen, not a line per child.
  func connectorAttributes(ofGlobal global: Int, cells: CellRect, frame: Rect, rows: Range<Int>? = nil)
    -> LayoutAttributes
  {
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.connector, with: indexPath(ofGlobal: global), frame: frame)
    attributes.zIndex = TreeLayout.connectorZIndex
    attributes.info = LayoutInfo(connectorGeometry(ofGlobal: global, cells: cells, rows: rows))
    return attributes
  }

  /// Where the trunk (the vertical line to the children) runs, in columns orientation: in
  /// the middle of the spacing after the parent's depth column, a blank kept on each side
  /// when there is room (`root ─┬─ a`).
  func trunkColumn(afterDepth depth: Int) -> (trunk: Int, padding: Int) {
    let spacing = parameters.columnSpacing
    // Boxes are met edge to edge; plain labels keep a blank when there is room.
    let padding = spacing >= 5 && parameters.nodePadding == 0 ? 1 : 0
    let columnEnd = columnX[depth] + columnWidths[depth]
    return (columnEnd + padding + (spacing - 2 * padding) / 2, padding)
  }

  /// The cells a parent's connector covers.
  ///
  /// Columns: from the end of the parent's label to the children's column, over the rows
  /// from the parent (or first child) to the last child. Outline: one indent wide, under the
  /// parent, from the row after it to its last child's row.
  func connectorCellRect(ofGlobal global: Int) -> CellRect {
    let depth = Int(depths[global])
    let row = Int(rows[global])
    let firstChildRow = Int(rows[Int(firstChildren[global])])
    let lastRow = lastChildRow(ofGlobal: global)
    let middle = lineOffset
    switch parameters.orientation {
    case .columns:
      // A box's connector reaches over the borders it joins (the boxes draw `├` and `┤`).
      let boxed = parameters.nodePadding > 0 ? 1 : 0
      let left = columnX[depth] + Int(widths[global]) - boxed
      let top = min(row, firstChildRow) + middle
      let bottom = max(row, lastRow) + middle
      return CellRect(column: left, row: top, columns: columnX[depth + 1] - left + boxed, rows: bottom - top + 1)
    case .outline:
      let indent = parameters.indentWidth
      let height = parameters.nodeHeight
      return CellRect(
        column: depth * indent, row: row + height, columns: indent, rows: lastRow + middle - row - height + 1)
    }
  }

  /// The lines of a parent's connector, relative to its cells; with `rows`, only the
  /// children's lines that fall in those rows (the trunk is whole either way).
  func connectorGeometry(ofGlobal global: Int, cells: CellRect, rows window: Range<Int>? = nil) -> ConnectorGeometry {
    let allChildren = Int(firstChildren[global])..<(Int(firstChildren[global]) + Int(childCounts[global]))
    let shownChildren: Range<Int>
    if let window {
      // Children's rows increase with their number: two binary searches find the run.
      let middle = lineOffset
      let start = Self.firstIndex(in: allChildren) { Int(self.rows[$0]) + middle >= window.lowerBound }
      let end = Self.firstIndex(in: start..<allChildren.upperBound) { Int(self.rows[$0]) + middle >= window.upperBound }
      shownChildren = start..<end
    } else {
      shownChildren = allChildren
    }
    var segments: [ConnectorGeometry.Segment] = []
    segments.reserveCapacity(shownChildren.count + 2)
    switch parameters.orientation {
    case .columns:
      let depth = Int(depths[global])
      let (trunk, padding) = trunkColumn(afterDepth: depth)
      let trunkColumn = trunk - cells.column
      let childEnd = columnX[depth + 1] - (parameters.nodePadding > 0 ? 0 : 1 + padding) - cells.column
      let parentRow = Int(rows[global]) + lineOffset - cells.row
      // The parent's line, from just after its label to the trunk.
      segments.append(.horizontal(row: parentRow, from: padding, to: trunkColumn))
      if cells.rows > 1 { segments.append(.vertical(column: trunkColumn, from: 0, to: cells.rows - 1)) }
      for child in shownChildren {
        segments.append(.horizontal(row: Int(rows[child]) + lineOffset - cells.row, from: trunkColumn, to: childEnd))
      }
    case .outline:
      // The trunk starts under the parent's first column and joins it above the frame; each
      // child gets `├─` (the last `└─`), leaving a blank before its label.
      let stubEnd = max(1, cells.columns - 2)
      segments.append(.vertical(column: 0, from: 0, to: cells.rows - 1, continuesBeforeStart: true))
      for child in shownChildren {
        segments.append(.horizontal(row: Int(rows[child]) + lineOffset - cells.row, from: 0, to: stubEnd))
      }
    }
    return ConnectorGeometry(size: cells.size, segments: segments)
  }
}

extension TreeLayout {
  /// Parents with more shown children than this get the lines of only the children near
  /// the visible area in their connector's attributes.
  static let connectorWindowThreshold = 256

  /// The rows whose children's lines a parent's connector carries: all of them (`nil`),
  /// unless it has more than ``connectorWindowThreshold`` children; then those within a
  /// screen (at least 64 rows) above and below the visible area. A parent of 200,000
  /// records gets the few dozen lines that can be seen, not 200,000 segments per frame.
  /// The window depends on the bounds only, never on the rect asked about, so a rect
  /// query and ``layoutAttributesForSupplementaryView(ofKind:at:)`` agree.
  func connectorWindow(ofGlobal global: Int) -> Range<Int>? {
    guard Int(cache.childCounts[global]) > Self.connectorWindowThreshold, let bounds = collectionView?.bounds else {
      return nil
    }
    let metrics = metrics
    let top = metrics.row(forY: bounds.minY)
    let bottom = metrics.row(forY: bounds.maxY)
    let margin = max(64, bottom - top)
    return (top - margin)..<(bottom + margin)
  }
}
