/// Chooses how the elements of two arrays line up, and lines them up (internal; see
/// ``JSONDiff`` for the rules).
struct ArrayAligner {
  let old: JSONDocument
  let new: JSONDocument
  let oldHashes: SubtreeHashes
  let newHashes: SubtreeHashes
  let oldElements: [JSONNode]
  let newElements: [JSONNode]
  let options: JSONDiffOptions
  /// The alignment asked for this array (``JSONDiffOptions/alignmentChoices``), if any.
  var choice: JSONDiff.Alignment? = nil

  /// The result: pairs of positions kept in place (ascending on both sides) and pairs that
  /// moved (aligned by an identity key, out of order).
  struct Match {
    var alignment: JSONDiff.Alignment
    var exceededBudget = false
    var kept: [(old: Int, new: Int)] = []
    var moved: [(old: Int, new: Int)] = []
  }

  /// The identity keys tried first, in order.
  static let namedKeys = ["id", "name", "key"]

  /// Aligns by an identity key when there is one, else by LCS (or position past the budget).
  func align() -> Match {
    switch choice {
    case .positional?:
      var match = Match(alignment: .positional)
      match.kept = (0..<min(oldElements.count, newElements.count)).map { ($0, $0) }
      return match
    case .longestCommonSubsequence?:
      return alignByLCS()
    case .identityKey(let key)?:
      if let (oldIdentities, newIdentities) = identities(under: key) {
        return alignByKey(key, oldIdentities, newIdentities)
      }
    case nil:
      break
    }
    if let (key, oldIdentities, newIdentities) = identityKey() {
      return alignByKey(key, oldIdentities, newIdentities)
    }
    return alignByLCS()
  }

  // MARK: - Identity keys

  /// The key every element can be found by on both sides, with each element's identity
  /// (the hash of its value under the key); nil when there is none.
  func identityKey() -> (String, [UInt64], [UInt64])? {
    guard options.usesIdentityKeys, !oldElements.isEmpty, !newElements.isEmpty else { return nil }
    guard old.kind(of: oldElements[0]) == .object && new.kind(of: newElements[0]) == .object else { return nil }
    for key in ArrayAligner.namedKeys {
      if let (oldIdentities, newIdentities) = identities(under: key), matchCount(oldIdentities, newIdentities) > 0 {
        return (key, oldIdentities, newIdentities)
      }
    }
    // Another field: unique in every element, and pairing at least half of the shorter side
    // (a field that happens to differ in every element is not an identity).
    let shorter = min(oldElements.count, newElements.count)
    guard shorter >= 2 else { return nil }
    for child in old.children(of: oldElements[0]) {
      guard let key = old.key(of: child), !ArrayAligner.namedKeys.contains(key) else { continue }
      let kind = old.kind(of: child)
      guard kind == .string || kind == .number else { continue }
      if let (oldIdentities, newIdentities) = identities(under: key),
        matchCount(oldIdentities, newIdentities) * 2 >= shorter
      {
        return (key, oldIdentities, newIdentities)
      }
    }
    return nil
  }

  /// Each element's identity under `key`, when every element has a string or number there
  /// and no two elements of a side share one.
  func identities(under key: String) -> ([UInt64], [UInt64])? {
    let wanted = Array(key.utf8)
    /// One side's identities, or nil when an element has none or shares one.
    func side(_ document: JSONDocument, _ elements: [JSONNode], _ hashes: SubtreeHashes) -> [UInt64]? {
      // Without duplicate keys (the parser counts them) the first member with the key is
      // the one: no need to walk every member for the last.
      let hasDuplicates = document.storage.warningCount > 0 || document.isEdited
      var result: [UInt64] = []
      result.reserveCapacity(elements.count)
      var seen = Set<UInt64>(minimumCapacity: elements.count)
      for element in elements {
        guard document.kind(of: element) == .object else { return nil }
        let found =
          hasDuplicates
          ? document.child(forKey: key, of: element)
          : document.children(of: element).first { document.hasKey($0, wanted) }
        guard let member = found else { return nil }
        let kind = document.kind(of: member)
        guard kind == .string || kind == .number else { return nil }
        // Strings and numbers hash apart ("1" is not 1).
        let identity = hashes[member] ^ (kind == .string ? 0x5354_5249_4E47 : 0)
        guard seen.insert(identity).inserted else { return nil }
        result.append(identity)
      }
      return result
    }
    guard let oldIdentities = side(old, oldElements, oldHashes),
      let newIdentities = side(new, newElements, newHashes)
    else { return nil }
    return (oldIdentities, newIdentities)
  }

  /// How many identities of the old side the new side has too.
  func matchCount(_ oldIdentities: [UInt64], _ newIdentities: [UInt64]) -> Int {
    let newSet = Set(newIdentities)
    return oldIdentities.reduce(0) { $0 + (newSet.contains($1) ? 1 : 0) }
  }

  /// Pairs elements with the same identity; the longest run of pairs in the same order on
  /// both sides stays in place, the other pairs are moves.
  func alignByKey(_ key: String, _ oldIdentities: [UInt64], _ newIdentities: [UInt64]) -> Match {
    var positionOfNew: [UInt64: Int] = [:]
    positionOfNew.reserveCapacity(newIdentities.count)
    for (position, identity) in newIdentities.enumerated() { positionOfNew[identity] = position }
    var pairs: [(old: Int, new: Int)] = []
    pairs.reserveCapacity(oldIdentities.count)
    for (position, identity) in oldIdentities.enumerated() {
      if let newPosition = positionOfNew[identity] { pairs.append((position, newPosition)) }
    }
    let inOrder = ArrayAligner.longestIncreasingRun(pairs.map(\.new))
    var match = Match(alignment: .identityKey(key))
    var next = 0
    for (index, pair) in pairs.enumerated() {
      if next < inOrder.count && inOrder[next] == index {
        match.kept.append(pair)
        next += 1
      } else {
        match.moved.append(pair)
      }
    }
    return match
  }

