import TGridJSON
import TGridSystem
import TermGrid

/// Where unsaved edits go when tgrid ends without them being saved (the terminal closed, a
/// signal, the terminal hung up), and where the next tgrid on the same file finds them.
///
/// - **Beside the file**: `.NAME.tgrid-recovery`; when that name is taken (another tgrid's
///   edits of the same file, or edits kept for later), `.NAME.tgrid-recovery.2`, `.3`, …
///   For standard input: `tgrid-recovery-PID.json` in the current folder.
/// - **Else in the state folder** (the file's folder cannot be written, or is full):
///   `$XDG_STATE_HOME/tgrid/recovery/` (else `~/.local/state/tgrid/recovery/`), named after
///   the file's whole path with `%` and `/` escaped (`%2Fhome%2Fada%2Fe.json.tgrid-recovery`).
///
/// A recovery file is private (mode 600), complete or absent (written to a temporary file,
/// then linked under a free name, never over another one), and never written through a
/// symbolic link. Only regular files the user owns are offered back; a planted one is not.
/// Restored, it belongs to this tgrid (``RecoveryKeeper``): the next recovery replaces it,
/// a save or a discard removes it.
enum RecoveryFile {
  /// The suffix of recovery files beside a document.
  static let suffix = ".tgrid-recovery"
  /// The most names tried beside a document (`.2` … before giving up on the folder).
  static let maximumNumber = 99

  /// The first recovery file name for a document read from `path` (`nil`: standard input).
  static func path(for documentPath: String?, processID: Int32) -> String {
    path(for: documentPath, processID: processID, number: 1)
  }

  /// The `number`th name (1: `.NAME.tgrid-recovery`, 2: `.NAME.tgrid-recovery.2`).
  static func path(for documentPath: String?, processID: Int32, number: Int) -> String {
    let tail = number > 1 ? ".\(number)" : ""
    guard let documentPath else { return "tgrid-recovery-\(processID)\(tail == "" ? "" : "-" + tail.dropFirst()).json" }
    let directory = DocumentSaver.directory(of: documentPath)
    let name = DocumentSaver.fileName(of: documentPath)
    return (directory == "." && !documentPath.hasPrefix("./") ? "" : directory + "/") + "." + name + suffix + tail
  }

  /// The state folder for recovery files that cannot go beside their document.
  static func fallbackDirectory(environment: (String) -> String? = environmentValue) -> String? {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/tgrid/recovery" }
    guard let home = environment("HOME"), !home.isEmpty else { return nil }
    return home + "/.local/state/tgrid/recovery"
  }

  /// The name a document's recovery file takes in the state folder: its whole path, `%`
  /// and `/` escaped, so files of the same name in other folders never meet (standard
  /// input: `stdin-PID.json`).
  static func fallbackName(for documentPath: String?, processID: Int32, number: Int = 1) -> String {
    let tail = number > 1 ? ".\(number)" : ""
    guard let documentPath else { return "stdin-\(processID)\(tail).json" }
    var escaped = ""
    for character in absolutePath(documentPath) {
      switch character {
      case "%": escaped += "%25"
      case "/": escaped += "%2F"
      default: escaped.append(character)
      }
    }
    // A name longer than a folder entry can hold keeps its end (the file's own name).
    let limit = 200
    if escaped.utf8.count > limit { escaped = "…" + String(escaped.suffix(limit / 2)) }
    return escaped + suffix + tail
  }

  /// `path` from the root: the folder resolved, the name kept (the file may not exist).
  static func absolutePath(_ path: String) -> String {
    let directory = DocumentSaver.directory(of: path)
    let resolved = POSIXFileSystem.shared.resolvedPath(directory) ?? directory
    return (resolved == "/" ? "" : resolved) + "/" + DocumentSaver.fileName(of: path)
  }

  // MARK: - Finding

  /// A recovery file waiting for a document.
  struct Found: Equatable {
    var path: String
    /// When it was written, in nanoseconds since 1970.
    var modified: Int
  }

