import TGridJSON
import TermGrid

/// The run loop's root while a document loads, and after.
///
/// First a progress screen (bytes read, rate, a bar); as soon as the root's first children
/// are complete, the browser on that read-only preview, with the progress in its status
/// line; when parsing ends, the browser on the whole document, focused on the same value.
/// `q`, Esc or Ctrl-C while loading cancels it.
final class LoadingRoot: RunLoopRoot {
  let load: DocumentLoad
  private(set) var browser: BrowserController?
  private(set) var isShowingPreview = false
  /// Why loading failed, if it did: the caller prints it after the terminal is restored.
  private(set) var failure: LoadFailure?
  private(set) var wasCancelled = false
  private var size: CellSize
  private let makeBrowser: (JSONDocument, CellSize) -> BrowserController
  private var lastPreviewAttempt = 0

  /// Children shown in a preview: enough for any screen, cheap to copy.
  static let previewChildren = 2_000
  /// How often the progress is redrawn and the preview refreshed, in milliseconds.
  static let refreshInterval = 100

  init(load: DocumentLoad, size: CellSize, makeBrowser: @escaping (JSONDocument, CellSize) -> BrowserController) {
    self.load = load
    self.size = size
    self.makeBrowser = makeBrowser
  }

  var isLoading: Bool {
    switch load.phase {
    case .reading, .parsing: return true
    default: return false
    }
  }

  // MARK: - RunLoopRoot

  var wantsToQuit: Bool {
    refresh()
    return failure != nil || wasCancelled
  }

  var needsDisplay: Bool {
    refresh()
    return browser?.needsDisplay ?? false
  }

  var millisecondsUntilNextFrame: Int? {
    // While a preview shows, keep ticking even if the load has just finished: the phase can
    // turn to finished after the last refresh, and the preview's browser would then wait
    // for a key forever before the whole document replaced it.
    if isLoading || isShowingPreview { return Self.refreshInterval }
    return browser?.millisecondsUntilNextFrame
  }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    refresh()
    if case .resize(let newSize) = event { size = newSize }
    if isLoading, case .key(let key) = event, Self.cancelKeys.contains(key) {
      load.cancel()
      wasCancelled = true
      return .quit
    }
    guard let browser else { return .unchanged }
    let response = browser.handle(event, in: runLoop)
    if response == .quit, isLoading { load.cancel() }
    return response
  }

  static let cancelKeys: Set<KeyEvent> = [
    KeyEvent(.character("q")), KeyEvent(.escape), KeyEvent(.control("c"), modifiers: .control),
  ]

  func draw(into canvas: inout Canvas) {
    refresh()
    if let browser {
      browser.draw(into: &canvas)
      if isShowingPreview { drawProgressLine(into: &canvas) }
    } else {
      drawProgressScreen(into: &canvas)
    }
  }

  // MARK: - Moving on

  /// Shows the whole document once it is parsed, or the first items while it is not.
  private func refresh() {
    switch load.phase {
    case .finished(let document):
      guard browser == nil || isShowingPreview else { return }
      // The preview is the start of the same tape: its ids name the same values.
      let focused = browser?.focusedNodeID
      let full = makeBrowser(document, size)
      if let focused { full.focus(on: focused) }
      browser = full
      isShowingPreview = false
    case .failed(let error):
      failure = error
    case .cancelled:
      wasCancelled = true
    case .reading, .parsing:
      let now = MonotonicClock.milliseconds()
      // A preview is a copy of what is parsed: take one now and then, not every frame.
      guard now - lastPreviewAttempt >= 500 || browser == nil && now - lastPreviewAttempt >= Self.refreshInterval
      else { return }
      lastPreviewAttempt = now
      guard browser == nil, let preview = load.preview(maximumChildren: Self.previewChildren),
        previewHasContent(preview)
      else { return }
      browser = makeBrowser(preview, size)
      isShowingPreview = true
    }
  }

  private func previewHasContent(_ document: JSONDocument) -> Bool {
    !document.kind(of: document.root).isContainer || document.childCount(of: document.root) > 0
  }

  // MARK: - Drawing progress

  /// `41.2 MB of 100.0 MB · 180 MB/s` (or without a total while reading a pipe).
  func progressText() -> String {
    let (done, total) = load.progress
    let elapsed = max(1, MonotonicClock.milliseconds() - load.startedAt)
    let rate = Double(done) / (Double(elapsed) / 1000)
    var text = Self.megabytes(done)
    if let total { text += " of " + Self.megabytes(total) }
    text += " · " + Self.megabytes(Int(rate)) + "/s"
    return text
  }

  private func fraction() -> Double? {
    let (done, total) = load.progress
    guard let total, total > 0 else { return nil }
    return min(1, Double(done) / Double(total))
  }

  private func drawProgressScreen(into canvas: inout Canvas) {
    let theme = Theme.standard
    let area = canvas.bounds
    guard area.columns >= 1, area.rows >= 1 else { return }
    let verb = { if case .reading = load.phase { return "Reading" } else { return "Loading" } }()
    let title = "\(verb) \(load.name)"
    let row = max(0, area.rows / 2 - 1)
    canvas.draw(TextWidth.truncated(title, toWidth: area.columns - 2), at: CellPoint(column: 1, row: row), style: theme.header)
    let barWidth = max(1, min(60, area.columns - 2))
    if row + 1 < area.rows {
      let filled = Int((fraction() ?? 0) * Double(barWidth))
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
      canvas.draw(bar, at: CellPoint(column: 1, row: row + 1), style: theme.normal)
    }
    if row + 2 < area.rows {
      canvas.draw(
        TextWidth.truncated(progressText() + " · q cancels", toWidth: area.columns - 2),
        at: CellPoint(column: 1, row: row + 2), style: theme.dim)
    }
  }

  private func drawProgressLine(into canvas: inout Canvas) {
    guard canvas.size.rows >= 1 else { return }
    let percent = fraction().map { " \(Int($0 * 100))%" } ?? ""
    let text = " loading\(percent) · \(progressText()) · showing the first items "
    let width = min(canvas.size.columns, TextWidth.displayWidth(of: text))
    let row = canvas.size.rows - 1
    canvas.draw(
      TextWidth.truncated(text, toWidth: width), at: CellPoint(column: canvas.size.columns - width, row: row),
      style: Style(attributes: [.reverse, .bold]))
  }

  static func megabytes(_ bytes: Int) -> String {
    if bytes < 1_000_000 { return "\(bytes / 1000) kB" }
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}
