import TGridJSON

/// Where unsaved edits go when tgrid is ended by a signal (SIGTERM, SIGHUP, Ctrl-C), and
/// where the next tgrid on the same file finds them: `.NAME.tgrid-recovery` beside the
/// file (for standard input, `tgrid-recovery-PID.json` in the current folder). It is
/// written atomically, like a save, and removed once the edits are saved or thrown away.
enum RecoveryFile {
  /// The recovery file for a document read from `path` (`nil`: standard input).
  static func path(for documentPath: String?, processID: Int32) -> String {
    guard let documentPath else { return "tgrid-recovery-\(processID).json" }
    let directory = DocumentSaver.directory(of: documentPath)
    let name = DocumentSaver.fileName(of: documentPath)
    return (directory == "." && !documentPath.hasPrefix("./") ? "" : directory + "/") + "." + name + ".tgrid-recovery"
  }

  /// Writes the store's document to its recovery file. Returns the path, or the error.
  static func write(_ store: DocumentStore, processID: Int32, saver: DocumentSaver = DocumentSaver()) -> Result<String, FileError> {
    let path = path(for: store.path, processID: processID)
    do {
      _ = try saver.save(store.document, to: path)
      return .success(path)
    } catch {
      return .failure(error)
    }
  }

  /// The recovery file waiting for `documentPath`, if there is one.
  static func existing(for documentPath: String, fileSystem: any FileSystem = POSIXFileSystem.shared) -> (path: String, status: FileStatus)? {
    let path = path(for: documentPath, processID: 0)
    guard let status = (try? fileSystem.status(ofPath: path)) ?? nil, status.isRegularFile else { return nil }
    return (path, status)
  }
}
