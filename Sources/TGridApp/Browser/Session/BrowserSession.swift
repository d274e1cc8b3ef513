import TGridJSON
import TermGrid

/// One run of the browser, as the command line starts it: made with its
/// ``BrowserSettings``, attached to a terminal, run, and ended so that no edit is lost.
///
/// This is the browser's one door for the command line (`tgrid FILE`, `tgrid demo`,
/// `tgrid dump`): they say what they want and never read the browser's state.
final class BrowserSession {
  private let browser: BrowserController
  /// Why the focus could not go to `--path`, if it could not (the status line says it too).
  private(set) var focusProblem: String?

  /// A session on a store (the document read, or still loading).
  init(store: DocumentStore, size: CellSize, settings: BrowserSettings) {
    if let path = store.path, store.fileStatus == nil {
      store.fileStatus = (try? POSIXFileSystem.shared.status(ofPath: path)) ?? nil
    }
    browser = BrowserController(
      store: store, size: size, presentation: settings.presentation, treeOrientation: settings.treeOrientation,
      animates: settings.animates)
    focusProblem = Self.configure(browser, with: settings)
  }

  /// A session on a document of its own (the demo data, `dump`).
  convenience init(document: JSONDocument, sourceName: String, size: CellSize, settings: BrowserSettings) {
    self.init(store: DocumentStore(document: document, name: sourceName), size: size, settings: settings)
  }

  /// The load still running: the browser grows the document as it reads, and shows its
  /// progress.
  func follow(_ load: DocumentLoad) {
    browser.load = load
  }

  /// The stream to follow (`--follow`): its records arrive while the browser runs (the
  /// newest `keep` kept), and a line that is not JSON ends it with an error when `strict`.
  func follow(_ stream: FollowedStream, strict: Bool, keep: Int) {
    browser.following.isStrict = strict
    browser.following.keptRecordCount = keep
    browser.following.start(stream)
  }

  /// Why the load failed, if it did: to print once the terminal is restored.
  var loadFailure: LoadFailure? { browser.loadFailure }

  /// Takes a real terminal: its colours, the clipboard (a command, else the terminal's
  /// OSC 52), a watchdog that keeps unsaved edits when a signal comes while the browser is
  /// busy, and a recovery file left by an earlier session on the same file.
  func attach(to terminal: NcursesTerminal, clipboard: SystemClipboard? = nil, keepsEditsOnSignals: Bool = true) {
    browser.terminal = terminal
    browser.applyColorCount(terminal.colorCount)
    if let clipboard {
      browser.collectionView.pasteboard = Pasteboard(systemClipboard: clipboard, terminal: terminal)
    }
    if keepsEditsOnSignals { startTerminationWatchdog() }
    if let path = browser.store.path {
      AbandonedSaves.remove(besides: path)
      browser.files.offerRecovery(for: path)
    }
  }

  /// Runs the browser on a terminal until it quits, the input ends or a signal comes.
  @discardableResult
  func run(on terminal: any Terminal, debugCrash: DebugCrash? = nil) -> RunLoopExit {
    TerminalRunLoop(terminal: terminal, root: browser, debugCrash: debugCrash).run()
  }

  /// Draws as on a terminal without colour (`NO_COLOR`): `dump`'s plain text keeps only
  /// characters, so what colour alone tells apart (a chart's series) is drawn in shapes.
  func drawWithoutColor() {
    browser.applyColorCount(0)
  }

  /// The first frame as text lines, drawn by the same run loop on a terminal in memory
  /// (`dump`): it draws, finds no input and returns.
  func firstScreen(size: CellSize) -> [String] {
    let terminal = HeadlessTerminal(size: size)
    run(on: terminal)
    return terminal.lines
  }

  /// Ends a session: when it did not end by a quit (a signal, a terminal that hung up),
  /// unsaved edits go to a recovery file first, while nothing can cut the writing short
  /// (``TerminalSignals/beginTermination()``: a closed terminal's second SIGHUP, or a
  /// second SIGTERM, is ignored now); then the terminal is restored, standard error says
  /// where the edits are, and tgrid leaves the way the signal would have, so the shell
  /// sees an honest status.
  func finish(_ exit: RunLoopExit, terminal: NcursesTerminal) {
    guard TerminalSignals.beginTermination() else {
      // The termination watchdog is writing the recovery file and ends the process.
      TerminationWatchdog.waitUntilTheProcessEnds()
    }
    var note: String?
    if exit != .quit, browser.store.isModified {
      note = browser.files.writeRecovery()
    }
    terminal.shutdown()
    if let note { printError(note) }
    if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
  }

  /// Applies the settings that act on a browser once it exists (tests apply them to a
  /// browser of their own): the path format, the date
  /// fields, the chart's fields, the label, the filter and the value to focus.
  /// - Returns: why the focus could not go to `focusPath`, if it could not.
  @discardableResult
  static func configure(_ browser: BrowserController, with settings: BrowserSettings) -> String? {
    browser.reading.pathFormat = settings.pathFormat
    var options = browser.presentationOptions
    if let timeFields = settings.timeFields { options.timeFields = timeFields }
    options.laneField = settings.laneField ?? options.laneField
    options.kindField = settings.kindField ?? options.kindField
    options.chartX = settings.chartX ?? options.chartX
    options.chartY = settings.chartY ?? options.chartY
    if options != browser.presentationOptions { browser.presentationOptions = options }
    if let label = settings.labelField, !label.isEmpty { browser.reading.setLabelField(label, announcing: false) }
    if let filter = settings.filter {
      let document = browser.store.document
      let container = browser.store.id(GridModel.mainContainer(of: document.root, in: document))
      _ = browser.finding.applyFilter(filter, on: container, sliced: false)
    }
    guard let path = settings.focusPath else { return nil }
    if case .keepOpen(let reason) = browser.reading.goTo(pathText: path) {
      browser.show(message: "--path \(path): \(reason)")
      return reason
    }
    return nil
  }

  /// Starts the thread that keeps the edits when a signal comes while the run loop is busy
  /// (one long computation) and does not take it in time: it writes the recovery file from
  /// its own thread, restores the terminal and ends tgrid by the signal.
  private func startTerminationWatchdog() {
    let access = RescueAccess(
      store: browser.store, recovery: browser.files.recovery, fallback: browser.files.recoveryFallbackDirectory)
    TerminationWatchdog.start { _ in access.rescue() }
  }
}

/// What the termination watchdog reads from its own thread: the store (only through
/// ``DocumentStore/readFromAnyThread(_:)``, which waits for a change in progress) and the
/// recovery keeper (itself locked). The store lives as long as the process.
private struct RescueAccess: @unchecked Sendable {
  unowned(unsafe) let store: DocumentStore
  let recovery: RecoveryKeeper
  let fallback: String?

  /// Writes the unsaved edits, if any; returns what standard error should say.
  func rescue() -> String? {
    store.readFromAnyThread { document, path, name, isModified in
      guard isModified else { return nil }
      return recovery.write(document, documentPath: path, name: name, fallbackDirectory: fallback).message
    }
  }
}
