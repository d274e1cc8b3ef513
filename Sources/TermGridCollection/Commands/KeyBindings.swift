import TermGridCore

/// A key table: which key triggers which command, in the order the help screen lists them.
///
/// Keys are handled by looking them up here, never by a `switch` scattered through the
/// code; the help screen is generated from the same table, so it cannot go stale.
///
/// ```swift
/// var keys = KeyBindings.standard
/// keys.add(KeyBinding(keyNames: ["t"], .switchToTree, help: "Show as a tree", group: "View"))
/// if let command = keys.command(for: keyEvent) { … }
/// ```
public struct KeyBindings: Hashable, Sendable {
  /// The bindings, in help order.
  public private(set) var bindings: [KeyBinding]
  /// Which binding each key belongs to.
  private var bindingIndexByKey: [KeyEvent: Int]

  /// Creates a table. A key may appear in one binding only: a key bound twice is a
  /// programming error in the table.
  public init(_ bindings: [KeyBinding] = []) {
    self.bindings = []
    bindingIndexByKey = [:]
    for binding in bindings { add(binding) }
  }

  /// Adds a binding at the end. Its keys must not be bound yet (``rebind(_:to:)`` moves
  /// a key from one command to another).
  public mutating func add(_ binding: KeyBinding) {
    for key in binding.keys {
      if let existing = bindingIndexByKey[key] {
        fatalError(
          "KeyBindings: \(key.name) is bound to both \(bindings[existing].command) and \(binding.command)")
      }
      bindingIndexByKey[key] = bindings.count
    }
    bindings.append(binding)
  }

  /// Binds `keys` to `command` instead of whatever they did; the command's binding must
  /// exist. Bindings left with no key stay listed (the help shows them without keys).
  public mutating func rebind(_ keys: [KeyEvent], to command: CommandIdentifier) {
    guard let target = bindings.firstIndex(where: { $0.command == command }) else {
      fatalError("KeyBindings.rebind: \(command) has no binding to add keys to")
    }
    for key in keys {
      if let existing = bindingIndexByKey[key] { bindings[existing].keys.removeAll { $0 == key } }
      bindings[target].keys.append(key)
    }
    rebuildIndex()
  }

  /// Removes a key from whatever it was bound to.
  public mutating func unbind(_ key: KeyEvent) {
    guard let existing = bindingIndexByKey[key] else { return }
    bindings[existing].keys.removeAll { $0 == key }
    rebuildIndex()
  }

  private mutating func rebuildIndex() {
    bindingIndexByKey = [:]
    for (index, binding) in bindings.enumerated() {
      for key in binding.keys { bindingIndexByKey[key] = index }
    }
  }

  /// The command a key triggers, if any.
  public func command(for key: KeyEvent) -> CommandIdentifier? {
    binding(for: key)?.command
  }

  /// The command an event triggers: its key's command; `nil` for a key bound to nothing and
  /// for events that are not keys (mouse, paste, resize, signal).
  ///
  /// Look an event up once and pass the result on (``CollectionView/handle(_:command:)``),
  /// so the app and the collection view never read the table twice for one key.
  public func command(for event: InputEvent) -> CommandIdentifier? {
    guard case .key(let key) = event else { return nil }
    return command(for: key)
  }

  /// The binding a key belongs to, if any.
  public func binding(for key: KeyEvent) -> KeyBinding? {
    bindingIndexByKey[key].map { bindings[$0] }
  }

  /// The binding of a command, if any.
  public func binding(for command: CommandIdentifier) -> KeyBinding? {
    bindings.first { $0.command == command }
  }

  /// The keys that trigger a command, in help order.
  public func keys(for command: CommandIdentifier) -> [KeyEvent] {
    binding(for: command)?.keys ?? []
  }

  /// The groups, in the order they first appear.
  public var groups: [String] {
    var seen: Set<String> = []
    return bindings.compactMap { seen.insert($0.group).inserted ? $0.group : nil }
  }

  /// This table followed by another's bindings; the other's keys must be free here.
  public func merging(_ other: KeyBindings) -> KeyBindings {
    var merged = self
    for binding in other.bindings { merged.add(binding) }
    return merged
  }
}
