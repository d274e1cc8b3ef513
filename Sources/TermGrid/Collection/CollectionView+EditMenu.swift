/// One entry of an item's edit menu: an action and whether it can be chosen now.
public struct EditMenuItem: Hashable, Sendable {
  /// The action the entry performs.
  public var action: EditAction
  /// False when the delegate's `canPerformAction` says no: shown, but not choosable.
  public var isEnabled: Bool

  /// Creates a menu entry.
  public init(action: EditAction, isEnabled: Bool) {
    self.action = action
    self.isEnabled = isEnabled
  }
}

extension CollectionView {
  /// The items an edit action started on `indexPath` acts on: the whole selection when the
  /// item is part of it (as a context menu on a selected file acts on every selected file),
  /// otherwise the item alone.
  public func indexPathsForEditMenu(at indexPath: IndexPath) -> [IndexPath] {
    selectedIndexPaths.contains(indexPath) ? indexPathsForSelectedItems : [indexPath]
  }

  /// The edit menu for an item (the guide's long press: a menu key or a right click), or
  /// `nil` when there is none.
  ///
  /// The guide's conditions ("Showing the Edit Menu for a Cell"): the delegate's
  /// `shouldShowMenuForItemAt` says yes, and `canPerformAction` says yes for at least one
  /// of its actions. Every action is listed, with the refused ones disabled.
  public func editMenu(forItemAt indexPath: IndexPath) -> [EditMenuItem]? {
    guard isValid(indexPath), let delegate, delegate.collectionView(self, shouldShowMenuForItemAt: indexPath) else {
      return nil
    }
    let targets = indexPathsForEditMenu(at: indexPath)
    let entries = delegate.collectionView(self, menuActionsForItemAt: indexPath).map {
      EditMenuItem(action: $0, isEnabled: delegate.collectionView(self, canPerformAction: $0, forItemsAt: targets))
    }
    return entries.contains(where: \.isEnabled) ? entries : nil
  }

  /// Performs an action chosen from an item's menu on the items it acts on
  /// (``indexPathsForEditMenu(at:)``), if the delegate still allows it.
  /// - Returns: whether the delegate was asked to perform it.
  @discardableResult
  public func performEditAction(_ action: EditAction, forItemAt indexPath: IndexPath) -> Bool {
    guard isValid(indexPath), let delegate else { return false }
    let targets = indexPathsForEditMenu(at: indexPath)
    guard delegate.collectionView(self, canPerformAction: action, forItemsAt: targets) else { return false }
    delegate.collectionView(self, performAction: action, forItemsAt: targets)
    return true
  }
}
