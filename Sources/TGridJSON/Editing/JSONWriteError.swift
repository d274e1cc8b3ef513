import TermGridPlatform

/// Why saving a document failed.
public struct JSONWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file being written.
  public let path: String
  /// The system error number (0 when the source changed).
  public let code: Int32
  /// Whether the write stopped because the memory-mapped file the document was read from
  /// changed on disk: its unedited text can no longer be read, and nothing was written
  /// that is not the document's.
  public var isSourceChanged = false

  init(path: String, code: Int32, isSourceChanged: Bool = false) {
    self.path = path
    self.code = code
    self.isSourceChanged = isSourceChanged
  }

  /// `path: reason`.
  public var description: String {
    let reason =
      isSourceChanged
      ? "the file the document was read from changed on disk, and its unedited text is gone"
      : SystemErrorMessage.text(for: code)
    return path.isEmpty ? reason : "\(path): \(reason)"
  }
}
