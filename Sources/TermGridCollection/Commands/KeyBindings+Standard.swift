extension KeyBindings {
  /// The keys of a collection-view browser, as users of vim, less and jless expect them:
  /// arrows and `hjkl` move, PgUp/PgDn and Ctrl-B/Ctrl-F page, Space and Enter select,
  /// Shift-arrows extend the selection, `m`, the Menu key or Shift-F10 open the edit menu,
  /// `x` `y` `p` cut, copy and paste, `?` or F1 show this help, `q` or Ctrl-C quits.
  ///
  /// Apps start from it, add their own commands and rebind what they like.
  public static let standard = KeyBindings([
    KeyBinding(keyNames: ["k", "Up"], .moveUp, help: "Move up", group: "Moving"),
    KeyBinding(keyNames: ["j", "Down"], .moveDown, help: "Move down", group: "Moving"),
    KeyBinding(keyNames: ["h", "Left"], .moveLeft, help: "Move left", group: "Moving"),
    KeyBinding(keyNames: ["l", "Right"], .moveRight, help: "Move right", group: "Moving"),
    KeyBinding(keyNames: ["PgUp", "Ctrl-B"], .pageUp, help: "Page up", group: "Moving"),
    KeyBinding(keyNames: ["PgDn", "Ctrl-F"], .pageDown, help: "Page down", group: "Moving"),
    KeyBinding(keyNames: ["g", "Home"], .moveToFirst, help: "First item", group: "Moving"),
    KeyBinding(keyNames: ["G", "End"], .moveToLast, help: "Last item", group: "Moving"),
    KeyBinding(keyNames: ["Ctrl-Y"], .scrollLineUp, help: "Scroll a line up", group: "Moving"),
    KeyBinding(keyNames: ["Ctrl-E"], .scrollLineDown, help: "Scroll a line down", group: "Moving"),
    KeyBinding(keyNames: ["Space", "Enter"], .select, help: "Select the item (toggle)", group: "Selecting"),
    KeyBinding(keyNames: ["Shift-Up", "K"], .extendSelectionUp, help: "Extend the selection up", group: "Selecting"),
    KeyBinding(
      keyNames: ["Shift-Down", "J"], .extendSelectionDown, help: "Extend the selection down", group: "Selecting"),
    KeyBinding(
      keyNames: ["Shift-Left", "H"], .extendSelectionLeft, help: "Extend the selection left", group: "Selecting"),
    KeyBinding(
      keyNames: ["Shift-Right", "L"], .extendSelectionRight, help: "Extend the selection right", group: "Selecting"),
    KeyBinding(keyNames: ["Ctrl-A"], .selectAll, help: "Select everything", group: "Selecting"),
    KeyBinding(keyNames: ["Esc"], .clearSelection, help: "Clear the selection", group: "Selecting"),
    KeyBinding(keyNames: ["m", "Menu", "Shift-F10"], .showEditMenu, help: "Edit menu", group: "Editing"),
    KeyBinding(keyNames: ["x"], .cut, help: "Cut", group: "Editing"),
    KeyBinding(keyNames: ["y"], .copy, help: "Copy", group: "Editing"),
    KeyBinding(keyNames: ["p"], .paste, help: "Paste", group: "Editing"),
    KeyBinding(keyNames: ["Delete"], .delete, help: "Delete", group: "Editing"),
    KeyBinding(keyNames: ["?", "F1"], .showHelp, help: "This help", group: "Other"),
    KeyBinding(keyNames: ["Ctrl-L"], .redraw, help: "Redraw the screen", group: "Other"),
    KeyBinding(keyNames: ["M"], .toggleMouse, help: "Mouse on/off (off lets the terminal select text)", group: "Other"),
    KeyBinding(keyNames: ["q", "Ctrl-C"], .quit, help: "Quit", group: "Other"),
  ])

  /// The keys of an open edit menu. A letter that is an entry's accelerator chooses that
  /// entry before this table is asked.
  public static let editMenu = KeyBindings([
    KeyBinding(keyNames: ["Up", "Shift-Tab", "Ctrl-P"], .menuPrevious, help: "Previous entry", group: "Edit menu"),
    KeyBinding(keyNames: ["Down", "Tab", "Ctrl-N"], .menuNext, help: "Next entry", group: "Edit menu"),
    KeyBinding(keyNames: ["Home", "PgUp"], .menuFirst, help: "First entry", group: "Edit menu"),
    KeyBinding(keyNames: ["End", "PgDn"], .menuLast, help: "Last entry", group: "Edit menu"),
    KeyBinding(keyNames: ["Enter", "Space"], .menuChoose, help: "Choose the entry", group: "Edit menu"),
    KeyBinding(
      keyNames: ["Esc", "Ctrl-C", "m", "Menu", "Shift-F10", "Left"], .menuClose, help: "Close the menu",
      group: "Edit menu"),
  ])

  /// The keys of the help screen.
  public static let helpScreen = KeyBindings([
    KeyBinding(keyNames: ["k", "Up"], .menuPrevious, help: "Scroll up", group: "Help"),
    KeyBinding(keyNames: ["j", "Down", "Enter"], .menuNext, help: "Scroll down", group: "Help"),
    KeyBinding(keyNames: ["PgUp", "b", "Ctrl-B"], .menuPageUp, help: "Page up", group: "Help"),
    KeyBinding(keyNames: ["PgDn", "Space", "f", "Ctrl-F"], .menuPageDown, help: "Page down", group: "Help"),
    KeyBinding(keyNames: ["g", "Home"], .menuFirst, help: "Top", group: "Help"),
    KeyBinding(keyNames: ["G", "End"], .menuLast, help: "End", group: "Help"),
    KeyBinding(keyNames: ["q", "Esc", "Ctrl-C", "?", "F1"], .menuClose, help: "Close the help", group: "Help"),
  ])
}
