import Dispatch
import TermGridPlatform
import TermGridTerminal

/// The app's pasteboard: what was last copied, as typed items, plus plain text that also
/// goes to the system clipboard.
///
/// Typed items keep the app's own representation exactly (a JSON value's source text,
/// byte for byte); the plain-text item is what other programs get. A copy sends the plain
/// text on through ``systemClipboard`` (OSC 52 through ``terminal``, or a command). Text
/// pasted into the terminal (bracketed paste) becomes the pasteboard's content without
/// being sent back out.
///
/// ## Clipboard commands
///
/// ``copy(_:plainText:completion:)`` runs a clipboard command on a worker thread, one at a
/// time in the order asked, and hands the result back on the run loop's thread through the
/// terminal's waker (``RunLoopWaker/performOnRunLoop(_:)``): keys keep working while a slow
/// command runs. ``copy(_:plainText:)`` waits for it instead.
///
/// What a command leaves running when it exits is decided thus. Selection owners must
/// outlive the command: `xclip` and `xsel` fork a process that serves the copied text to
/// other programs until another program takes the selection, and `wl-copy` does the same.
/// So what a command that succeeded leaves running (its process group) is kept as the
/// clipboard's keeper, but only until a later copy has succeeded, which ends the earlier
/// keeper's group (SIGTERM, then SIGKILL); at most one command's leftovers run at a time.
/// What a failed command leaves is ended at once. The last keeper is left running when the
/// app quits, so text copied just before quitting can still be pasted (as when `xclip` is
/// run from a shell); an app that prefers otherwise calls ``endClipboardKeepers()``.
public final class Pasteboard {
  /// The items, most specific first.
  public private(set) var items: [PasteboardItem] = []
  /// Increases with every change, so a delegate can tell a fresh paste from an old one.
  public private(set) var changeCount = 0
  /// Where copied plain text also goes.
  public var systemClipboard: SystemClipboard
  /// The terminal OSC 52 sequences are sent through.
  public weak var terminal: (any Terminal)?
  /// How long a clipboard command may take, in milliseconds; 2 s by default.
  ///
  /// Clipboard tools finish in milliseconds; a command still running at the limit is
  /// killed with everything it started, and the copy reports
  /// ``PasteboardError/commandTimedOut(command:milliseconds:)``.
  public var commandTimeoutMilliseconds = ClipboardCommand.defaultTimeoutMilliseconds

  /// Copies whose clipboard command is still running on the worker thread.
  public private(set) var copiesInFlight = 0
  /// The process group the last successful clipboard command left running (its selection
  /// owner), ended when a later copy succeeds.
  public private(set) var keeperProcessGroup: Int32?
  /// Runs clipboard commands one at a time, in order, off the run loop's thread.
  private let commandQueue = DispatchQueue(label: "clipboard-command")

  /// Creates an empty pasteboard.
  public init(systemClipboard: SystemClipboard = .none, terminal: (any Terminal)? = nil) {
    self.systemClipboard = systemClipboard
    self.terminal = terminal
  }

  /// The plain text: the plain-text item's, or else the first item that is text.
  public var string: String? {
    if let plain = items.first(where: { $0.type == PasteboardItem.plainTextType }) { return plain.text }
    return items.lazy.compactMap(\.text).first
  }

  /// The first item of a type.
  public func item(ofType type: String) -> PasteboardItem? {
    items.first { $0.type == type }
  }

  /// Whether there is an item of any of these types.
  public func contains(types: [String]) -> Bool {
    items.contains { types.contains($0.type) }
  }

  /// Replaces the content with `items` and, when given, a plain-text item; then sends the
  /// plain text to the system clipboard.
  ///
  /// The in-app content is replaced even when sending fails: the error only says other
  /// programs cannot see it (too large, or the command failed).
  public func copy(_ items: [PasteboardItem], plainText: String?) throws(PasteboardError) {
    var all = items.filter { $0.type != PasteboardItem.plainTextType }
    if let plainText { all.append(.plainText(plainText)) }
    self.items = all
    changeCount += 1
    if let plainText { try sendToSystemClipboard(plainText) }
  }

  /// Replaces the content with plain text and sends it to the system clipboard.
  public func copy(text: String) throws(PasteboardError) {
    try copy([], plainText: text)
  }

