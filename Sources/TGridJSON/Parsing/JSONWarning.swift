/// Something legal but suspicious in a JSON text, such as a duplicate key.
public struct JSONWarning: Sendable, Equatable, CustomStringConvertible {
  /// Line of the offending text, from 1.
  public let line: Int
  /// Column of the offending text, from 1, in characters (Unicode scalars).
  public let column: Int
  /// Byte offset of the offending text in the original input.
  public let byteOffset: Int
  /// What is wrong, e.g. `duplicate key "id" (first at line 2, column 3); both members are kept`.
  public let message: String
  /// The repeated key, for a duplicate-key warning.
  public let duplicateKey: String?

  /// `line L, column C: message`.
  public var description: String { "line \(line), column \(column): \(message)" }
}
