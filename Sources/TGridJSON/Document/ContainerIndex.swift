/// Every container's tape index in order, with its parent (internal).
///
/// Built in one pass over the tape when a parent is first asked for, so parsing does not
/// pay for it: 8 bytes per container.
struct ContainerIndex: Sendable, Equatable {
  /// Tape indices of the containers, ascending.
  var containers: [UInt32] = []
  /// For each container, the position in `containers` of its parent (`UInt32.max`: none).
  var parents: [UInt32] = []

  init() {}

  init(_ storage: JSONStorage) {
    var open: [(position: UInt32, end: Int)] = []
    var index = 0
    let count = storage.words.count
    while index < count {
      let word = storage.words.pointer[index]
      guard TapeWord.isContainer(word) else {
        index += 1
        continue
      }
      while let last = open.last, last.end <= index { open.removeLast() }
      let position = UInt32(containers.count)
      containers.append(UInt32(index))
      parents.append(open.last?.position ?? UInt32.max)
      open.append((position, index + TapeWord.endDelta(ofInfo: storage.words.pointer[index + 1])))
      index += 2
    }
  }

  /// Number of containers whose tape index is below `index`.
  func containersBefore(_ index: Int) -> Int {
    var low = 0
    var high = containers.count
    while low < high {
      let middle = (low + high) / 2
      if Int(containers[middle]) < index { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index after `splice` (already applied to the tape) replaced its run of words.
  func applying(_ splice: TapeSplice) -> ContainerIndex {
    let removedEnd = splice.start + splice.removedCount
    let first = containersBefore(splice.start)
    let last = containersBefore(removedEnd)
    let delta = splice.insertedWords.count - splice.removedCount
    let parentPosition = containersBefore(splice.parent)

    // The inserted subtrees' containers, with parents found through a stack of open ends.
    var insertedContainers: [UInt32] = []
    var insertedParents: [UInt32] = []
    var open: [(position: UInt32, end: Int)] = []
    var offset = 0
    while offset < splice.insertedWords.count {
      let word = splice.insertedWords[offset]
      guard TapeWord.isContainer(word) else {
        offset += 1
        continue
      }
      while let top = open.last, top.end <= offset { open.removeLast() }
      let position = UInt32(first + insertedContainers.count)
      insertedContainers.append(UInt32(splice.start + offset))
      insertedParents.append(open.last?.position ?? UInt32(parentPosition))
      open.append((position, offset + TapeWord.endDelta(ofInfo: splice.insertedWords[offset + 1])))
      offset += 2
    }

    let shift = insertedContainers.count - (last - first)
    var result = ContainerIndex()
    result.containers.reserveCapacity(containers.count + shift)
    result.parents.reserveCapacity(containers.count + shift)
    result.containers.append(contentsOf: containers[..<first])
    result.parents.append(contentsOf: parents[..<first])
    result.containers.append(contentsOf: insertedContainers)
    result.parents.append(contentsOf: insertedParents)
    for position in last..<containers.count {
      result.containers.append(UInt32(Int(containers[position]) + delta))
      let parent = parents[position]
      result.parents.append(parent == UInt32.max || Int(parent) < first ? parent : UInt32(Int(parent) + shift))
    }
    return result
  }

  /// The tape index of the container enclosing `index`.
  func parent(of index: Int, in storage: JSONStorage) -> Int? {
    var candidate: Int
    if storage.isContainer(index) {
      let position = containersBefore(index)
      guard position < containers.count, Int(containers[position]) == index else { return nil }
      let parent = parents[position]
      return parent == UInt32.max ? nil : Int(containers[Int(parent)])
    }
    // The nearest container opened before `index`, then up until one encloses it.
    candidate = containersBefore(index) - 1
    while candidate >= 0 {
      let container = Int(containers[candidate])
      if storage.subtreeEnd(container) > index { return container }
      let parent = parents[candidate]
      if parent == UInt32.max { return nil }
      candidate = Int(parent)
    }
    return nil
  }
}