  /// Replaces the content with `items` and, when given, a plain-text item, as
  /// ``copy(_:plainText:)`` does, but does not wait for a clipboard command: it runs on a
  /// worker thread and `completion` is called on the run loop's thread when it ends (see
  /// "Clipboard commands" above). Every other route (OSC 52, none), and a pasteboard whose
  /// terminal has no waker, completes before this returns.
  /// - Parameter completion: told whether the text reached the system clipboard; always
  ///   called once, on the thread that called this or the run loop's.
  public func copy(
    _ items: [PasteboardItem], plainText: String?, completion: @escaping (Result<Void, PasteboardError>) -> Void
  ) {
    var all = items.filter { $0.type != PasteboardItem.plainTextType }
    if let plainText { all.append(.plainText(plainText)) }
    self.items = all
    changeCount += 1
    guard let plainText else { return completion(.success(())) }
    guard case .command(let command) = systemClipboard, let waker = terminal?.waker else {
      do {
        try sendToSystemClipboard(plainText)
        completion(.success(()))
      } catch {
        completion(.failure(error))
      }
      return
    }
    let size = plainText.utf8.count
    guard size <= SystemClipboard.maximumCommandBytes else {
      return completion(.failure(.tooLarge(byteCount: size, limit: SystemClipboard.maximumCommandBytes)))
    }
    copiesInFlight += 1
    let input = Array(plainText.utf8)
    let timeout = commandTimeoutMilliseconds
    // The completion is the caller's and is only ever called on the run loop's thread.
    let handBack = RunLoopCompletion { [weak self] (outcome: ClipboardCommand.Outcome) in
      if let self {
        self.copiesInFlight -= 1
        self.settleKeepers(after: outcome)
      } else if let left = outcome.leftProcessGroup, outcome.error != nil {
        ShellCommand.endProcessGroup(left)
      }
      completion(outcome.error.map { .failure($0) } ?? .success(()))
    }
    commandQueue.async {
      let outcome = ClipboardCommand.run(command, input: input, timeoutMilliseconds: timeout)
      waker.performOnRunLoop { handBack.call(outcome) }
    }
  }

  /// Ends what the last successful clipboard command left running (its selection owner):
  /// other programs can no longer paste what was copied, unless a clipboard manager took it.
  public func endClipboardKeepers() {
    if let group = keeperProcessGroup { ShellCommand.endProcessGroup(group) }
    keeperProcessGroup = nil
  }

  /// Keeps the new keeper and ends the one before it, or ends a failed command's leftovers.
  private func settleKeepers(after outcome: ClipboardCommand.Outcome) {
    if outcome.error != nil {
      if let left = outcome.leftProcessGroup { endInBackground(left) }
      return
    }
    if let previous = keeperProcessGroup, previous != outcome.leftProcessGroup { endInBackground(previous) }
    keeperProcessGroup = outcome.leftProcessGroup
  }

  /// Ends a group on the worker thread (the grace before SIGKILL must not hold up the run
  /// loop), before any command asked for later runs.
  private func endInBackground(_ group: Int32) {
    commandQueue.async { ShellCommand.endProcessGroup(group) }
  }

  /// Makes text pasted into the terminal the content (it came from the system clipboard,
  /// so it is not sent back there).
  public func setTerminalPaste(_ text: String) {
    items = [.plainText(text)]
    changeCount += 1
  }

  /// Empties the pasteboard.
  public func clear() {
    items = []
    changeCount += 1
  }

  /// Sends text to the system clipboard by the chosen route.
  public func sendToSystemClipboard(_ text: String) throws(PasteboardError) {
    let size = text.utf8.count
    switch systemClipboard {
    case .none:
      return
    case .osc52(let insideTmux):
      guard size <= SystemClipboard.maximumOSC52Bytes else {
        throw .tooLarge(byteCount: size, limit: SystemClipboard.maximumOSC52Bytes)
      }
      terminal?.send(controlSequence: SystemClipboard.osc52Bytes(for: text, insideTmux: insideTmux))
    case .command(let command):
      guard size <= SystemClipboard.maximumCommandBytes else {
        throw .tooLarge(byteCount: size, limit: SystemClipboard.maximumCommandBytes)
      }
      // Waits for the command (and for any running in the background before it).
      let timeout = commandTimeoutMilliseconds
      let outcome = commandQueue.sync {
        ClipboardCommand.run(command, input: Array(text.utf8), timeoutMilliseconds: timeout)
      }
      settleKeepers(after: outcome)
      if let error = outcome.error { throw error }
    }
  }
}

/// A completion handed from the worker thread back to the run loop's thread, where alone it
/// is called; the box only carries it across.
private final class RunLoopCompletion<Value>: @unchecked Sendable {
  private let body: (Value) -> Void

  init(_ body: @escaping (Value) -> Void) {
    self.body = body
  }

  func call(_ value: Value) { body(value) }
}
