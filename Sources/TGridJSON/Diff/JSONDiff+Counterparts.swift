extension JSONDiff {
  /// A stretch of the old document's tape whose values have their counterparts at the same
  /// offsets of a stretch of the new document's tape.
  public struct CounterpartRun: Sendable, Hashable {
    /// The first tape word in the old document.
    public var oldStart: Int
    /// The first tape word of its counterpart in the new document.
    public var newStart: Int
    /// How many words.
    public var count: Int

    /// A run of `count` words.
    public init(oldStart: Int, newStart: Int, count: Int) {
      self.oldStart = oldStart
      self.newStart = newStart
      self.count = count
    }
  }

  /// Every value of the old document that has a counterpart in the new one, as runs of tape
  /// words in the old document's order: what a screen showing one side in place of the
  /// other keeps in place (the diffable data source applied to two documents).
  ///
  /// A value's counterpart is the value it was compared with: the same member of a paired
  /// object, the element an array's alignment put against it, the value a changed one was
  /// replaced by (it keeps its place and identity), the place a moved value went to. What
  /// is inside two equal values pairs word for word when their members come in the same
  /// order (else member by member). A removed value has none; neither has what is inside a
  /// value replaced by another kind.
  ///
  /// Values whose text is the same bytes on both sides (most of what did not change, in
  /// files as read) are paired with one byte comparison each; the rest value by value.
  public func counterpartRuns() -> [CounterpartRun] { counterpartRuns(comparingTextFirst: true) }

  /// ``counterpartRuns()``, with the byte comparison of unchanged values left out when
  /// `comparingTextFirst` is false (every value compared by ``JSONDocument/isValue(_:equalTo:in:)``,
  /// as before it existed): `tgrid-bench jsondiff --measure` times both.
  package func counterpartRuns(comparingTextFirst: Bool) -> [CounterpartRun] {
    var runs: [CounterpartRun] = []
    func add(_ oldStart: Int, _ newStart: Int, _ count: Int) {
      guard count > 0 else { return }
      if let last = runs.last, last.oldStart + last.count == oldStart, last.newStart + last.count == newStart {
        runs[runs.count - 1].count += count
      } else {
        runs.append(CounterpartRun(oldStart: oldStart, newStart: newStart, count: count))
      }
    }
    var pairOfOld: [Int: Int] = [:]
    for (index, pair) in record.pairs.enumerated() { pairOfOld[pair.old.index] = index }
    let oldStorage = old.storage
    let newStorage = new.storage
    // Pairs of values known to correspond; their own words are added as they are taken.
    var pending: [(old: JSONNode, new: JSONNode)] = [(old.root, new.root)]
    if !old.isJSONLines && !new.isJSONLines { add(0, 0, 2) }
    while let (oldNode, newNode) = pending.popLast() {
      let oldEnd = oldStorage.subtreeEnd(oldNode.index)
      let newEnd = newStorage.subtreeEnd(newNode.index)
      if let pairIndex = pairOfOld[oldNode.index], record.pairs[pairIndex].new == newNode {
        // Containers that differ: their own words, then what the comparison paired inside.
        add(oldNode.index, newNode.index, 2)
        pending += children(ofPair: record.pairs[pairIndex]).reversed()
        continue
      }
      guard oldHashes[oldNode] == newHashes[newNode] else {
        // Replaced by another value: the value keeps its place, what was inside does not.
        add(oldNode.index, newNode.index, old.isContainer(oldNode) && new.isContainer(newNode) ? 2 : 1)
        continue
      }
      if oldEnd - oldNode.index == newEnd - newNode.index,
        (comparingTextFirst ? old.hasSameText(oldNode, as: newNode, in: new) : nil) == true
          || old.isValue(oldNode, equalTo: newNode, in: new)
      {
        add(oldNode.index, newNode.index, oldEnd - oldNode.index)
        continue
      }
      // Equal values written differently (members in another order): member by member.
      add(oldNode.index, newNode.index, old.isContainer(oldNode) ? 2 : 1)
      let inside =
        old.kind(of: oldNode) == .object
        ? memberPairs(old: oldNode, new: newNode) : Array(zip(old.children(of: oldNode), new.children(of: newNode)))
      pending += inside.reversed()
    }
    runs.sort { $0.oldStart < $1.oldStart }
    return runs
  }

  /// The pairs of children a pair of containers that differ holds: members by key, the
  /// elements its alignment kept or changed in place, the elements moved out of it.
  private func children(ofPair pair: Pair) -> [(old: JSONNode, new: JSONNode)] {
    var result: [(old: JSONNode, new: JSONNode)] = []
    if pair.isObject {
      result = memberPairs(old: pair.old, new: pair.new)
    } else {
      // The kept positions include the elements changed in place.
      var oldElements: [JSONNode] = []
      old.forEachChild(of: pair.old) { oldElements.append($0) }
      var newElements: [JSONNode] = []
      new.forEachChild(of: pair.new) { newElements.append($0) }
      for (oldPosition, newPosition) in zip(pair.keptOld, pair.keptNew)
      where oldElements.indices.contains(Int(oldPosition)) && newElements.indices.contains(Int(newPosition)) {
        result.append((oldElements[Int(oldPosition)], newElements[Int(newPosition)]))
      }
    }
    for removal in pair.removals {
      let value = record.removals[removal]
      if value.moveTo >= 0 { result.append((value.node, record.additions[value.moveTo].node)) }
    }
    return result
  }

  /// The members of two objects with the same key (of duplicate keys the last, which is the
  /// one that counts), in the old object's order.
  private func memberPairs(old oldObject: JSONNode, new newObject: JSONNode) -> [(old: JSONNode, new: JSONNode)] {
    var newMembers: [String: JSONNode] = [:]
    new.forEachChild(of: newObject) { child in newMembers[new.key(of: child) ?? ""] = child }
    var oldMembers: [String: JSONNode] = [:]
    var oldOrder: [(String, JSONNode)] = []
    old.forEachChild(of: oldObject) { child in
      let key = old.key(of: child) ?? ""
      oldMembers[key] = child
      oldOrder.append((key, child))
    }
    return oldOrder.compactMap { key, child in
      guard oldMembers[key] == child, let other = newMembers[key] else { return nil }
      return (child, other)
    }
  }
}

extension JSONDocument {
  /// How many words the tape has: every value's node index is below it.
  public var tapeWordCount: Int { storage.wordCount }
}
