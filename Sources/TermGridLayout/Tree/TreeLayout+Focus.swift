import TermGridCore

extension TreeLayout {
  /// Where the keyboard focus goes along the tree rather than by geometry.
  ///
  /// Left goes to the parent and Right to the first child, in both orientations. In the
  /// outline Up and Down go to the previous and next row; in columns they go to the node
  /// above or below in the same depth column (the previous or next sibling, or the nearest
  /// cousin). Where there is nowhere to go the focus stays (the index path itself).
  func treeFocusTarget(movingFrom indexPath: IndexPath, direction: FocusDirection) -> IndexPath? {
    guard let global = cache.globalIndex(of: indexPath) else { return nil }
    if orientation == .outline, !cache.tables.isEmpty, let target = tableFocusTarget(from: global, direction: direction)
    {
      return cache.indexPath(ofGlobal: target)
    }
    var target: Int?
    switch direction {
    case .left:
      let parent = Int(cache.parents[global])
      if parent >= 0 { target = parent }
    case .right:
      if cache.childCounts[global] > 0 { target = Int(cache.firstChildren[global]) }
    case .up, .down:
      let step = direction == .down ? 1 : -1
      let slice: Range<Int>
      switch orientation {
      case .outline: slice = 0..<cache.count
      case .columns: slice = 0..<(cache.sectionStarts[indexPath.section + 1] - cache.sectionStarts[indexPath.section])
      }
      let position = Int(cache.orderIndex[global]) + step
      if slice.contains(position) {
        let base = orientation == .columns ? cache.sectionStarts[indexPath.section] : 0
        target = Int(cache.order[base + position])
        // Coming to a table's cells from outside the table lands on their row.
        if let found = target, let column = cache.tableColumn(ofGlobal: found), column >= 0 {
          target = Int(cache.parents[found])
        }
      }
    }
    return target.map(cache.indexPath(ofGlobal:)) ?? indexPath
  }
}
