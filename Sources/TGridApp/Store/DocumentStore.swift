import TGridJSON
import TGridSystem
import TermGrid

/// The one owner of the document the app shows: the talk's data controller.
///
/// Every edit goes through ``perform(_:selection:_:)``, which applies it with the engine's
/// editing API, records it for undo and redo, and announces it as a ``DocumentChange`` to
/// ``onChange`` (the browser forwards it to its presentations, which turn it into batch
/// updates). Values are named by stable ``NodeID``s across edits; ``node(_:)`` and
/// ``id(_:)`` translate to and from the engine's tape positions.
///
/// Read the document through ``document`` and never keep a copy of it: a copy goes stale at
/// the next edit (and makes that edit copy the whole tape).
package final class DocumentStore {
  /// Where the focus and the selection were, by id: kept with each undo step, so undo and
  /// redo put them back.
  struct Selection: Hashable, Sendable {
    var focus: NodeID?
    var selected: [NodeID]

    init(focus: NodeID? = nil, selected: [NodeID] = []) {
      self.focus = focus
      self.selected = selected
    }
  }

  /// One command's edits: one step of undo.
  struct Transaction {
    /// What to call it ("Paste", "Delete").
    var name: String
    /// The engine's edits, in the order to revert them for this direction, with the
    /// identity splices that go with them.
    fileprivate var edits: [AppliedEdit]
    /// What changed, in order.
    var steps: [DocumentChange.Step]
    /// Focus and selection before and after the command.
    var before: Selection
    var after: Selection
    /// Which document state it leads to (for ``isModified``).
    fileprivate var generation: Int
    fileprivate var generationBefore: Int
    /// For a step that replaced the whole document (a recovery file restored): the other
    /// document and its ids, swapped back in by undo (and out again by redo).
    fileprivate var replaced: Replaced?
  }

  /// A whole document and its ids, kept by an undo step that replaced them.
  fileprivate struct Replaced {
    var document: JSONDocument
    var identity: NodeIdentityMap
  }

  fileprivate struct AppliedEdit {
    /// Reverting it undoes (or redoes) one engine edit.
    var edit: JSONEdit
    /// Applying it makes the same change to the identity map.
    var identitySplice: NodeIdentityMap.Splice
  }

  /// The document. Read it here each time; never keep a copy.
  ///
  /// Changed only with ``changeLock`` held (as are ``path`` and the saved state), so the
  /// termination watchdog can read it from its own thread (``readFromAnyThread(_:)``).
  package private(set) var document: JSONDocument
  /// Held while the document, its path or its saved state change.
  private let changeLock = Locked(())
  /// Ids ↔ tape positions.
  private(set) var identity = NodeIdentityMap()
  /// The name shown for the document (a file name, `(stdin)`, `demo: …`); a save under
  /// another name (`:saveas`) renames it.
  private(set) var name: String
  /// The file it was read from (or last saved to), when it is a file.
  private(set) var path: String?
  /// The file as it was when read or last saved: a save first checks it did not change
  /// on disk meanwhile.
  var fileStatus: FileStatus?
  /// The member that labels a record everywhere (`--label`, `L`), or nil to choose one per
  /// record (see ``JSONPreview/titleMember(of:in:field:)``).
  var labelField: String?
  /// The difference from an older document shown on this one (`tgrid diff A B`), if any:
  /// every presentation marks the values it names.
  var diff: DiffSession?
  /// Called after each change, with what changed.
  var onChange: ((DocumentChange) -> Void)?
  /// The filter every view applies to one container's elements, if any (a view of the
  /// document, evaluated again after each change; see ``ElementFilter``).
  private(set) var filter: ElementFilter?
  /// Set when a change removed the filtered container (so the filter ended), until read.
  private(set) var filterEndedByChange = false

  private(set) var undoStack: [Transaction] = []
  private(set) var redoStack: [Transaction] = []
  /// The document state as last saved (or loaded); compared with the current one.
  private var savedGeneration = 0
  private var currentGeneration = 0
  private var nextGeneration = 1
  /// The transaction being built by ``perform(_:selection:_:)``.
  fileprivate var pending: Transaction?

  package init(document: JSONDocument, name: String, path: String? = nil, isLoading: Bool = false) {
    self.document = document
    self.name = name
    self.path = path
    loadIsRunning = isLoading
  }

  // MARK: - Reading

  /// Whether the document is still loading (a preview of its first values): it cannot be
  /// edited until the load ends.
  package var isLoading: Bool { loadIsRunning || document.isPartial || pendingDiff != nil }

  /// Why an edit is refused now: A is shown, the file loads, or a diff is being made.
  var whyEditsWait: EditError {
    showsOldSide ? .showingOldSide : loadIsRunning || document.isPartial ? .loading : .comparing
  }

  /// A diff still being made on its own thread (``DiffComputation``): edits wait for it.
  private(set) var pendingDiff: DiffComputation?

  /// The largest pair of documents (bytes of both as read) compared on the run loop's
  /// thread, at open and when `]a` lines an array up again; a larger pair is compared on a
  /// thread of its own (``startComparing(with:oldName:options:keeping:)``). Tests lower it.
  var comparesOnTheRunLoopUpToByteCount = DiffDocument.comparedBeforeTheFirstScreenUpTo

  /// Whether a pair with `old` is too large to compare on the run loop's thread.
  func comparesInTheBackground(with old: JSONDocument) -> Bool {
    old.originalByteCount + document.originalByteCount > comparesOnTheRunLoopUpToByteCount
  }

  /// The session whose choices the diff being made keeps (only the changes shown, what `>`
  /// settled).
  private var choicesOfPendingDiff: DiffSession?

  /// Compares the document with `old` on a thread of its own; ``takeFinishedDiff()`` marks
  /// the document once the comparison is done, keeping the choices made in `previous` (a
  /// comparison again, after `]a`). Until then the marks are `previous`'s.
  func startComparing(
    with old: JSONDocument, oldName: String, options: JSONDiffOptions = JSONDiffOptions(),
    keeping previous: DiffSession? = nil
  ) {
    startComparing(DiffComputation(old: old, new: document, oldName: oldName, options: options), keeping: previous)
  }

  /// Waits for `computation` (its diff, then its pairing of A's values with B's): the
  /// document counts as loading until its diff is taken. A `` ` `` that waited for the
  /// pairing of the comparison before (`]a` compares again while it pairs) waits for this
  /// one's.
  func startComparing(_ computation: DiffComputation, keeping previous: DiffSession? = nil) {
    precondition(pendingDiff == nil, "DocumentStore.startComparing: a comparison is already running")
    if pairingDiff?.switchesSideWhenPaired == true { computation.switchesSideWhenPaired = true }
    dropSidePairing()
    pendingDiff = computation
    choicesOfPendingDiff = previous
  }

  /// Marks the document with a diff made on its own thread, if it is ready.
  /// - Returns: whether it was (every view then reads its items again).
  /// - Throws: the old document's ``LoadFailure`` when the thread could not read it.
  func takeFinishedDiff() throws(LoadFailure) -> Bool {
    guard let pending = pendingDiff, let outcome = pending.takeOutcome() else { return false }
    pendingDiff = nil
    switch outcome {
    case .failed(let failure):
      throw failure
    case .compared(let result):
      let made = DiffSession(diff: result, oldName: pending.oldName, store: self, options: pending.options)
      diff = choicesOfPendingDiff.map { made.keepingChoices(of: $0, store: self) } ?? made
      choicesOfPendingDiff = nil
      pairingDiff = pending
      return true
    }
  }

  /// The comparison whose diff was taken while its thread pairs A's values with B's.
  private(set) var pairingDiff: DiffComputation?

  /// A's values paired with B's for the diff shown (``JSONDiff/counterpartRuns()``), kept
  /// until the document changes: what ``showOldSide()`` needs, made once.
  private var sidePairing: (diff: JSONDiff, runs: [JSONDiff.CounterpartRun])?

  /// Whether a comparison's thread is still pairing A's values with B's (a large pair).
  package var isPairing: Bool { pairingDiff != nil }

  /// Whether the pairing that `` ` `` needs is ready (made with the diff, or at an earlier switch).
  package var hasSidePairing: Bool { sidePairing != nil }

  /// Keeps the pairing the comparison's thread made, if it is ready.
  /// - Returns: whether `` ` `` was pressed while it was made (A is to be shown now).
  func takeFinishedPairing() -> Bool {
    guard let computation = pairingDiff, let pairing = computation.takePairing() else { return false }
    pairingDiff = nil
    sidePairing = pairing
    return computation.switchesSideWhenPaired
  }

  /// Forgets the pairing (the document is about to change, or is compared again): it holds
  /// the document's tape, which an edit would otherwise copy whole.
  private func dropSidePairing() {
    sidePairing = nil
    pairingDiff = nil
  }
  private var loadIsRunning: Bool

  /// Whether anything is shown yet: a load may not have parsed a first value.
  private(set) var hasContent = true

  /// The root value's id.
  var root: NodeID { id(document.root) }

  /// The value's current node, or `nil` when it no longer exists.
  func node(_ id: NodeID) -> JSONNode? {
    guard let node = identity.node(for: id), document.contains(node) else { return nil }
    return node
  }

  /// The id of a node of the current document.
  func id(_ node: JSONNode) -> NodeID {
    identity.id(of: node)
  }

  /// The container holding a value.
  func parent(of id: NodeID) -> NodeID? {
    node(id).flatMap(document.parent(of:)).map(self.id)
  }

  /// Where a value sits: its container, its position there, and how many children the
  /// container has; `nil` for the top-level value.
  func place(of id: NodeID) -> (parent: NodeID, position: Int, siblingCount: Int)? {
    let document = self.document
    guard let node = node(id), let parent = document.parent(of: node), let position = document.position(of: node)
    else { return nil }
    return (self.id(parent), position, document.childCount(of: parent))
  }

  /// The value and its ancestors' ids, the value first.
  func ancestry(of id: NodeID) -> [NodeID] {
    var chain: [NodeID] = []
    var current = node(id)
    while let node = current {
      chain.append(self.id(node))
      current = document.parent(of: node)
    }
    return chain
  }

  /// Whether the document differs from the file as last saved (or as loaded).
  var isModified: Bool { currentGeneration != savedGeneration }

  /// Notes that the document as it is now was saved (to `path`, which it now belongs to,
  /// and is named after).
  func markSaved(to path: String? = nil, status: FileStatus? = nil) {
    changeLock.withLockHeld {
      savedGeneration = currentGeneration
      if let path, path != self.path {
        self.path = path
        name = DocumentLoader.baseName(path)
      }
    }
    if let status { fileStatus = status }
  }

  /// Notes that the document differs from its file although no edit says so.
  func markUnsaved() {
    changeLock.withLockHeld { savedGeneration = -1 }
  }

  /// Reads the document, its file and whether it has unsaved edits from any thread (the
  /// termination watchdog's, when the run loop's thread is busy): the run loop's thread may
  /// be anywhere but inside a change, which waits meanwhile. Never keep the document.
  func readFromAnyThread<Result>(
    _ body: (_ document: JSONDocument, _ path: String?, _ name: String, _ isModified: Bool) -> Result
  ) -> Result {
    changeLock.withLockHeld {
      body(shelvedNewSide?.document ?? document, path, name, currentGeneration != savedGeneration)
    }
  }

  /// Replaces the whole document (reloaded from disk): ids start afresh, the undo history
  /// is gone.
  func replaceDocument(with newDocument: JSONDocument, status: FileStatus? = nil) {
    putBackNewSide()
    dropSidePairing()
    changeLock.withLockHeld {
      document = newDocument
      currentGeneration = 0
      savedGeneration = 0
    }
    identity = NodeIdentityMap()
    undoStack = []
    redoStack = []
    arrivalRuns = []
    fileStatus = status
    // No id of the old document means anything now, the filtered container's neither.
    filter = nil
    onChange?(DocumentChange(reason: .replaced, steps: []))
  }

  /// Replaces the whole document as one step of undo (named `name`): the recovered edits
  /// of a recovery file, which undo takes back to the file's text and redo restores. Ids
  /// start afresh; the old ones come back with undo.
  func replaceDocumentAsStep(_ name: String, with newDocument: JSONDocument, selection: Selection) {
    precondition(pending == nil, "DocumentStore.replaceDocumentAsStep: not inside a command")
    putBackNewSide()
    dropSidePairing()
    let old = Replaced(document: document, identity: identity)
    let transaction = Transaction(
      name: name, edits: [], steps: [], before: selection, after: Selection(), generation: nextGeneration,
      generationBefore: currentGeneration, replaced: old)
    changeLock.withLockHeld {
      document = newDocument
      currentGeneration = transaction.generation
    }
    identity = NodeIdentityMap()
    nextGeneration += 1
    undoStack.append(transaction)
    redoStack.removeAll()
    filter = nil
    onChange?(DocumentChange(reason: .replaced, steps: []))
  }

  // MARK: - Filtering

  /// Sets a filter already evaluated on the document as it is.
  func setFilter(_ evaluated: ElementFilter) {
    filter = evaluated
    onChange?(DocumentChange(reason: .grew, steps: []))
  }

  /// Shows only the elements of `container` that `predicate` keeps (replacing any filter),
  /// or every element again (`nil`); every view follows, as after a change.
  /// - Returns: false when nothing changed: the container is gone, or `cancellation`
  ///   stopped the evaluation (Esc during a long regular-expression match).
  @discardableResult
  func setFilter(_ predicate: JSONFilter?, on container: NodeID, cancellation: JSONCancellation? = nil) -> Bool {
    if let predicate {
      var made = ElementFilter(container: container, filter: predicate)
      guard made.evaluate(in: self, cancellation: cancellation) else { return false }
      filter = made
    } else {
      filter = nil
    }
    onChange?(DocumentChange(reason: .grew, steps: []))
    return true
  }

  /// Takes note that the end of a filter was reported.
  func acknowledgeFilterEnd() { filterEndedByChange = false }

  /// Tells of a change, with the filter brought up to date first.
  private func announce(_ change: DocumentChange) {
    // A diff's marks follow the edit: small documents are compared again (milliseconds).
    if let diff, document.originalByteCount + diff.old.originalByteCount <= DiffSession.comparesAgainUpToByteCount {
      self.diff = diff.comparedAgain(with: self)
    }
    announceKeepingMarks(change)
    switch change.reason {
    case .edit, .undo, .redo:
      // The views that followed the edit replaced what they keep per record (a chart's
      // points, a timeline's events) with new arrays: the old ones, freed, go back to the
      // system instead of staying resident (19 MB after an edit and its undo in the chart
      // of 100 MB of records; BENCHMARKS.md, "App load and memory").
      returnFreedHeapPages()
    default:
      break
    }
  }

  /// How many times the heap's freed pages were given back (``returnFreedHeapPages()``).
  private(set) var freedHeapPageReturns = 0

  /// Gives the heap's freed pages back to the system, at a moment a large structure was
  /// just replaced or built (after an edit the views followed, a view that finished
  /// reading every record): a few milliseconds, never every frame.
  func returnFreedHeapPages() {
    freedHeapPageReturns += 1
    SystemMemory.returnFreedHeapPages()
  }

  /// Tells of a change, with the filter brought up to date first (not the diff's marks).
  private func announceKeepingMarks(_ change: DocumentChange) {
    if change.reason != .sideSwitched { dropSidePairing() }
    if var current = filter {
      if current.evaluate(in: self) {
        filter = current
      } else {
        filter = nil
        filterEndedByChange = true
      }
    }
    onChange?(change)
  }

  // MARK: - The other side of a diff

  /// B, its ids and its marks, while A is shown in its place (``showOldSide()``): what
  /// edits, saves and recovery files are for.
  private var shelvedNewSide: (document: JSONDocument, identity: NodeIdentityMap, diff: DiffSession)?

  /// Whether A (the old side of the diff) is shown in B's place: read-only.
  var showsOldSide: Bool { shelvedNewSide != nil }

  /// B, the document edits and saves are for, whichever side is shown.
  var editableDocument: JSONDocument { shelvedNewSide?.document ?? document }

  /// Shows A in B's place, as one change of ``DocumentChange/Reason/sideSwitched``: a value
  /// A and B share (the diff's pairing, ``JSONDiff/counterpartRuns()``: made with a diff
  /// compared on its own thread, else here, and kept until the document changes) keeps its id, so
  /// every view moves it instead of making it anew; the marks are A's
  /// (``DiffSession/init(oldSideOf:session:store:)``). Edits wait until B is shown again.
  /// - Returns: false when there is no diff to show A of (or it is still being made).
  @discardableResult
  func showOldSide() -> Bool {
    guard let diff, pendingDiff == nil, shelvedNewSide == nil, !isLoading, !isFollowing else { return false }
    let pairing =
      sidePairing
      ?? {
        let compared = JSONDiff(old: diff.old, new: document, options: diff.options)
        return (compared, compared.counterpartRuns())
      }()
    sidePairing = pairing
    let compared = pairing.diff
    let oldIdentity = identity.mapping(otherWordCount: compared.old.tapeWordCount, counterparts: pairing.runs)
    changeLock.withLockHeld {
      shelvedNewSide = (document, identity, diff)
      document = compared.old
    }
    identity = oldIdentity
    self.diff = DiffSession(oldSideOf: compared, session: diff, store: self)
    announceKeepingMarks(DocumentChange(reason: .sideSwitched, steps: []))
    return true
  }

  /// Shows B again after ``showOldSide()``, as one change of
  /// ``DocumentChange/Reason/sideSwitched``, with its ids and marks as they were.
  func showNewSide() {
    guard let shelved = shelvedNewSide else { return }
    let oldIdentity = identity
    changeLock.withLockHeld {
      document = shelved.document
      shelvedNewSide = nil
    }
    identity = shelved.identity
    identity.reserveIDs(below: oldIdentity)
    shelved.diff.showsOnlyChanges = diff?.showsOnlyChanges ?? shelved.diff.showsOnlyChanges
    shelved.diff.current = nil
    diff = shelved.diff
    announceKeepingMarks(DocumentChange(reason: .sideSwitched, steps: []))
  }

  /// B back in place without telling anyone (the whole document is replaced next).
  private func putBackNewSide() {
    guard let shelved = shelvedNewSide else { return }
    changeLock.withLockHeld {
      document = shelved.document
      shelvedNewSide = nil
    }
    identity = shelved.identity
    diff = shelved.diff
  }

  // MARK: - Growing while loading

  /// Replaces a preview with a more complete document from the same load (every id of
  /// the preview names the same value in it), and announces that it grew.
  ///
  /// The first content replaces the placeholder of ``waitingForLoad(name:path:)``, whose
  /// ids mean nothing (its root, `[]` at tape index 2, is the first record of JSON Lines):
  /// that, and a preview that read one value where the whole text is JSON Lines (or the
  /// other way round), are announced as a replacement, and every view starts afresh at the
  /// root.
  /// - Returns: whether ids carried over (false: everything starts afresh at the root).
  @discardableResult
  func grow(to newDocument: JSONDocument, isComplete: Bool = false) -> Bool {
    precondition(
      undoStack.isEmpty && redoStack.isEmpty, "DocumentStore.grow(to:): a loading document cannot have edits")
    let keepsIds = hasContent && document.isJSONLines == newDocument.isJSONLines
    changeLock.withLockHeld { document = newDocument }
    hasContent = true
    if isComplete {
      loadIsRunning = false
      // `tgrid diff A B` opened on B's first screenful: A is compared with the whole of B now.
      pendingDiff?.compare(with: newDocument)
    }
    guard keepsIds else {
      identity = NodeIdentityMap()
      filter = nil
      onChange?(DocumentChange(reason: .replaced, steps: []))
      return false
    }
    // The preview's values were complete: they are the same in the new document.
    announce(DocumentChange(reason: .grew, steps: [], keepsValues: true))
    return true
  }

  /// A store for a load that has shown nothing yet: an empty document, no content.
  package static func waitingForLoad(name: String, path: String?) -> DocumentStore {
    // `[]` parses: the placeholder is never shown (``hasContent`` is false).
    let empty = (try? JSONDocument(parsing: "[]")) ?? { preconditionFailure("[] is JSON") }()
    let store = DocumentStore(document: empty, name: name, path: path, isLoading: true)
    store.hasContent = false
    return store
  }

  // MARK: - Growing while following

  /// Whether the document follows a growing stream (`--follow`): records arrive at its end.
  /// It can be edited when it has a file to be saved to (`-f FILE`, or standard input once
  /// `:w PATH` gave it one); arrivals go after the edited records, and undo takes back only
  /// the person's edits (``undo()``).
  var isFollowing = false

  /// Whether edits are refused because the document follows standard input and has no file
  /// to save them to yet.
  var isFollowingWithoutFile: Bool { isFollowing && path == nil }

  /// The records that arrived since the oldest state undo or redo may go back to, as runs of
  /// appends (one run per stretch between two of the person's commands): to undo or redo a
  /// command under them, they are taken off the end, the command reverted, and put back.
  private var arrivalRuns: [JSONAppendedRecords] = []

  /// Whether undo or redo has anything to do.
  var hasEditHistory: Bool { !undoStack.isEmpty || !redoStack.isEmpty }

  /// Forgets undo and redo (the edits stay in the document): `--keep` drops earlier records
  /// only without them, as a drop moves every value undo would put back.
  func forgetEditHistory() {
    undoStack = []
    redoStack = []
    arrivalRuns = []
  }

  /// Whether the last of ``arrivalRuns`` is records that arrived (not ones put back by
  /// undo or redo): the next arrival joins it.
  private var lastRunIsArrival = false

  /// Keeps an append of records that arrived for undo and redo to take off, when they may
  /// need to.
  private func noteArrival(_ edit: JSONEdit) {
    guard hasEditHistory, let appended = edit.appendedRecords else { return }
    if lastRunIsArrival, let last = arrivalRuns.last, let joined = last.followed(by: appended) {
      arrivalRuns[arrivalRuns.count - 1] = joined
    } else {
      arrivalRuns.append(appended)
    }
    lastRunIsArrival = true
  }

  /// Records taken off the end to revert a command under them, with their ids.
  private typealias Detached = (records: JSONDetachedRecords, ids: [NodeIdentityMap.Run])

  /// Takes arrivals off the end until `edit` (the first edit a replay reverts) is the
  /// document's latest edit again.
  /// - Returns: what was taken off, newest first; nil when `edit` cannot be reached (then
  ///   nothing was taken off).
  private func detachArrivals(reaching edit: JSONEdit) -> [Detached]? {
    var detached: [Detached] = []
    while !edit.isLatest(in: document), let run = arrivalRuns.last, document.isLatest(run) {
      arrivalRuns.removeLast()
      let records = changeLock.withLockHeld { document.detachRecords(run) }
      detached.append((records, identity.follow(records.edit).inserted))
    }
    guard edit.isLatest(in: document) else {
      attach(detached)
      return nil
    }
    return detached
  }

  /// Puts records taken off by ``detachArrivals(reaching:)`` back at the end, with their ids.
  private func attach(_ detached: [Detached]) {
    // Each group as it was: a redo step may need the state between two of them again.
    for (records, ids) in detached.reversed() {
      let (edit, appended) = changeLock.withLockHeld { document.attachRecords(records) }
      _ = identity.follow(edit, reusing: ids)
      arrivalRuns.append(appended)
    }
    lastRunIsArrival = false
  }

  /// Appends records that arrived on a followed stream (each one JSON value on one line),
  /// announced as one change of ``DocumentChange/Reason/arrived`` whose steps insert them
  /// after the last record; the first ones make the document (replacing the placeholder of
  /// ``waitingForLoad(name:path:)``).
  /// - Returns: the change (nil when `lines` is empty).
  @discardableResult
  func appendRecords(_ lines: [[UInt8]]) throws -> DocumentChange? {
    guard !lines.isEmpty else { return nil }
    precondition(pending == nil, "DocumentStore.appendRecords: not inside a command")
    guard hasContent, document.isJSONLines else {
      var text: [UInt8] = []
      for line in lines { text += line + [0x0A] }
      grow(to: try JSONDocument(bytes: JSONBytes(text), options: JSONParseOptions(mode: .lines)), isComplete: true)
      return nil
    }
    let edit = try changeLock.withLockHeld { () throws(JSONEditError) in try self.document.appendRecords(lines) }
    return announceArrival(edit, count: lines.count)
  }

  /// Appends records of a followed file read where it is mapped (`ranges`: positions of
  /// `mapping`; see ``JSONDocument/appendRecords(mapped:in:)``), announced as
  /// ``appendRecords(_:)`` announces them; the first ones make the document, copied.
  /// - Returns: the change (nil when `ranges` is empty).
  @discardableResult
  func appendRecords(mapped ranges: [Range<Int>], in mapping: GrowingFileMapping) throws -> DocumentChange? {
    guard !ranges.isEmpty else { return nil }
    guard hasContent, document.isJSONLines else {
      // Copied, from copies of the mapping's blocks checked against what was read: a
      // record whose text changed meanwhile is left out (its generation is lost).
      // One walk over them all: each block is copied and checked once, however many
      // records it holds.
      var lines: [[UInt8]] = []
      var verifier = GrowingFileMapping.Verifier()
      for range in ranges {
        var line: [UInt8] = []
        if mapping.forEachVerifiedStretch(
          range, using: &verifier,
          { stretch in
            line += stretch
            return true
          })
        {
          lines.append(line)
        }
      }
      return try appendRecords(lines)
    }
    precondition(pending == nil, "DocumentStore.appendRecords: not inside a command")
    let edit = try changeLock.withLockHeld { () throws(JSONEditError) in
      try self.document.appendRecords(mapped: ranges, in: mapping)
    }
    return announceArrival(edit, count: ranges.count)
  }

  /// Follows and announces an append of `count` records.
  private func announceArrival(_ edit: JSONEdit, count: Int) -> DocumentChange {
    _ = identity.follow(edit)
    noteArrival(edit)
    let updated = document
    let parent = id(updated.root)
    var steps: [DocumentChange.Step] = []
    steps.reserveCapacity(count)
    var position = edit.position
    for child in updated.children(of: updated.root, from: edit.position) {
      steps.append(.inserted(parent: parent, position: position, node: id(child)))
      position += 1
    }
    let change = DocumentChange(reason: .arrived, steps: steps)
    announce(change)
    return change
  }

  /// Removes the first `count` records of a followed stream (`--keep`), announced as one
  /// change of ``DocumentChange/Reason/arrived`` whose steps remove them; no undo step.
  @discardableResult
  func removeFirstRecords(_ count: Int) throws -> DocumentChange? {
    guard count > 0, hasContent, document.isJSONLines else { return nil }
    precondition(pending == nil, "DocumentStore.removeFirstRecords: not inside a command")
    precondition(!hasEditHistory, "DocumentStore.removeFirstRecords: forget the edit history first")
    let root = self.root
    let removed = document.children(of: document.root).prefix(count).map { id($0) }
    let edit = try changeLock.withLockHeld { () throws(JSONEditError) in try self.document.removeFirstRecords(count) }
    _ = identity.follow(edit)
    let change = DocumentChange(
      reason: .arrived, steps: removed.map { .removed(parent: root, position: 0, node: $0) })
    announce(change)
    return change
  }

  /// Removes the records whose text a truncation of their followed file took (see
  /// ``JSONDocument/recordsWithLostText``), as `--keep` drops leave: one change of
  /// ``DocumentChange/Reason/arrived`` whose steps remove them, no undo step; undo and redo
  /// are forgotten first (the edits stay, copied into memory by ``perform(_:selection:_:)``).
  /// - Returns: how many records left.
  @discardableResult
  func removeRecordsWithLostText() throws -> Int {
    guard hasContent, document.isJSONLines else { return 0 }
    let runs = document.recordsWithLostText
    guard !runs.isEmpty else { return 0 }
    precondition(pending == nil, "DocumentStore.removeRecordsWithLostText: not inside a command")
    forgetEditHistory()
    let root = self.root
    var steps: [DocumentChange.Step] = []
    var removedCount = 0
    // The last run first: the positions of the others stay as they were.
    for run in runs.reversed() {
      let removed = document.children(of: document.root, from: run.lowerBound).prefix(run.count).map { id($0) }
      let edit = try changeLock.withLockHeld { () throws(JSONEditError) in try self.document.removeRecords(run) }
      _ = identity.follow(edit)
      steps += removed.map { .removed(parent: root, position: run.lowerBound, node: $0) }
      removedCount += run.count
    }
    if !steps.isEmpty { announce(DocumentChange(reason: .arrived, steps: steps)) }
    return removedCount
  }

  /// Copies into memory the text of a followed file's records that the document reads
  /// where the file is mapped (see ``JSONDocument/copyMappedText()``), before the person's
  /// edit, undo or redo: from then on a truncation of the file takes none of what the
  /// edits, their undo or a save need. Only what arrived since the last copy is copied, and
  /// nothing for a document never edited.
  ///
  /// - Returns: false when some of that text is no longer what was read (the file was
  ///   truncated or written again where it was read): nothing is copied, the edit waits,
  ///   and the follower's run loop is woken to take those records out of the document.
  private func copyMappedText() -> Bool {
    guard document.readsMappedText else { return true }
    return changeLock.withLockHeld { document.copyMappedText() != nil }
  }

  /// Why an edit waits when ``copyMappedText()`` found the followed file changed.
  private static let mappedTextChanged = EditError.refused(
    "the followed file was truncated or written again where its records were read: they leave; the edit was not made")

  /// Whether the last ``undo()`` or ``redo()`` that returned nil waited because the
  /// followed file changed under its records (``copyMappedText()`` failed), not because of
  /// the records that arrived since.
  private(set) var isWaitingForChangedFile = false

  // MARK: - Editing

  /// Why an edit was refused.
  enum EditError: Error, CustomStringConvertible {
    /// The document is still loading.
    case loading
    /// A diff is being made on its own thread (its marks are on their way).
    case comparing
    /// The document follows a growing stream (`--follow`).
    case following
    /// A diff's old side is shown in the document's place.
    case showingOldSide
    /// A value the command names no longer exists.
    case missing(NodeID)
    /// The engine refused the edit.
    case engine(JSONEditError)
    /// The command itself refused (with a message for the status line).
    case refused(String)

    var description: String {
      switch self {
      case .loading: "the file is still loading: editing is possible once it has loaded"
      case .comparing: "comparing A with B: editing is possible once the diff is ready"
      case .following:
        "standard input has no file to save edits to: :w PATH writes what is kept there, and then it can be edited"
      case .showingOldSide: "A (old) is shown, read-only: ` shows B again to edit and save it"
      case .missing: "that value no longer exists"
      case .engine(let error): "\(error)"
      case .refused(let message): message
      }
    }
  }

  /// Runs one command's edits as one undo step. `body` edits through the editor and
  /// returns where focus and selection should be afterwards. If it throws, every edit it
  /// made is reverted and the document is as before.
  /// - Returns: the change, also announced to ``onChange`` (`nil` when `body` edited nothing).
  @discardableResult
  func perform(
    _ name: String, selection: Selection, _ body: (DocumentEditor) throws -> Selection
  ) throws -> DocumentChange? {
    guard !isLoading else { throw whyEditsWait }
    guard !isFollowingWithoutFile else { throw EditError.following }
    guard !showsOldSide else { throw EditError.showingOldSide }
    precondition(pending == nil, "DocumentStore.perform: commands do not nest")
    // The pairing holds the tape: the edit would copy it whole.
    dropSidePairing()
    guard copyMappedText() else { throw Self.mappedTextChanged }
    pending = Transaction(
      name: name, edits: [], steps: [], before: selection, after: selection, generation: nextGeneration,
      generationBefore: currentGeneration)
    let editor = DocumentEditor(store: self)
    let after: Selection
    do {
      after = try body(editor)
    } catch {
      if let failed = pending {
        pending = nil
        for applied in failed.edits.reversed() {
          changeLock.withLockHeld { _ = document.revert(applied.edit) }
          identity.apply(applied.identitySplice)
        }
      }
      throw error
    }
    guard var transaction = pending else { return nil }
    pending = nil
    guard !transaction.steps.isEmpty else { return nil }
    transaction.after = after
    nextGeneration += 1
    changeLock.withLockHeld { currentGeneration = transaction.generation }
    undoStack.append(transaction)
    redoStack.removeAll()
    let change = DocumentChange(reason: .edit(name), steps: transaction.steps)
    announce(change)
    return change
  }

  /// The name of the command ``undo()`` would undo.
  var undoName: String? { undoStack.last?.name }
  /// The name of the command ``redo()`` would make again.
  var redoName: String? { redoStack.last?.name }

  /// Undoes the last command. Returns it (its `before` is the selection to restore).
  @discardableResult
  func undo() -> Transaction? {
    isWaitingForChangedFile = false
    guard !isLoading, !showsOldSide, let transaction = undoStack.popLast() else { return nil }
    guard copyMappedText() else {
      isWaitingForChangedFile = true
      undoStack.append(transaction)
      return nil
    }
    guard let detached = detachArrivals(for: transaction, forward: false) else {
      undoStack.append(transaction)
      return nil
    }
    let redo = replay(transaction, forward: false)
    attach(detached)
    redoStack.append(redo)
    changeLock.withLockHeld { currentGeneration = transaction.generationBefore }
    if transaction.replaced != nil {
      filter = nil
      onChange?(DocumentChange(reason: .replaced, steps: []))
    } else {
      announce(DocumentChange(reason: .undo(transaction.name), steps: transaction.steps.reversed().map(\.inverse)))
    }
    return transaction
  }

  /// Makes the last undone command again. Returns it (its `after` is the selection to restore).
  @discardableResult
  func redo() -> Transaction? {
    isWaitingForChangedFile = false
    guard !isLoading, !showsOldSide, let transaction = redoStack.popLast() else { return nil }
    guard copyMappedText() else {
      isWaitingForChangedFile = true
      redoStack.append(transaction)
      return nil
    }
    guard let detached = detachArrivals(for: transaction, forward: true) else {
      redoStack.append(transaction)
      return nil
    }
    let undo = replay(transaction, forward: true)
    attach(detached)
    undoStack.append(undo)
    changeLock.withLockHeld { currentGeneration = transaction.generation }
    if transaction.replaced != nil {
      filter = nil
      onChange?(DocumentChange(reason: .replaced, steps: []))
    } else {
      announce(DocumentChange(reason: .redo(transaction.name), steps: transaction.steps))
    }
    return transaction
  }

  /// Takes off the records that arrived since `transaction` (see
  /// ``detachArrivals(reaching:)``): an arrival is never undone.
  /// - Returns: nil when the transaction cannot be replayed under them (a step that replaced
  ///   the whole document, with records arrived since).
  private func detachArrivals(for transaction: Transaction, forward: Bool) -> [Detached]? {
    guard transaction.replaced == nil else { return arrivalRuns.isEmpty ? [] : nil }
    guard let first = forward ? transaction.edits.first : transaction.edits.last else { return [] }
    return detachArrivals(reaching: first.edit)
  }

  /// Reverts a transaction's edits (backwards to undo, forwards to redo) and returns the
  /// transaction that goes the other way.
  private func replay(_ transaction: Transaction, forward: Bool) -> Transaction {
    if let replaced = transaction.replaced {
      var result = transaction
      result.replaced = Replaced(document: document, identity: identity)
      changeLock.withLockHeld { document = replaced.document }
      identity = replaced.identity
      return result
    }
    var opposite: [AppliedEdit] = []
    let order = forward ? Array(transaction.edits) : transaction.edits.reversed()
    for applied in order {
      let edit = changeLock.withLockHeld { document.revert(applied.edit) }
      let splice = identity.apply(applied.identitySplice)
      opposite.append(AppliedEdit(edit: edit, identitySplice: splice))
    }
    var result = transaction
    // Stored in forward order either way: undo walks them backwards, redo forwards.
    result.edits = forward ? opposite : opposite.reversed()
    return result
  }

  // MARK: - Steps, for the editor

  /// Records an engine edit; the identity map follows it (reusing the ids of a value
  /// removed just before, for a move). Returns the identity splice that undoes it.
  @discardableResult
  fileprivate func record(
    _ edit: JSONEdit, step: DocumentChange.Step, reusing removed: [NodeIdentityMap.Run]? = nil,
    splice given: NodeIdentityMap.Splice? = nil
  ) -> NodeIdentityMap.Splice {
    let splice = given ?? removed.map { identity.follow(edit, reusing: $0) } ?? identity.follow(edit)
    pending?.edits.append(AppliedEdit(edit: edit, identitySplice: splice))
    pending?.steps.append(step)
    return splice
  }

  fileprivate func mutate<Result>(_ body: (inout JSONDocument) throws(JSONEditError) -> Result) throws -> Result {
    do {
      return try changeLock.withLockHeld { () throws(JSONEditError) in try body(&document) }
    } catch {
      throw EditError.engine(error)
    }
  }
}

