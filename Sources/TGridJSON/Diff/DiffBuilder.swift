/// Walks two documents from the roots down where their hashes differ and records what it
/// finds (internal; see ``JSONDiff``).
///
/// Each pair of containers yields its items in order (changes and the pairs inside it); a
/// stack of item lists gives them in document order, without recursion.
struct DiffBuilder {
  let old: JSONDocument
  let new: JSONDocument
  let oldHashes: SubtreeHashes
  let newHashes: SubtreeHashes
  let options: JSONDiffOptions
  var record = JSONDiff.Record()
  var alignments: [JSONDiff.ArrayAlignment] = []
  /// The changes in document order, before moves are paired.
  var events: [Event] = []

  /// One change, by its index in the record.
  enum Event {
    case removal(Int)
    case addition(Int)
    case replacement(Int)
  }

  /// What a pair of containers holds, in order: a change, or a pair to look into.
  enum Item {
    case event(Event)
    case pair(Int)
  }

  /// A builder for two documents and their hashes.
  init(
    old: JSONDocument, new: JSONDocument, oldHashes: SubtreeHashes, newHashes: SubtreeHashes,
    options: JSONDiffOptions
  ) {
    self.old = old
    self.new = new
    self.oldHashes = oldHashes
    self.newHashes = newHashes
    self.options = options
  }

