import TGridJSON

extension DocumentStore {
  /// The store `tgrid diff A B` and `tgrid A --diff B` browse: B, marked with its difference
  /// from A. A pair of up to ``comparesOnTheRunLoopUpToByteCount`` is compared before the
  /// first screen (milliseconds); a larger one on a thread of its own while B shows.
  /// - Throws: a `LoadFailure` (exit status 2) for a side that cannot be read or is not JSON.
  package static func comparing(
    old: String, new: String, mode: JSONTextMode = .automatic, maximumByteCount: Int,
    options: JSONDiffOptions = JSONDiffOptions()
  ) throws -> DocumentStore {
    let sides = try DiffDocument.loadSides(old: old, new: new, mode: mode, maximumByteCount: maximumByteCount)
    let store = DocumentStore(document: sides.new.document, name: sides.new.name, path: new == "-" ? nil : new)
    if !store.comparesInTheBackground(with: sides.old.document) {
      store.diff = DiffSession(
        diff: JSONDiff(old: sides.old.document, new: store.document, options: options), oldName: sides.old.name,
        store: store, options: options)
    } else {
      // B shows at once; the marks come when the comparison, on its own thread, is done.
      store.startComparing(with: sides.old.document, oldName: sides.old.name, options: options)
    }
    return store
  }

  /// Waits for a diff being made on its own thread (the benchmarks; the browser takes it at
  /// the run loop's next wake).
  package func waitForPendingDiff() {
    _ = pendingDiff?.waitForResult()
  }

  /// How many changes the diff shown has, if there is one (nil while it is being made).
  package var diffChangeCount: Int? { pendingDiff == nil ? diff?.stops.count : nil }
}
