/// A key, decoded from whatever bytes the terminal sent.
public enum Key: Hashable, Sendable {
  /// Printable text: one grapheme cluster, any script.
  case character(Character)
  /// Return or Enter (also Ctrl-M and Ctrl-J).
  case enter
  /// Tab, or Ctrl-I (Shift-Tab arrives as `.backTab`).
  case tab
  /// Shift-Tab: the shift is part of the key, so the event's modifiers do not repeat it.
  case backTab
  /// Backspace (the terminal sends DEL or Ctrl-H).
  case backspace
  /// Delete (forward).
  case delete
  /// Insert.
  case insert
  /// Escape on its own.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// A function key, F1 to F12 (or more where the terminal has them).
  case function(Int)
  /// A control chord on a letter, as a lowercase letter: Ctrl-A is `.control("a")`.
  ///
  /// The control is part of the key, so the event's modifiers do not repeat it (Alt-Ctrl-A
  /// is `.control("a")` with `.alt`). Ctrl-Space is `.control(" ")`; Ctrl-\, Ctrl-],
  /// Ctrl-^ and Ctrl-_ are `.control` of those characters. Ctrl-H, Ctrl-I, Ctrl-J, Ctrl-M and
  /// Ctrl-[ send the same bytes as Backspace, Tab, Enter and Esc, and arrive as those keys.
  case control(Character)
  /// The Menu (application) key, where the terminal sends one.
  case menu
}

/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Control.
  public static let control = KeyModifiers(rawValue: 1 << 1)
  /// Alt or Meta.
  public static let alt = KeyModifiers(rawValue: 1 << 2)
}

/// A key press.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public var key: Key
  /// The modifiers held with it.
  public var modifiers: KeyModifiers

  /// Creates a key event.
  public init(_ key: Key, modifiers: KeyModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// The key's name as help screens show it, such as `Ctrl-Up` or `Shift-F10`
  /// (``name``).
  public var description: String { name }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
  /// The primary button.
  case left
  /// The middle button.
  case middle
  /// The secondary button (opens the edit menu).
  case right
}

/// Something the mouse did.
public struct MouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Action: Hashable, Sendable {
    /// A button went down.
    case press(MouseButton)
    /// A button went up.
    case release(MouseButton)
    /// The pointer moved with a button down.
    case drag(MouseButton)
    /// The wheel turned away from the user (scroll up).
    case wheelUp
    /// The wheel turned towards the user (scroll down).
    case wheelDown
    /// The wheel tilted (or a touchpad swiped) to the left.
    case wheelLeft
    /// The wheel tilted (or a touchpad swiped) to the right.
    case wheelRight
  }

  /// What happened.
  public var action: Action
  /// The cell under the pointer, in screen coordinates.
  public var position: CellPoint
  /// Modifiers held.
  public var modifiers: KeyModifiers

  /// Creates a mouse event.
  public init(_ action: Action, at position: CellPoint, modifiers: KeyModifiers = []) {
    self.action = action
    self.position = position
    self.modifiers = modifiers
  }
}

/// Everything a terminal can report.
public enum InputEvent: Hashable, Sendable {
  /// A key.
  case key(KeyEvent)
  /// A mouse action.
  case mouse(MouseEvent)
  /// Text pasted into the terminal (bracketed paste): one event, not a key per character.
  case paste(String)
  /// The terminal changed size.
  case resize(CellSize)
  /// A terminating signal (SIGINT, SIGTERM, SIGHUP) arrived: restore the terminal and exit.
  case signal(Int32)
}

extension InputEvent {
  /// Esc or Ctrl-C: the keys that stop long work (``Terminal/takeInterrupt()``).
  public static func isInterrupt(_ event: InputEvent) -> Bool {
    guard case .key(let key) = event, key.modifiers.isEmpty else { return false }
    return key.key == .escape || key.key == .control("c")
  }
}
