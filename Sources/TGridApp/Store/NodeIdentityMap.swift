import TGridJSON

/// Translates between stable ``NodeID``s and the tape positions of the current document.
///
/// The tape is described as runs: each run is a stretch of consecutive tape words whose
/// ids are consecutive too. The document as loaded is one run (id = tape index), open at
/// the end so a document that grows while loading needs no change. An edit splices the
/// run list the way it splices the tape: the runs over the removed words come out (kept by
/// the returned ``Splice`` for undo), a run for the inserted words goes in, and the runs
/// after it shift. So the map costs memory and time per edit, not per value, and a lookup
/// is a binary search over the runs.
///
/// The id order is kept beside the runs and changed with them (a split, a splice, a
/// merge at its two ends), never sorted again: sorting it after every splice made a batch
/// of 2,000 insertions, and its undo, take seconds.
struct NodeIdentityMap {
  /// Consecutive ids over consecutive tape words.
  struct Run: Equatable {
    /// The id of the first word.
    var id: Int
    /// The tape index of the first word.
    var start: Int
    /// How many words.
    var count: Int

    var end: Int { start + count }
  }

  /// A change to the runs and its inverse: apply one to undo the other.
  struct Splice {
    /// Where in the tape.
    var start: Int
    /// How many words are taken out.
    var removedCount: Int
    /// The runs put in, with starts relative to `start`.
    var inserted: [Run]
  }

  /// The runs, ordered by tape position, covering the tape from 0 without gaps.
  private(set) var runs: [Run]
  /// The runs' first ids in increasing order, for id lookups…
  private var orderedIDs: [Int]
  /// …and where each of those runs is in `runs`.
  private var orderedRunIndexes: [Int]
  /// The next id never handed out.
  private var nextID: Int

  /// Ids of inserted values start here, far above any tape index.
  static let firstInsertedID = 1 << 48
  /// A length that stands for "to the end of the tape, however long it grows".
  private static let openEnd = 1 << 47

  init() {
    runs = [Run(id: 0, start: 0, count: Self.openEnd)]
    orderedIDs = [0]
    orderedRunIndexes = [0]
    nextID = Self.firstInsertedID
  }

  /// Whether no edit has renumbered anything: ids and tape indexes agree.
  var isIdentity: Bool { runs.count == 1 && runs[0].id == runs[0].start }

  /// The id of the value at a tape position.
  func id(of node: JSONNode) -> NodeID {
    if isIdentity { return NodeID(node.index) }
    let run = runs[runIndex(containing: node.index)]
    return NodeID(run.id + node.index - run.start)
  }

  /// The value's current tape position, or `nil` when the value no longer exists.
  func node(for id: NodeID) -> JSONNode? {
    if isIdentity { return id.rawValue < Self.firstInsertedID ? JSONNode(index: id.rawValue) : nil }
    // The last run whose first id is at or below the id.
    let low = Self.upperBound(of: id.rawValue, in: orderedIDs)
    guard low > 0 else { return nil }
    let run = runs[orderedRunIndexes[low - 1]]
    let offset = id.rawValue - run.id
    return offset < run.count ? JSONNode(index: run.start + offset) : nil
  }

  // MARK: - Another document in this one's place

