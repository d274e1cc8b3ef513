import TermGridTerminal

/// The app's pasteboard: what was last copied, as typed items, plus plain text that also
/// goes to the system clipboard.
///
/// Typed items keep the app's own representation exactly (a JSON value's source text,
/// byte for byte); the plain-text item is what other programs get. A copy sends the plain
/// text on through ``systemClipboard`` (OSC 52 through ``terminal``, or a command). Text
/// pasted into the terminal (bracketed paste) becomes the pasteboard's content without
/// being sent back out.
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
  /// The copy waits for the command (its exit status says whether the text got there), so
  /// this is also the longest a stuck command can hold up the app. Clipboard tools finish
  /// in milliseconds; a command still running at the limit is killed with everything it
  /// started, and the copy reports ``PasteboardError/commandTimedOut(command:milliseconds:)``.
  public var commandTimeoutMilliseconds = ClipboardCommand.defaultTimeoutMilliseconds

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
      try ClipboardCommand.run(command, input: Array(text.utf8), timeoutMilliseconds: commandTimeoutMilliseconds)
    }
  }
}
