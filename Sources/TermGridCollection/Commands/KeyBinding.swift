import TermGridCore

/// One row of a key table: the keys that trigger a command, and how the help screen
/// describes it.
public struct KeyBinding: Hashable, Sendable {
  /// The keys, in the order the help lists them; any one triggers the command.
  public var keys: [KeyEvent]
  /// What the keys trigger.
  public var command: CommandIdentifier
  /// What the help screen says the command does.
  public var help: String
  /// The help screen's heading the binding is listed under.
  public var group: String

  /// Creates a binding.
  public init(_ keys: [KeyEvent], _ command: CommandIdentifier, help: String, group: String) {
    self.keys = keys
    self.command = command
    self.help = help
    self.group = group
  }

  /// Creates a binding from key names (``KeyEvent/init(name:)``): `["j", "Down"]`.
  ///
  /// A name that means no key is a programming error in the table.
  public init(keyNames: [String], _ command: CommandIdentifier, help: String, group: String) {
    let keys = keyNames.map { name -> KeyEvent in
      guard let key = KeyEvent(name: name) else {
        fatalError("KeyBinding: \"\(name)\" (for \(command)) is not a key name")
      }
      return key
    }
    self.init(keys, command, help: help, group: group)
  }

  /// The keys as the help screen shows them: `j, Down`.
  public var keyNames: String { keys.map(\.name).joined(separator: ", ") }
}