  /// Compares the documents from their roots.
  mutating func run() {
    let oldRoot = old.root
    let newRoot = new.root
    guard oldHashes[oldRoot] != newHashes[newRoot] else { return }
    let kind = old.kind(of: oldRoot)
    guard kind.isContainer && kind == new.kind(of: newRoot) else {
      record.replacesRoot = true
      record.replacements.append(
        JSONDiff.Replacement(
          pair: -1, key: nil, oldIndex: -1, newIndex: -1, old: oldRoot, new: newRoot))
      events.append(.replacement(0))
      return
    }
    let root = makePair(old: oldRoot, new: newRoot, parent: -1, link: .root)
    var stack: [(items: [Item], position: Int)] = [(items(of: root), 0)]
    while let top = stack.last {
      guard top.position < top.items.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].position += 1
      switch top.items[top.position] {
      case .event(let event): events.append(event)
      case .pair(let pair): stack.append((items(of: pair), 0))
      }
    }
  }

  // MARK: - Pairs

  /// Records a pair of containers to look into; returns its index.
  mutating func makePair(
    old oldNode: JSONNode, new newNode: JSONNode, parent: Int, link: JSONDiff.Link
  ) -> Int {
    record.pairs.append(
      JSONDiff.Pair(
        old: oldNode, new: newNode, parent: parent, link: link, isObject: old.kind(of: oldNode) == .object))
    return record.pairs.count - 1
  }

  /// What a pair holds, in order.
  mutating func items(of pair: Int) -> [Item] {
    record.pairs[pair].isObject ? objectItems(pair) : arrayItems(pair)
  }

  /// Two values found at the same place: nothing when equal, a pair to look into when both
  /// are containers of one kind, else a replacement.
  mutating func compare(
    old oldNode: JSONNode, new newNode: JSONNode, in pair: Int, key: String?, oldIndex: Int, newIndex: Int
  ) -> Item? {
    guard oldHashes[oldNode] != newHashes[newNode] else { return nil }
    let kind = old.kind(of: oldNode)
    if kind.isContainer && kind == new.kind(of: newNode) {
      let link: JSONDiff.Link = key.map { .member($0) } ?? .element(old: oldIndex, new: newIndex)
      return .pair(makePair(old: oldNode, new: newNode, parent: pair, link: link))
    }
    record.replacements.append(
      JSONDiff.Replacement(
        pair: pair, key: key, oldIndex: oldIndex, newIndex: newIndex, old: oldNode, new: newNode))
    record.pairs[pair].replacements.append(record.replacements.count - 1)
    return .event(.replacement(record.replacements.count - 1))
  }

  /// Records a value of the old document missing from the new one; returns its index.
  mutating func addRemoval(in pair: Int, key: String?, index: Int, node: JSONNode) -> Int {
    record.removals.append(JSONDiff.Removal(pair: pair, key: key, index: index, node: node))
    record.pairs[pair].removals.append(record.removals.count - 1)
    return record.removals.count - 1
  }

  /// Records a value of the new document missing from the old one; returns its index.
  mutating func addAddition(in pair: Int, key: String?, index: Int, node: JSONNode) -> Int {
    record.additions.append(JSONDiff.Addition(pair: pair, key: key, index: index, node: node))
    record.pairs[pair].additions.append(record.additions.count - 1)
    return record.additions.count - 1
  }

  // MARK: - Objects

  /// An object's members by key: removed and changed members in the old order, then the
  /// added ones in the new order. Of duplicate keys only the last member counts.
  mutating func objectItems(_ pair: Int) -> [Item] {
    let oldObject = record.pairs[pair].old
    let newObject = record.pairs[pair].new
    var oldMembers: [String: JSONNode] = [:]
    var oldOrder: [(String, JSONNode)] = []
    for child in old.children(of: oldObject) {
      let key = old.key(of: child) ?? ""
      oldMembers[key] = child
      oldOrder.append((key, child))
    }
    var newMembers: [String: JSONNode] = [:]
    var newOrder: [(String, JSONNode)] = []
    for child in new.children(of: newObject) {
      let key = new.key(of: child) ?? ""
      newMembers[key] = child
      newOrder.append((key, child))
    }
    var items: [Item] = []
    for (key, child) in oldOrder where oldMembers[key] == child {
      if let other = newMembers[key] {
        if let item = compare(
          old: child, new: other, in: pair, key: key, oldIndex: -1, newIndex: -1)
        {
          items.append(item)
        }
      } else {
        let removal = addRemoval(in: pair, key: key, index: -1, node: child)
        items.append(.event(.removal(removal)))
      }
    }
    for (key, child) in newOrder where newMembers[key] == child && oldMembers[key] == nil {
      let addition = addAddition(in: pair, key: key, index: -1, node: child)
      items.append(.event(.addition(addition)))
    }
    return items
  }

  // MARK: - Arrays

  /// An array's elements in the merged order of the alignment: between two elements kept
  /// in place, the removed ones, then the added ones (and the targets of moves by key).
  mutating func arrayItems(_ pair: Int) -> [Item] {
    let oldArray = record.pairs[pair].old
    let newArray = record.pairs[pair].new
    var oldElements: [JSONNode] = []
    oldElements.reserveCapacity(old.childCount(of: oldArray))
    old.forEachChild(of: oldArray) { oldElements.append($0) }
    var newElements: [JSONNode] = []
    newElements.reserveCapacity(new.childCount(of: newArray))
    new.forEachChild(of: newArray) { newElements.append($0) }
    var aligner = ArrayAligner(
      old: old, new: new, oldHashes: oldHashes, newHashes: newHashes, oldElements: oldElements,
      newElements: newElements, options: options)
    if !options.alignmentChoices.isEmpty { aligner.choice = options.alignmentChoices[new.path(of: newArray)] }
    let match = aligner.align()
    alignments.append(
      JSONDiff.ArrayAlignment(
        oldNode: oldArray, newNode: newArray, alignment: match.alignment,
        exceededBudget: match.exceededBudget))
    record.pairs[pair].oldCount = oldElements.count
    record.pairs[pair].newCount = newElements.count
    record.pairs[pair].keptOld = match.kept.map { Int32($0.old) }
    record.pairs[pair].keptNew = match.kept.map { Int32($0.new) }

    // Elements that keep their identity key but not their place: one removal and one
    // addition, paired as a move from the start.
    var moveSourceOfNew: [Int: Int] = [:]
    var removalOfOld: [Int: Int] = [:]
    for (oldIndex, newIndex) in match.moved {
      removalOfOld[oldIndex] = addRemoval(
        in: pair, key: nil, index: oldIndex, node: oldElements[oldIndex])
      moveSourceOfNew[newIndex] = oldIndex
    }

    var items: [Item] = []
    var oldIndex = 0
    var newIndex = 0
    for position in 0...match.kept.count {
      let (keptOld, keptNew) =
        position < match.kept.count ? match.kept[position] : (oldElements.count, newElements.count)
      while oldIndex < keptOld {
        if removalOfOld[oldIndex] == nil {
          let removal = addRemoval(
            in: pair, key: nil, index: oldIndex, node: oldElements[oldIndex])
          items.append(.event(.removal(removal)))
        }
        oldIndex += 1
      }
      while newIndex < keptNew {
        let addition = addAddition(
          in: pair, key: nil, index: newIndex, node: newElements[newIndex])
        items.append(.event(.addition(addition)))
        if let source = moveSourceOfNew[newIndex], let removal = removalOfOld[source] {
          record.removals[removal].moveTo = addition
          record.additions[addition].moveFrom = removal
          let oldElement = oldElements[source]
          let newElement = newElements[newIndex]
          if oldHashes[oldElement] != newHashes[newElement] && old.kind(of: oldElement) == new.kind(of: newElement)
            && old.isContainer(oldElement)
          {
            let moved = makePair(
              old: oldElement, new: newElement, parent: pair, link: .element(old: source, new: newIndex))
            record.pairs[moved].moveAddition = addition
            record.additions[addition].movedPair = moved
            items.append(.pair(moved))
          }
        }
        newIndex += 1
      }
      guard position < match.kept.count else { break }
      if oldHashes[oldElements[keptOld]] != newHashes[newElements[keptNew]],
        let item = compare(
          old: oldElements[keptOld], new: newElements[keptNew], in: pair, key: nil, oldIndex: keptOld,
          newIndex: keptNew)
      {
        items.append(item)
      }
      oldIndex = keptOld + 1
      newIndex = keptNew + 1
    }
    return items
  }

  // MARK: - Results

  /// The public list of changes and their counts, once moves are paired.
  func changes() -> ([JSONDiff.Change], JSONDiff.Counts) {
    var changes: [JSONDiff.Change] = []
    var counts = JSONDiff.Counts()
    for event in events {
      switch event {
      case .removal(let index):
        let removal = record.removals[index]
        guard removal.moveTo < 0 else { continue }
        changes.append(JSONDiff.Change(kind: .removed, oldNode: removal.node, oldPath: old.path(of: removal.node)))
        counts.removed += 1
      case .addition(let index):
        let addition = record.additions[index]
        if addition.moveFrom >= 0 {
          let removal = record.removals[addition.moveFrom]
          changes.append(
            JSONDiff.Change(
              kind: .moved, oldNode: removal.node, newNode: addition.node, oldPath: old.path(of: removal.node),
              newPath: new.path(of: addition.node), hasInnerChanges: addition.movedPair >= 0))
          counts.moved += 1
        } else {
          changes.append(JSONDiff.Change(kind: .added, newNode: addition.node, newPath: new.path(of: addition.node)))
          counts.added += 1
        }
      case .replacement(let index):
        let replacement = record.replacements[index]
        changes.append(
          JSONDiff.Change(
            kind: .changed, oldNode: replacement.old, newNode: replacement.new,
            oldPath: old.path(of: replacement.old), newPath: new.path(of: replacement.new)))
        counts.changed += 1
      }
    }
    return (changes, counts)
  }
}