  /// The recovery files waiting for `documentPath`, newest first: beside it and in the
  /// state folder, regular files this user owns only (never a link, never someone else's).
  static func existing(
    for documentPath: String, fallbackDirectory: String? = RecoveryFile.fallbackDirectory()
  ) -> [Found] {
    var found: [Found] = []
    let beside = DocumentSaver.fileName(of: path(for: documentPath, processID: 0))
    found += candidates(in: DocumentSaver.directory(of: documentPath), named: beside)
    if let fallbackDirectory {
      found += candidates(in: fallbackDirectory, named: fallbackName(for: documentPath, processID: 0))
    }
    // Newest first; written in the same instant, the later name first.
    return found.sorted { ($0.modified, $0.path.count, $0.path) > ($1.modified, $1.path.count, $1.path) }
  }

  /// Entries of `directory` named `base` or `base.N` that may be offered.
  private static func candidates(in directory: String, named base: String) -> [Found] {
    guard let names = SystemFile.names(inDirectory: directory) else { return [] }
    var found: [Found] = []
    for name in names {
      guard name == base || isNumbered(name, base: base) else { continue }
      let path = (directory == "." ? "" : directory + "/") + name
      if let modified = ownRegularFile(path) { found.append(Found(path: path, modified: modified)) }
    }
    return found
  }

  /// `base.N` with N a number from 2 on.
  private static func isNumbered(_ name: String, base: String) -> Bool {
    guard name.hasPrefix(base + ".") else { return false }
    let number = name.dropFirst(base.count + 1)
    return !number.isEmpty && number.allSatisfy(\.isASCII) && Int(number).map { $0 >= 2 } == true
  }

  /// The modification time of `path` (nanoseconds since 1970) when it is a regular file
  /// (not a link) owned by this user; nil otherwise.
  static func ownRegularFile(_ path: String) -> Int? {
    guard let info = try? SystemFile.status(ofPath: path, followingLinks: false), info.kind == .regular,
      info.user == ProcessIdentity.userID
    else { return nil }
    return info.modificationSeconds * 1_000_000_000 + info.modificationNanoseconds
  }

  // MARK: - Reading

  /// Why a recovery file could not be read.
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads a recovery file without following a link, refusing a file this user does not own.
  static func read(_ path: String) throws(ReadError) -> JSONBytes {
    let descriptor: Int32
    do {
      descriptor = try SystemFile.open(path, [.noFollow, .nonBlocking])
    } catch {
      throw ReadError(description: "\(path): \(FileError(operation: "open", path: path, code: error.code).reason)")
    }
    defer { SystemFile.release(descriptor) }
    guard let info = try? SystemFile.status(of: descriptor), info.kind == .regular else {
      throw ReadError(description: "\(path) is not a regular file")
    }
    guard info.user == ProcessIdentity.userID else {
      throw ReadError(description: "\(path) belongs to another user: not restored")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(info.size)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      var failure: SystemError?
      let count = buffer.withUnsafeMutableBytes { room -> Int in
        guard let base = room.baseAddress else { return 0 }
        do throws(SystemError) {
          return try SystemFile.read(descriptor, into: base, count: room.count)
        } catch {
          failure = error
          return 0
        }
      }
      if let failure {
        throw ReadError(description: "\(path): \(FileError(operation: "read", path: path, code: failure.code).reason)")
      }
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return JSONBytes(bytes)
  }

  // MARK: - Writing

  /// Where a recovery file went, or why it could not be written anywhere.
  enum Outcome: Equatable {
    /// Written to `path`; `besideFailure` says why it is not beside the file, when it is not.
    case written(path: String, besideFailure: FileError?)
    /// Nowhere: the reasons beside the file and in the state folder.
    case failed(beside: FileError, fallback: FileError?)
  }

  /// Writes `document` as the recovery file for `documentPath`: over `owned` when this
  /// tgrid owns one (restored or written before), else under the first free name beside
  /// the file, else in the state folder.
  static func write(
    _ document: JSONDocument, documentPath: String?, owned: String?, processID: Int32,
    fileSystem: any FileSystem = POSIXFileSystem.shared, fallbackDirectory: String? = RecoveryFile.fallbackDirectory()
  ) -> Outcome {
    let saver = DocumentSaver(fileSystem: fileSystem)
    if let owned {
      do {
        _ = try saver.savePrivately(document, to: owned)
        return .written(path: owned, besideFailure: nil)
      } catch {
        // Its folder may have become unwritable: a new name elsewhere still keeps the edits.
      }
    }
    let besideFailure: FileError
    do {
      let names = (1...maximumNumber).map { path(for: documentPath, processID: processID, number: $0) }
      return .written(path: try saver.savePrivately(document, toFirstFreeOf: names), besideFailure: nil)
    } catch {
      besideFailure = error
    }
    guard let fallbackDirectory else { return .failed(beside: besideFailure, fallback: nil) }
    do {
      try makeDirectories(fallbackDirectory)
      let names = (1...maximumNumber).map {
        fallbackDirectory + "/" + fallbackName(for: documentPath, processID: processID, number: $0)
      }
      return .written(path: try saver.savePrivately(document, toFirstFreeOf: names), besideFailure: besideFailure)
    } catch {
      return .failed(beside: besideFailure, fallback: error)
    }
  }

  /// What standard error says after a recovery was written (or not); `leftOut`: how many
  /// records of a followed file were left out because the file changed under them.
  static func message(for outcome: Outcome, name: String, documentPath: String?, leftOut: Int = 0) -> String {
    switch outcome {
    case .written(let path, let besideFailure):
      var text = "tgrid: unsaved edits of \(name) were written to \(path)"
      if let besideFailure { text += " (not beside the file: \(besideFailure.reason))" }
      if leftOut > 0 {
        text +=
          " (without \(leftOut) record\(leftOut == 1 ? "" : "s") that arrived unedited: the file was truncated or"
          + " written again under \(leftOut == 1 ? "it" : "them"))"
      }
      return text + "; open \(documentPath ?? "that file") again to restore them"
    case .failed(let beside, let fallback):
      var text = "tgrid: unsaved edits of \(name) are lost: the recovery file could not be written (\(beside)"
      if let fallback { text += "; \(fallback)" }
      return text + ")"
    }
  }

  /// Creates a folder and its parents, private to the user (700) where it creates them.
  static func makeDirectories(_ path: String) throws(FileError) {
    var built = ""
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      built += "/" + part
      do {
        try SystemFile.makeDirectory(built, permissions: 0o700)
      } catch {
        throw FileError(operation: "create the folder", path: built, code: error.code)
      }
    }
  }
}

