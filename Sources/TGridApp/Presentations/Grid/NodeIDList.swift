import TGridJSON
import TermGrid

/// An ordered list of node ids that stores evenly spaced ids as runs: the items of a grid
/// section without a word per item where the ids follow a pattern.
///
/// The children of an untouched array have ids that are their tape positions, so a list of
/// 25 million numbers is one run (first id, step, count) instead of 200 MB, and records of
/// one shape are one run too. Ids that follow no pattern are kept one by one: once runs
/// would cost more than a plain list, the list becomes one, so it never takes much more
/// than `[NodeID]`. Inserting or removing an element splits the run it falls in (an edit
/// of a 25-million-element list costs a few runs, not a plain list of 200 MB).
struct NodeIDList: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral {
  /// Ids `first`, `first + step`, … (`count` of them), from element `offset` of the list.
  struct Run: Equatable {
    var offset: Int
    var first: Int
    var step: Int
    var count: Int
  }

  private enum Storage: Equatable {
    case runs([Run])
    case plain([NodeID])
  }

  private var storage: Storage = .runs([])
  private(set) var count = 0

  /// Lists with fewer elements than this per run (on average) are kept plain.
  static let minimumElementsPerRun = 8

  init() {}

  init(arrayLiteral elements: NodeID...) {
    self.init(elements)
  }

  init<S: Sequence>(_ ids: S) where S.Element == NodeID {
    for id in ids { append(id) }
  }

  /// The list ``append(_:)`` makes of `ids` one by one, the same runs or the same plain
  /// list, made in one pass (no storage taken out and put back per id: a grid's list of
  /// 2.6 M records).
  init(appendingEach ids: [NodeID]) {
    var runs: [Run] = []
    var index = 0
    while index < ids.count {
      let id = ids[index].rawValue
      index += 1
      if let last = runs.last {
        if last.count == 1 {
          runs[runs.count - 1].step = id - last.first
          runs[runs.count - 1].count = 2
          continue
        }
        if id == last.first + last.count * last.step {
          runs[runs.count - 1].count += 1
          continue
        }
      }
      runs.append(Run(offset: index - 1, first: id, step: 0, count: 1))
      if runs.count > 64, runs.count * Self.minimumElementsPerRun > index {
        // The runs so far are exactly the ids before `index`: the list is `ids` itself
        // (not a copy of them, a second array of every record's id faulted in).
        storage = .plain(ids)
        count = ids.count
        return
      }
    }
    storage = .runs(runs)
    count = ids.count
  }

  /// Whether the list is kept as runs (not one id per element).
  var isCompressed: Bool {
    if case .runs = storage { return true }
    return false
  }

  /// How many runs hold the list, or `nil` when it is plain.
  var runCount: Int? {
    if case .runs(let runs) = storage { return runs.count }
    return nil
  }

  var startIndex: Int { 0 }
  var endIndex: Int { count }

  subscript(position: Int) -> NodeID {
    precondition(position >= 0 && position < count, "NodeIDList: index \(position) out of 0..<\(count)")
    switch storage {
    case .plain(let ids):
      return ids[position]
    case .runs(let runs):
      let run = runs[Self.run(containing: position, in: runs)]
      return NodeID(run.first + (position - run.offset) * run.step)
    }
  }

