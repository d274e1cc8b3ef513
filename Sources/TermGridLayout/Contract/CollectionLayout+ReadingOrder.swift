import TermGridCore

extension CollectionLayout {
  /// Where each section starts in index order, and the total last; computed when first
  /// asked after a pass (counts only change with one).
  private var sectionStartsInIndexOrder: [Int] {
    if !needsPrepare, let starts = indexOrderSectionStarts { return starts }
    var starts = [0]
    if let host = collectionView {
      starts.reserveCapacity(host.numberOfSections + 1)
      for section in 0..<host.numberOfSections {
        starts.append(starts[section] + host.numberOfItems(inSection: section))
      }
    }
    // Counts seen before the next pass may still change: keep only what a pass saw.
    if !needsPrepare { indexOrderSectionStarts = starts }
    return starts
  }

  /// Index order: sections one after another.
  func defaultReadingPosition(ofItemAt indexPath: IndexPath) -> Int? {
    let starts = sectionStartsInIndexOrder
    guard indexPath.section >= 0, indexPath.section < starts.count - 1, indexPath.item >= 0 else { return nil }
    let position = starts[indexPath.section] + indexPath.item
    return position < starts[indexPath.section + 1] ? position : nil
  }

  func defaultIndexPathForItem(atReadingPosition position: Int) -> IndexPath? {
    let starts = sectionStartsInIndexOrder
    guard position >= 0, let total = starts.last, position < total else { return nil }
    // The last section starting at or before the position that is not empty.
    var low = 0
    var high = starts.count - 2
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return IndexPath(item: position - starts[low], section: low)
  }

  var defaultNumberOfItemsInReadingOrder: Int { sectionStartsInIndexOrder.last ?? 0 }

  func defaultIndexPathsInReadingOrder(from start: IndexPath, through end: IndexPath) -> [IndexPath] {
    guard let first = readingPosition(ofItemAt: start), let last = readingPosition(ofItemAt: end) else { return [] }
    let positions = first <= last ? Array(first...last) : Array((last...first).reversed())
    return positions.compactMap(indexPathForItem(atReadingPosition:))
  }
}

/// A reading order a layout computes once per pass and answers from: the items in order and
/// each one's position.
///
/// A layout whose frames do not follow its index paths builds one in `prepare()`, usually
/// with ``byFrames(_:)``, and answers ``CollectionLayout/readingPosition(ofItemAt:)`` and
/// ``CollectionLayout/indexPathForItem(atReadingPosition:)`` from it.
public struct ReadingOrder: Hashable, Sendable {
  /// The items, first read first.
  public let indexPaths: [IndexPath]
  private let positions: [IndexPath: Int]

  /// An order from a list of items, first read first.
  public init(_ indexPaths: [IndexPath]) {
    self.indexPaths = indexPaths
    var positions: [IndexPath: Int] = [:]
    positions.reserveCapacity(indexPaths.count)
    for (position, indexPath) in indexPaths.enumerated() where positions[indexPath] == nil {
      positions[indexPath] = position
    }
    self.positions = positions
  }

  /// Frame order: the cells of `attributes` by the rows they start on, then left to right
  /// (then by index path, so equal frames keep a fixed order), as a line of text is read.
  public static func byFrames(_ attributes: [LayoutAttributes]) -> ReadingOrder {
    let cells = attributes.filter { $0.category == .cell && !$0.isHidden }
    let sorted = cells.sorted {
      ($0.frame.minY, $0.frame.minX, $0.indexPath) < ($1.frame.minY, $1.frame.minX, $1.indexPath)
    }
    return ReadingOrder(sorted.map(\.indexPath))
  }

  /// An item's position, or `nil` when it is not in the order.
  public func position(of indexPath: IndexPath) -> Int? { positions[indexPath] }

  /// The item at a position, or `nil` past either end.
  public func indexPath(at position: Int) -> IndexPath? {
    indexPaths.indices.contains(position) ? indexPaths[position] : nil
  }

  /// The items from one position through another, both included, in that order.
  public func indexPaths(from first: Int, through last: Int) -> [IndexPath] {
    guard indexPaths.indices.contains(first), indexPaths.indices.contains(last) else { return [] }
    return first <= last ? Array(indexPaths[first...last]) : Array(indexPaths[last...first].reversed())
  }
}

extension CollectionLayout {
  /// The cell whose frame holds `position`, else the nearest cell around it.
  func defaultTargetIndexPath(forInteractivelyMovingItem previous: IndexPath, withPosition position: Point) -> IndexPath
  {
    // Look near the position first, then over the visible area.
    var areas: [Rect] = []
    if let bounds = collectionView?.bounds {
      areas.append(
        Rect(
          x: position.x - bounds.width / 4, y: position.y - bounds.height / 4, width: bounds.width / 2,
          height: bounds.height / 2))
      areas.append(bounds.union(Rect(x: position.x, y: position.y, width: 1, height: 1)))
    } else {
      areas.append(Rect(origin: .zero, size: collectionViewContentSize))
    }
    for area in areas {
      var best: (distance: Double, indexPath: IndexPath)?
      for element in layoutAttributesForElements(in: area) where element.category == .cell && !element.isHidden {
        let frame = element.frame
        let dx = max(0, max(frame.minX - position.x, position.x - frame.maxX))
        let dy = max(0, max(frame.minY - position.y, position.y - frame.maxY))
        let distance = frame.contains(position) ? -1 : dx * dx + dy * dy
        if let current = best,
          current.distance < distance || (current.distance == distance && current.indexPath < element.indexPath)
        {
          continue
        }
        best = (distance, element.indexPath)
      }
      if let best { return best.indexPath }
    }
    return previous
  }
}