/// Edits a ``DocumentStore``'s document inside ``DocumentStore/perform(_:selection:_:)``:
/// the engine's editing API, on ids.
final class DocumentEditor {
  private unowned let store: DocumentStore

  fileprivate init(store: DocumentStore) {
    self.store = store
  }

  /// The document as edited so far.
  var document: JSONDocument { store.document }

  /// The current node of a value; throws when it no longer exists.
  func node(_ id: NodeID) throws -> JSONNode {
    guard let node = store.node(id) else { throw DocumentStore.EditError.missing(id) }
    return node
  }

  /// Inserts a JSON value as the child at `position` of `parent` (with `key` in an object).
  /// - Returns: the new value's id.
  @discardableResult
  func insert(
    json text: String, forKey key: String? = nil, at position: Int, in parent: NodeID, verbatim: Bool = false
  ) throws -> NodeID {
    let container = try node(parent)
    let edit = try store.mutate { document throws(JSONEditError) in
      try document.insert(json: text, forKey: key, at: position, in: container, verbatim: verbatim)
    }
    guard let inserted = edit.node else { preconditionFailure("an insertion names the inserted node") }
    // The identity map follows the edit first, so the new value's id is its new one.
    store.recordInsertion(edit)
    let id = store.id(inserted)
    store.replaceLastStep(with: .inserted(parent: parent, position: position, node: id))
    return id
  }

