import TGridJSON
import TermGrid

/// Loading: the browser shows a document from its first screenful on, and the same
/// browser grows it into the whole document as the background load goes on. The load
/// wakes the run loop after each slice; `handleWake` looks at what it left.
extension BrowserController {
  /// While a stream is followed, a key typed as records pour in goes before the next batch;
  /// batches and their frames come at most every ``FollowController/arrivalFrameMilliseconds``.
  package var answersInputBeforeWakes: Bool { following.stream != nil }
  package var millisecondsBetweenWakeFrames: Int? { following.millisecondsBetweenArrivalFrames }
  package var defersWakesToFrames: Bool { following.defersArrivals }
  /// Follows a running load: called on the run loop's thread after the load woke it.
  package func handleWake(in runLoop: TerminalRunLoop) -> EventResponse {
    if finding.takeSearchCount() { setNeedsDisplay() }
    if reading.takeFinishedComparison() == .quit { return .quit }
    guard let load else { return following.handleWake() ?? (needsDisplay ? .changed : .unchanged) }
    switch load.phase {
    case .finished:
      self.load = nil
      guard let document = load.takeDocument() else { return .unchanged }
      let kept = selection
      var note = document.warningNote
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
}
