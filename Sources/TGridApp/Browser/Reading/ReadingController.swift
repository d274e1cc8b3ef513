import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Show the focused value whole, wrapped and scrollable (`K`).
  static let viewValue: CommandIdentifier = "viewValue"
  /// Show the source text around the focused value, with line numbers (`V`).
  static let viewSource: CommandIdentifier = "viewSource"
  /// `z` then a digit: show the tree to that depth (cards preview that deep); `z a` all,
  /// `z c` collapse all.
  static let foldPrefix: CommandIdentifier = "foldPrefix"
  /// `c` then `k` (key), `p` (path), `v` (value, re-indented), `c` (value on one line).
  static let copyPrefix: CommandIdentifier = "copyPrefix"
}

/// How paths are written.
enum PathFormat: String, CaseIterable, Sendable {
  /// `.a.b[3]`, as jq reads them.
  case jq
  /// `$.a['b'][3]`.
  case jsonpath
  /// `/a/b/3` (RFC 6901).
  case pointer

  func text(of path: JSONPath) -> String {
    switch self {
    case .jq: path.jq
    case .jsonpath: path.jsonPath
    case .pointer: path.jsonPointer.isEmpty ? "/" : path.jsonPointer
    }
  }
}

/// What reading reaches of the browser: the presentation host, and what moves the focus
/// or takes the screen.
protocol ReadingContext: PresentationHost {
  /// The focused value.
  var focusedNodeID: NodeID? { get }
  /// Focus and selection, by id.
  var selection: DocumentStore.Selection { get }
  /// Where the person is and has been; moves by id.
  var navigation: NavigationController { get }
  /// What takes the screen above the status line.
  var overlay: (any BrowserOverlay)? { get set }
  /// The status line's message.
  var message: String? { get set }
  /// What the status line asks.
  var prompt: StatusPrompt? { get set }
  /// Cut, copy, paste: reading copies through it.
  var editing: EditingController { get }
  /// Focuses a value and scrolls it into view.
  @discardableResult
  func focus(on id: NodeID) -> IndexPath?
  /// Runs a move, remembering the place it left on the jump list.
  func jumping(_ move: () -> Void)
  /// Puts focus and selection on the same values again.
  func restore(_ selection: DocumentStore.Selection)
  /// Every presentation reads its items again (ids stay).
  func refreshEveryPresentation()
  /// What the views are made with (`--lane`, `--kind` …); each view made hears of a change.
  var presentationOptions: PresentationOptions { get set }
  /// What wakes the run loop when work on another thread is done (nil before it runs).
  var waker: RunLoopWaker? { get }
  /// Why the document could not be read (a diff's A, read on the comparison's thread).
  var loadFailure: LoadFailure? { get set }
  /// Set to end the browser.
  var wantsToQuit: Bool { get set }
}

/// Reading values: the long-value viewer, the source view, folding, copying a value's key,
/// path or text in the form asked for, going to a path, and how paths are written. It owns
/// the path format and the first key of a two-key command while the second is awaited.
final class ReadingController {
  /// The browser.
  unowned let context: any ReadingContext
  /// How paths are written: in the status line, by Copy Path, on the command line.
  var pathFormat = PathFormat.jq
  /// The first key of a two-key command (`z` then a digit, `c` then `k`), while it waits.
  var pendingPrefix: CommandIdentifier?

  init(context: any ReadingContext) {
    self.context = context
  }

  // The context's members under their own names.
  var store: DocumentStore { context.store }
  private var presentation: any Presentation { context.presentation }
  var focusedNodeID: NodeID? { context.focusedNodeID }
  private var selection: DocumentStore.Selection { context.selection }
  private var navigation: NavigationController { context.navigation }
  private var editing: EditingController { context.editing }
  private var overlay: (any BrowserOverlay)? {
    get { context.overlay }
    set { context.overlay = newValue }
  }
  private var message: String? {
    get { context.message }
    set { context.message = newValue }
  }
  private var prompt: StatusPrompt? {
    get { context.prompt }
    set { context.prompt = newValue }
  }
  private func show(message: String) { context.show(message: message) }
  private func setNeedsDisplay() { context.setNeedsDisplay() }
  private func performJump(_ command: CommandIdentifier) { navigation.performJump(command) }
  private func jumping(_ move: () -> Void) { context.jumping(move) }
  @discardableResult
  private func focus(on id: NodeID) -> IndexPath? { context.focus(on: id) }
  private func restore(_ selection: DocumentStore.Selection) { context.restore(selection) }
  private func refreshEveryPresentation() { context.refreshEveryPresentation() }

