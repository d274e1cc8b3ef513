import TermGridCore

/// Answers a ``FlowLayout`` asks per item and per section, in place of its fixed properties.
///
/// The counterpart of `UICollectionViewDelegateFlowLayout`. Every method has a default that
/// returns `nil`, which means "use the layout's own property"; implement only what varies.
/// The layout finds this object in its ``FlowLayout/delegate`` property or, when that is
/// `nil`, as the collection view's ``LayoutHost/layoutDelegate``.
///
/// Item sizes are asked section by section: the layout asks for the first item of a
/// section, and when that answer is `nil` it uses its own item size for the whole section
/// without asking again (the fast, arithmetic path). Return a size for every item of a
/// section or for none, as the guide asks of the UIKit delegate. The layout asks once per
/// item per full layout pass, so keep `flowLayout(_:sizeForItemAt:)` cheap: a look-up,
/// not a measurement.
public protocol FlowLayoutDelegate: AnyObject {
  /// The size of one item, or `nil` to use ``FlowLayout/itemSize``.
  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size?

  /// The insets around a section's items, or `nil` to use ``FlowLayout/sectionInset``.
  func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets?

  /// A section's minimum spacing between lines, or `nil` to use
  /// ``FlowLayout/minimumLineSpacing``.
  func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double?

  /// A section's minimum spacing between items on a line, or `nil` to use
  /// ``FlowLayout/minimumInteritemSpacing``.
  func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double?

  /// A section's header size, or `nil` to use ``FlowLayout/headerReferenceSize``. Only the
  /// height counts when scrolling vertically, only the width when scrolling horizontally;
  /// zero there means no header.
  func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size?

  /// A section's footer size, or `nil` to use ``FlowLayout/footerReferenceSize``; read like
  /// the header size.
  func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size?
}

extension FlowLayoutDelegate {
  /// Uses the layout's item size.
  public func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? { nil }

  /// Uses the layout's section inset.
  public func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? { nil }

  /// Uses the layout's minimum line spacing.
  public func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double? { nil }

  /// Uses the layout's minimum interitem spacing.
  public func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double? {
    nil
  }

  /// Uses the layout's header reference size.
  public func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? { nil }

  /// Uses the layout's footer reference size.
  public func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size? { nil }
}
