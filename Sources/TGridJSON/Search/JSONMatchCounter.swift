import Synchronization

/// Counts the matches of a search in a document that is still loading, each time only in
/// what was added since the last count.
///
/// Feed it the successive previews of a ``JSONProgressiveParser``
/// (`preview(maximumChildren: .max)`) and finally its document: they share the tape of the
/// values already complete, so the count of those carries over. Any other document (an
/// edited one, another file) is counted from the start. Safe to use from any thread.
public final class JSONMatchCounter: Sendable {
  /// The search being counted.
  public let search: JSONSearch

  private struct State {
    /// The text the counted tape belongs to.
    var original: JSONBytes?
    /// Tape words counted (all below this index), and matches among them.
    var countedWords = 0
    var count = 0
  }

  private let state = Mutex(State())

  /// A counter for `search`, with nothing counted yet.
  public init(search: JSONSearch) {
    self.search = search
  }

  /// The number of matches in `document`.
  ///
  /// - Throws: `CancellationError` when `cancellation` is cancelled; what was counted
  ///   before the call is kept.
  public func count(in document: JSONDocument, cancellation: JSONCancellation? = nil) throws(CancellationError) -> Int {
    let storage = document.storage
    let words = storage.words.count
    var (start, count) = state.withLock { state -> (Int, Int) in
      let continues =
        state.original === storage.original && !document.isEdited && state.countedWords <= words
        && state.countedWords > 0
      return continues ? (state.countedWords, state.count) : (document.root.index, 0)
    }
    start = max(start, document.root.index)
    try search.scan(document, range: start..<words, cancellation: cancellation) { _ in
      count += 1
      return true
    }
    let total = count
    // An edited document's tape is not a prefix of the next one: count it from the start
    // next time.
    let isPrefix = !document.isEdited || document.isPartial
    state.withLock { state in
      state = isPrefix ? State(original: storage.original, countedWords: words, count: total) : State()
    }
    return total
  }
}