  /// The focused value's path in the chosen format (`.albums[0].photos[3]`).
  func focusedPath() -> String {
    guard let id = focusedNodeID, let node = store.node(id) else { return "" }
    return pathFormat.text(of: store.document.path(of: node))
  }

  /// Opens the focused value whole.
  func viewFocusedValue() {
    guard let id = focusedNodeID, let node = store.node(id) else { return }
    overlay = ValueViewer.make(node: node, in: store.document, pathText: focusedPath())
    setNeedsDisplay()
  }

  /// Opens the source text at the focused value.
  func viewSource() {
    guard let id = focusedNodeID, let node = store.node(id) else { return }
    let source = SourceTextSource(document: store.document, node: node)
    let title = "\(store.name) · line \(source.firstMarkedLine + 1) · \(focusedPath())"
    overlay = PagerView(title: title, source: source, statusText: " source text · q closes · j/k, Space/b, g/G scroll")
    setNeedsDisplay()
  }

  /// The second key of `z…` or `c…`.
  func performSecondKey(_ key: KeyEvent, after prefix: CommandIdentifier) -> EventResponse {
    guard case .character(let character) = key.key else {
      show(message: "")
      message = nil
      return .changed
    }
    switch (prefix, character) {
    case (.foldPrefix, let digit) where digit.isNumber:
      presentation.fold(toDepth: digit.wholeNumberValue ?? 0, in: context)
    case (.foldPrefix, "a"), (.foldPrefix, "R"):
      presentation.fold(toDepth: nil, in: context)
    case (.foldPrefix, "c"), (.foldPrefix, "M"):
      presentation.fold(toDepth: 0, in: context)
    case (.copyPrefix, "k"):
      copyFocusedKey()
    case (.copyPrefix, "p"):
      copyFocusedPath()
    case (.copyPrefix, "v"):
      copyFocusedValue(style: nil)
    case (.copyPrefix, "c"):
      copyFocusedValue(style: .compact)
    case (.copyPrefix, "y"):
      editing.copy(editing.editTargets())
    case (.markPrefix, "'"), (.markPrefix, "`"):
      performJump(.markPrefix)
    case (.nextChangePrefix, _), (.previousChangePrefix, _):
      performDiffKey(character, after: prefix)
    case (.foldPrefix, "d"):
      toggleOnlyChanges()
    case (.foldPrefix, "<"), (.foldPrefix, ">"):
      settleDiffChanges(takingOldSide: character == "<")
    case (.foldPrefix, "("), (.foldPrefix, ")"):
      // The table's nested columns at every level (VisiData's z( ); other views have none.
      guard presentation.perform(character == "(" ? .expandColumnFully : .collapseColumnFully) else {
        show(message: "z \(character): expands or collapses a table's column of objects at every level")
        return .changed
      }
    case (.copyPrefix, let key) where presentation.copySecondKeysHint != nil:
      guard let (text, description) = presentation.copyText(forSecondKey: key) else {
        show(message: "c \(character): no such command (c k, c p, c v, c c, \(presentation.copySecondKeysHint ?? ""))")
        return .changed
      }
      editing.copy(text: text, items: [], description: "copied \(description)")
    default:
      switch prefix {
      case .foldPrefix: show(message: "z \(character): no such command (z 0–9, z a, z c, z d, z <, z >, z (, z ))")
      case .markPrefix: show(message: "' \(character): no such mark ('' goes back to the place before the last jump)")
      default: show(message: "c \(character): no such command (c k, c p, c v, c c)")
      }
      return .changed
    }
    setNeedsDisplay()
    return .changed
  }

