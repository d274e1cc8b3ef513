import TGridJSON
import TermGrid

/// Loading: the browser shows a document from its first screenful on, and the same
/// browser grows it into the whole document as the background load goes on. The load
/// wakes the run loop after each slice; `handleWake` looks at what it left.
extension BrowserController {

  /// Follows a running load: called on the run loop's thread after the load woke it.
  package func handleWake(in runLoop: TerminalRunLoop) -> EventResponse {
    if finding.takeSearchCount() { setNeedsDisplay() }
    guard let load else { return needsDisplay ? .changed : .unchanged }
    switch load.phase {
    case .finished:
      self.load = nil
      guard let document = load.takeDocument() else { return .unchanged }
      let kept = selection
      var note = Self.warningNote(for: document)
      if load.isIndexOnDisk, let directory = load.indexDirectory {
        note = (note.map { $0 + " · " } ?? "") + "larger than memory: its index is kept on disk in \(directory)"
      }
      if store.grow(to: document, isComplete: true) { restore(kept) }
      if let note { show(message: note) }
    case .failed(let failure):
      self.load = nil
      loadFailure = failure
      wantsToQuit = true
      return .quit
    case .cancelled:
      self.load = nil
      wantsToQuit = true
      return .quit
    case .reading, .parsing:
      let shown = store.hasContent ? DocumentLoad.childCount(of: store.document) : 0
      if shown < DocumentLoad.previewChildren, let preview = load.preview,
        DocumentLoad.childCount(of: preview) > shown
      {
        let kept = selection
        if store.grow(to: preview) { restore(kept) }
      }
    }
    setNeedsDisplay()
    return .changed
  }

  /// What the status line says while loading: `loading 41% · 41.2 MB of 100.0 MB · 180 MB/s`.
  func loadingText() -> String? {
    guard let load else { return nil }
    let (done, total) = load.progress
    let elapsed = max(1, MonotonicClock.milliseconds() - load.startedAt)
    let rate = Double(done) / (Double(elapsed) / 1000)
    var text = "loading"
    if let total, total > 0 { text += " \(min(100, done * 100 / total))%" }
    text += " · " + Self.megabytes(done)
    if let total { text += " of " + Self.megabytes(total) }
    text += " · " + Self.megabytes(Int(rate)) + "/s"
    // Larger than memory: the index goes to disk (and may come back from it slowly).
    if load.isIndexOnDisk { text += " · index on disk" }
    return text
  }

  /// The keys that cancel a load before anything shows.
  static let cancelKeys: Set<KeyEvent> = [
    KeyEvent(.character("q")), KeyEvent(.escape), KeyEvent(.control("c")),
  ]

  /// `534 B`, `12 kB`, `41.2 MB`.
  static func megabytes(_ bytes: Int) -> String {
    if bytes < 1_000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return "\(bytes / 1000) kB" }
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}

/// The screen while a load has nothing to show yet: what is read, how far, how fast.
/// With a known size a bar shows the fraction; reading a pipe shows bytes and rate only.
final class ProgressView: ReusableView {
  var title = ""
  /// From 0 to 1, or `nil` when the total is not known.
  var fraction: Double?
  var detail = ""

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let theme = context.theme
    canvas.fill(clip, style: theme.normal)
    guard region.columns >= 1, region.rows >= 1 else { return }
    let row = region.row + max(0, region.rows / 2 - 1)
    let width = max(0, region.columns - 2)
    canvas.draw(
      TextWidth.truncated(title, toWidth: width), at: CellPoint(column: region.column + 1, row: row),
      style: theme.header, clip: clip)
    var next = row + 1
    if let fraction, next < region.maxRow {
      let barWidth = max(1, min(60, width))
      let filled = Int(min(1, max(0, fraction)) * Double(barWidth))
      let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
      canvas.draw(bar, at: CellPoint(column: region.column + 1, row: next), style: theme.normal, clip: clip)
      next += 1
    }
    if next < region.maxRow {
      canvas.draw(
        TextWidth.truncated(detail, toWidth: width), at: CellPoint(column: region.column + 1, row: next),
        style: theme.dim, clip: clip)
    }
  }
}
