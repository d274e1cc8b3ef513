import TGridJSON
import TermGrid

/// Exports (`:w FILE.csv` in the table): what a view shows, written as a file of another
/// format, atomically as a save is, without touching the document.
extension FileController {
  /// Writes an export's text to a typed path: a file that exists is replaced only with
  /// `overwriting` (`:w!`) or when the person answers yes; the document's own file never.
  func export(_ text: String, described description: String, toTypedPath typed: String, overwriting: Bool)
    -> StatusPrompt.FieldResult
  {
    let path = Self.expandingHome(typed)
    // The text was read where a followed file is mapped: written only if that is still
    // what the follower read (else the records leave, and the export waits).
    guard store.document.checkMappedText() else {
      return .keepOpen(
        "not exported: the followed file was truncated or written again where its records were read; they leave")
    }
    if isDocumentFile(path) { return .keepOpen("\(typed) is the document itself: export to another file") }
    if let problem = problemSaving(to: path) { return .keepOpen(problem) }
    let exists = ((try? saver.fileSystem.status(ofPath: path)) ?? nil) != nil
    guard exists, !overwriting else {
      write(text, described: description, to: path)
      return .close
    }
    let name = Self.displayName(path)
    let overwrite: () -> StatusPrompt? = { [unowned self] in
      self.write(text, described: description, to: path)
      return nil
    }
    let keep: () -> StatusPrompt? = { [unowned self] in
      self.show(message: "not exported: \(name) exists and was left as it was")
      return nil
    }
    return .next(
      .ask(
        "\(name) exists (:w! PATH overwrites without asking):",
        [("o", "(o)verwrite it", overwrite), ("y", "", overwrite), ("n", "(n)o, keep it", keep)],
        cancel: { _ = keep() }))
  }

  private func write(_ text: String, described description: String, to path: String) {
    do {
      _ = try saver.save(bytes: Array(text.utf8), to: path)
      show(message: "exported \(description) to \(Self.displayName(path)) (the document is unchanged)")
    } catch {
      show(message: "not exported: \(error.reason) (\(error.operation), \(Self.displayName(path)))")
    }
  }
}