  /// Waits for the second key, saying what it can be.
  func beginPrefix(_ prefix: CommandIdentifier) {
    pendingPrefix = prefix
    guard prefix != .markPrefix else {
      show(message: "': ' the place before the last jump")
      return
    }
    guard prefix != .nextChangePrefix, prefix != .previousChangePrefix else {
      show(
        message: prefix == .nextChangePrefix
          ? "]: c the next change · a align the array another way" : "[: c the previous change · a align back")
      return
    }
    show(
      message: prefix == .foldPrefix
        ? "z: 0–9 show that deep · a everything · c collapse all · d only a diff's changes · < > take a side · ( ) table columns"
        : "c: k key · p path (\(pathFormat.rawValue)) · v value, indented · c value, one line"
          + (presentation.copySecondKeysHint.map { " · " + $0 } ?? ""))
  }

  func copyFocusedKey() {
    guard let id = focusedNodeID, let node = store.node(id) else { return }
    guard let key = store.document.key(of: node) else {
      show(
        message:
          "an array element has no key; its index is \(store.document.position(of: node).map(String.init) ?? "none")")
      return
    }
    editing.copy(text: key, items: [], description: "copied the key \"\(key)\"")
  }

  func copyFocusedPath() {
    guard let id = focusedNodeID, let node = store.node(id) else { return }
    let path = pathFormat.text(of: store.document.path(of: node))
    let note = store.document.hiddenDuplicate(containing: node).map { " (\($0))" } ?? ""
    editing.copy(text: path, items: [], description: "copied the path \(path)\(note)")
  }

  /// Copies the focused value laid out in `style` (nil: the document's own, multi-line).
  func copyFocusedValue(style: JSONFormatStyle?) {
    guard let id = focusedNodeID, let node = store.node(id) else { return }
    let document = store.document
    var layout = style ?? document.formatStyle
    if style == nil, !layout.isMultiLine { layout = .twoSpaces }
    let text = document.isContainer(node) ? document.formattedText(of: node, style: layout) : document.rawText(of: node)
    editing.copy(
      text: text, items: [PasteboardItem(type: EditingController.jsonPasteboardType, text: document.rawText(of: node))],
      description:
        "copied the value \(style == nil ? "indented" : "on one line") (\(JSONPreview.byteCount(text.utf8.count)))")
  }

  /// Moves the focus to the value at a path (jq, JSONPath or JSON Pointer), opening what
  /// hides it; a path that leads nowhere keeps the field open with the reason.
  func goTo(pathText: String) -> StatusPrompt.FieldResult {
    let path: JSONPath
    do {
      path = try JSONPath(parsing: pathText)
    } catch {
      return .keepOpen("\(error)")
    }
    let node: JSONNode
    switch store.document.resolve(path) {
    case .success(let found): node = found
    case .failure(let failure): return .keepOpen("\(failure)")
    }
    let id = store.id(node)
    var found: IndexPath?
    jumping { found = focus(on: id) }
    guard let indexPath = found else {
      return navigation.intended == id ? .close : .keepOpen("\(pathText) is not shown in this view")
    }
    // A card that holds it (the grid): say how to open it. (A table's row shows a record in
    // its first cell: that is landing on it.)
    if let shown = presentation.nodeID(at: indexPath), shown != id, navigation.intended != id,
      store.ancestry(of: id).contains(shown)
    {
      show(message: "\(pathText) is inside the card at \(focusedPath()): i opens it")
    }
    setNeedsDisplay()
    return .close
  }

  /// `:set path=jq|jsonpath|pointer`.
  func setOption(_ assignment: String) -> StatusPrompt.FieldResult {
    let parts = assignment.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
    guard parts.count == 2, parts[0] == "path" else {
      return .keepOpen("set what? (path=jq, path=jsonpath, path=pointer)")
    }
    guard let format = PathFormat(rawValue: parts[1].lowercased()) else {
      return .keepOpen("path=\(parts[1])? (jq, jsonpath, pointer)")
    }
    pathFormat = format
    show(message: "paths are written as \(format.rawValue): \(focusedPath())")
    return .close
  }
}
