extension JSONDiff {
  /// The difference as an RFC 6902 JSON Patch: a JSON array of `remove`, `replace`, `move`
  /// and `add` operations that, applied in order to the old document, give the new one.
  ///
  /// Paths are JSON Pointers (`~0` for `~`, `~1` for `/`); every array position is the one
  /// the element has when its operation is applied, after the operations before it. Values
  /// keep their original text (number spelling, string escapes), without the whitespace
  /// between tokens. One operation a line.
  public func jsonPatch() -> [UInt8] {
    var writer = PatchWriter(diff: self)
    writer.write()
    return writer.output
  }
}

/// Writes a JSON Patch from the record of a diff (internal).
///
/// The operations are replayed on a model of the arrays that change: each array's positions
/// are the slots of the merged order of its two sides (old-only, new-only, and the kept
/// elements sharing one slot), and a Fenwick tree counts the slots occupied before a slot.
/// An operation's position is that count at the time it is applied, so the operations can
/// come in any order: removals first, then replacements, then moves and additions, pair by
/// pair, outer pairs first.
struct PatchWriter {
  let diff: JSONDiff
  var output: [UInt8] = []
  var slots: [Int: ArraySlots] = [:]
  var isMoveDone: [Bool]
  var operationCount = 0

  /// A writer for a diff.
  init(diff: JSONDiff) {
    self.diff = diff
    isMoveDone = [Bool](repeating: false, count: diff.record.additions.count)
  }

  /// Writes every operation into ``output``.
  mutating func write() {
    let record = diff.record
    output.append(0x5B)
    if record.replacesRoot, let replacement = record.replacements.first {
      emit("replace", path: "", value: replacement.new)
    } else {
      for pair in record.pairs.indices {
        let removals = record.pairs[pair].removals.filter { record.removals[$0].moveTo < 0 }
        for removal in removals.reversed() {
          let path = location(ofRemoval: removal)
          vacate(removal)
          emit("remove", path: path)
        }
        for index in record.pairs[pair].replacements {
          let replacement = record.replacements[index]
          let step: String
          if let key = replacement.key {
            step = PatchWriter.escaped(key)
          } else {
            let state = arraySlots(pair)
            step = String(state.rank(of: state.slotOfOld[replacement.oldIndex]))
          }
          emit("replace", path: pointer(toPair: pair) + "/" + step, value: replacement.new)
        }
        for index in record.pairs[pair].additions {
          let addition = record.additions[index]
          if addition.moveFrom >= 0 {
            let from = location(ofRemoval: addition.moveFrom)
            vacate(addition.moveFrom)
            let path = occupy(index)
            isMoveDone[index] = true
            if path.hasPrefix(from + "/") {
              // RFC 6902 forbids a `from` that reads as a prefix of `path` (the target's
              // container took the source's position once the source left): remove and add.
              emit("remove", path: from)
              emit("add", path: path, value: addition.node)
            } else if from != path {
              emit("move", path: path, from: from)
            }
          } else {
            let path = occupy(index)
            emit("add", path: path, value: addition.node)
          }
        }
      }
    }
    output.append(contentsOf: operationCount > 0 ? Array("\n]\n".utf8) : Array("]\n".utf8))
  }

  // MARK: - Locations

  /// The slots of an array pair, made on first use.
  mutating func arraySlots(_ pair: Int) -> ArraySlots {
    if let state = slots[pair] { return state }
    let state = ArraySlots(diff.record.pairs[pair])
    slots[pair] = state
    return state
  }

  /// The JSON Pointer of a pair's container now.
  mutating func pointer(toPair pair: Int) -> String {
    var steps: [String] = []
    var current = pair
    while current >= 0 {
      let entry = diff.record.pairs[current]
      switch entry.link {
      case .root: break
      case .member(let key): steps.append(PatchWriter.escaped(key))
      case .element(let oldIndex, let newIndex):
        let state = arraySlots(entry.parent)
        let isMoved = entry.moveAddition >= 0 && isMoveDone[entry.moveAddition]
        steps.append(String(state.rank(of: isMoved ? state.slotOfNew[newIndex] : state.slotOfOld[oldIndex])))
      }
      current = entry.parent
    }
    return steps.reversed().map { "/" + $0 }.joined()
  }

  /// Where a removed value is now.
  mutating func location(ofRemoval index: Int) -> String {
    let removal = diff.record.removals[index]
    if let key = removal.key { return pointer(toPair: removal.pair) + "/" + PatchWriter.escaped(key) }
    let state = arraySlots(removal.pair)
    return pointer(toPair: removal.pair) + "/" + String(state.rank(of: state.slotOfOld[removal.index]))
  }

  /// Takes a removed value out of its array's model.
  mutating func vacate(_ index: Int) {
    let removal = diff.record.removals[index]
    guard removal.key == nil else { return }
    let state = arraySlots(removal.pair)
    state.tree.add(Int(state.slotOfOld[removal.index]), -1)
  }

  /// Puts an added value into its array's model; returns where it goes.
  mutating func occupy(_ index: Int) -> String {
    let addition = diff.record.additions[index]
    if let key = addition.key { return pointer(toPair: addition.pair) + "/" + PatchWriter.escaped(key) }
    let state = arraySlots(addition.pair)
    let slot = Int(state.slotOfNew[addition.index])
    let path = pointer(toPair: addition.pair) + "/" + String(state.rank(of: Int32(slot)))
    state.tree.add(slot, 1)
    return path
  }