  /// The ids of another document shown in this one's place (the other side of a diff):
  /// a word with a counterpart in this map's document has the counterpart's id, so a value
  /// both documents hold is the same item in every view; the other words get ids never
  /// used here. A lookup of an id of this map's document without a counterpart gives nil.
  /// - Parameters:
  ///   - wordCount: the other document's tape length.
  ///   - counterparts: its words paired with this document's (``JSONDiff/counterpartRuns()``
  ///     of a diff whose old side is the other document), ascending and apart.
  func mapping(otherWordCount wordCount: Int, counterparts: [JSONDiff.CounterpartRun]) -> NodeIdentityMap {
    var built: [Run] = []
    var next = nextID
    func append(id: Int, start: Int, count: Int) {
      guard count > 0 else { return }
      if let last = built.last, last.end == start, last.id + last.count == id {
        built[built.count - 1].count += count
      } else {
        built.append(Run(id: id, start: start, count: count))
      }
    }
    var position = 0
    for run in counterparts where run.count > 0 && run.oldStart >= position && run.oldStart + run.count <= wordCount {
      append(id: next, start: position, count: run.oldStart - position)
      next += run.oldStart - position
      var offset = 0
      while offset < run.count {
        let target = run.newStart + offset
        let mine = runs[runIndex(containing: target)]
        let length = min(run.count - offset, mine.end - target)
        append(id: mine.id + target - mine.start, start: run.oldStart + offset, count: length)
        offset += length
      }
      position = run.oldStart + run.count
    }
    append(id: next, start: position, count: wordCount - position)
    next += max(0, wordCount - position)
    if built.isEmpty { built = [Run(id: next, start: 0, count: 1)] }
    var map = NodeIdentityMap()
    map.runs = built
    let order = built.indices.sorted { built[$0].id < built[$1].id }
    map.orderedIDs = order.map { built[$0].id }
    map.orderedRunIndexes = order
    map.nextID = next
    return map
  }

  /// Hands out new ids only above those another map handed out (the other side of a diff
  /// was shown: its ids of values only it holds must not name new values here).
  mutating func reserveIDs(below other: NodeIdentityMap) {
    nextID = max(nextID, other.nextID)
  }

  // MARK: - Following edits

  /// Follows an edit of the document. The words the edit inserted get new ids, except
  /// that a value replaced in place keeps its id for the new value's first word.
  /// - Returns: the splice that undoes this one (``apply(_:)`` it to undo).
  mutating func follow(_ edit: JSONEdit) -> Splice {
    var inserted: [Run] = []
    var fresh = 0
    if edit.kind == .replaced, edit.insertedWordCount > 0 {
      let kept = id(of: JSONNode(index: edit.spliceStart)).rawValue
      inserted.append(Run(id: kept, start: 0, count: 1))
      fresh = 1
    }
    if edit.insertedWordCount > fresh {
      inserted.append(Run(id: nextID, start: fresh, count: edit.insertedWordCount - fresh))
      nextID += edit.insertedWordCount - fresh
    }
    return apply(Splice(start: edit.spliceStart, removedCount: edit.removedWordCount, inserted: inserted))
  }

  /// Follows an insertion that puts back a value removed just before (a move, a renamed
  /// member): the inserted words get the ids the removed ones had, given as the runs of
  /// the removal's inverse splice. When the words do not match one for one, only the value
  /// itself keeps its id.
  /// - Returns: the splice that undoes this one.
  mutating func follow(_ edit: JSONEdit, reusing removed: [Run]) -> Splice {
    let count = removed.reduce(0) { $0 + $1.count }
    let inserted: [Run]
    if count == edit.insertedWordCount, edit.removedWordCount == 0 {
      inserted = removed
    } else if let first = removed.first, edit.insertedWordCount > 0 {
      inserted = [Run(id: first.id, start: 0, count: 1)] + freshRuns(count: edit.insertedWordCount - 1, from: 1)
    } else {
      return follow(edit)
    }
    return apply(Splice(start: edit.spliceStart, removedCount: edit.removedWordCount, inserted: inserted))
  }

  /// New ids for `count` words starting at relative position `start`.
  private mutating func freshRuns(count: Int, from start: Int) -> [Run] {
    guard count > 0 else { return [] }
    defer { nextID += count }
    return [Run(id: nextID, start: start, count: count)]
  }

