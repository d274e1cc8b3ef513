import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Search keys and values (`/`).
  static let search: CommandIdentifier = "search"
  /// Go to the next match (`n`).
  static let nextMatch: CommandIdentifier = "nextMatch"
  /// Go to the previous match (`N`).
  static let previousMatch: CommandIdentifier = "previousMatch"
  /// Show only the elements that match a predicate (`f`).
  static let filter: CommandIdentifier = "filter"
  /// Show every element again (`F`).
  static let clearFilter: CommandIdentifier = "clearFilter"
}

/// What finding needs of the browser: the store, the collection view and the presentation
/// on screen, moves of the focus by id, prompts and messages, and a way to stop long work.
protocol FindingContext: AnyObject {
  /// The document.
  var store: DocumentStore { get }
  /// The one collection view (highlights are drawn over its part of the screen).
  var collectionView: CollectionView { get }
  /// The presentation on screen (what a filter applies to).
  var presentation: any Presentation { get }
  /// The focused value.
  var focusedNodeID: NodeID? { get }
  /// Focus and selection, by id.
  var selection: DocumentStore.Selection { get }
  /// Wakes the run loop from other threads (a search count), once it runs.
  var waker: RunLoopWaker? { get }
  /// Focuses a value and scrolls it into view.
  @discardableResult
  func focus(on id: NodeID) -> IndexPath?
  /// Puts focus and selection on the same values again (after a filter).
  func restore(_ selection: DocumentStore.Selection)
  /// Shows a short message in the status line until the next key.
  func show(message: String)
  /// Asks for a frame.
  func setNeedsDisplay()
  /// Opens a prompt in the status line.
  func open(_ prompt: StatusPrompt)
  /// A cancellation that stops on Esc, Ctrl-C or a signal (and after `milliseconds`).
  func interruptibleCancellation(afterMilliseconds milliseconds: Int?) -> JSONCancellation
  /// A search moved the focus away from `origin`: the place it left goes on the jump list.
  func recordJump(leaving origin: NodeID)
}

/// Finding: search over the whole document (`/`, `n`, `N`), as in less and vim (an
/// incremental search in the status line, Ctrl-R switching between literal text and a
/// regular expression, matches counted on another thread, `match 3/1,204`, and highlighted
/// wherever they show), and filters (`f`, `F`, `:filter`), evaluated at once or a slice
/// per frame.
///
/// It owns the search session and the filter being evaluated; it reaches the browser only
/// through its ``FindingContext``.
final class FindingController {
  /// The commands finding carries out.
  static let commands: Set<CommandIdentifier> = [.search, .nextMatch, .previousMatch, .filter, .clearFilter]

  /// The browser.
  private unowned let context: any FindingContext
  /// The search `n` and `N` go on with, whose matches are highlighted.
  private(set) var searchSession: SearchSession?
  /// The longest a search as the pattern is typed looks before it gives up until Enter
  /// (tests make it 0).
  var typedSearchMilliseconds = 150
  /// A filter being evaluated a slice per frame (a container too large to filter at once).
  private(set) var pendingFilter: PendingFilter?
  /// Containers with more elements than this are filtered a slice per frame, the app
  /// answering keys meanwhile (tests make it small).
  var slicedFilterElementCount = 100_000
  /// The most elements one slice evaluates (besides its time limit; tests make it small).
  var filterSliceElementCount = 1 << 20
  /// Whether a filter was on at the last change (its end rebuilds the views too).
  private var filterWasOn = false

  init(context: any FindingContext) {
    self.context = context
  }

  private var store: DocumentStore { context.store }
  private var waker: RunLoopWaker? { context.waker }
  private var focusedNodeID: NodeID? { context.focusedNodeID }
  private var selection: DocumentStore.Selection { context.selection }
  private func focus(on id: NodeID) { context.focus(on: id) }
  private func restore(_ selection: DocumentStore.Selection) { context.restore(selection) }
  private func show(message: String) { context.show(message: message) }
  private func setNeedsDisplay() { context.setNeedsDisplay() }
  private func interruptibleCancellation(afterMilliseconds milliseconds: Int? = nil) -> JSONCancellation {
    context.interruptibleCancellation(afterMilliseconds: milliseconds)
  }

