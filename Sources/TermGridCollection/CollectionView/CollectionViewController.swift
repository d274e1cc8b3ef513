import TermGridCore
import TermGridLayout
import TermGridViews

/// An open base class that is a collection view's data source and delegate, with every
/// method of both protocols written out as an overridable default: UIKit's
/// `UICollectionViewController`.
///
/// Subclass it when a base class of yours adopts the protocols and its subclasses customise
/// them. A method that only a protocol extension implements is not dynamically dispatched
/// through a class: a subclass's `collectionView(_:willDisplay:forItemAt:)` written without
/// `override` is never called when the base class did not implement it itself (the
/// extension's default is the protocol's witness). Here every method is a member of the
/// class, so a subclass overrides it (the compiler asks for `override`) and the collection
/// view calls the subclass's.
///
/// ```swift
/// final class AlbumController: CollectionViewController {
///   override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
///     photos.count
///   }
///   override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
///     …
///   }
///   override func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
///     true
///   }
/// }
/// ```
///
/// The defaults are the protocols': one section of no items, no supplementary views,
/// everything may be highlighted and selected, no edit menu, no moves.
open class CollectionViewController: CollectionViewDataSource, CollectionViewDelegate {
  /// The collection view this controller is the data source and delegate of.
  public let collectionView: CollectionView

  /// Creates the collection view, with this controller as its data source and delegate.
  public init(frame: CellRect, layout: CollectionLayout, cellMetrics: CellMetrics = .identity) {
    collectionView = CollectionView(frame: frame, layout: layout, cellMetrics: cellMetrics)
    collectionView.delegate = self
    collectionView.dataSource = self
  }

  // MARK: - Data source

  /// The number of sections. Default 1.
  open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// The number of items in `section`. Default 0: override it.
  open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

  /// A configured cell for the item. Only asked for items the controller says exist, so a
  /// subclass that reports items must override it.
  open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    fatalError(
      "\(type(of: self)) reports an item at \(indexPath) but does not override collectionView(_:cellForItemAt:)")
  }

  /// A configured supplementary view, or `nil`, the default, for none.
  open func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? { nil }

  /// The item's identifier across data sources. Default `nil`.
  open func collectionView(_ collectionView: CollectionView, identifierForItemAt indexPath: IndexPath) -> AnyHashable? {
    nil
  }

  /// Where the item with `identifier` is. Default `nil`.
  open func collectionView(
    _ collectionView: CollectionView, indexPathForItemWithIdentifier identifier: AnyHashable
  ) -> IndexPath? { nil }

  /// Whether the item may be moved interactively. Default `false`.
  open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

  /// An interactive movement dropped an item: update the model. Default: nothing.
  open func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}

  // MARK: - Delegate

  /// Whether the item may be highlighted. Default `true`.
  open func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// The item was highlighted. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
  /// The item's highlight was removed. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  /// Whether the item may be selected. Default `true`.
  open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// The item was selected. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  /// Whether the item may be deselected. Default `true`.
  open func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  /// The item was deselected. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  /// The focus moved. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {}
  /// Whether the edit menu opens for the item. Default `false`.
  open func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    false
  }
  /// The edit menu's actions. Default ``EditAction/standard``.
  open func collectionView(_ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath)
    -> [EditAction]
  { EditAction.standard }
  /// Whether an action is enabled. Default `false`.
  open func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool { false }
  /// Performs an action from the menu. Default: nothing.
  open func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {}
  /// The menu for one or many items. Default `nil`: the edit menu's questions.
  open func collectionView(
    _ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point
  ) -> ContextMenuConfiguration? { nil }
  /// The transition layout for an interactive transition. Default `nil`.
  open func collectionView(
    _ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionLayout,
    newLayout: CollectionLayout
  ) -> TransitionLayout? { nil }
  /// A cell is about to be drawn. Default: nothing.
  open func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {}
  /// A supplementary view is about to be drawn. Default: nothing.
  open func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}
  /// A cell left the screen. Default: nothing.
  open func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath
  ) {}
  /// A supplementary view left the screen. Default: nothing.
  open func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}
  /// Where an interactively moving item would land. Default `proposedIndexPath`.
  open func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath { proposedIndexPath }
}
