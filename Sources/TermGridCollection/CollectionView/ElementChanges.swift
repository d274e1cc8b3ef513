import TermGridCore
import TermGridLayout

/// The supplementary and decoration views a layout says a batch update adds and removes
/// (UIKit's `indexPathsToInsertForSupplementaryViewOfKind:` and its kin), asked once per
/// kind the update can see: the kinds on screen before it and the kinds the layout shows
/// after it.
struct ElementChanges {
  private var inserted: Set<ElementKey> = []
  private var deleted: Set<ElementKey> = []
  private var itemBoundKinds: Set<String> = []

  init(layout: CollectionLayout, kinds: Set<String>, visibleAfter: Rect) {
    var supplementaryKinds: Set<String> = []
    var decorationKinds: Set<String> = []
    for kind in kinds where !kind.isEmpty && kind.utf8.first != 1 {
      // A kind seen before the update may be either; asking for both costs nothing.
      supplementaryKinds.insert(kind)
      decorationKinds.insert(kind)
    }
    for element in layout.layoutAttributesForElements(in: visibleAfter) {
      guard let kind = element.representedElementKind else { continue }
      if element.category == .supplementaryView {
        supplementaryKinds.insert(kind)
      } else {
        decorationKinds.insert(kind)
      }
    }
    for kind in supplementaryKinds {
      if layout.supplementaryViewsFollowItems(ofKind: kind) { itemBoundKinds.insert(kind) }
      for path in layout.indexPathsToInsertForSupplementaryView(ofKind: kind) {
        inserted.insert(.supplementary(kind, path))
      }
      for path in layout.indexPathsToDeleteForSupplementaryView(ofKind: kind) {
        deleted.insert(.supplementary(kind, path))
      }
    }
    for kind in decorationKinds {
      for path in layout.indexPathsToInsertForDecorationView(ofKind: kind) { inserted.insert(.decoration(kind, path)) }
      for path in layout.indexPathsToDeleteForDecorationView(ofKind: kind) { deleted.insert(.decoration(kind, path)) }
    }
  }

  /// Whether supplementary views of `kind` go where their item goes.
  func followsItems(_ kind: String) -> Bool { itemBoundKinds.contains(kind) }

  /// Whether the layout named the element (as it was before the update) as removed.
  func isDeleted(_ key: ElementKey) -> Bool { !deleted.isEmpty && deleted.contains(key) }

  /// Whether the layout named the element (as it is after the update) as added.
  func isInserted(_ key: ElementKey) -> Bool { !inserted.isEmpty && inserted.contains(key) }
}
