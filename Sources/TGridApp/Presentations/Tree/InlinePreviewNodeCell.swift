import TermGrid

/// A tree row that, while its node is collapsed, shows the node's inline preview in place of
/// its label (`▸ [0]: {Name: "chevelle", Cylinders: 8, …} (+9)`); expanded, it shows its
/// label as any ``TreeNodeCell``.
///
/// The text is made for the columns the cell is drawn in, the same text
/// ``InlinePreviewTreeLayout`` sized the cell by, and read from the document as it is when
/// drawn.
final class InlinePreviewNodeCell: TreeNodeCell {
  /// The collapsed node's row text in at most the given columns (marker and badge aside);
  /// nil for a node without a preview.
  var previewLabel: ((_ columns: Int) -> String?)?
  /// The label the data source gave, shown while the node is expanded.
  private var plainLabel: String?

  /// Sets what the cell shows collapsed, after the data source set its label.
  func configurePreview(_ previewLabel: ((_ columns: Int) -> String?)?) {
    plainLabel = label
    self.previewLabel = previewLabel
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    previewLabel = nil
    plainLabel = nil
  }

  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    if let plainLabel {
      label = previewText(forColumns: region.columns) ?? plainLabel
    }
    super.drawContent(in: &canvas, region: region, clip: clip, style: style, context: context)
  }

  /// The preview row for a cell `columns` wide, when the node is collapsed and has one.
  private func previewText(forColumns columns: Int) -> String? {
    guard let previewLabel, let info, info.marker == .collapsed, !info.isPinned else { return nil }
    let room = columns - info.marker.width - TreeNodeInfo.badgeWidth(forHiddenCount: info.hiddenDescendantCount)
    return room > 0 ? previewLabel(room) : nil
  }
}
