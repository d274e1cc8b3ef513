import TermGridCore

/// A menu the delegate builds for one or many items: UIKit's `UIContextMenuConfiguration`
/// as the delegate's
/// ``CollectionViewDelegate/collectionView(_:contextMenuConfigurationForItemsAt:point:)``
/// returns it.
///
/// Each action carries its own handler, so the delegate writes what an action does where it
/// lists it, instead of answering `canPerformAction` and `performAction` by name. The menu is
/// the collection view's edit menu: it opens with the same keys and clicks and is drawn and
/// navigated the same way.
public struct ContextMenuConfiguration {
  /// The actions, in menu order.
  public var actions: [MenuAction]

  /// A menu of `actions`.
  public init(actions: [MenuAction]) {
    self.actions = actions
  }
}

/// One entry of a ``ContextMenuConfiguration``: UIKit's `UIAction`.
public struct MenuAction {
  /// The title shown in the menu.
  public var title: String
  /// A letter that chooses the action directly while the menu is open.
  public var accelerator: Character?
  /// Whether it can be chosen; a disabled action is shown greyed (UIKit's `.disabled`).
  public var isEnabled: Bool
  /// What choosing it does.
  public var handler: () -> Void

  /// An action with a title and what it does.
  public init(title: String, accelerator: Character? = nil, isEnabled: Bool = true, handler: @escaping () -> Void) {
    self.title = title
    self.accelerator = accelerator
    self.isEnabled = isEnabled
    self.handler = handler
  }
}
