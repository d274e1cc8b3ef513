import Dispatch
import TGridJSON
import TermGrid

/// The search the browser keeps after `/`: its pattern, the match the focus went to, that
/// match's number and the number of all matches.
///
/// Counting reads the whole document, so it runs on another thread (a 100 MB file takes a
/// tenth of a second; a million matches never hold up a key). The count is handed back
/// through a lock and the run loop is woken; ``takeCount()`` picks it up on the run loop's
/// thread. A change of the document cancels a count under way and starts another.
final class SearchSession {
  /// The search.
  let search: JSONSearch
  /// The match the focus went to last (which may be inside a card the grid shows whole).
  var current: NodeID?
  /// The number of ``current`` among all matches (1 for the first), when known.
  var ordinal: Int?
  /// The number of matches in the document, once counted.
  private(set) var total: Int?
  /// Whether the search as the pattern was typed stopped at its time limit before it found
  /// a match (Enter then searches the whole document).
  var isCutShort = false
  /// Whether the matches are drawn plainly (`:noh`) until the next `n` or `N`.
  var hidesHighlights = false

  /// A count handed back by the counting thread.
  private struct Count: Sendable {
    var generation: Int
    var total: Int
    var before: Int?
  }

  private let finished = Locked<Count?>(nil)
  private var cancellation: JSONCancellation?
  private var generation = 0

  init(search: JSONSearch) {
    self.search = search
  }

  deinit {
    cancellation?.cancel()
  }

  /// Whether a count is under way.
  var isCounting: Bool { cancellation != nil }

  /// Counts the matches of `document` on another thread, and those before `match` (its
  /// number), then wakes the run loop through `waker`. A count already under way is
  /// cancelled; the last total stays shown until the new one arrives.
  func startCounting(in document: JSONDocument, before match: JSONNode?, waker: RunLoopWaker?) {
    cancellation?.cancel()
    generation += 1
    let cancellation = JSONCancellation()
    self.cancellation = cancellation
    let generation = generation
    let search = search
    let finished = finished
    DispatchQueue.global(qos: .userInitiated).async {
      var total = 0
      var before = 0
      do {
        // One pass: matches come in document order, so those before the match come first.
        try search.forEachMatch(in: document, cancellation: cancellation) { node in
          if let match, node.index < match.index { before += 1 }
          total += 1
          return true
        }
      } catch {
        return
      }
      finished.withLock { $0 = Count(generation: generation, total: total, before: match.map { _ in before }) }
      waker?.wake()
    }
  }

  /// Takes a finished count (on the run loop's thread).
  /// - Returns: whether the numbers changed.
  @discardableResult
  func takeCount() -> Bool {
    guard
      let count = finished.withLock({ value -> Count? in
        defer { value = nil }
        return value
      }), count.generation == generation
    else { return false }
    cancellation = nil
    total = count.total
    if let before = count.before { ordinal = before + 1 }
    return true
  }

  /// Stops a count under way.
  func cancel() {
    cancellation?.cancel()
    cancellation = nil
  }

  /// Moved to the next (`forward`) or previous match: the number follows when it was
  /// known and the move did not wrap around; else it is counted again.
  func moved(to match: NodeID, forward: Bool, wrapped: Bool, fromCurrent: Bool) {
    current = match
    guard fromCurrent, let known = ordinal, let total else {
      ordinal = nil
      return
    }
    if wrapped {
      ordinal = forward ? 1 : total
    } else {
      ordinal = forward ? min(total, known + 1) : max(1, known - 1)
    }
  }

  /// What the status line says: `match 3/1,204`, `match 3/…` while counting,
  /// `1,204 so far` while the file loads.
  func statusText(isLoading: Bool) -> String {
    let number = ordinal.map(JSONPreview.grouped) ?? "…"
    guard let total else { return "match \(number)/…" }
    if total == 0 { return "no match" }
    return "match \(number)/\(JSONPreview.grouped(total))" + (isLoading ? " so far" : "")
  }
}
