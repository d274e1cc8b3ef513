/// One representation of what was copied: a type identifier and the exact bytes.
///
/// An app copies its own values under its own type (a JSON value as `application/json`
/// with its source text, byte for byte) beside a plain-text item for other programs.
public struct PasteboardItem: Hashable, Sendable {
  /// Plain UTF-8 text.
  public static let plainTextType = "text/plain;charset=utf-8"

  /// What the bytes are, as a MIME type or an app-defined name.
  public var type: String
  /// The bytes, exactly as copied.
  public var data: [UInt8]

  /// Creates an item from bytes.
  public init(type: String, data: [UInt8]) {
    self.type = type
    self.data = data
  }

  /// Creates an item from text, stored as UTF-8.
  public init(type: String, text: String) {
    self.init(type: type, data: Array(text.utf8))
  }

  /// A plain-text item.
  public static func plainText(_ text: String) -> PasteboardItem {
    PasteboardItem(type: plainTextType, text: text)
  }

  /// The bytes as text, or `nil` when they are not valid UTF-8.
  public var text: String? { String(validating: data, as: UTF8.self) }
}
