import TGridJSON
import TGridSystem

/// How `tgrid diff A B` opens the browser (the command line, and `tgrid-bench jsondiff
/// --screen`): a pair of files larger than ``DiffDocument/comparedBeforeTheFirstScreenUpTo``
/// opens on B as `tgrid FILE` does — its first screenful at once, the rest read in the
/// background while the browser shows it — and A is read on the comparison's own thread
/// (``DiffComputation``) meanwhile, then compared with the whole of B once B's load ends;
/// the marks come when the comparison is done. A smaller pair, or one read from standard
/// input, is read whole first (``DocumentStore/comparing(old:new:mode:maximumByteCount:options:)``).
package struct DiffOpening {
  /// The store to browse: B, or what of it is read so far.
  package let store: DocumentStore
  /// B's load still running, for the browser to follow (nil: B was read whole).
  package let load: DocumentLoad?

  /// Opens the pair: returns once B's first screenful is read (or the whole of B, or of a
  /// small pair).
  /// - Throws: a `LoadFailure` (exit status 2) for a side that cannot be read, is not JSON
  ///   from its start, or for A when its failure is known by then. A later failure of
  ///   either side ends the browser with its message (``DocumentStore/takeFinishedDiff()``).
  package static func open(
    old: String, new: String, mode: JSONTextMode = .automatic, maximumByteCount: Int,
    options: JSONDiffOptions = JSONDiffOptions(),
    comparedBeforeTheFirstScreenUpTo limit: Int = DiffDocument.comparedBeforeTheFirstScreenUpTo
  ) throws -> DiffOpening {
    // Standard input, and a file that cannot be read, go the way that reads both first
    // (and says what is wrong before the terminal is touched).
    guard old != "-", new != "-", let oldSize = readableSize(old), let newSize = readableSize(new),
      oldSize + newSize > limit
    else {
      let store = try DocumentStore.comparing(
        old: old, new: new, mode: mode, maximumByteCount: maximumByteCount, options: options)
      return DiffOpening(store: store, load: nil)
    }
    let computation = DiffComputation(
      oldPath: old, oldName: DocumentLoader.baseName(old), mode: mode, maximumByteCount: maximumByteCount,
      options: options)
    let name = DocumentLoader.baseName(new)
    let load = DocumentLoad(
      path: new, name: name, options: JSONParseOptions(mode: mode), maximumByteCount: maximumByteCount,
      yieldsToFirstScreen: true)
    load.start()
    let ended = load.waitForFirstScreen(children: DocumentLoad.firstScreenChildren, milliseconds: 200)
    // A that failed already (not JSON from its first bytes) is said before the browser opens.
    if case .failed(let failure) = computation.takeOutcome() {
      load.cancel()
      throw failure
    }
    guard ended else {
      let store =
        load.preview.map { DocumentStore(document: $0, name: name, path: new, isLoading: true) }
        ?? DocumentStore.waitingForLoad(name: name, path: new)
      store.startComparing(computation)
      return DiffOpening(store: store, load: load)
    }
    switch load.phase {
    case .finished:
      guard let document = load.takeDocument() else { break }
      let store = DocumentStore(document: document, name: name, path: new)
      store.startComparing(computation)
      computation.compare(with: store.document)
      return DiffOpening(store: store, load: nil)
    case .failed(let failure):
      computation.cancel()
      throw LoadFailure(message: failure.message, exitCode: 2)
    default: break
    }
    computation.cancel()
    throw LoadFailure(message: "tgrid: \(new): the load ended without a document", exitCode: 2)
  }

  /// The size of a regular file that can be read, else nil.
  private static func readableSize(_ path: String) -> Int? {
    guard SystemFile.isReadable(path), let status = try? SystemFile.status(ofPath: path), status.kind == .regular
    else { return nil }
    return status.size
  }
}
