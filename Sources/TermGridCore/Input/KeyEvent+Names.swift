extension KeyEvent {
  /// The key's name as help screens and key tables spell it: modifiers first
  /// (`Ctrl-`, `Alt-`, `Shift-`), then the key (`Up`, `PgDn`, `F10`, `Space`, `Ctrl-A`, `g`).
  ///
  /// ``init(name:)`` reads the same spelling back.
  public var name: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "Ctrl-" }
    if modifiers.contains(.alt) { prefix += "Alt-" }
    if modifiers.contains(.shift) { prefix += "Shift-" }
    return prefix + key.name
  }

  /// Reads a key name such as `"Ctrl-Up"`, `"Shift-F10"`, `"Ctrl-a"`, `"Space"` or `"g"`.
  ///
  /// Modifier and key names are case-insensitive; a single character stands for itself
  /// (`"G"` is Shift-g as terminals send it: the character `G`). `nil` when the name means
  /// no key.
  public init?(name: String) {
    var rest = Substring(name)
    var modifiers: KeyModifiers = []
    var control = false
    while rest.count > 1 {
      let lowered = rest.lowercased()
      if lowered.hasPrefix("ctrl-") {
        control = true
        rest = rest.dropFirst(5)
      } else if lowered.hasPrefix("alt-") {
        modifiers.insert(.alt)
        rest = rest.dropFirst(4)
      } else if lowered.hasPrefix("shift-") {
        modifiers.insert(.shift)
        rest = rest.dropFirst(6)
      } else {
        break
      }
    }
    guard var key = Key(name: String(rest)) else { return nil }
    if key == .tab, modifiers.contains(.shift) {
      // Terminals send Shift-Tab as its own key.
      key = .backTab
      modifiers.remove(.shift)
    }
    if control {
      // Ctrl on a character is the `.control` key itself; on other keys, a modifier.
      if case .character(let character) = key {
        guard let lowered = character.lowercased().first else { return nil }
        self.init(.control(lowered), modifiers: modifiers)
        return
      }
      if case .control = key { return nil }
      modifiers.insert(.control)
    }
    self.init(key, modifiers: modifiers)
  }
}

extension Key {
  /// The key's name without modifiers: `Enter`, `PgUp`, `F5`, `Ctrl-A`, `Space`, `x`.
  public var name: String {
    switch self {
    case .character(" "): return "Space"
    case .character(let character): return String(character)
    case .control(" "): return "Ctrl-Space"
    case .control(let character): return "Ctrl-" + character.uppercased()
    case .function(let number): return "F\(number)"
    default: return Self.fixedNames.first { $0.key == self }?.name ?? "?"
    }
  }

  /// Reads a key name without modifiers (see ``name``); case-insensitive for named keys.
  public init?(name: String) {
    let lowered = name.lowercased()
    if let named = Self.fixedNames.first(where: { $0.name.lowercased() == lowered }) {
      self = named.key
      return
    }
    if let alias = Self.aliases[lowered] {
      self = alias
      return
    }
    if lowered.count > 1, lowered.first == "f", let number = Int(lowered.dropFirst()), number >= 1, number <= 63 {
      self = .function(number)
      return
    }
    if lowered.hasPrefix("ctrl-"), name.count == 6, let character = lowered.last {
      self = .control(character)
      return
    }
    if lowered == "ctrl-space" {
      self = .control(" ")
      return
    }
    guard name.count == 1, let character = name.first else { return nil }
    self = .character(character)
  }

  private static let fixedNames: [(key: Key, name: String)] = [
    (.enter, "Enter"), (.tab, "Tab"), (.backTab, "Shift-Tab"), (.backspace, "Backspace"),
    (.delete, "Delete"), (.insert, "Insert"), (.escape, "Esc"), (.up, "Up"), (.down, "Down"),
    (.left, "Left"), (.right, "Right"), (.home, "Home"), (.end, "End"), (.pageUp, "PgUp"),
    (.pageDown, "PgDn"), (.menu, "Menu"), (.character(" "), "Space"),
  ]

  private static let aliases: [String: Key] = [
    "return": .enter, "escape": .escape, "del": .delete, "ins": .insert, "pageup": .pageUp,
    "pagedown": .pageDown, "backtab": .backTab,
  ]
}
