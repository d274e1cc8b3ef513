import TermGridCore
import TermGridLayout
import TermGridViews

/// Hears what happens in a collection view and decides what is allowed: highlighting,
/// selection, the edit menu. Every method has a default, so a delegate implements only
/// what it cares about.
///
/// **Subclasses and the defaults.** The defaults live in a protocol extension, and Swift
/// does not dispatch a protocol extension's method through a class. A UIKit habit goes
/// wrong here: a base class adopts the protocol without writing, say,
/// `collectionView(_:willDisplay:forItemAt:)`, and a subclass writes it. The subclass's method is never called: the extension's default was
/// chosen as the protocol's implementation when the base class adopted it, and the
/// subclass's method overrides nothing (which is why the compiler does not ask for
/// `override`). The same holds for ``CollectionViewDataSource`` (`canMoveItemAt`, say).
///
/// Either write every method a subclass may change in the base class itself (then
/// subclasses `override` it), or derive from ``CollectionViewController``, an open base
/// class that has every method of both protocols as an overridable default.
public protocol CollectionViewDelegate: AnyObject {
  /// Whether the item may be highlighted by a press. Default `true`.
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
  /// The item was highlighted (a press began on it).
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The item's highlight was removed (the press ended).
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Whether the item may be selected. Default `true`.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  /// The item was selected.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// Whether the item may be deselected by the user. Default `true`.
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
  /// The item was deselected.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// The keyboard focus moved to the item (or to nothing).
  func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?)
  /// Whether a long press (a menu key or right click) on the item opens the edit menu.
  /// Default `false`, as in UIKit.
  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool
  /// The actions the edit menu offers. Default: ``EditAction/standard``.
  func collectionView(_ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath) -> [EditAction]
  /// Whether an action is enabled for the selection (the items it would act on). Default `false`.
  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool
  /// Performs an action chosen from the menu on the selection.
  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath])
  /// The menu for one or many items (UIKit's current model): the items an action would act
  /// on (the selection, or the clicked or focused item) and the content point it opens at
  /// (the pointer, or the item's corner when a key opened it). Return `nil`, the default,
  /// for the edit menu of `shouldShowMenuForItemAt`, `menuActionsForItemAt`,
  /// `canPerformAction` and `performAction`.
  func collectionView(
    _ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point
  ) -> ContextMenuConfiguration?
  /// The transition layout for an interactive transition between two layouts (a subclass
  /// with its own path or timing), or `nil`, the default, for a plain ``TransitionLayout``.
  func collectionView(
    _ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionLayout,
    newLayout: CollectionLayout
  ) -> TransitionLayout?
  /// A cell is about to be drawn for the first time since it came from the data source: it
  /// scrolled into view, was inserted or reloaded. Its attributes are applied. Default:
  /// nothing.
  func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath)
  /// A supplementary view is about to be drawn for the first time since it came from the
  /// data source. Default: nothing.
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath)
  /// A cell left the screen and went back to the reuse queue: it scrolled away, its item
  /// was deleted (after the animation) or reloaded, or the data was reloaded. `indexPath`
  /// is where the cell was last drawn, which may no longer name the same item. Default:
  /// nothing.
  func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath)
  /// A supplementary view left the screen and went back to the reuse queue. Default:
  /// nothing.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath)

  /// Where an interactively moving item would land, given where the layout proposes
  /// (``CollectionLayout/targetIndexPath(forInteractivelyMovingItem:withPosition:)``):
  /// return `proposedIndexPath`, the default, or another place (`currentIndexPath` to stay
  /// where it is, to keep an item in its section, say).
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath
}

extension CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
    true
  }
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, didFocusItemAt indexPath: IndexPath?) {}
  public func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool {
    false
  }
  public func collectionView(_ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath)
    -> [EditAction]
  { EditAction.standard }
  public func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool { false }
  public func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: Point
  ) -> ContextMenuConfiguration? { nil }
  public func collectionView(
    _ collectionView: CollectionView, transitionLayoutForOldLayout oldLayout: CollectionLayout,
    newLayout: CollectionLayout
  ) -> TransitionLayout? { nil }
  public func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {
  }
  public func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: ReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: ReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}

  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
    atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath
  ) -> IndexPath { proposedIndexPath }
}