  /// The positions in `values` of a longest strictly increasing subsequence (patience
  /// sorting, O(n log n)).
  static func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      previous[index] = low > 0 ? tails[low - 1] : -1
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [Int] = []
    result.reserveCapacity(tails.count)
    var current = tails.last ?? -1
    while current >= 0 {
      result.append(current)
      current = previous[current]
    }
    return result.reversed()
  }

  // MARK: - Longest common subsequence

  /// Aligns by the LCS of the element hashes, then pairs what is left between two kept
  /// elements by position (leaving out what reappears elsewhere in the array: moves).
  func alignByLCS() -> Match {
    let oldHashes = oldElements.map { self.oldHashes[$0] }
    let newHashes = newElements.map { self.newHashes[$0] }
    var match = Match(alignment: .longestCommonSubsequence)
    guard
      let common = ArrayAligner.longestCommonSubsequence(oldHashes, newHashes, budget: options.alignmentBudget)
    else {
      match.alignment = .positional
      match.exceededBudget = true
      match.kept = (0..<min(oldHashes.count, newHashes.count)).map { ($0, $0) }
      return match
    }
    var keptOld = Set<Int>(minimumCapacity: common.count)
    var keptNew = Set<Int>(minimumCapacity: common.count)
    for pair in common {
      keptOld.insert(pair.old)
      keptNew.insert(pair.new)
    }
    var leftOld = Set<UInt64>()
    for (index, hash) in oldHashes.enumerated() where !keptOld.contains(index) { leftOld.insert(hash) }
    var leftNew = Set<UInt64>()
    for (index, hash) in newHashes.enumerated() where !keptNew.contains(index) { leftNew.insert(hash) }
    var previousOld = -1
    var previousNew = -1
    for position in 0...common.count {
      let next = position < common.count ? common[position] : (oldHashes.count, newHashes.count)
      let removed = (previousOld + 1..<next.old).filter { !leftNew.contains(oldHashes[$0]) }
      let added = (previousNew + 1..<next.new).filter { !leftOld.contains(newHashes[$0]) }
      for (oldIndex, newIndex) in zip(removed, added) { match.kept.append((oldIndex, newIndex)) }
      if position < common.count { match.kept.append(next) }
      previousOld = next.old
      previousNew = next.new
    }
    return match
  }

  /// The pairs of positions of a longest common subsequence of `a` and `b`, by
  /// Hunt–Szymanski after setting aside the common head and tail; nil when the middle has
  /// more than `budget` pairs of equal elements to examine.
  static func longestCommonSubsequence(_ a: [UInt64], _ b: [UInt64], budget: Int) -> [(old: Int, new: Int)]? {
    var head = 0
    while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head && tail < b.count - head && a[a.count - 1 - tail] == b[b.count - 1 - tail] {
      tail += 1
    }
    var result: [(old: Int, new: Int)] = (0..<head).map { ($0, $0) }
    let aEnd = a.count - tail
    let bEnd = b.count - tail
    if head < aEnd && head < bEnd {
      // The positions of each value in b's middle, ascending, grouped by value.
      var order = Array(head..<bEnd)
      order.sort { b[$0] != b[$1] ? b[$0] < b[$1] : $0 < $1 }
      var groups: [UInt64: (start: Int, count: Int)] = [:]
      var start = 0
      while start < order.count {
        var end = start + 1
        while end < order.count && b[order[end]] == b[order[start]] { end += 1 }
        groups[b[order[start]]] = (start, end - start)
        start = end
      }
      var matches = 0
      for index in head..<aEnd {
        matches += groups[a[index]]?.count ?? 0
        if matches > budget { return nil }
      }
      // thresholds[k]: the smallest position in b that ends a common subsequence of length
      // k + 1 so far; links[k]: the node of that ending, for reading the subsequence back.
      var thresholds: [Int] = []
      var links: [Int] = []
      var nodes: [(old: Int, new: Int, previous: Int)] = []
      for index in head..<aEnd {
        guard let group = groups[a[index]] else { continue }
        for offset in stride(from: group.start + group.count - 1, through: group.start, by: -1) {
          let position = order[offset]
          var low = 0
          var high = thresholds.count
          while low < high {
            let middle = (low + high) / 2
            if thresholds[middle] < position { low = middle + 1 } else { high = middle }
          }
          if low < thresholds.count && thresholds[low] == position { continue }
          nodes.append((index, position, low > 0 ? links[low - 1] : -1))
          if low == thresholds.count {
            thresholds.append(position)
            links.append(nodes.count - 1)
          } else {
            thresholds[low] = position
            links[low] = nodes.count - 1
          }
        }
      }
      var middle: [(old: Int, new: Int)] = []
      var current = links.last ?? -1
      while current >= 0 {
        middle.append((nodes[current].old, nodes[current].new))
        current = nodes[current].previous
      }
      result.append(contentsOf: middle.reversed())
    }
    for offset in 0..<tail { result.append((aEnd + offset, bEnd + offset)) }
    return result
  }
}