  /// Applies a splice (one from ``follow(_:)``, or its inverse).
  /// - Returns: the inverse splice.
  @discardableResult
  mutating func apply(_ splice: Splice) -> Splice {
    let start = splice.start
    let end = start + splice.removedCount
    split(at: start)
    split(at: end)
    let first = runIndex(startingAt: start)
    var last = first
    var removed: [Run] = []
    while last < runs.count, runs[last].start < end {
      var run = runs[last]
      run.start -= start
      removed.append(run)
      last += 1
    }
    let insertedCount = splice.inserted.reduce(0) { $0 + $1.count }
    let shift = insertedCount - splice.removedCount
    var replacement = splice.inserted.map { Run(id: $0.id, start: $0.start + start, count: $0.count) }
    replacement.removeAll { $0.count == 0 }
    for run in runs[first..<last] { removeFromOrder(id: run.id) }
    runs.replaceSubrange(first..<last, with: replacement)
    shiftOrder(from: last, by: replacement.count - (last - first))
    for (offset, run) in replacement.enumerated() { addToOrder(id: run.id, runIndex: first + offset) }
    if shift != 0 {
      for index in (first + replacement.count)..<runs.count { runs[index].start += shift }
    }
    merge(from: first, through: first + replacement.count)
    return Splice(start: start, removedCount: insertedCount, inserted: removed)
  }

  // MARK: - Runs

  /// The index of the run holding a tape position.
  private func runIndex(containing position: Int) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].start <= position { low = middle + 1 } else { high = middle }
    }
    return max(0, low - 1)
  }

  /// The index of the run that starts at `position` (after ``split(at:)``), or the count.
  private func runIndex(startingAt position: Int) -> Int {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].start < position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Makes a run boundary at `position`.
  private mutating func split(at position: Int) {
    let index = runIndex(containing: position)
    let run = runs[index]
    guard position > run.start, position < run.end else { return }
    let head = position - run.start
    runs[index].count = head
    runs.insert(Run(id: run.id + head, start: position, count: run.count - head), at: index + 1)
    shiftOrder(from: index + 1, by: 1)
    addToOrder(id: run.id + head, runIndex: index + 1)
  }

  /// Joins neighbours whose ids continue each other, from the run before `first` to the run
  /// after `last` (a splice changes only those: everywhere else they are joined already).
  private mutating func merge(from first: Int, through last: Int) {
    var index = max(1, first)
    var end = min(runs.count - 1, last)
    while index <= end {
      let previous = runs[index - 1]
      let run = runs[index]
      if previous.end == run.start, previous.id + previous.count == run.id {
        runs[index - 1].count += run.count
        removeFromOrder(id: run.id)
        runs.remove(at: index)
        shiftOrder(from: index + 1, by: -1)
        end -= 1
      } else {
        index += 1
      }
    }
  }

  // MARK: - The id order

  /// The position of the first id above `id` in a sorted list.
  private static func upperBound(of id: Int, in ids: [Int]) -> Int {
    var low = 0
    var high = ids.count
    while low < high {
      let middle = (low + high) / 2
      if ids[middle] <= id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Runs at `position` and after moved by `delta` in `runs`.
  private mutating func shiftOrder(from position: Int, by delta: Int) {
    guard delta != 0 else { return }
    orderedRunIndexes.withUnsafeMutableBufferPointer { indexes in
      for slot in indexes.indices where indexes[slot] >= position { indexes[slot] += delta }
    }
  }

  private mutating func addToOrder(id: Int, runIndex: Int) {
    let slot = Self.upperBound(of: id, in: orderedIDs)
    orderedIDs.insert(id, at: slot)
    orderedRunIndexes.insert(runIndex, at: slot)
  }

  private mutating func removeFromOrder(id: Int) {
    let slot = Self.upperBound(of: id, in: orderedIDs) - 1
    precondition(slot >= 0 && orderedIDs[slot] == id, "a run's id is missing from the id order")
    orderedIDs.remove(at: slot)
    orderedRunIndexes.remove(at: slot)
  }

  /// Whether the id order is the runs' (tests check it after random edits).
  var idOrderIsConsistent: Bool {
    let expected = runs.indices.sorted { runs[$0].id < runs[$1].id }
    return orderedIDs == expected.map { runs[$0].id } && orderedRunIndexes == expected
  }
}
