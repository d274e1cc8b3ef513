/// Options for parsing a JSON text.
public struct JSONParseOptions: Sendable, Equatable {
  /// How the top level is read; `automatic` unless `--ndjson` forces `lines`.
  public var mode: JSONTextMode

  /// Whether a large text (4 MiB or more, on two or more cores) may be parsed by two
  /// threads: the second parses the second half ahead, and its work is kept only where the
  /// first confirms it, so the document and any error are the same either way.
  ///
  /// Off by default: on the 2-core machine it was measured on, shared with other work, two
  /// threads took longer than one (389 ms against 260 ms for 100 MB, BENCHMARKS.md); turn it
  /// on where cores are idle.
  public var allowsSecondThread: Bool

  /// Options with the given top-level mode.
  public init(mode: JSONTextMode = .automatic, allowsSecondThread: Bool = false) {
    self.mode = mode
    self.allowsSecondThread = allowsSecondThread
  }
}
