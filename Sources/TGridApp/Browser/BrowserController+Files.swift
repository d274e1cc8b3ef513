import TGridJSON
import TermGrid

/// The browser as files' context, and the names files' state had on the browser (the
/// key table, `tgrid`'s ending and its watchdog, and tests use them).
extension BrowserController: FileContext {
  /// See ``FileController/saver``.
  package var saver: DocumentSaver {
    get { files.saver }
    set { files.saver = newValue }
  }

  /// See ``FileController/recovery``.
  var recovery: RecoveryKeeper { files.recovery }

  /// See ``FileController/recoveryFallbackDirectory``.
  var recoveryFallbackDirectory: String? {
    get { files.recoveryFallbackDirectory }
    set { files.recoveryFallbackDirectory = newValue }
  }

  /// See ``FileController/lastDiskCheck``.
  var lastDiskCheck: Int {
    get { files.lastDiskCheck }
    set { files.lastDiskCheck = newValue }
  }

  /// See ``FileController/noticedDiskChange``.
  var noticedDiskChange: String? { files.noticedDiskChange }

  /// Saves to the document's file: see ``FileController/save(then:)``.
  func save(then next: (() -> Void)? = nil) {
    files.save(then: next)
  }

  /// Quits, asking first when there are unsaved edits.
  func requestQuit() {
    files.requestQuit()
  }

  /// Quits without saving (asked for): a restored recovery file goes too.
  func discardAndQuit() {
    files.discardAndQuit()
  }

  /// Looks whether the file changed on disk: see ``FileController/noticeChangesOnDisk()``.
  func noticeChangesOnDisk() {
    files.noticeChangesOnDisk()
  }

  /// Offers recovery files of `path`: see ``FileController/offerRecovery(for:)``.
  func offerRecovery(for path: String) {
    files.offerRecovery(for: path)
  }

  /// Writes the unsaved edits to a recovery file; returns what standard error should say.
  func writeRecovery() -> String {
    files.writeRecovery()
  }
}