  /// Removes a value (an array element, an object member, a JSON Lines record).
  func remove(_ id: NodeID) throws {
    let target = try node(id)
    guard let parentNode = store.document.parent(of: target), let position = store.document.position(of: target)
    else { throw DocumentStore.EditError.refused("the top-level value cannot be removed") }
    let parent = store.id(parentNode)
    let edit = try store.mutate { document throws(JSONEditError) in try document.remove(target) }
    store.record(edit, step: .removed(parent: parent, position: position, node: id))
  }

  /// Moves a value to `position` among the children of `parent` (counted without the value
  /// itself), with its key in an object (`key` renames it; a member moved into an array
  /// loses its key). The value keeps its bytes and its id, and so does everything in it.
  func move(_ id: NodeID, to position: Int, in parent: NodeID, key: String? = nil) throws {
    let target = try node(id)
    // Read what the move needs first: no copy of the document may outlive this, or the
    // edits below would copy the whole tape.
    let (text, newKey, oldParentNode, oldPosition) = { () -> (String, String?, JSONNode?, Int?) in
      let document = store.document
      return (
        document.rawText(of: target), key ?? document.key(of: target), document.parent(of: target),
        document.position(of: target)
      )
    }()
    guard let oldParentNode, let oldPosition else {
      throw DocumentStore.EditError.refused("the top-level value cannot be moved")
    }
    let oldParent = store.id(oldParentNode)
    let removal = try store.mutate { document throws(JSONEditError) in try document.remove(target) }
    let inverse = store.record(removal, step: .removed(parent: oldParent, position: oldPosition, node: id))
    let container = try node(parent)
    let keyed = store.document.kind(of: container) == .object ? newKey : nil
    if store.document.kind(of: container) == .object, keyed == nil {
      throw DocumentStore.EditError.refused("a member needs a key")
    }
    let insertion = try store.mutate { document throws(JSONEditError) in
      try document.insert(json: text, forKey: keyed, at: position, in: container, verbatim: true)
    }
    store.record(insertion, step: .inserted(parent: parent, position: position, node: id), reusing: inverse.inserted)
  }

