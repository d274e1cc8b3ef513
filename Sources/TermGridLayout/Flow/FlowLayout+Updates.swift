import TermGridCore

extension FlowLayout {
  /// The items and sections a batch update inserts and deletes; reloads count as both.
  ///
  /// Items are kept as sorted lists, looked up by binary search: a batch that appends
  /// thousands of items (a followed stream) costs a pass over them, not a hash of each.
  struct PendingUpdates {
    /// Inserted and deleted items, sorted (after and before the update).
    private(set) var insertedItems: [IndexPath] = []
    private(set) var deletedItems: [IndexPath] = []
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
      // Batches list their items in order as a rule: sort only when they are not.
      if !Self.isSorted(insertedItems) { insertedItems.sort() }
      if !Self.isSorted(deletedItems) { deletedItems.sort() }
    }

    private mutating func note(_ indexPath: IndexPath, isSection: Bool, inserted: Bool) {
      switch (isSection, inserted) {
      case (true, true): insertedSections.insert(indexPath.section)
      case (true, false): deletedSections.insert(indexPath.section)
      case (false, true): insertedItems.append(indexPath)
      case (false, false): deletedItems.append(indexPath)
      }
    }

    func isInserted(_ indexPath: IndexPath) -> Bool {
      if !insertedSections.isEmpty, insertedSections.contains(indexPath.section) { return true }
      return Self.contains(indexPath, in: insertedItems)
    }

    private static func isSorted(_ paths: [IndexPath]) -> Bool {
      zip(paths, paths.dropFirst()).allSatisfy { $0 <= $1 }
    }

    private static func contains(_ indexPath: IndexPath, in sorted: [IndexPath]) -> Bool {
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < indexPath { low = middle + 1 } else { high = middle }
      }
      return low < sorted.count && sorted[low] == indexPath
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
