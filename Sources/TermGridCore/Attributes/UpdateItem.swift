/// One change in a batch update, as the layout sees it in
/// ``CollectionLayout/prepare(forCollectionViewUpdates:)``.
public struct UpdateItem: Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public enum Action: Hashable, Sendable {
    /// An item or section appeared at `indexPathAfterUpdate`.
    case insert
    /// An item or section went away from `indexPathBeforeUpdate`.
    case delete
    /// An item or section was replaced in place.
    case reload
    /// An item or section moved from `indexPathBeforeUpdate` to `indexPathAfterUpdate`.
    case move
  }

  /// What happened.
  public var action: Action
  /// Where the element was before the update (`nil` for inserts).
  public var indexPathBeforeUpdate: IndexPath?
  /// Where the element is after the update (`nil` for deletes).
  public var indexPathAfterUpdate: IndexPath?
  /// True when the change is to a whole section; the index paths' items are then 0.
  public var isSectionUpdate: Bool

  /// Creates an update item.
  public init(
    action: Action, before: IndexPath?, after: IndexPath?, isSectionUpdate: Bool = false
  ) {
    self.action = action
    self.indexPathBeforeUpdate = before
    self.indexPathAfterUpdate = after
    self.isSectionUpdate = isSectionUpdate
  }

  public var description: String {
    let target = isSectionUpdate ? "section" : "item"
    switch action {
    case .insert: return "insert \(target) \(indexPathAfterUpdate.map(String.init(describing:)) ?? "?")"
    case .delete: return "delete \(target) \(indexPathBeforeUpdate.map(String.init(describing:)) ?? "?")"
    case .reload: return "reload \(target) \(indexPathBeforeUpdate.map(String.init(describing:)) ?? "?")"
    case .move:
      return
        "move \(target) \(indexPathBeforeUpdate.map(String.init(describing:)) ?? "?") → \(indexPathAfterUpdate.map(String.init(describing:)) ?? "?")"
    }
  }
}
