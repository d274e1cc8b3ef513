import TermGridCore

extension FlowLayout {
  /// Where scrolling headed for `proposed` stops when ``FlowLayout/snapsToLines`` is on.
  ///
  /// Snap points are the starts of lines and headers. Scrolling forward stops at the last
  /// snap point at or before the proposal, so a page-down brings the line cut off at the
  /// bottom to the top; scrolling back stops at the first snap point at or after the
  /// proposal. Neither moves further than proposed, so no content is skipped; when no snap
  /// point lies between the current offset and the proposal (a line taller than the
  /// page), the proposal stands. The start and the end of the content are kept as they are.
  func snappedContentOffset(for proposed: Point) -> Point {
    guard snapsToLines, cache.isPrepared else { return proposed }
    let isVertical = scrollDirection == .vertical
    let visible = visibleRect
    let proposedMain = isVertical ? proposed.y : proposed.x
    let currentMain = isVertical ? visible.minY : visible.minX
    let visibleExtent = isVertical ? visible.height : visible.width
    let maximum = Swift.max(0, cache.mainExtent - visibleExtent)
    let target: Double
    if proposedMain <= 0 {
      target = 0
    } else if proposedMain >= maximum {
      target = maximum
    } else if proposedMain > currentMain {
      let point = cache.snapPoint(atOrBefore: proposedMain)
      target = point.map { $0 > currentMain ? $0 : proposedMain } ?? proposedMain
    } else if proposedMain < currentMain {
      let point = cache.snapPoint(atOrAfter: proposedMain)
      target = point.map { $0 < currentMain ? $0 : proposedMain } ?? proposedMain
    } else {
      let before = cache.snapPoint(atOrBefore: proposedMain)
      let after = cache.snapPoint(atOrAfter: proposedMain)
      switch (before, after) {
      case (let before?, let after?): target = proposedMain - before <= after - proposedMain ? before : after
      case (let before?, nil): target = before
      case (nil, let after?): target = after
      case (nil, nil): target = proposedMain
      }
    }
    let clamped = Swift.min(target, maximum)
    return isVertical ? Point(x: proposed.x, y: clamped) : Point(x: clamped, y: proposed.y)
  }
}
