/// How the top level of a text is read.
public enum JSONTextMode: Sendable, Equatable {
  /// One JSON value; several values each starting on a new line are read as JSON Lines.
  case automatic
  /// Exactly one JSON value (RFC 8259); anything after it is an error.
  case json
  /// JSON Lines / NDJSON: any number of values separated by line breaks, always shown as a
  /// list of records (even zero or one).
  case lines
}
