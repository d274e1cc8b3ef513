import TermGridCore

extension TreeLayout {
  /// A node's position in depth-first order: each node, then its shown children's subtrees
  /// in order. In the outline these are the rows from top to bottom, whatever their depth.
  func treeReadingPosition(ofItemAt indexPath: IndexPath) -> Int? {
    let cache = cache
    guard let global = cache.globalIndex(of: indexPath) else { return nil }
    return cache.depthFirstPosition(ofGlobal: global)
  }

  func treeIndexPathForItem(atReadingPosition position: Int) -> IndexPath? {
    let cache = cache
    guard position >= 0, position < cache.count else { return nil }
    return cache.indexPath(ofGlobal: cache.global(atDepthFirstPosition: position))
  }

  func treeIndexPathsInReadingOrder(from start: IndexPath, through end: IndexPath) -> [IndexPath] {
    let cache = cache
    guard let first = cache.globalIndex(of: start).map(cache.depthFirstPosition(ofGlobal:)),
      let last = cache.globalIndex(of: end).map(cache.depthFirstPosition(ofGlobal:))
    else { return [] }
    let positions = first <= last ? Array(first...last) : Array((last...first).reversed())
    return positions.map { cache.indexPath(ofGlobal: cache.global(atDepthFirstPosition: $0)) }
  }
}
