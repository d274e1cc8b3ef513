/// Options for parsing a JSON text.
public struct JSONParseOptions: Sendable, Equatable {
  /// How the top level is read; `automatic` unless `--ndjson` forces `lines`.
  public var mode: JSONTextMode

  /// Options with the given top-level mode.
  public init(mode: JSONTextMode = .automatic) {
    self.mode = mode
  }
}