  /// The index of the last run starting at or before a position (in range).
  private static func run(containing position: Int, in runs: [Run]) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].offset <= position { low = middle + 1 } else { high = middle }
    }
    return low - 1
  }

  /// Stores runs after an edit, or the plain list when they have become too many.
  private mutating func store(_ runs: [Run]) {
    if runs.count > 64, runs.count * Self.minimumElementsPerRun > count {
      storage = .plain(Self.expand(runs, count: count))
    } else {
      storage = .runs(runs)
    }
  }

  /// Adds an id at the end.
  mutating func append(_ id: NodeID) {
    defer { count += 1 }
    guard case .runs(var runs) = storage else {
      if case .plain(var ids) = storage {
        storage = .runs([])
        ids.append(id)
        storage = .plain(ids)
      }
      return
    }
    // Take the array out of the enum so it is not copied.
    storage = .runs([])
    if var last = runs.last {
      if last.count == 1 {
        last.step = id.rawValue - last.first
        last.count = 2
        runs[runs.count - 1] = last
        storage = .runs(runs)
        return
      }
      if id.rawValue == last.first + last.count * last.step {
        runs[runs.count - 1].count += 1
        storage = .runs(runs)
        return
      }
    }
    runs.append(Run(offset: count, first: id.rawValue, step: 0, count: 1))
    if runs.count > 64, runs.count * Self.minimumElementsPerRun > count + 1 {
      storage = .plain(Self.expand(runs, count: count + 1))
    } else {
      storage = .runs(runs)
    }
  }

  /// Inserts an id at `index`: the run it falls in is split around it.
  mutating func insert(_ id: NodeID, at index: Int) {
    precondition(index >= 0 && index <= count, "NodeIDList: index \(index) out of 0...\(count)")
    if index == count {
      append(id)
      return
    }
    guard case .runs(var runs) = storage else {
      var ids = plainIDs()
      ids.insert(id, at: index)
      storage = .plain(ids)
      count += 1
      return
    }
    // Take the array out of the enum so it is not copied.
    storage = .runs([])
    let at = Self.run(containing: index, in: runs)
    let run = runs[at]
    let before = index - run.offset
    var pieces: [Run] = []
    if before > 0 { pieces.append(Run(offset: run.offset, first: run.first, step: run.step, count: before)) }
    pieces.append(Run(offset: index, first: id.rawValue, step: 0, count: 1))
    pieces.append(
      Run(offset: index + 1, first: run.first + before * run.step, step: run.step, count: run.count - before))
    runs.replaceSubrange(at...at, with: pieces)
    for later in (at + pieces.count)..<runs.count { runs[later].offset += 1 }
    count += 1
    store(runs)
  }

  /// Removes the id at `index`: the run it falls in is split around it.
  @discardableResult
  mutating func remove(at index: Int) -> NodeID {
    precondition(index >= 0 && index < count, "NodeIDList: index \(index) out of 0..<\(count)")
    guard case .runs(var runs) = storage else {
      var ids = plainIDs()
      let removed = ids.remove(at: index)
      storage = .plain(ids)
      count -= 1
      return removed
    }
    storage = .runs([])
    let at = Self.run(containing: index, in: runs)
    let run = runs[at]
    let before = index - run.offset
    var pieces: [Run] = []
    if before > 0 { pieces.append(Run(offset: run.offset, first: run.first, step: run.step, count: before)) }
    if before + 1 < run.count {
      pieces.append(
        Run(offset: index, first: run.first + (before + 1) * run.step, step: run.step, count: run.count - before - 1))
    }
    runs.replaceSubrange(at...at, with: pieces)
    for later in (at + pieces.count)..<runs.count { runs[later].offset -= 1 }
    count -= 1
    store(runs)
    return NodeID(run.first + before * run.step)
  }

  /// Adds ids at the end, in order.
  mutating func append<S: Sequence>(contentsOf ids: S) where S.Element == NodeID {
    for id in ids { append(id) }
  }

  /// Removes the first `removed` ids at once (records leaving a followed stream's start):
  /// the runs before the cut are dropped and the one it falls in is shortened, or the plain
  /// list moved once, not once per id.
  mutating func removeFirst(_ removed: Int) {
    precondition(removed >= 0 && removed <= count, "NodeIDList: cannot remove \(removed) of \(count) ids")
    guard removed > 0 else { return }
    guard case .runs(var runs) = storage else {
      var ids = plainIDs()
      ids.removeFirst(removed)
      storage = .plain(ids)
      count -= removed
      return
    }
    storage = .runs([])
    if removed == count {
      count = 0
      return
    }
    let at = Self.run(containing: removed, in: runs)
    let cut = removed - runs[at].offset
    runs[at].first += cut * runs[at].step
    runs[at].count -= cut
    runs[at].offset += cut
    runs.removeFirst(at)
    for index in runs.indices { runs[index].offset -= removed }
    count -= removed
    storage = .runs(runs)
  }

  /// Removes the ids for which `shouldBeRemoved` holds (the rest are listed again, as runs
  /// where they follow a pattern).
  mutating func removeAll(where shouldBeRemoved: (NodeID) throws -> Bool) rethrows {
    var kept = NodeIDList()
    for id in self where try !shouldBeRemoved(id) { kept.append(id) }
    self = kept
  }

  static func == (left: NodeIDList, right: NodeIDList) -> Bool {
    guard left.count == right.count else { return false }
    if case .runs(let a) = left.storage, case .runs(let b) = right.storage, a == b { return true }
    return left.elementsEqual(right)
  }

  /// The ids one by one, leaving the storage empty (the caller stores them back).
  private mutating func plainIDs() -> [NodeID] {
    let current = storage
    storage = .runs([])
    switch current {
    case .plain(let ids): return ids
    case .runs(let runs): return Self.expand(runs, count: count)
    }
  }

  private static func expand(_ runs: [Run], count: Int) -> [NodeID] {
    var ids: [NodeID] = []
    ids.reserveCapacity(count)
    for run in runs {
      for step in 0..<run.count { ids.append(NodeID(run.first + step * run.step)) }
    }
    return ids
  }
}