/// The recovery file one tgrid owns: the one it restored edits from, or the one it wrote;
/// a later recovery replaces it, and a save or a discard removes it. Shared by the run
/// loop's thread and the termination watchdog's.
final class RecoveryKeeper: Sendable {
  private let ownedPath = Locked<String?>(nil)
  /// Written by tests; the process's id by default.
  let processID: Int32

  init(processID: Int32 = ProcessIdentity.processID) {
    self.processID = processID
  }

  /// The recovery file this tgrid owns, if any.
  var owned: String? { ownedPath.withLock { $0 } }

  /// Takes `path` as this tgrid's own recovery file (restored from it), or none.
  func adopt(_ path: String?) {
    ownedPath.withLock { $0 = path }
  }

  /// Writes the recovery file (over the owned one, if any) and remembers it; returns the
  /// message for standard error.
  ///
  /// Records of a followed file whose mapped text is no longer what was read (the file
  /// was truncated or written again under them, and the run loop has not taken them out
  /// yet) are left out: they arrived unedited (an edit copies the mapped text first), and
  /// everything else, the edits, is still written.
  func write(
    _ document: JSONDocument, documentPath: String?, name: String, fileSystem: any FileSystem = POSIXFileSystem.shared,
    fallbackDirectory: String? = RecoveryFile.fallbackDirectory()
  ) -> (outcome: RecoveryFile.Outcome, message: String) {
    var document = document
    let leftOut = document.removeRecordsWithChangedText()
    let outcome = ownedPath.withLock { owned in
      let outcome = RecoveryFile.write(
        document, documentPath: documentPath, owned: owned, processID: processID, fileSystem: fileSystem,
        fallbackDirectory: fallbackDirectory)
      if case .written(let path, _) = outcome { owned = path }
      return outcome
    }
    return (outcome, RecoveryFile.message(for: outcome, name: name, documentPath: documentPath, leftOut: leftOut))
  }

  /// Removes the owned recovery file (its edits were saved, or thrown away on purpose).
  func removeOwned(fileSystem: any FileSystem = POSIXFileSystem.shared) {
    ownedPath.withLock { owned in
      if let path = owned { fileSystem.remove(path) }
      owned = nil
    }
  }
}
