/// What validating a text found, without the document: ``JSONProgressiveParser/summary()``
/// (for `tgrid check`, which need not keep the values).
public struct JSONTextSummary: Sendable, Equatable {
  /// Number of values: as ``JSONDocument/valueCount``.
  public let valueCount: Int
  /// Deepest nesting: as ``JSONDocument/maximumDepth``.
  public let maximumDepth: Int
  /// Size of the text in bytes: as ``JSONDocument/originalByteCount``.
  public let byteCount: Int
  /// Whether the text is JSON Lines: as ``JSONDocument/isJSONLines``.
  public let isJSONLines: Bool
  /// Number of top-level values (the records of JSON Lines; 1 for a plain JSON text).
  public let topLevelCount: Int
  /// Duplicate-key warnings, at most 1000: as ``JSONDocument/warnings``.
  public let warnings: [JSONWarning]
  /// Number of warnings in all: as ``JSONDocument/warningCount``.
  public let warningCount: Int

  /// ``valueCount`` in words: `1 value`, `12 values`.
  public var valueCountDescription: String { "\(valueCount) value\(valueCount == 1 ? "" : "s")" }
}
