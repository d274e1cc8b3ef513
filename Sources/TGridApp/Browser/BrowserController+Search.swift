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

/// Search over the whole document (`/`, `n`, `N`), as in less and vim: an incremental
/// search in the status line (Ctrl-R switches between literal text and a regular
/// expression), matches counted on another thread (`match 3/1,204`) and highlighted
/// wherever they show.
extension BrowserController {
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
    prompt = .field(
      field,
      submit: { [unowned self] text in
        self.acceptSearch(text, from: origin)
      },
      cancel: { [unowned self] in
        self.searchSession = before
        if let origin { self.focus(on: origin) }
        self.setNeedsDisplay()
      }, hooks: hooks)
    setNeedsDisplay()
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
      navigation.recordJump(from: Navigation.Place(id: origin, kind: presentation.kind))
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
      found = try forward
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

  /// The document changed: counts start again on the new one.
  func searchFollowChange() {
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
    let area = collectionView.frame.intersection(canvas.bounds)
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
    prompt = .field("filter: ", text: current) { [unowned self] text in
      self.applyFilter(text, on: container)
    }
    setNeedsDisplay()
  }

  /// The container a filter applies to: the focused value when its children show after it
  /// (an expanded tree node) or it is the shown root, else the container holding it.
  func filterTarget() -> NodeID? {
    if let existing = store.filter, store.node(existing.container) != nil { return existing.container }
    if let decided = presentation.filterContainer { return decided }
    guard let focused = focusedNodeID, let node = store.node(focused) else {
      return presentation.emptyContainer
    }
    let document = store.document
    // An open array (or an open object of records) is filtered itself; an open record is
    // one of the elements to filter, not a list of its own.
    if document.parent(of: node) == nil || presentation.showsChildren(of: focused) && Self.holdsElements(node, in: document) {
      return document.isContainer(node) ? focused : store.parent(of: focused)
    }
    return store.parent(of: focused)
  }

  /// An array, or an object whose first member is an object (records by key).
  static func holdsElements(_ node: JSONNode, in document: JSONDocument) -> Bool {
    switch document.kind(of: node) {
    case .array: return true
    case .object: return document.child(at: 0, of: node).map { document.kind(of: $0) == .object } ?? false
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
    if applied.shown.isEmpty {
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
      show(message: "no filter to clear")
      return
    }
    let kept = selection
    store.setFilter(nil, on: store.root)
    restore(kept)
    show(message: "filter cleared")
  }

  // MARK: - Completing paths on the command line

  /// Where Tab and Shift-Tab are in a list of candidates on the command line: the
  /// completion, and the text each step put in the field (typing anything else starts over).
  final class CompletionCycle {
    var completion: JSONPathCompletion?
    var base = ""
    var index: Int?
    var applied = ""
  }

  /// Tab on the command line: completes a path's last step from the document (keys,
  /// positions); several candidates extend it to what they share and are listed; Tab again
  /// puts in each candidate in turn, Shift-Tab goes back (as in vim's wildmenu).
  func completePath(in field: TextField, cycle: CompletionCycle = CompletionCycle(), forward: Bool = true) -> Bool {
    let text = field.text
    if let completion = cycle.completion, text == cycle.applied, completion.candidates.count > 1 {
      let count = completion.candidates.count
      let next = cycle.index.map { ($0 + (forward ? 1 : count - 1)) % count } ?? (forward ? 0 : count - 1)
      cycle.index = next
      cycle.applied = completion.applying(completion.candidates[next], to: cycle.base)
      field.text = cycle.applied
      field.note = "\(next + 1)/\(count)" + (completion.totalCount > count ? " of the first \(count)" : "")
      return true
    }
    cycle.completion = nil
    cycle.index = nil
    guard let first = text.first, first == "." || first == "$" || first == "/" else { return false }
    let completion = store.document.completions(forPath: text)
    guard !completion.candidates.isEmpty else {
      field.note = "nothing to complete"
      return true
    }
    if completion.candidates.count == 1, let only = completion.candidates.first {
      field.text = completion.applying(only, to: text)
      field.note = ""
      return true
    }
    let extended = completion.applying(completion.commonPrefix, to: text)
    if extended.count > text.count { field.text = extended }
    cycle.completion = completion
    cycle.base = text
    cycle.applied = field.text
    let shown = completion.candidates.prefix(8).joined(separator: "  ")
    let more = completion.totalCount - min(8, completion.candidates.count)
    field.note = shown + (more > 0 ? "  (+\(JSONPreview.grouped(more)))" : "")
    return true
  }
}
