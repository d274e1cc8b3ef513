/// The name of something a key can trigger: a key table maps keys to these, and the app
/// (or ``CollectionView/perform(_:)``) carries them out.
///
/// Apps add their own beside the standard ones:
/// ```swift
/// extension CommandIdentifier {
///   static let switchToTree: CommandIdentifier = "switchToTree"
/// }
/// ```
public struct CommandIdentifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The stable name.
  public var rawValue: String

  /// Creates an identifier from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) {
    rawValue = value
  }

  public var description: String { rawValue }
}

extension CommandIdentifier {
  // Moving the focus (a collection view carries these out).

  /// Moves the focus up.
  public static let moveUp: CommandIdentifier = "moveUp"
  /// Moves the focus down.
  public static let moveDown: CommandIdentifier = "moveDown"
  /// Moves the focus left.
  public static let moveLeft: CommandIdentifier = "moveLeft"
  /// Moves the focus right.
  public static let moveRight: CommandIdentifier = "moveRight"
  /// Scrolls a page up, keeping the focus where the eye is.
  public static let pageUp: CommandIdentifier = "pageUp"
  /// Scrolls a page down, keeping the focus where the eye is.
  public static let pageDown: CommandIdentifier = "pageDown"
  /// Moves the focus to the first item.
  public static let moveToFirst: CommandIdentifier = "moveToFirst"
  /// Moves the focus to the last item.
  public static let moveToLast: CommandIdentifier = "moveToLast"
  /// Scrolls the content a line up without moving the focus.
  public static let scrollLineUp: CommandIdentifier = "scrollLineUp"
  /// Scrolls the content a line down without moving the focus.
  public static let scrollLineDown: CommandIdentifier = "scrollLineDown"

  // Selecting.

  /// Selects (or, with multiple selection, toggles) the focused item, the way a tap does.
  public static let select: CommandIdentifier = "select"
  /// Moves the focus up and extends the selection to it.
  public static let extendSelectionUp: CommandIdentifier = "extendSelectionUp"
  /// Moves the focus down and extends the selection to it.
  public static let extendSelectionDown: CommandIdentifier = "extendSelectionDown"
  /// Moves the focus left and extends the selection to it.
  public static let extendSelectionLeft: CommandIdentifier = "extendSelectionLeft"
  /// Moves the focus right and extends the selection to it.
  public static let extendSelectionRight: CommandIdentifier = "extendSelectionRight"
  /// Selects every item.
  public static let selectAll: CommandIdentifier = "selectAll"
  /// Deselects everything.
  public static let clearSelection: CommandIdentifier = "clearSelection"

  // Editing.

  /// Opens the edit menu at the focused item.
  public static let showEditMenu: CommandIdentifier = "showEditMenu"
  /// Cuts the selection (if the delegate allows it).
  public static let cut: CommandIdentifier = "cut"
  /// Copies the selection (if the delegate allows it).
  public static let copy: CommandIdentifier = "copy"
  /// Pastes (if the delegate allows it).
  public static let paste: CommandIdentifier = "paste"
  /// Deletes the selection (if the delegate allows it).
  public static let delete: CommandIdentifier = "delete"

  // The app's (a collection view does not carry these out).

  /// Shows the key help.
  public static let showHelp: CommandIdentifier = "showHelp"
  /// Redraws the whole screen.
  public static let redraw: CommandIdentifier = "redraw"
  /// Turns mouse reporting on or off (so the terminal's own text selection works).
  public static let toggleMouse: CommandIdentifier = "toggleMouse"
  /// Quits.
  public static let quit: CommandIdentifier = "quit"

  // Menus and the help screen.

  /// Moves to the previous menu entry (or scrolls the help up).
  public static let menuPrevious: CommandIdentifier = "menuPrevious"
  /// Moves to the next menu entry (or scrolls the help down).
  public static let menuNext: CommandIdentifier = "menuNext"
  /// Moves to the first menu entry (or the top of the help).
  public static let menuFirst: CommandIdentifier = "menuFirst"
  /// Moves to the last menu entry (or the end of the help).
  public static let menuLast: CommandIdentifier = "menuLast"
  /// A page up in the help.
  public static let menuPageUp: CommandIdentifier = "menuPageUp"
  /// A page down in the help.
  public static let menuPageDown: CommandIdentifier = "menuPageDown"
  /// Chooses the highlighted menu entry.
  public static let menuChoose: CommandIdentifier = "menuChoose"
  /// Closes the menu (or the help).
  public static let menuClose: CommandIdentifier = "menuClose"
}