extension NodeIDList {
  /// The ids of the children views show of a container (``DocumentStore/shownChildren(of:)``).
  ///
  /// When every child is a scalar and all are shown, the children are consecutive tape
  /// words, so the list is made from the identity map's runs over those words: O(edits),
  /// not O(children) (25 M numbers are one run, made at once). Other containers are
  /// read child by child (a large one from its child table).
  init(shownChildrenOf node: JSONNode, in store: DocumentStore) {
    self.init()
    let document = store.document
    let count = document.childCount(of: node)
    if count > 0, store.shownChildCount(of: node) == count, document.hasOnlyScalarChildren(node),
      let first = document.child(at: 0, of: node)
    {
      let words = first.index..<(first.index + count)
      for run in store.identity.runs where run.start < words.upperBound && run.end > words.lowerBound {
        let start = Swift.max(run.start, words.lowerBound)
        let end = Swift.min(run.end, words.upperBound)
        append(consecutiveFrom: NodeID(run.id + start - run.start), count: end - start)
      }
      return
    }
    // A large container's children from its child table (a record's words apart each,
    // they cost a cache miss apiece stepped through on the tape; the root's table is made
    // by the parse, and positions read it anyway).
    var ids: [NodeID] = []
    ids.reserveCapacity(store.shownChildCount(of: node))
    // The map is read once: read through the store for each child, it was an access
    // check and a retain and release of its arrays per record (a third of the list's cost).
    let identity = store.identity
    store.forEachShownChild(of: node) { ids.append(identity.id(of: $0)) }
    self = NodeIDList(appendingEach: ids)
  }

  /// Appends `count` consecutive ids from `first`, as one run (joined to the last run when
  /// it continues it).
  private mutating func append(consecutiveFrom first: NodeID, count added: Int) {
    guard added > 0 else { return }
    guard case .runs(var runs) = storage, added > 1 else {
      for step in 0..<added { append(NodeID(first.rawValue + step)) }
      return
    }
    storage = .runs([])
    if let last = runs.last, last.count == 1 || last.step == 1, first.rawValue == last.first + last.count {
      runs[runs.count - 1].step = 1
      runs[runs.count - 1].count += added
    } else {
      runs.append(Run(offset: count, first: first.rawValue, step: 1, count: added))
    }
    count += added
    store(runs)
  }
}

extension NodeIDList: CommonEndsComparable {
  /// Compares run by run where both lists have runs that keep in step, so two lists of
  /// 25 million ids that differ in one place are compared in a few steps, not 25 million.
  func commonEnds(with other: NodeIDList) -> (prefix: Int, suffix: Int) {
    let shorter = Swift.min(count, other.count)
    var prefix = 0
    while prefix < shorter {
      let mine = stretch(at: prefix, forward: true)
      let theirs = other.stretch(at: prefix, forward: true)
      guard mine.id == theirs.id else { break }
      prefix += mine.step == theirs.step ? Swift.min(mine.length, theirs.length, shorter - prefix) : 1
    }
    var suffix = 0
    while suffix < shorter - prefix {
      let mine = stretch(at: count - 1 - suffix, forward: false)
      let theirs = other.stretch(at: other.count - 1 - suffix, forward: false)
      guard mine.id == theirs.id else { break }
      suffix += mine.step == theirs.step ? Swift.min(mine.length, theirs.length, shorter - prefix - suffix) : 1
    }
    return (prefix, suffix)
  }

  /// The id at a position, the step between ids of its run, and how many ids of the run
  /// lie from the position on (forward) or up to it (backward), the position included; a
  /// plain list's ids are runs of one.
  private func stretch(at position: Int, forward: Bool) -> (id: Int, step: Int, length: Int) {
    switch storage {
    case .plain(let ids):
      return (ids[position].rawValue, 0, 1)
    case .runs(let runs):
      let run = runs[Self.run(containing: position, in: runs)]
      let inRun = position - run.offset
      return (run.first + inRun * run.step, run.step, forward ? run.count - inRun : inRun + 1)
    }
  }
}
