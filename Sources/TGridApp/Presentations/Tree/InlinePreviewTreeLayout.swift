import TermGrid

/// The tree's layout: a ``TreeLayout`` whose collapsed rows with an inline preview (a
/// collapsed object or array, ``JSONTreeProvider/inlinePreviewLabel(ofNode:fitting:)``)
/// take the room their text needs, up to the right edge of the visible area.
///
/// A node's width in the tree layout is its label's, measured once when the node is listed
/// and whatever its state; a preview belongs to the collapsed state only and to the columns
/// left of the row, so it is sized here, on the attributes the tree layout gives out: a
/// collapsed node's frame runs from where the layout put it for as long as its row text is
/// (`▸ [0]: {Name: "chevelle", Cylinders: 8, …} (+9)`). Nothing else moves: in both
/// orientations nothing is drawn to the right of a collapsed node on its row (its children
/// would be there, and it shows none), and a frame that stops at the visible edge never
/// makes the view scroll sideways to show it.
final class InlinePreviewTreeLayout: TreeLayout {
  /// The text of the collapsed node at an index path in at most the given columns (marker
  /// and badge aside); nil for a node without a preview, which keeps its frame.
  var previewLabel: ((_ indexPath: IndexPath, _ columns: Int) -> String?)?

  // The tree layout's own copy makes a plain `TreeLayout`: the same settings, in this class.
  override func copy(orientation: Orientation) -> TreeLayout {
    let layout = InlinePreviewTreeLayout(orientation: orientation)
    copySettings(to: layout)
    layout.previewLabel = previewLabel
    return layout
  }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    super.layoutAttributesForElements(in: rect).map(sizedForPreview)
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    super.layoutAttributesForItem(at: indexPath).map(sizedForPreview)
  }

  override func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    super.initialLayoutAttributesForAppearingItem(at: indexPath).map(sizedForPreview)
  }

  override func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    super.finalLayoutAttributesForDisappearingItem(at: indexPath).map(sizedForPreview)
  }

  /// A collapsed node's attributes as wide as its preview row, up to the visible right
  /// edge; other attributes as they are.
  private func sizedForPreview(_ attributes: LayoutAttributes) -> LayoutAttributes {
    guard attributes.category == .cell, let previewLabel, let host = collectionView,
      var info = attributes.info?.value(as: TreeNodeInfo.self), info.marker == .collapsed, !info.isPinned,
      info.tableColumn == nil
    else { return attributes }
    let metrics = host.cellMetrics
    let cells = metrics.cellRect(for: attributes.frame)
    let visibleEnd = metrics.column(forX: host.bounds.maxX - host.contentInset.right)
    let badge = TreeNodeInfo.badgeWidth(forHiddenCount: info.hiddenDescendantCount)
    let columns = visibleEnd - cells.column - info.marker.width - badge
    guard columns > 0, let text = previewLabel(attributes.indexPath, columns) else { return attributes }
    info.labelWidth = TextWidth.displayWidth(of: text)
    info.width = info.marker.width + min(info.labelWidth, columns) + badge
    var sized = attributes
    sized.frame = metrics.rect(
      for: CellRect(column: cells.column, row: cells.row, columns: info.width, rows: cells.rows))
    sized.info = LayoutInfo(info)
    return sized
  }
}
