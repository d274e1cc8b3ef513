import TGridJSON
import TermGrid

/// What following a stream needs of the browser.
protocol FollowingContext: AnyObject {
  var store: DocumentStore { get }
  var collectionView: CollectionView { get }
  var presentation: any Presentation { get }
  var focusedNodeID: NodeID? { get }
  var wantsToQuit: Bool { get set }
  var loadFailure: LoadFailure? { get set }
  var waker: RunLoopWaker? { get }
  func show(message: String)
  func setNeedsDisplay()
}

/// Following a growing stream (`tgrid --follow`, `tgrid -f FILE`): takes the records that
/// arrived into the document (one batch insert through every view), and keeps the focus on
/// the last record while following.
///
/// Following is on when the focus reaches the last record by any means (End, `G`, PgDn, `j`,
/// the wheel scrolling to the end), off on any move up or away; `W` pauses and resumes it.
/// While paused, the status line counts what arrived (`+12 new ▼`); nothing moves under
/// the focus or the selection.
package final class FollowController {
  private unowned let context: any FollowingContext
  /// The stream followed, if any.
  private(set) var stream: FollowedStream?
  /// Whether the focus stays on the last record as records arrive.
  private(set) var isFollowing = false
  /// Paused by `W` while at the end: reaching the end again does not resume it until the
  /// focus left the end.
  private var isPausedByKey = false
  /// Records that arrived while paused.
  private(set) var newWhilePaused = 0
  /// Lines that were not JSON, kept as text records.
  private(set) var textRecordCount = 0
  /// Whether the focus was at the end at the last look, and where the view and the focus
  /// were (a scroll up by the wheel moves away from the end without moving the focus).
  private var wasAtEnd = false
  /// Whether the view was scrolled away from the end (the wheel) with the focus left on it.
  private var isScrolledAway = false
  private var lastOffset: Point?
  /// Set when records arrived: the view may scroll to keep the focus in view (animated), and
  /// that is no move of the person's until the view is still again.
  private var viewMovesByItself = false
  private var lastFocus: NodeID?
  /// `--strict`: a line that is not JSON ends tgrid with an error.
  var isStrict = false
  /// `--keep`: the most records kept; older ones leave as new ones arrive.
  package var keptRecordCount = FollowController.defaultKeptRecordCount
  /// Records that left to keep memory bounded.
  private(set) var droppedCount = 0
  /// Records over `--keep` that stay until the edits are saved.
  private(set) var overKeepCount = 0
  /// The followed file's truncations whose records left (see ``removeRecordsWithLostText(of:)``).
  private var seenTruncationCount = 0

  /// While a stream is followed, the fewest milliseconds from one frame to a frame owed only
  /// to arrivals (the run loop's ``RunLoopRoot/millisecondsBetweenWakeFrames``; nil: each
  /// batch drawn at once). 16 ms is a 60 Hz display's refresh: a terminal shows no more
  /// frames than that, and records that arrive meanwhile (a writer appends every few
  /// milliseconds) share one frame instead of each drawing a screen no one sees. A key is
  /// never kept waiting by it: it draws at once, with the records taken before it.
  package var arrivalFrameMilliseconds: Int? = 16
  /// Whether arrivals are also taken at most that often (``RunLoopRoot/defersWakesToFrames``):
  /// one batch, one update of every view and one `--keep` drop for the wakes of those
  /// milliseconds, just before their frame; at most ``maximumRecordsPerBatch`` a time, so
  /// 4,096 records each 16 ms (256,000 a second) before a backlog waits.
  package var takesArrivalsAtFrames = true
  /// ``arrivalFrameMilliseconds`` while a stream is followed.
  var millisecondsBetweenArrivalFrames: Int? { stream == nil ? nil : arrivalFrameMilliseconds }
  /// ``takesArrivalsAtFrames`` while a stream is followed.
  var defersArrivals: Bool { stream != nil && takesArrivalsAtFrames }

  /// The most records kept unless `--keep` says otherwise.
  package static let defaultKeptRecordCount = 1_000_000
  /// The most records taken in at one wake (one frame): more wait for the next, so a key
  /// typed while a flood arrives waits for one such batch at most.
  static let maximumRecordsPerBatch = 4_096
  /// The most records taken while none is shown: the first screen comes from the first
  /// lines read (a screenful or more in every view), not after a whole batch was parsed and
  /// measured; the rest come at the next wake, a frame later.
  static let maximumRecordsBeforeFirstScreen = 200

  init(context: any FollowingContext) {
    self.context = context
  }

  /// Starts following a stream (started already): following is on, at the end.
  package func start(_ stream: FollowedStream) {
    self.stream = stream
    // Batches come many times a second, most of them changing no cell on screen.
    context.collectionView.reusesDrawingOfUnchangedCells = true
    context.store.isFollowing = true
    isFollowing = true
    focusLastRecord()
  }

  // MARK: - Arrivals

  /// Takes what arrived (on the run loop's thread, after the stream woke it): at most
  /// `maximumRecords`, by default ``maximumRecordsPerBatch`` (``maximumRecordsBeforeFirstScreen``
  /// while no record is shown).
  /// - Returns: the run loop's answer, or nil when nothing arrived.
  func handleWake(maximumRecords: Int? = nil) -> EventResponse? {
    guard let stream else { return nil }
    let store = context.store
    let isEmpty = !store.hasContent || store.document.childCount(of: store.document.root) == 0
    let arrivals = stream.take(
      maximumRecords: maximumRecords ?? (isEmpty ? Self.maximumRecordsBeforeFirstScreen : Self.maximumRecordsPerBatch))
    if let failure = arrivals.failure {
      context.loadFailure = LoadFailure(message: failure, exitCode: 2)
      context.wantsToQuit = true
      return .quit
    }
    // In order: runs of records given as bytes, and of records read where the file is mapped
    // (one of the two runs under way at a time; a record of the other kind ends it).
    var batches: [Batch] = []
    var lines: [[UInt8]] = []
    var ranges: [Range<Int>] = []
    func endRuns() {
      if !lines.isEmpty { batches.append(.lines(lines)) }
      if !ranges.isEmpty { batches.append(.mapped(ranges)) }
      lines = []
      ranges = []
    }
    func add(_ line: [UInt8]) {
      if !ranges.isEmpty { endRuns() }
      lines.append(line)
    }
    var notes = arrivals.notes
    for record in arrivals.records {
      switch record {
      case .json(let bytes):
        add(bytes)
      case .mapped(let range):
        if !lines.isEmpty { endRuns() }
        ranges.append(range)
      case .text(let bytes, let line):
        if isStrict {
          let text = String(decoding: bytes.prefix(80), as: UTF8.self)
          context.loadFailure = LoadFailure(
            message: "tgrid: \(stream.name): line \(line): not JSON (--strict): \(JSONStringEncoder.quoted(text))",
            exitCode: 1)
          context.wantsToQuit = true
          return .quit
        }
        textRecordCount += 1
        add(Array(JSONStringEncoder.quoted(String(decoding: bytes, as: UTF8.self)).utf8))
      case .tooLong(let line, let byteCount):
        notes.append(
          "line \(line) skipped: \(DocumentLoad.megabytes(byteCount)) or more, over --max-line (\(DocumentLoad.megabytes(RecordSplitter.defaultMaximumLineByteCount)) by default)"
        )
      }
    }
    endRuns()
    if arrivals.missingFromSavedFile > 0 {
      notes.append(
        "\(arrivals.missingFromSavedFile.formatted()) record\(arrivals.missingFromSavedFile == 1 ? "" : "s") reached the old \(stream.name) while it was saved: kept here, Ctrl-S writes them"
      )
    }
    if let note = notes.last { context.show(message: notes.count > 1 ? notes.joined(separator: " · ") : note) }
    // The records a truncation took leave first: records are appended after the last
    // record's text, which theirs no longer is.
    let hadEditHistory = context.store.hasEditHistory
    var lostCount = removeRecordsWithLostText(of: stream)
    let forgotEditHistory = lostCount > 0 && hadEditHistory
    for batch in batches {
      switch batch {
      case .lines(let lines): append(lines)
      case .mapped(let ranges): lostCount += append(mapped: ranges, from: stream)
      }
    }
    if lostCount > 0 {
      notes.append(
        "\(lostCount.formatted()) record\(lostCount == 1 ? "" : "s") read before left with its text"
          + (forgotEditHistory ? " (undo history forgotten; the edits stay)" : ""))
      context.show(message: notes.joined(separator: " · "))
    }
    guard !batches.isEmpty || lostCount > 0 else { return notes.isEmpty ? nil : .changed }
    // A rotated or deleted file's generation no record reads any more (after drops, or its
    // records lost): no longer mapped.
    stream.releaseMappedText(documentLowest: context.store.document.lowestMappedPosition)
    if arrivals.missingFromSavedFile > 0 { context.store.markUnsaved() }
    // A frame, not a whole drawing: the collection view draws again only the cells the
    // batch changed on screen (records appended below a paused reader change none; the
    // status line's counts are drawn every frame).
    return .changed
  }

  /// Records that arrived, in one run of the same kind.
  private enum Batch {
    /// Each one's text.
    case lines([[UInt8]])
    /// Where each one's text is in the followed file's mapping.
    case mapped([Range<Int>])
  }

  /// Appends records to the document: following, the focus goes to the new last one.
  func append(_ lines: [[UInt8]]) {
    append(count: lines.count) { store throws in try store.appendRecords(lines) }
  }

  /// Appends records read where the followed file is mapped.
  /// - Returns: how many were not appended: their text lost already (the file truncated
  ///   since they were read).
  private func append(mapped ranges: [Range<Int>], from stream: FollowedStream) -> Int {
    guard let mapping = stream.mapping else { return 0 }
    let before = ranges.count
    var ranges = ranges
    if mapping.truncationCount > 0 { ranges.removeAll { !mapping.isIntact($0) } }
    let lost = before - ranges.count
    if !ranges.isEmpty {
      append(count: ranges.count) { store throws in try store.appendRecords(mapped: ranges, in: mapping) }
    }
    return lost
  }

  /// After the followed file was truncated (it took the text of the records read from it
  /// where it is mapped): those records leave the document, as `--keep` drops leave it
  /// (undo and redo forgotten; the edits stay, copied into memory when they were made), so
  /// that none reads as empty and a save writes what is left.
  /// - Returns: how many left.
  private func removeRecordsWithLostText(of stream: FollowedStream) -> Int {
    guard let mapping = stream.mapping, mapping.truncationCount > seenTruncationCount else { return 0 }
    seenTruncationCount = mapping.truncationCount
    do {
      return try context.store.removeRecordsWithLostText()
    } catch {
      context.show(message: "records that lost their text not dropped: \(error)")
      return 0
    }
  }

  private func append(count: Int, by appending: (DocumentStore) throws -> Void) {
    // A key answered before this batch (keys go first) may have reached the last record:
    // that resumes following before the batch moves the end away from the focus.
    focusDidSettle()
    let store = context.store
    let hadContent = store.hasContent
    let focusBefore = context.focusedNodeID
    let paused = !isFollowing && hadContent
    let focusTop = paused ? focusedItemTop() : nil
    do {
      try appending(store)
    } catch {
      context.show(message: "records not added: \(error)")
      return
    }
    viewMovesByItself = true
    dropOverKeep()
    if isFollowing || !hadContent {
      focusLastRecord()
    } else {
      newWhilePaused += count
      // Nothing moves under the focus while paused.
      if let focusBefore, context.focusedNodeID != focusBefore,
        let indexPath = context.presentation.indexPath(for: focusBefore, reveal: false)
      {
        context.collectionView.focusItem(at: indexPath, scrollPosition: .none)
      }
      // Records that left the start moved the focused one up: the view moves with it, so
      // that the same records stay on screen (a drop never scrolls a paused reader away).
      if let focusTop, let top = focusedItemTop(), top != focusTop {
        let view = context.collectionView
        var offset = view.contentOffset
        offset.y += top - focusTop
        view.contentOffset = offset
      }
    }
  }

  /// Where the focused item's frame starts in the content, if there is a focused item.
  private func focusedItemTop() -> Double? {
    let view = context.collectionView
    guard let indexPath = view.indexPathForFocusedItem else { return nil }
    return view.collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame.minY
  }

  /// `--keep`: the oldest records leave, so that at most ``keptRecordCount`` stay. A drop
  /// moves every value undo would put back, so it waits while there are unsaved edits (no
  /// edit is ever dropped, even from the screen, before it is in a file), and after a save
  /// forgets undo and redo first, saying so.
  private func dropOverKeep() {
    let store = context.store
    let count = store.document.childCount(of: store.document.root)
    overKeepCount = max(0, count - keptRecordCount)
    guard overKeepCount > 0, !(store.hasEditHistory && store.isModified) else { return }
    if store.hasEditHistory {
      store.forgetEditHistory()
      context.show(
        message: "undo history forgotten so that earlier records could leave (--keep \(keptRecordCount.formatted()))")
    }
    do {
      try store.removeFirstRecords(overKeepCount)
      droppedCount += overKeepCount
      overKeepCount = 0
    } catch {
      context.show(message: "earlier records not dropped: \(error)")
    }
  }

  /// Takes into the document what the stream has read but not handed over yet (before a
  /// save, so that it writes every record read).
  func takeArrivals() {
    _ = handleWake(maximumRecords: .max)
  }

  /// Whether `path` names the followed file (a save there replaces it).
  func isFollowedFile(_ path: String, sameFile: (String, String) -> Bool) -> Bool {
    guard let followed = stream?.path else { return false }
    return sameFile(path, followed)
  }

  /// The last record's id, if there is one.
  private var lastRecord: NodeID? {
    let store = context.store
    guard store.hasContent else { return nil }
    let document = store.document
    let count = document.childCount(of: document.root)
    guard count > 0, let last = document.child(at: count - 1, of: document.root) else { return nil }
    return store.id(last)
  }

  /// Puts the focus on the last record, scrolled into view.
  private func focusLastRecord() {
    guard let last = lastRecord, let indexPath = context.presentation.indexPath(for: last, reveal: false) else {
      return
    }
    context.collectionView.focusItem(at: indexPath, scrollPosition: .nearest)
    lastFocus = context.focusedNodeID
    wasAtEnd = true
    isScrolledAway = false
  }

  // MARK: - The state machine

  /// Looks where the focus and the view are (before each frame): reaching the end turns
  /// following on, leaving it turns it off.
  func focusDidSettle() {
    // The run loop runs now: the stream wakes it from here on.
    if let stream, stream.waker == nil, let waker = context.waker { stream.waker = waker }
    guard stream != nil, let last = lastRecord else { return }
    let view = context.collectionView
    let focus = context.focusedNodeID
    let offset = view.contentOffset
    defer {
      lastOffset = view.contentOffset
      lastFocus = context.focusedNodeID
    }
    let focusAtEnd = focus.map { context.store.ancestry(of: $0).contains(last) } ?? false
    let focusMoved = focus != lastFocus
    let byItself = viewMovesByItself
    if viewMovesByItself, !view.isAnimating, !view.isScrollAnimating { viewMovesByItself = false }
    let scrolledUp = !focusMoved && !byItself && lastOffset.map { offset.y < $0.y || offset.x < $0.x } ?? false
    let maximum = view.maximumContentOffset
    let scrolledDown = lastOffset.map { offset.y > $0.y || offset.x > $0.x } == true
    let scrolledToEnd = !focusMoved && !byItself && scrolledDown && offset.y >= maximum.y && offset.x >= maximum.x
    // A scroll up by the wheel leaves the end even though the focus stays on the last
    // record, until the focus moves or the view is scrolled back to the end: a frame after
    // the scroll has settled must not count as reaching the end again.
    if scrolledUp { isScrolledAway = true }
    if focusMoved || scrolledToEnd { isScrolledAway = false }
    let isAtEnd = focusAtEnd && !isScrolledAway || scrolledToEnd
    if isAtEnd, !wasAtEnd, !isPausedByKey {
      resume()
    } else if !isAtEnd {
      isFollowing = false
      isPausedByKey = false
    }
    wasAtEnd = isAtEnd
  }

  /// `W`: pauses following, or resumes it (the focus goes to the last record).
  func toggle() {
    guard stream != nil else {
      context.show(message: "not following a stream: tgrid --follow (standard input) or tgrid -f FILE follows one")
      return
    }
    if isFollowing {
      isFollowing = false
      isPausedByKey = true
      context.show(message: "paused: W or moving to the last record follows again")
    } else {
      resume()
    }
    context.setNeedsDisplay()
  }

  private func resume() {
    isFollowing = true
    isPausedByKey = false
    newWhilePaused = 0
    focusLastRecord()
  }

  // MARK: - Status

  /// What the status line says first while a stream is followed: `FOLLOW`, or
  /// `+12 new ▼` while paused, and how many lines were not JSON.
  var statusPrefix: String {
    guard stream != nil else { return "" }
    var text = isFollowing ? "FOLLOW" : newWhilePaused > 0 ? "+\(newWhilePaused.formatted()) new ▼" : "paused"
    if textRecordCount > 0 {
      text += " · \(textRecordCount.formatted()) text line\(textRecordCount == 1 ? "" : "s")"
    }
    if droppedCount > 0 {
      text += " · \(droppedCount.formatted()) earlier record\(droppedCount == 1 ? "" : "s") dropped"
    }
    if overKeepCount > 0 {
      text += " · \(overKeepCount.formatted()) over --keep until saved"
    }
    return text + " · "
  }

  /// What the screen says before the first record arrives.
  var waitingText: String? {
    stream.map { "following \($0.name): waiting for the first record · q quits" }
  }
}

extension Int {
  /// The number with thousands separated by commas (`12,003`).
  fileprivate func formatted() -> String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (self < 0 ? "-" : "") + result
  }
}
