/// An ordered list of node ids that stores evenly spaced ids as runs: the items of a grid
/// section without a word per item where the ids follow a pattern.
///
/// The children of an untouched array have ids that are their tape positions, so a list of
/// 25 million numbers is one run (first id, step, count) instead of 200 MB, and records of
/// one shape are one run too. Ids that follow no pattern are kept one by one: once runs
/// would cost more than a plain list, the list becomes one, so it never takes much more
/// than `[NodeID]`. Inserting or removing an element also turns it into a plain list (edits
/// are made one at a time, by hand).
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
      // The last run starting at or before the position.
      var low = 0
      var high = runs.count
      while low < high {
        let middle = (low + high) / 2
        if runs[middle].offset <= position { low = middle + 1 } else { high = middle }
      }
      let run = runs[low - 1]
      return NodeID(run.first + (position - run.offset) * run.step)
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

  /// Inserts an id at `index` (the list becomes plain).
  mutating func insert(_ id: NodeID, at index: Int) {
    var ids = plainIDs()
    ids.insert(id, at: index)
    storage = .plain(ids)
    count += 1
  }

  /// Removes the id at `index` (the list becomes plain).
  @discardableResult
  mutating func remove(at index: Int) -> NodeID {
    var ids = plainIDs()
    let removed = ids.remove(at: index)
    storage = .plain(ids)
    count -= 1
    return removed
  }

  /// Removes the ids for which `shouldBeRemoved` holds (the list becomes plain).
  mutating func removeAll(where shouldBeRemoved: (NodeID) throws -> Bool) rethrows {
    var ids = plainIDs()
    try ids.removeAll(where: shouldBeRemoved)
    storage = .plain(ids)
    count = ids.count
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