  /// Renames an object member: only the key's bytes change, and the value and everything
  /// in it keep their ids.
  func rename(_ id: NodeID, to key: String) throws {
    let target = try node(id)
    guard let parentNode = store.document.parent(of: target), let position = store.document.position(of: target),
      store.document.kind(of: parentNode) == .object
    else { throw DocumentStore.EditError.refused("only an object member has a key to rename") }
    let parent = store.id(parentNode)
    let edit = try store.mutate { document throws(JSONEditError) in try document.renameKey(of: target, to: key) }
    // The same words in the same places: every id stays where it is.
    store.record(
      edit, step: .replaced(parent: parent, position: position, node: id),
      splice: NodeIdentityMap.Splice(start: edit.spliceStart, removedCount: 0, inserted: []))
  }

  /// Replaces a value (keeping its key, and its id) with the JSON value in `text`.
  func replace(_ id: NodeID, withJSON text: String) throws {
    let target = try node(id)
    guard let parentNode = store.document.parent(of: target), let position = store.document.position(of: target)
    else {
      let edit = try store.mutate { document throws(JSONEditError) in try document.replace(target, withJSON: text) }
      store.record(edit, step: .replaced(parent: id, position: 0, node: id))
      return
    }
    let parent = store.id(parentNode)
    let edit = try store.mutate { document throws(JSONEditError) in try document.replace(target, withJSON: text) }
    store.record(edit, step: .replaced(parent: parent, position: position, node: id))
  }
}

extension DocumentStore {
  fileprivate func recordInsertion(_ edit: JSONEdit) {
    // The step is filled in once the new value's id is known.
    record(edit, step: .inserted(parent: NodeID(-1), position: -1, node: NodeID(-1)))
  }

  fileprivate func replaceLastStep(with step: DocumentChange.Step) {
    guard let count = pending?.steps.count, count > 0 else { return }
    pending?.steps[count - 1] = step
  }
}