  /// Carries out one of ``commands``. - Returns: whether it was one.
  func perform(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .search: beginSearch()
    case .nextMatch: goToMatch(forward: true)
    case .previousMatch: goToMatch(forward: false)
    case .filter: beginFilter()
    case .clearFilter: clearFilter()
    default: return false
    }
    return true
  }

  /// Whether a filter is being evaluated a slice per frame (frames are wanted at once).
  var isFiltering: Bool { pendingFilter != nil }

  /// What finding adds before the status line's position: the filter being evaluated, the
  /// search and its count, the filter on.
  func statusPrefix() -> String {
    var text = ""
    if let filter = store.filter { text = filter.statusText + " · " + text }
    if let searchSession { text = searchSession.statusText(isLoading: store.isLoading) + " · " + text }
    if let pendingFilter { text = pendingFilter.statusText + " · " + text }
    return text
  }

  /// Picks up a search count finished on another thread. - Returns: whether it changed.
  func takeSearchCount() -> Bool {
    searchSession?.takeCount() == true
  }

  /// `:noh`: as in vim, the highlights go, the pattern stays for n and N (which show them
  /// again).
  func hideHighlights() {
    searchSession?.hidesHighlights = true
  }

  // MARK: - Following the document

  /// Before the presentations follow a change: a filter being evaluated stops (its
  /// positions are the document's before the change).
  /// - Returns: the change the presentations follow: under a filter (or at its end)
  ///   positions in the steps are the document's, not the shown ones, so every
  ///   presentation rebuilds its items (every id still names the same value).
  func changeToFollow(_ change: DocumentChange) -> DocumentChange {
    if pendingFilter != nil {
      pendingFilter = nil
      show(message: "filter stopped: the document changed")
    }
    if change.reason == .replaced {
      filterWasOn = false
      return change
    }
    let followed = store.filter != nil || filterWasOn ? DocumentChange(reason: .grew, steps: []) : change
    filterWasOn = store.filter != nil
    return followed
  }

  /// After the presentations followed a change: says when it ended the filter, and counts
  /// the search's matches again.
  func didFollow(_ change: DocumentChange) {
    if change.reason != .replaced, store.filterEndedByChange {
      store.acknowledgeFilterEnd()
      show(message: "the filtered container is gone: the filter ended")
    }
    searchFollowChange()
  }

  // MARK: - Search

  /// Opens the search field. Each edit moves the focus to the first match after where it
  /// started; Enter keeps it there, Esc goes back (and to the search before).
  func beginSearch() {
    let origin = focusedNodeID
    let before = searchSession
    var isRegex = before?.search.syntax == .regularExpression
    let field = TextField(prompt: Self.searchPrompt(regex: isRegex))
    let hooks = StatusPrompt.FieldHooks(
      edited: { [unowned self] field in
        self.searchAsTyped(field.text, regex: isRegex, from: origin, field: field)
      },
      key: { [unowned self] key, field in
        guard case .control("r") = key.key else { return false }
        isRegex.toggle()
        field.prompt = Self.searchPrompt(regex: isRegex)
        self.searchAsTyped(field.text, regex: isRegex, from: origin, field: field)
        return true
      })
    context.open(
      .field(
        field,
        submit: { [unowned self] text in
          self.acceptSearch(text, from: origin)
        },
        cancel: { [unowned self] in
          self.searchSession = before
          if let origin { self.focus(on: origin) }
          self.setNeedsDisplay()
        }, hooks: hooks))
  }

  /// `/` or `regex /`.
  static func searchPrompt(regex: Bool) -> String { regex ? "regex /" : "/" }

  /// Searches as the pattern is typed: the focus goes to the first match after `origin`.
  private func searchAsTyped(_ text: String, regex: Bool, from origin: NodeID?, field: TextField) {
    guard !text.isEmpty else {
      searchSession = nil
      if let origin { focus(on: origin) }
      return
    }
    let search: JSONSearch
    do {
      search = try JSONSearch(text, syntax: regex ? .regularExpression : .literal)
    } catch {
      field.note = "\(error)"
      return
    }
    let session = SearchSession(search: search)
    searchSession = session
    let document = store.document
    let start = origin.flatMap(store.node)
    let found: JSONNode?
    do {
      // A key must never wait for a scan of gigabytes: past the time limit the search
      // stops, and Enter searches the whole document.
      found = try search.nextMatch(
        after: start, in: document, wrapping: true,
        cancellation: interruptibleCancellation(afterMilliseconds: typedSearchMilliseconds))
    } catch {
      session.isCutShort = true
      field.note = "no match nearby: Enter searches on"
      if let origin { focus(on: origin) }
      session.startCounting(in: document, before: nil, waker: waker)
      return
    }
    guard let found else {
      field.note = store.isLoading ? "no match yet" : "no match"
      if let origin { focus(on: origin) }
      session.startCounting(in: document, before: nil, waker: waker)
      return
    }
    let id = store.id(found)
    session.current = id
    focus(on: id)
    session.startCounting(in: document, before: found, waker: waker)
  }

  /// Enter in the search field.
  private func acceptSearch(_ text: String, from origin: NodeID?) -> StatusPrompt.FieldResult {
    guard !text.isEmpty else {
      searchSession = nil
      return .close
    }
    guard let session = searchSession, session.search.pattern == text else {
      return .keepOpen("not a valid pattern")
    }
    if session.isCutShort {
      // The search as typed stopped early: now through the whole document.
      session.isCutShort = false
      let document = store.document
      let found: JSONNode?
      do {
        // A file of gigabytes takes a while: Esc stops it, as it stops a filter.
        found = try session.search.nextMatch(
          after: origin.flatMap(store.node), in: document, wrapping: true, cancellation: interruptibleCancellation())
      } catch {
        session.isCutShort = true
        show(message: "search stopped (Esc): n searches on")
        if let origin { focus(on: origin) }
        return .close
      }
      if let found {
        let id = store.id(found)
        session.current = id
        focus(on: id)
        session.startCounting(in: document, before: found, waker: waker)
      }
    }
    if session.current == nil {
      show(message: "no match for \(text)" + (store.isLoading ? " in what has loaded" : ""))
      if let origin { focus(on: origin) }
    } else if let origin, focusedNodeID != origin {
      // The search moved the focus as it was typed: the place it started from is the jump's.
      context.recordJump(leaving: origin)
    }
    return .close
  }

  /// `n` and `N`: the next or previous match in document order, wrapping around, with
  /// what hides it opened.
  func goToMatch(forward: Bool) {
    guard let session = searchSession else {
      show(message: "no search yet: / searches")
      return
    }
    session.hidesHighlights = false
    let document = store.document
    // Start from the last match when the focus is still on it (or on the card that holds
    // it), else from the focus.
    let focused = focusedNodeID
    var fromCurrent = false
    var start = focused.flatMap(store.node)
    if let current = session.current, let node = store.node(current), let focused,
      current == focused || store.ancestry(of: current).contains(focused)
    {
      start = node
      fromCurrent = true
    }
    let found: JSONNode?
    do {
      let cancellation = interruptibleCancellation()
      found =
        try forward
        ? session.search.nextMatch(after: start, in: document, wrapping: true, cancellation: cancellation)
        : session.search.previousMatch(before: start, in: document, wrapping: true, cancellation: cancellation)
    } catch {
      show(message: "search stopped (Esc)")
      return
    }
    guard let found else {
      show(message: "no match for \(session.search.pattern)")
      return
    }
    let wrapped = start.map { forward ? found.index <= $0.index : found.index >= $0.index } ?? false
    let id = store.id(found)
    session.moved(to: id, forward: forward, wrapped: wrapped, fromCurrent: fromCurrent)
    if session.ordinal == nil || session.total == nil {
      session.startCounting(in: document, before: found, waker: waker)
    }
    focus(on: id)
    if wrapped { show(message: forward ? "search went on from the top" : "search went on from the bottom") }
  }

  /// Stops the search's count under way, if any, for a save: on a loaded machine the
  /// count's thread takes half of what the processors give the app, and the save's copy is
  /// work on a processor too (on 1 GB with a count beside it the save took 4.1–4.5 s, without
  /// 1.95 s). ``resumeCountAfterSave()`` starts it again.
  /// - Returns: whether a count was stopped.
  func pauseCountForSave() -> Bool {
    guard let session = searchSession, session.isCounting else { return false }
    session.cancel()
    return true
  }

  /// Starts the count ``pauseCountForSave()`` stopped again.
  func resumeCountAfterSave() {
    searchFollowChange()
  }

  /// The document changed: counts start again on the new one.
  private func searchFollowChange() {
    guard let session = searchSession else { return }
    let current = session.current.flatMap(store.node)
    if session.current != nil && current == nil { session.current = nil }
    session.ordinal = nil
    session.startCounting(in: store.document, before: current, waker: waker)
  }

  // MARK: - Highlights

  /// Marks every occurrence of the search on the collection view's part of the screen, in
  /// whatever view shows it: keys, values, cells, boxes (only what is visible is looked at).
  func highlightMatches(in canvas: inout Canvas, colorCount: Int) {
    guard let session = searchSession, !session.hidesHighlights, !session.search.isEmpty else { return }
    let search = session.search
    let area = context.collectionView.frame.intersection(canvas.bounds)
    guard area.columns > 0, area.rows > 0 else { return }
    let highlight: (Style) -> Style =
      colorCount == 0
      ? { $0.adding([.bold, .underline]) }
      : { _ in Style(foreground: .black, background: .yellow, attributes: .bold) }
    for row in area.row..<area.maxRow {
      // The row's characters and the column each starts at (wide ones take two).
      var text = ""
      var columns: [Int] = []
      for column in area.column..<area.maxColumn {
        let cell = canvas[column, row]
        guard !cell.isContinuation else { continue }
        text.append(cell.character)
        columns.append(column)
      }
      for range in search.ranges(in: text) {
        let lower = text.distance(from: text.startIndex, to: range.lowerBound)
        let upper = text.distance(from: text.startIndex, to: range.upperBound)
        guard lower < upper, lower < columns.count else { continue }
        let start = columns[lower]
        let end = upper < columns.count ? columns[upper] : area.maxColumn
        canvas.restyle(CellRect(column: start, row: row, columns: end - start, rows: 1), highlight)
      }
    }
  }

  // MARK: - Filter

  /// Opens the filter field (`f`): a predicate in a small subset of jq, kept for the
  /// elements of the focused container.
  func beginFilter() {
    guard let container = filterTarget() else {
      show(message: "a filter shows some elements of an array or object: focus one of its elements")
      return
    }
    let current = store.filter.map { "\($0.filter)" } ?? ""
    context.open(
      .field("filter: ", text: current) { [unowned self] text in
        self.applyFilter(text, on: container)
      })
  }

  /// The container a filter applies to: the focused value when its children show after it
  /// (an expanded tree node) or it is the shown root, else the container holding it.
  func filterTarget() -> NodeID? {
    if let existing = store.filter, store.node(existing.container) != nil { return existing.container }
    let presentation = context.presentation
    if let decided = presentation.filterContainer { return decided }
    guard let focused = focusedNodeID, let node = store.node(focused) else {
      return presentation.emptyContainer
    }
    let document = store.document
    // An open array (or an open object of records) is filtered itself; an open record is
    // one of the elements to filter, not a list of its own.
    if document.parent(of: node) == nil
      || presentation.showsChildren(of: focused) && Self.holdsElements(node, in: document)
    {
      return document.isContainer(node) ? focused : store.parent(of: focused)
    }
    // A field of a record (a card inside an opened record, a match in it): the records
    // are filtered, the nearest array around it (else the nearest object of records), not
    // the record's own members.
    var objectOfRecords: JSONNode?
    var ancestor = document.parent(of: node)
    while let candidate = ancestor {
      if document.kind(of: candidate) == .array { return store.id(candidate) }
      if objectOfRecords == nil, Self.holdsElements(candidate, in: document) { objectOfRecords = candidate }
      ancestor = document.parent(of: candidate)
    }
    return objectOfRecords.map(store.id) ?? store.parent(of: focused)
  }

  /// An array, or an object whose first two members (or only one) are objects: records by
  /// key (`{"id1": {…}, "id2": {…}}`), not a record that starts with a nested object.
  static func holdsElements(_ node: JSONNode, in document: JSONDocument) -> Bool {
    switch document.kind(of: node) {
    case .array: return true
    case .object:
      let first = document.child(at: 0, of: node)
      let second = document.child(at: 1, of: node)
      return first.map { document.kind(of: $0) == .object } == true
        && second.map { document.kind(of: $0) == .object } != false
    default: return false
    }
  }

  /// Applies a filter typed in the field (or given with `--filter`); an error keeps the
  /// field open with the column.
  /// With `sliced`, a container of more than ``slicedFilterElementCount`` elements is
  /// filtered a slice per frame (``PendingFilter``); else at once (`--filter`, `dump`).
  func applyFilter(_ text: String, on container: NodeID, sliced: Bool = true) -> StatusPrompt.FieldResult {
    let trimmed = text.trimmingSpaces
    guard !trimmed.isEmpty else {
      clearFilter()
      return .close
    }
    let filter: JSONFilter
    do {
      filter = try JSONFilter(trimmed)
    } catch {
      return .keepOpen("\(error)")
    }
    pendingFilter = nil
    if sliced, let node = store.node(container), store.document.childCount(of: node) > slicedFilterElementCount {
      // Too many to filter between two keys: a slice per frame, keys answered meanwhile.
      pendingFilter = PendingFilter(container: container, filter: filter, total: store.document.childCount(of: node))
      setNeedsDisplay()
      return .close
    }
    let kept = selection
    // Esc stops it, even inside one long regular-expression match.
    let cancellation = interruptibleCancellation()
    guard store.setFilter(filter, on: container, cancellation: cancellation) else {
      show(message: cancellation.isCancelled ? "filter stopped" : "the container to filter is gone")
      return .close
    }
    restore(kept)
    reportFilter(text: trimmed)
    return .close
  }

  /// Says when the filter just applied keeps nothing or left elements out.
  private func reportFilter(text: String) {
    guard let applied = store.filter else { return }
    if applied.shown.isEmpty, let error = applied.firstError {
      // An error on every element says why, not only that nothing matched.
      show(message: "nothing matches, \(JSONPreview.grouped(applied.errorCount)) errors: \(error)")
    } else if applied.shown.isEmpty {
      show(message: "nothing matches \(text): F shows every element again")
    } else if let error = applied.firstError {
      show(message: "\(JSONPreview.grouped(applied.errorCount)) elements left out: \(error)")
    }
  }

  /// A filter evaluated a slice per frame: the container, where it has got to, and what
  /// it has kept so far (positions of the document as it was when the filter began; a
  /// change of the document stops it).
  struct PendingFilter {
    var container: NodeID
    var filter: JSONFilter
    var total: Int
    var next = 0
    var result = JSONFilterResult()

    /// `filtering 34% · 12 kept so far · Esc stops`.
    var statusText: String {
      "filtering \(total > 0 ? next * 100 / total : 100)% · \(JSONPreview.grouped(result.matches.count)) kept so far · Esc stops"
    }
  }

  /// Evaluates the pending filter for about `milliseconds` (and at most
  /// ``filterSliceElementCount`` elements); applies it once every element is done.
  func continueFiltering(forMilliseconds milliseconds: Int) {
    guard var pending = pendingFilter else { return }
    guard let node = store.node(pending.container) else {
      pendingFilter = nil
      return
    }
    let deadline = MonotonicClock.milliseconds() + milliseconds
    var budget = filterSliceElementCount
    let document = store.document
    let cancellation = interruptibleCancellation()
    while pending.next < pending.total && budget > 0 {
      let count = min(4096, budget, pending.total - pending.next)
      do {
        // Esc typed during a slice (a long match inside it) stops the filter at once.
        try pending.filter.filter(
          elementsOf: node, at: pending.next..<(pending.next + count), in: document, into: &pending.result,
          cancellation: cancellation)
      } catch {
        stopFiltering()
        return
      }
      pending.next += count
      budget -= count
      if MonotonicClock.milliseconds() >= deadline { break }
    }
    guard pending.next >= pending.total else {
      pendingFilter = pending
      setNeedsDisplay()
      return
    }
    pendingFilter = nil
    let kept = selection
    store.setFilter(ElementFilter(container: pending.container, filter: pending.filter, result: pending.result))
    restore(kept)
    reportFilter(text: "\(pending.filter)")
  }

  /// Esc while a filter is evaluated: it stops, and nothing changes.
  func stopFiltering() {
    pendingFilter = nil
    show(message: "filter stopped")
  }

  /// `F`: every element again, the focus kept.
  func clearFilter() {
    guard store.filter != nil else {
      // VisiData's Shift-F is the frequency sheet: where a view has one, say its key.
      let frequency = context.presentation.keyBindings.keys(for: .showFrequencySheet).first
      show(message: "no filter to clear" + (frequency.map { " · frequency: \($0.name)" } ?? ""))
      return
    }
    let kept = selection
    store.setFilter(nil, on: store.root)
    restore(kept)
    show(message: "filter cleared")
  }
}
