/// Options for parsing a JSON text.
public struct JSONParseOptions: Sendable, Equatable {
  /// How the top level is read; `automatic` unless `--ndjson` forces `lines`.
  public var mode: JSONTextMode

  /// Whether a large text (4 MiB or more, on two or more cores) may be parsed by two
  /// threads: the second parses the second half ahead, and its work is kept only where the
  /// first confirms it, so the document and any error are the same either way. On by default.
  public var allowsSecondThread: Bool

  /// Options with the given top-level mode.
  public init(mode: JSONTextMode = .automatic, allowsSecondThread: Bool = true) {
    self.mode = mode
    self.allowsSecondThread = allowsSecondThread
  }
}
