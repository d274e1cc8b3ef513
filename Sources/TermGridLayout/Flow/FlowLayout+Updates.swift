import TermGridCore

extension FlowLayout {
  /// The items and sections a batch update inserts and deletes; reloads count as both.
  struct PendingUpdates {
    var insertedItems: Set<IndexPath> = []
    var deletedItems: Set<IndexPath> = []
    var insertedSections: Set<Int> = []
    var deletedSections: Set<Int> = []

    init(_ updates: [UpdateItem]) {
      for update in updates {
        switch update.action {
        case .insert:
          if let after = update.indexPathAfterUpdate { note(after, isSection: update.isSectionUpdate, inserted: true) }
        case .delete:
          if let before = update.indexPathBeforeUpdate {
            note(before, isSection: update.isSectionUpdate, inserted: false)
          }
        case .reload:
          if let before = update.indexPathBeforeUpdate {
            note(before, isSection: update.isSectionUpdate, inserted: false)
          }
          if let after = update.indexPathAfterUpdate ?? update.indexPathBeforeUpdate {
            note(after, isSection: update.isSectionUpdate, inserted: true)
          }
        case .move:
          break
        }
      }
    }

    private mutating func note(_ indexPath: IndexPath, isSection: Bool, inserted: Bool) {
      switch (isSection, inserted) {
      case (true, true): insertedSections.insert(indexPath.section)
      case (true, false): deletedSections.insert(indexPath.section)
      case (false, true): insertedItems.insert(indexPath)
      case (false, false): deletedItems.insert(indexPath)
      }
    }

    func isInserted(_ indexPath: IndexPath) -> Bool {
      insertedSections.contains(indexPath.section) || insertedItems.contains(indexPath)
    }
  }

  /// An appearing item starts at its new place, transparent, when it was inserted (or when
  /// no update is under way); an item that only moved starts unfaded.
  func appearingAttributes(_ attributes: LayoutAttributes?) -> LayoutAttributes? {
    guard var attributes else { return nil }
    if let pendingUpdates, !pendingUpdates.isInserted(attributes.indexPath) { return attributes }
    attributes.alpha = 0
    return attributes
  }

  /// A disappearing element ends where it was before the update, transparent: the fade
  /// that UIKit's flow layout gives by default. `nil` once the update is finalized.
  func disappearingAttributes(_ attributes: LayoutAttributes?) -> LayoutAttributes? {
    guard var attributes else { return nil }
    attributes.alpha = 0
    return attributes
  }
}
