/// A binary min-heap of (key, value) pairs, for packing lanes. One array of pairs, and
/// the moving entry is carried down (or up) in a hole rather than swapped at each level.
struct MinHeap {
  private var entries: [(key: Int, value: Int)] = []

  var peek: (key: Int, value: Int)? { entries.first }

  mutating func push(key: Int, value: Int) {
    entries.append((key, value))
    var child = entries.count - 1
    let moving = entries[child]
    while child > 0 {
      let parent = (child - 1) / 2
      guard moving.key < entries[parent].key else { break }
      entries[child] = entries[parent]
      child = parent
    }
    entries[child] = moving
  }

  mutating func pop() {
    guard let last = entries.popLast() else { return }
    guard !entries.isEmpty else { return }
    let count = entries.count
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      var smallestKey = last.key
      if left < count && entries[left].key < smallestKey {
        smallest = left
        smallestKey = entries[left].key
      }
      if right < count && entries[right].key < smallestKey { smallest = right }
      guard smallest != parent else { break }
      entries[parent] = entries[smallest]
      parent = smallest
    }
    entries[parent] = last
  }
}
