import TermGridCore

/// Where ``CollectionView/scrollToItem(at:at:)`` puts an item.
public enum ScrollPosition: Sendable {
  /// The item's top at the top of the visible area.
  case top
  /// The item in the middle of the visible area.
  case center
  /// The item's bottom at the bottom of the visible area.
  case bottom
  /// The least movement that makes the item fully visible (none when it already is).
  case nearest
}

extension CollectionView {
  /// The size of all the content, from the layout.
  public var contentSize: Size {
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    return collectionViewLayout.collectionViewContentSize
  }

  /// `offset` kept inside the content: never before the start, never so far that the
  /// visible area runs past the end (in both directions when the content is larger both ways).
  /// The ``contentInset`` widens the range by its margins.
  public func clampedContentOffset(_ offset: Point) -> Point {
    let content = contentSize
    let visible = cellMetrics.size(for: frame.size)
    let inset = contentInset
    let maxX = max(-inset.left, content.width + inset.right - visible.width)
    let maxY = max(-inset.top, content.height + inset.bottom - visible.height)
    return Point(x: min(max(-inset.left, offset.x), maxX), y: min(max(-inset.top, offset.y), maxY))
  }

  /// The largest content offset: the end of the content.
  public var maximumContentOffset: Point {
    clampedContentOffset(Point(x: .greatestFiniteMagnitude, y: .greatestFiniteMagnitude))
  }

  /// Scrolls by whole lines (rows) and columns; negative values scroll up or left.
  public func scroll(byRows rows: Int = 0, columns: Int = 0) {
    contentOffset = Point(
      x: storedContentOffset.x + cellMetrics.width(ofColumns: columns),
      y: storedContentOffset.y + cellMetrics.height(ofRows: rows))
  }

  /// Scrolls by pages: the visible height less one row, so one line stays in view. Content
  /// that only scrolls sideways (a horizontal flow, a timeline) pages by the visible width
  /// less one column instead. What the layout's floating views cover
  /// (``CollectionLayout/obscuredInsets(in:)``, pinned headers) does not count as visible,
  /// so the line that was last in view is still in view below a pinned header. The layout's
  /// ``CollectionLayout/targetContentOffset(forProposedContentOffset:)`` may move the stop
  /// (to an item boundary, for example), but never back against the direction of travel: a
  /// page key always moves when there is somewhere to go.
  public func scroll(byPages pages: Int) {
    guard pages != 0 else { return }
    let current = storedContentOffset
    let end = maximumContentOffset
    let start = minimumContentOffset
    let sideways = end.y == start.y && end.x > start.x
    let obscured = obscuredInsets(at: current)
    var proposed = current
    if sideways {
      let covered = Int((obscured.horizontal / cellMetrics.width(ofColumns: 1)).rounded(.up))
      proposed.x += cellMetrics.width(ofColumns: max(1, frame.columns - 1 - covered) * pages)
    } else {
      let covered = Int((obscured.vertical / cellMetrics.height(ofRows: 1)).rounded(.up))
      proposed.y += cellMetrics.height(ofRows: max(1, frame.rows - 1 - covered) * pages)
    }
    proposed = clampedContentOffset(proposed)
    let target = clampedContentOffset(collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed))
    let (from, to) = sideways ? (current.x, target.x) : (current.y, target.y)
    let movesForward = pages > 0 ? to > from : to < from
    contentOffset = movesForward ? target : proposed
  }

  /// Scrolls to the very start of the content.
  public func scrollToStart() {
    contentOffset = minimumContentOffset
  }

  /// Scrolls to the very end of the content: the bottom, or the right end of content that
  /// only scrolls sideways.
  public func scrollToEnd() {
    let end = maximumContentOffset
    contentOffset = end.y == minimumContentOffset.y ? end : Point(x: storedContentOffset.x, y: end.y)
  }

  /// Scrolls so the item is visible at `position`.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition) {
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return }
    let unobscured = bounds.inset(by: obscuredInsets(at: storedContentOffset))
    let target =
      collectionViewLayout.rectForScrollingToItem(at: indexPath, visibleRect: unobscured) ?? attributes.frame
    scrollToVisible(target, at: position)
  }

  /// Scrolls so a content rectangle is visible at `position` vertically, and as little as
  /// needed horizontally (both directions when the content is larger both ways).
  ///
  /// "Visible" leaves out what the layout's floating views cover
  /// (``CollectionLayout/obscuredInsets(in:)``): an item scrolled to the top lands below a
  /// pinned header, not under it.
  public func scrollToVisible(_ target: Rect, at position: ScrollPosition = .nearest) {
    let visible = bounds
    let size = visible.size
    let unobscured = visible.inset(by: obscuredInsets(at: storedContentOffset))
    var offset = storedContentOffset
    // What floats over the content depends on where the view stops (each section has its
    // own header), so each alignment settles on an offset consistent with what covers it.
    func settled(_ offsetFor: (EdgeInsets) -> Double, at place: (Double) -> Point) -> Double {
      var value = offsetFor(.zero)
      for _ in 0..<3 {
        let next = offsetFor(obscuredInsets(at: place(value)))
        if next == value { break }
        value = next
      }
      return value
    }
    func placeY(_ y: Double) -> Point { Point(x: offset.x, y: y) }
    func placeX(_ x: Double) -> Point { Point(x: x, y: offset.y) }
    // Which edge lines up decides the rounding to whole cells: a bottom or right edge rounds
    // up, so "fully visible" means what the screen shows.
    var roundYUp = false
    var roundXUp = false
    let alignTop = { settled({ target.minY - $0.top }, at: placeY) }
    let alignBottom = { settled({ target.maxY - size.height + $0.bottom }, at: placeY) }
    switch position {
    case .top:
      offset.y = alignTop()
    case .bottom:
      offset.y = alignBottom()
      roundYUp = true
    case .center:
      offset.y = settled({ target.midY - $0.top - (size.height - $0.vertical) / 2 }, at: placeY)
    case .nearest:
      if target.height > unobscured.height || target.minY < unobscured.minY {
        offset.y = alignTop()
      } else if target.maxY > unobscured.maxY {
        offset.y = alignBottom()
        roundYUp = true
      }
    }
    if target.width > unobscured.width || target.minX < unobscured.minX {
      offset.x = settled({ target.minX - $0.left }, at: placeX)
    } else if target.maxX > unobscured.maxX {
      offset.x = settled({ target.maxX - size.width + $0.right }, at: placeX)
      roundXUp = true
    }
    let rowHeight = cellMetrics.height(ofRows: 1)
    let columnWidth = cellMetrics.width(ofColumns: 1)
    offset.y = (offset.y / rowHeight).rounded(roundYUp ? .up : .down) * rowHeight
    offset.x = (offset.x / columnWidth).rounded(roundXUp ? .up : .down) * columnWidth
    contentOffset = offset
  }

  /// What the ``contentInset`` and the layout's floating views cover of the visible area
  /// when the content offset is `offset`.
  func obscuredInsets(at offset: Point) -> EdgeInsets {
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    let inset = contentInset
    let floating = collectionViewLayout.obscuredInsets(in: Rect(origin: offset, size: bounds.size).inset(by: inset))
    return EdgeInsets(
      top: inset.top + floating.top, left: inset.left + floating.left, bottom: inset.bottom + floating.bottom,
      right: inset.right + floating.right)
  }
}
