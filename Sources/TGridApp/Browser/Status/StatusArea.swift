import TGridJSON
import TermGrid

/// The bottom of the browser's screen: the status line (the document's name, a message or
/// the focused path with its record's label, the position, selection and help), a prompt in
/// its place, a message or question too long for the line shown whole above it, and the
/// whole screen while a load has shown nothing yet.
///
/// It reads the browser's state and keeps none of its own but what it last wrapped.
final class StatusArea {
  /// The collection view takes the screen but the status line (the bottom row).
  static func collectionFrame(for size: CellSize) -> CellRect {
    CellRect(column: 0, row: 0, columns: max(0, size.columns), rows: max(0, size.rows - 1))
  }

  /// The browser whose state it shows.
  private unowned let browser: BrowserController
  private let statusLine = StatusLineView()
  private let progressView = ProgressView()
  /// The lines of a message too long for the status line, drawn above it.
  private var messageLines: [String] = []

  init(browser: BrowserController) {
    self.browser = browser
  }

  /// The status line, or the prompt in its place; wraps a message too long for it.
  func drawLine(into canvas: inout Canvas, context: DrawingContext) {
    let store = browser.store
    let message = browser.message
    let line = CellRect(column: 0, row: canvas.size.rows - 1, columns: canvas.size.columns, rows: 1)
    if let prompt = browser.prompt {
      prompt.draw(in: &canvas, line: line, context: context)
      // A question too long for the line is shown whole above it too: its choices must
      // never be cut off.
      messageLines = []
      if case .question(let question) = prompt, TextWidth.displayWidth(of: " " + question.line) > canvas.size.columns,
        canvas.size.rows > 2
      {
        messageLines = TextWidth.wrapped(question.line, toWidth: max(1, canvas.size.columns - 2))
      }
    } else if let overlay = browser.overlay, message == nil {
      statusLine.left =
        " " + store.name + (store.isModified ? " [+]" : "") + browser.files.diskMarker + " " + overlay.statusText
      statusLine.right = ""
      statusLine.draw(in: &canvas, region: line, clip: line, context: context)
    } else {
      let name =
        " "
        + (store.pendingDiff.map { "diff: \($0.oldName) → \(store.name) · comparing…" }
          ?? store.diff?.title(newName: store.name) ?? store.name)
        + (store.isModified ? " [+]" : "")
        + browser.files.diskMarker + "  "
      let right = statusText()
      // A message too long for the status line is never only cut there: it is shown whole
      // in rows above it as well.
      let room = canvas.size.columns - TextWidth.displayWidth(of: right) - 1 - TextWidth.displayWidth(of: name)
      if let message, TextWidth.displayWidth(of: message) > room, canvas.size.rows > 2 {
        messageLines = TextWidth.wrapped(message, toWidth: max(1, canvas.size.columns - 2))
      } else {
        messageLines = []
      }
      statusLine.left = name + (message ?? focusedPathWithNote())
      statusLine.right = right
      statusLine.draw(in: &canvas, region: line, clip: line, context: context)
    }
  }

  /// A long message's lines, over the bottom of the content, above the status line.
  func drawMessageLines(into canvas: inout Canvas, context: DrawingContext) {
    guard !messageLines.isEmpty else { return }
    let count = min(messageLines.count, max(1, canvas.size.rows - 2))
    let top = canvas.size.rows - 1 - count
    for (offset, text) in messageLines.prefix(count).enumerated() {
      let row = CellRect(column: 0, row: top + offset, columns: canvas.size.columns, rows: 1)
      canvas.fill(row, style: context.theme.status)
      canvas.draw(" " + text, at: CellPoint(column: 0, row: row.row), style: context.theme.status, clip: row)
    }
  }

  /// The whole screen while a load has shown nothing yet.
  func drawProgress(into canvas: inout Canvas, context: DrawingContext) {
    let load = browser.load
    let store = browser.store
    let verb = { if case .reading = load?.phase { return "Reading" } else { return "Loading" } }()
    progressView.title = "\(verb) \(store.name)"
    let progress = load?.progress
    progressView.fraction = progress.flatMap { done, total in total.map { $0 > 0 ? Double(done) / Double($0) : 1 } }
    progressView.detail = browser.following.waitingText ?? ((load?.statusText ?? "loading") + " · q cancels")
    progressView.draw(in: &canvas, region: canvas.bounds, clip: canvas.bounds, context: context)
  }

  /// Whether the focus is as near the intended value as the view can show it: on a value
  /// inside it (the table focuses a record's cell) or on the item that holds it (the
  /// timeline shows records, not their members). Only a focus elsewhere is still "going
  /// to" it (a record the timeline has not read yet).
  static func isReached(_ intended: NodeID, focusedAt focused: NodeID?, in store: DocumentStore) -> Bool {
    guard let focused else { return false }
    return store.ancestry(of: focused).contains(intended) || store.ancestry(of: intended).contains(focused)
  }

  /// The right side of the status line: position, selection, help (and the load's
  /// progress while it runs).
  private func statusText() -> String {
    let (store, collectionView, navigation) = (browser.store, browser.collectionView, browser.navigation)
    if let loading = browser.load?.statusText { return " " + loading + " · showing the first items " }
    var text = browser.presentation.positionText(focusedAt: collectionView.indexPathForFocusedItem)
    if let intended = navigation.intended, intended != browser.focusedNodeID, let node = store.node(intended),
      !Self.isReached(intended, focusedAt: browser.focusedNodeID, in: store)
    {
      text = "going to \(browser.reading.pathFormat.text(of: store.document.path(of: node)))… · " + text
    }
    let selected = collectionView.selectedItemSet.count
    if selected > 0 { text += " · \(selected) selected" }
    return browser.finding.statusPrefix() + browser.following.statusPrefix + text + " · ? help "
  }

  /// The focused path, with a note when a member on the way is a duplicate key that jq
  /// would not see (`.id@0 · key "id" 1 of 2 in its object: jq sees only the last one`).
  func focusedPathWithNote() -> String {
    let (store, reading) = (browser.store, browser.reading)
    var path = reading.focusedPath()
    guard let id = browser.focusedNodeID, let node = store.node(id) else { return path }
    if let label = reading.focusedRecordLabel(of: node) { path += " · " + label }
    // In a diff, how the array around the focus was aligned with A's.
    if let alignment = store.diff?.alignmentText(near: id, in: store) { path += " · " + alignment }
    guard let hidden = store.document.hiddenDuplicate(containing: node) else { return path }
    return path + " · \(hidden)"
  }
}
