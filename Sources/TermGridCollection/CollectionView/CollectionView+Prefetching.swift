import TermGridCore

/// What prefetching has asked for, and where the view was when it last looked.
struct PrefetchState {
  /// Whether prefetching runs at all.
  var isEnabled = true
  /// Items asked for that are not yet shown and still lie ahead.
  var requested: Set<IndexPath> = []
  /// The visible rectangle when prefetching last looked.
  var lastBounds: Rect?
  /// The data generation the requests belong to.
  var generation = -1
  /// The direction the content last scrolled, per axis: +1 towards the end, -1 back.
  var directionX = 1.0
  var directionY = 1.0
}

extension CollectionView {
  /// Whether the collection view asks its ``prefetchDataSource`` for items ahead of the
  /// visible area. On by default, as in UIKit; turning it off cancels what was asked for.
  public var isPrefetchingEnabled: Bool {
    get { prefetchState.isEnabled }
    set {
      guard newValue != prefetchState.isEnabled else { return }
      if !newValue, let prefetchDataSource, !prefetchState.requested.isEmpty {
        prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: prefetchState.requested.sorted())
      }
      prefetchState = PrefetchState()
      prefetchState.isEnabled = newValue
      if newValue { setNeedsLayout() }
    }
  }

  /// The items prefetching has asked for that are not yet shown, in order.
  public var indexPathsBeingPrefetched: [IndexPath] { prefetchState.requested.sorted() }

  /// After a layout pass: asks for the items a screen ahead and cancels the ones left behind.
  func updatePrefetching() {
    guard prefetchState.isEnabled, let prefetchDataSource else { return }
    let visible = bounds
    if prefetchState.generation != dataGeneration {
      // The data changed: the index paths asked for may name other items now.
      prefetchState.requested = []
      prefetchState.lastBounds = nil
      prefetchState.generation = dataGeneration
    }
    guard visible != prefetchState.lastBounds, !visible.isEmpty else { return }
    if let last = prefetchState.lastBounds {
      if visible.minY != last.minY { prefetchState.directionY = visible.minY > last.minY ? 1 : -1 }
      if visible.minX != last.minX { prefetchState.directionX = visible.minX > last.minX ? 1 : -1 }
    }
    prefetchState.lastBounds = visible

    let content = contentSize
    var ahead = visible
    if content.height > visible.height {
      ahead = ahead.union(visible.offsetBy(dx: 0, dy: visible.height * prefetchState.directionY))
    }
    if content.width > visible.width {
      ahead = ahead.union(visible.offsetBy(dx: visible.width * prefetchState.directionX, dy: 0))
    }
    var wanted: [(frame: Rect, indexPath: IndexPath)] = []
    if ahead != visible {
      for element in collectionViewLayout.layoutAttributesForElements(in: ahead)
      where element.category == .cell && !element.isHidden && visibleViews[.cell(element.indexPath)] == nil {
        wanted.append((element.frame, element.indexPath))
      }
    }
    let wantedSet = Set(wanted.map(\.indexPath))
    var cancelled: [IndexPath] = []
    for indexPath in prefetchState.requested where !wantedSet.contains(indexPath) {
      // Shown since (its cell came from the data source) or left behind.
      if visibleViews[.cell(indexPath)] == nil { cancelled.append(indexPath) }
    }
    // Nearest to the visible area first.
    let center = visible.center
    let fresh = wanted.filter { !prefetchState.requested.contains($0.indexPath) }.sorted {
      let a = distanceSquared($0.frame, center)
      let b = distanceSquared($1.frame, center)
      return a != b ? a < b : $0.indexPath < $1.indexPath
    }
    prefetchState.requested = wantedSet
    if !cancelled.isEmpty {
      prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancelled.sorted())
    }
    if !fresh.isEmpty {
      prefetchDataSource.collectionView(self, prefetchItemsAt: fresh.map(\.indexPath))
    }
  }

  private func distanceSquared(_ frame: Rect, _ point: Point) -> Double {
    let dx = max(0, max(frame.minX - point.x, point.x - frame.maxX))
    let dy = max(0, max(frame.minY - point.y, point.y - frame.maxY))
    return dx * dx + dy * dy
  }
}
