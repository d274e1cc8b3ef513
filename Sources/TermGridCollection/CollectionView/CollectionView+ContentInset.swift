import TermGridCore

extension CollectionView {
  /// Margins around the content, in points: the content can scroll that far past each of
  /// its edges, and at rest it sits that far in from the frame's edges.
  ///
  /// As with UIKit's `contentInset`, the content offset then runs from
  /// ``minimumContentOffset`` (`-left`, `-top`) to the end of the content plus the bottom
  /// and right margins, and content scrolled into a margin is still drawn (the margins are
  /// part of the frame). Layouts see the inset through ``LayoutHost/contentInset``: a
  /// ``FlowLayout`` makes its lines as long as the frame less the left and right margins
  /// and pins headers inside the margins. Scrolling to an item (``scrollToItem(at:at:)``)
  /// and paging keep items out of the margins.
  ///
  /// A collection view scrolled to its start stays at the start when the inset changes.
  public var contentInset: EdgeInsets {
    get { storedContentInset }
    set {
      guard newValue != storedContentInset else { return }
      let wasAtStart = storedContentOffset == minimumContentOffset
      storedContentInset = newValue
      collectionViewLayout.invalidateLayout()
      if wasAtStart { storedContentOffset = minimumContentOffset }
      setNeedsLayout()
    }
  }

  /// The smallest content offset: the start of the content less the ``contentInset``'s
  /// top and left margins.
  public var minimumContentOffset: Point {
    Point(x: -storedContentInset.left, y: -storedContentInset.top)
  }
}
