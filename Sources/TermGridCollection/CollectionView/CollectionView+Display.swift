import TermGridCore
import TermGridViews

extension CollectionView {
  /// Tells the delegate a view from the data source is about to be drawn for the first
  /// time, and remembers its element for ``endDisplaying(_:)``.
  func willDisplay(_ view: ReusableView, for element: LayoutAttributes) {
    guard let delegate else { return }
    switch element.category {
    case .cell:
      guard let cell = view as? Cell else { return }
      displayedViewElements[ObjectIdentifier(view)] = element.key
      delegate.collectionView(self, willDisplay: cell, forItemAt: element.indexPath)
    case .supplementaryView:
      let kind = element.representedElementKind ?? ""
      displayedViewElements[ObjectIdentifier(view)] = element.key
      delegate.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: element.indexPath)
    case .decorationView:
      // Decoration views belong to the layout, and UIKit's delegate hears nothing of them.
      break
    }
  }

  /// Tells the delegate a view it heard about in ``willDisplay(_:for:)`` has left the
  /// screen. The index path is the one the view was last drawn at (a batch update may have
  /// moved it since; a deleted item's view is drawn at its old index path while it fades).
  func endDisplaying(_ view: ReusableView) {
    guard let element = displayedViewElements.removeValue(forKey: ObjectIdentifier(view)) else { return }
    let indexPath = view.layoutAttributes?.indexPath ?? element.indexPath
    guard let delegate else { return }
    switch element.category {
    case .cell:
      if let cell = view as? Cell { delegate.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath) }
    case .supplementaryView:
      delegate.collectionView(
        self, didEndDisplayingSupplementaryView: view, forElementOfKind: element.kind, at: indexPath)
    case .decorationView:
      break
    }
  }
}
