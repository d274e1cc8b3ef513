/// A parsed JSON text: lossless, order-preserving, any depth, editable.
///
/// The document is a flat tape with one 64-bit word per value (pages of nearby scalars
/// kept in 2 or 4 bytes a word), in the order the values appear, built in one pass with an
/// explicit stack (no recursion anywhere: parsing, walking, serialising, comparing and
/// freeing all loop over the tape). Numbers and strings
/// keep their exact source text; ``int(of:)``, ``double(of:)`` and ``string(of:)`` convert
/// only when asked. Duplicate keys are kept in order and reported in ``warnings``.
///
/// An unedited document writes back byte for byte (``serializedBytes()``); edits
/// (see `JSONDocument+Editing.swift`) rewrite only the edited values.
///
/// `JSONDocument` is a value type with copy-on-write storage: copies are cheap, and the
/// first edit of a shared copy copies the tape.
public struct JSONDocument: Sendable {
  var storage: JSONStorage

  init(storage: JSONStorage) {
    self.storage = storage
  }

  /// Parses bytes (for example ``JSONBytes/contentsOfFile(_:)``).
  public init(bytes: JSONBytes, options: JSONParseOptions = JSONParseOptions()) throws(JSONSyntaxError) {
    let parser = JSONParser(bytes: bytes, mode: options.mode)
    if !options.allowsSecondThread { parser.parallelism = .serial }
    do {
      _ = try parser.parse(upTo: Int.max)
    } catch {
      throw JSONSyntaxError(error, in: bytes)
    }
    parser.storage.words.shrinkToFit()
    parser.installRootChildTable()
    storage = parser.storage
  }

  /// Parses a string.
  public init(parsing text: String, options: JSONParseOptions = JSONParseOptions()) throws(JSONSyntaxError) {
    try self.init(bytes: JSONBytes(string: text), options: options)
  }

  /// Parses bytes held in an array.
  public init(parsing bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) throws(JSONSyntaxError) {
    try self.init(bytes: JSONBytes(bytes), options: options)
  }

  /// The root value: the single top-level value, or for JSON Lines the list of records.
  public var root: JSONNode { JSONNode(index: storage.isLines ? 0 : 2) }

  /// Whether the text is JSON Lines / NDJSON: ``root`` is then a synthetic array whose
  /// elements are the records (it has no brackets in the text).
  public var isJSONLines: Bool { storage.isLines }

  /// Whether the text starts with a UTF-8 byte order mark (kept when saving).
  public var hasByteOrderMark: Bool { storage.hasByteOrderMark }

  /// Number of values in the document: every scalar and container, records included (the
  /// synthetic list of JSON Lines records is not counted).
  public var valueCount: Int { storage.words.count - storage.containerCount - 1 }

  /// ``valueCount`` in words: `1 value`, `12 values`.
  public var valueCountDescription: String { "\(valueCount) value\(valueCount == 1 ? "" : "s")" }

  /// Deepest nesting of arrays and objects: 0 for a scalar, 1 for `[1]`, 2 for `[[1]]`
  /// (for JSON Lines, the deepest record).
  public var maximumDepth: Int { storage.maximumDepth }

  /// Size of the text as it was read, in bytes.
  public var originalByteCount: Int { storage.original.count }

  /// The bytes the document was parsed from.
  public var originalBytes: JSONBytes { storage.original }

  /// Warnings found while parsing (duplicate keys), at most 1000; see ``warningCount``.
  public var warnings: [JSONWarning] { storage.warnings }

  /// Number of warnings in all (``warnings`` keeps the first 1000).
  public var warningCount: Int { storage.warningCount }

  /// Whether the document has been edited since it was parsed.
  public var isEdited: Bool { !storage.isUnedited }

  /// Bytes held in the buffer that edits (and records appended by a follower) write their
  /// text to: the text of values edited or removed stays there until a compaction (see
  /// ``removeFirstRecords(_:)``) drops what no value reaches any more.
  public var editBufferByteCount: Int { storage.added.count }

  /// How many times the edit buffer was compacted, and the bytes those compactions freed.
  public var editBufferCompactions: (count: Int, freedBytes: Int) {
    (storage.editBufferCompactionCount, storage.freedEditBufferByteCount)
  }

  /// Whether this is a preview of a document still being loaded (see
  /// ``JSONProgressiveParser``): only the root's first complete children are present, and
  /// the preview cannot be edited or saved.
  public var isPartial: Bool { storage.isPartial }
}
