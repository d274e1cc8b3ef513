import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Save the document to its file (Ctrl-S).
  static let save: CommandIdentifier = "save"
}

/// What files need of the browser: the store, focus and selection (a restore is a step of
/// undo), prompts and messages, and a way to end the session.
protocol FileContext: AnyObject {
  /// The document.
  var store: DocumentStore { get }
  /// Focus and selection, by id.
  var selection: DocumentStore.Selection { get }
  /// Set when the app should end (a quit that needed no question, or its answer).
  var wantsToQuit: Bool { get set }
  /// Shows a short message in the status line until the next key.
  func show(message: String)
  /// Asks for a frame.
  func setNeedsDisplay()
  /// Opens a prompt in the status line.
  func open(_ prompt: StatusPrompt)
  /// The stream followed, if any (a save writes every record read, and tells it when it
  /// replaces the followed file).
  var following: FollowController { get }
  /// The search, whose count (a pass over the whole document on another thread) waits
  /// while a save writes.
  var finding: FindingController { get }
}

/// Files: saving (Ctrl-S, `:w`, `:w PATH`, `:saveas`, `:w!`, the save-as prompt and the
/// overwrite question), reading the file again (`:e`, `:e!`), quitting with its questions,
/// recovery files, and noticing changes on disk. Nothing unsaved is ever dropped without
/// the person choosing it, and no file is written except by an atomic save.
///
/// It owns the saver, the recovery file this tgrid owns and what it last saw on disk; it
/// reaches the browser only through its ``FileContext``.
package final class FileController {
  /// The browser.
  private unowned let context: any FileContext
  /// Saves documents (a seam for tests that make saving fail).
  package var saver = DocumentSaver()
  /// The recovery file this tgrid owns (edits restored from it, or written to it):
  /// replaced by the next recovery, removed once its edits are saved or discarded.
  let recovery = RecoveryKeeper()
  /// Where recovery files go when they cannot go beside the file (tests point it elsewhere).
  var recoveryFallbackDirectory = RecoveryFile.fallbackDirectory()
  /// When the file on disk was last looked at (tests make it 0 to look at once).
  var lastDiskCheck = 0
  /// The change on disk last reported, if any.
  private(set) var noticedDiskChange: String?

  init(context: any FileContext) {
    self.context = context
  }

  var store: DocumentStore { context.store }
  func show(message: String) { context.show(message: message) }
  private func open(_ prompt: StatusPrompt) { context.open(prompt) }
  private func quit() { context.wantsToQuit = true }

  // MARK: - Saving

  /// Saves to the document's file; a document from standard input (or the demo data)
  /// asks for a path first.
  func save(then next: (() -> Void)? = nil) {
    guard !store.isLoading else {
      show(message: "the file is still loading: save once it has loaded")
      return
    }
    guard !store.showsOldSide else {
      show(message: DocumentStore.EditError.showingOldSide.description)
      return
    }
    guard let path = store.path else {
      askForSavePath(then: next)
      return
    }
    save(to: path, checkingDisk: true, then: next)
  }

  /// Asks where to save (`save as`): the document is bound to that file from then on; a
  /// file that exists there is overwritten only when the person says so.
  private func askForSavePath(then next: (() -> Void)? = nil) {
    open(
      .field("save as: ") { [unowned self] path in
        guard !path.isEmpty else { return .keepOpen("type a file name, or Esc") }
        return self.save(toTypedPath: path, overwriting: false, rebinding: true, then: next)
      })
  }

  /// Saves to a path typed on the command line (`:w PATH`, `:saveas PATH`, `:wq PATH`) or
  /// in the save-as prompt. The document's own file is saved as Ctrl-S saves it. With
  /// `rebinding` (`:saveas`, `:wq PATH`, the save-as prompt) the document belongs to the
  /// new file from then on; without it (`:w PATH`) a copy is written, as in vim, and the
  /// document stays bound to its file with its edits unsaved there. Any other file that
  /// exists is overwritten only when `overwriting` (`:w! PATH`) or when the person answers
  /// the question (vim refuses with "E13: File exists"; tgrid asks). A folder, or a path
  /// whose folder does not exist, is refused with a note in the field.
  func save(
    toTypedPath typed: String, overwriting: Bool, rebinding: Bool, then next: (() -> Void)? = nil
  ) -> StatusPrompt.FieldResult {
    let path = Self.expandingHome(typed)
    if let own = store.path, isDocumentFile(path) {
      save(to: own, checkingDisk: true, then: next)
      return .close
    }
    if let problem = problemSaving(to: path) { return .keepOpen(problem) }
    let exists = ((try? saver.fileSystem.status(ofPath: path)) ?? nil) != nil
    // Without a file of its own (standard input), a copy is where it belongs.
    let rebinding = rebinding || store.path == nil
    guard exists, !overwriting else {
      save(to: path, checkingDisk: false, rebinding: rebinding, then: next)
      return .close
    }
    let name = Self.displayName(path)
    let overwrite: () -> StatusPrompt? = { [unowned self] in
      self.save(to: path, checkingDisk: false, rebinding: rebinding, then: next)
      return nil
    }
    let keep: () -> Void = { [unowned self] in self.show(message: "not saved: \(name) exists and was left as it was") }
    return .next(
      .ask(
        "\(name) exists (:w! PATH overwrites without asking):",
        [
          ("o", "(o)verwrite it", overwrite), ("y", "", overwrite),
          (
            "n", "(n)o, keep it",
            {
              keep()
              return nil
            }
          ),
        ],
        cancel: keep))
  }

  /// Whether two paths name the same file (the same path, or links to one).
  private func isSameFile(_ path: String, _ other: String) -> Bool {
    if path == other { return true }
    guard let resolved = saver.fileSystem.resolvedPath(path) else { return false }
    return resolved == saver.fileSystem.resolvedPath(other)
  }

  /// Whether `path` names the document's own file (the same path, or a link to it).
  func isDocumentFile(_ path: String) -> Bool {
    guard let own = store.path else { return false }
    if path == own { return true }
    guard let resolved = saver.fileSystem.resolvedPath(path) else { return false }
    return resolved == saver.fileSystem.resolvedPath(own)
  }

  /// Why nothing can be saved at `path`, said before trying: a folder, something that is
  /// not a file, or a folder that does not exist. Other failures are the save's to report.
  func problemSaving(to path: String) -> String? {
    let fileSystem = saver.fileSystem
    if let status = (try? fileSystem.status(ofPath: path)) ?? nil {
      if status.isDirectory { return "\(path) is a folder: add a file name (\(path)/name.json)" }
      if !status.isRegularFile { return "\(path) is not a regular file: give a file name" }
      return nil
    }
    let folder = DocumentSaver.directory(of: path)
    do throws(FileError) {
      guard let status = try fileSystem.status(ofPath: folder) else {
        return "there is no folder \(folder): create it first, or give another path"
      }
      return status.isDirectory ? nil : "\(folder) is not a folder"
    } catch {
      return nil
    }
  }

  /// Saves to `path`. When `path` is the document's own file and the file changed on disk
  /// since it was read (or last saved), asks first: overwrite, save elsewhere, reload, or
  /// cancel. Without `rebinding`, a path other than the document's own gets a copy and
  /// nothing else changes.
  private func save(to path: String, checkingDisk: Bool, rebinding: Bool = true, then next: (() -> Void)? = nil) {
    guard !store.isLoading else {
      show(message: "the file is still loading: save once it has loaded")
      return
    }
    guard !store.showsOldSide else {
      show(message: DocumentStore.EditError.showingOldSide.description)
      return
    }
    // Every record read goes into what is saved; the followed file changes on disk all the
    // time, and what it got meanwhile is read after the save (see FollowedStream).
    let following = context.following
    following.takeArrivals()
    let stream = following.isFollowedFile(path, sameFile: isSameFile) ? following.stream : nil
    if checkingDisk, stream == nil, path == store.path, let known = store.fileStatus {
      let now = try? saver.fileSystem.status(ofPath: path)
      if now.flatMap({ $0 }).map({ !$0.isSameVersion(as: known) }) ?? true {
        let what = now.flatMap { $0 } == nil ? "was deleted" : "changed on disk"
        open(
          .ask(
            "\(Self.displayName(path)) \(what) since it was opened:",
            [
              (
                "o", "(o)verwrite",
                { [unowned self] in
                  self.save(to: path, checkingDisk: false, then: next)
                  return nil
                }
              ),
              (
                "s", "(s)ave as",
                { [unowned self] in
                  self.askForSavePath(then: next)
                  return nil
                }
              ),
              (
                "r", "(r)eload it",
                { [unowned self] in
                  self.reload()
                  return nil
                }
              ),
            ]))
        return
      }
    }
    let isCopy = !rebinding && path != store.path
    let couldEdit = !store.isFollowingWithoutFile
    do throws(FileError) {
      stream?.willReplaceFile()
      let outcome: DocumentSaver.Outcome
      let countPaused = context.finding.pauseCountForSave()
      defer { if countPaused { context.finding.resumeCountAfterSave() } }
      do throws(FileError) {
        outcome = try saver.save(store.document, to: path)
      } catch {
        stream?.didNotReplaceFile()
        throw error
      }
      if let stream {
        if let status = outcome.status {
          stream.didReplaceFile(device: status.device, inode: status.inode, size: status.size)
        } else {
          stream.didNotReplaceFile()
        }
      }
      if isCopy {
        var text =
          "wrote a copy to \(Self.displayName(path)) (\(JSONPreview.byteCount(store.document.textByteCount)))"
        if store.isModified {
          text += "; \(store.name) itself is not saved: Ctrl-S saves it, :saveas PATH moves to the copy"
        }
        if let note = outcome.lossNote { text += "; " + note }
        show(message: text)
        next?()
        return
      }
      store.markSaved(to: path, status: outcome.status)
      noticedDiskChange = nil
      // Its edits are in the file now.
      recovery.removeOwned(fileSystem: saver.fileSystem)
      var text = "saved \(Self.displayName(path)) (\(JSONPreview.byteCount(store.document.textByteCount)))"
      if outcome.otherHardLinks > 0 {
        text +=
          "; its \(outcome.otherHardLinks) other hard link\(outcome.otherHardLinks == 1 ? "" : "s") keep the old text"
      }
      if let note = outcome.lossNote { text += "; " + note }
      if !couldEdit, !store.isFollowingWithoutFile { text += "; it can be edited now, and records keep arriving" }
      show(message: text)
      next?()
    } catch {
      show(
        message:
          "not saved: \(error.reason) (\(error.operation), \(Self.displayName(path))) — edits kept; :w PATH saves elsewhere"
      )
    }
  }

  /// Reads the document's file again, dropping the edits (asked for).
  func reload() {
    guard let path = store.path else { return }
    do {
      let bytes = try JSONBytes.contentsOfFile(path)
      let document = try JSONDocument(
        bytes: bytes, options: JSONParseOptions(mode: store.document.isJSONLines ? .lines : .automatic))
      let status = try? saver.fileSystem.status(ofPath: path)
      store.replaceDocument(with: document, status: status ?? nil)
      noticedDiskChange = nil
      show(message: "reloaded \(Self.displayName(path))")
    } catch {
      show(message: "could not reload: \(error)")
    }
  }

  // MARK: - Noticing changes on disk

  /// Looks (at most once a second, when a key comes) whether the file changed on disk since
  /// it was read or saved, and says so once per change. tgrid keeps its own copy of the
  /// text, so nothing on screen and no edit is affected; a save asks before overwriting.
  func noticeChangesOnDisk() {
    // A file followed (`-f`) changes on disk all the time: its follower tells what happened.
    guard let path = store.path, let known = store.fileStatus, !store.isFollowing else { return }
    let now = MonotonicClock.milliseconds()
    guard now - lastDiskCheck >= 1000 else { return }
    lastDiskCheck = now
    let current = (try? saver.fileSystem.status(ofPath: path)) ?? nil
    let change: String?
    if let current {
      if current.inode != known.inode || current.device != known.device {
        change = "was replaced on disk"
      } else if current.isSameVersion(as: known) {
        change = nil
      } else if current.differsOnlyInStatusChange(from: known) {
        // Same size and modification time: rewritten in place with its time put back
        // (`touch -r`), or only its mode or owner changed. Either way, a save asks.
        change = "was changed on disk"
      } else {
        change = current.size < known.size ? "was cut short on disk" : "was rewritten on disk"
      }
    } else {
      change = "was deleted"
    }
    guard change != noticedDiskChange else { return }
    noticedDiskChange = change
    if let change {
      show(
        message:
          "\(Self.displayName(path)) \(change): tgrid keeps its copy and your edits · :e reloads it · Ctrl-S asks before writing"
      )
    }
  }

  /// Beside the file name while the file on disk differs from what tgrid read (said once
  /// as a message, then kept here): `[changed on disk]`, `[deleted on disk]`.
  var diskMarker: String {
    guard let change = noticedDiskChange else { return "" }
    if change.contains("deleted") { return " [deleted on disk]" }
    if change.contains("replaced") { return " [replaced on disk]" }
    return " [changed on disk]"
  }

  // MARK: - Recovery

  /// When recovery files with unsaved edits of `path` exist (an earlier tgrid ended
  /// without saving them), asks about the newest: restore it, delete it, or keep it (and
  /// every other) for later. After a restore or a delete the next one is offered.
  func offerRecovery(for path: String) {
    offerRecovery(RecoveryFile.existing(for: path, fallbackDirectory: recoveryFallbackDirectory), of: path)
  }

  private func offerRecovery(_ found: [RecoveryFile.Found], of path: String) {
    guard let newest = found.first else { return }
    let rest = Array(found.dropFirst())
    let others = rest.isEmpty ? "" : " (\(rest.count) more after it)"
    open(
      .ask(
        "unsaved edits of \(Self.displayName(path)) were kept in \(Self.displayName(newest.path))\(others):",
        [
          (
            "r", "(r)estore them",
            { [unowned self] in
              self.restoreRecovery(from: newest.path)
              self.offerRecovery(rest, of: path)
              return nil
            }
          ),
          (
            "d", "(d)elete them",
            { [unowned self] in
              self.saver.fileSystem.remove(newest.path)
              self.show(message: "deleted \(Self.displayName(newest.path))")
              self.offerRecovery(rest, of: path)
              return nil
            }
          ),
          ("k", "(k)eep them for later", { nil }),
        ]))
  }

  /// Shows the recovered text in place of the file's, as one step of undo (`u` goes back
  /// to the file's text): unsaved until saved. The recovery file now belongs to this
  /// tgrid: the next recovery replaces it, a save removes it.
  private func restoreRecovery(from recoveryPath: String) {
    do {
      let bytes = try RecoveryFile.read(recoveryPath)
      let recovered = try JSONDocument(
        bytes: bytes, options: JSONParseOptions(mode: store.document.isJSONLines ? .lines : .automatic))
      store.replaceDocumentAsStep("Restore", with: recovered, selection: context.selection)
      recovery.adopt(recoveryPath)
      show(message: "restored the unsaved edits: save (Ctrl-S) to keep them, u to see the file as it was")
    } catch {
      show(message: "could not restore \(Self.displayName(recoveryPath)): \(error)")
    }
  }

  /// Writes the unsaved edits to a recovery file (tgrid is ending without saving them);
  /// returns what standard error should say.
  func writeRecovery() -> String {
    recovery.write(
      store.editableDocument, documentPath: store.path, name: store.name, fileSystem: saver.fileSystem,
      fallbackDirectory: recoveryFallbackDirectory
    ).message
  }

  // MARK: - Quitting

  /// Quits, asking first when there are unsaved edits.
  func requestQuit() {
    guard store.isModified else {
      quit()
      return
    }
    open(
      .ask(
        "Save the changes to \(store.name)?",
        [
          (
            "y", "(y)es",
            { [unowned self] in
              self.save { self.quit() }
              return nil
            }
          ),
          (
            "n", "(n)o, discard them",
            { [unowned self] in
              self.discardAndQuit()
              return nil
            }
          ),
          ("c", "(c)ancel", { nil }),
        ]))
  }

  /// Quits without saving (asked for): a restored recovery file goes too.
  func discardAndQuit() {
    recovery.removeOwned(fileSystem: saver.fileSystem)
    quit()
  }

  // MARK: - Paths

  /// `~/x.json` → `$HOME/x.json`.
  static func expandingHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = environmentValue("HOME") else { return path }
    return home + path.dropFirst()
  }

  /// The file name shown in messages.
  static func displayName(_ path: String) -> String {
    DocumentSaver.fileName(of: path)
  }
}
