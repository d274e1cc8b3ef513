/// An action of the edit menu (the guide's "Showing the Edit Menu for a Cell"), acting on
/// the whole selection.
public struct EditAction: Hashable, Sendable, CustomStringConvertible {
  /// A stable name, for comparisons and key bindings.
  public var name: String
  /// The title shown in the menu.
  public var title: String
  /// A letter that chooses the action directly while the menu is open.
  public var accelerator: Character?

  /// Creates an action; apps define their own beside the standard ones.
  public init(name: String, title: String, accelerator: Character? = nil) {
    self.name = name
    self.title = title
    self.accelerator = accelerator
  }

  /// Cut the selected items to the pasteboard.
  public static let cut = EditAction(name: "cut", title: "Cut", accelerator: "t")
  /// Copy the selected items to the pasteboard.
  public static let copy = EditAction(name: "copy", title: "Copy", accelerator: "c")
  /// Paste the pasteboard's items.
  public static let paste = EditAction(name: "paste", title: "Paste", accelerator: "p")
  /// Delete the selected items.
  public static let delete = EditAction(name: "delete", title: "Delete", accelerator: "d")
  /// Select every item.
  public static let selectAll = EditAction(name: "selectAll", title: "Select All", accelerator: "a")

  /// The standard actions, in menu order.
  public static let standard: [EditAction] = [.cut, .copy, .paste, .delete, .selectAll]

  public var description: String { name }
}