  /// A key as a JSON Pointer step.
  static func escaped(_ key: String) -> String {
    guard key.utf8.contains(where: { $0 == 0x7E || $0 == 0x2F }) else { return key }
    return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }

  // MARK: - Output

  /// Writes one operation, on a line of its own.
  mutating func emit(_ operation: String, path: String, from: String? = nil, value: JSONNode? = nil) {
    output.append(contentsOf: Array((operationCount == 0 ? "\n  " : ",\n  ").utf8))
    operationCount += 1
    output.append(contentsOf: Array("{\"op\":\"\(operation)\"".utf8))
    if let from { output.append(contentsOf: Array(",\"from\":\(JSONStringEncoder.quoted(from))".utf8)) }
    output.append(contentsOf: Array(",\"path\":\(JSONStringEncoder.quoted(path))".utf8))
    if let value {
      output.append(contentsOf: Array(",\"value\":".utf8))
      diff.new.appendCompactText(of: value, to: &output)
    }
    output.append(0x7D)
  }
}

/// The slots of one array pair for ``PatchWriter`` (internal).
final class ArraySlots {
  let slotOfOld: [Int32]
  let slotOfNew: [Int32]
  var tree: FenwickTree

  /// The merged slots of a pair of arrays, the old side's occupied.
  init(_ pair: JSONDiff.Pair) {
    var slotOfOld = [Int32](repeating: 0, count: pair.oldCount)
    var slotOfNew = [Int32](repeating: 0, count: pair.newCount)
    var occupied: [Int32] = []
    occupied.reserveCapacity(pair.oldCount + pair.newCount)
    var oldIndex = 0
    var newIndex = 0
    for position in 0...pair.keptOld.count {
      let keptOld = position < pair.keptOld.count ? Int(pair.keptOld[position]) : pair.oldCount
      let keptNew = position < pair.keptNew.count ? Int(pair.keptNew[position]) : pair.newCount
      while oldIndex < keptOld {
        slotOfOld[oldIndex] = Int32(occupied.count)
        occupied.append(1)
        oldIndex += 1
      }
      while newIndex < keptNew {
        slotOfNew[newIndex] = Int32(occupied.count)
        occupied.append(0)
        newIndex += 1
      }
      guard position < pair.keptOld.count else { break }
      slotOfOld[keptOld] = Int32(occupied.count)
      slotOfNew[keptNew] = Int32(occupied.count)
      occupied.append(1)
      oldIndex = keptOld + 1
      newIndex = keptNew + 1
    }
    self.slotOfOld = slotOfOld
    self.slotOfNew = slotOfNew
    tree = FenwickTree(occupied)
  }

  /// The number of occupied slots before `slot`: the array position of what is there.
  func rank(of slot: Int32) -> Int { tree.prefixSum(Int(slot)) }
}

/// Prefix sums with point updates, both in O(log n) (a binary indexed tree; internal).
struct FenwickTree {
  private var tree: [Int32]

  /// A tree over `values`, built in O(n).
  init(_ values: [Int32]) {
    tree = [0] + values
    for index in 1..<max(tree.count, 1) {
      let parent = index + (index & -index)
      if parent < tree.count { tree[parent] += tree[index] }
    }
  }

  /// Adds `delta` to the value at `index`.
  mutating func add(_ index: Int, _ delta: Int32) {
    var position = index + 1
    while position < tree.count {
      tree[position] += delta
      position += position & -position
    }
  }

  /// The sum of the values before `index`.
  func prefixSum(_ index: Int) -> Int {
    var sum = 0
    var position = index
    while position > 0 {
      sum += Int(tree[position])
      position -= position & -position
    }
    return sum
  }
}

extension JSONDocument {
  /// Appends a value's text without the whitespace between its tokens: keys, strings and
  /// numbers exactly as written. Walks the tape, without recursion; the synthetic root of
  /// JSON Lines is written as an array.
  ///
  /// - Returns: false when it stopped because `output` grew past `limit` bytes.
  @discardableResult
  public func appendCompactText(of node: JSONNode, to output: inout [UInt8], limit: Int = Int.max) -> Bool {
    var index = valid(node)
    let end = storage.subtreeEnd(index)
    var stack: [(end: Int, isObject: Bool, isFirst: Bool)] = []
    while true {
      while let top = stack.last, top.end == index {
        output.append(top.isObject ? 0x7D : 0x5D)
        stack.removeLast()
      }
      guard index < end else { return true }
      if output.count > limit { return false }
      if let top = stack.last {
        if !top.isFirst { output.append(0x2C) }
        stack[stack.count - 1].isFirst = false
        if top.isObject, let (pointer, count) = keyToken(JSONNode(index: index)) {
          output.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
          output.append(0x3A)
        }
      }
      let word = storage.word(index)
      if TapeWord.isContainer(word) {
        let isObject = TapeWord.kind(word) == TapeWord.object
        output.append(isObject ? 0x7B : 0x5B)
        stack.append((storage.subtreeEnd(index), isObject, true))
        index += 2
      } else {
        let (pointer, count) = storage.scalarToken(index)
        output.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
        index += 1
      }
    }
  }
}
