import TermGridCore

extension CollectionView {
  /// The item with the keyboard focus (the terminal's cursor).
  public var indexPathForFocusedItem: IndexPath? { focusedItem }

  /// Moves the focus to an item (or removes it) and, by default, scrolls it into view.
  public func focusItem(at indexPath: IndexPath?, scrollPosition: ScrollPosition? = .nearest) {
    let target = indexPath.flatMap { isValid($0) ? $0 : nil }
    if target != focusedItem {
      focusedItem = target
      refreshCellStates()
      // Layouts may show elements that depend on the focus (a tree's pinned ancestors):
      // ask them for the visible elements again on the next pass.
      if collectionViewLayout.visibleElementsDependOnFocus { setNeedsLayout() }
      delegate?.collectionView(self, didFocusItemAt: target)
    }
    if let target, let scrollPosition { scrollToItem(at: target, at: scrollPosition) }
  }

  /// Focuses the first item, or keeps the current focus if there is one.
  public func ensureFocus() {
    if let focused = focusedItem, isValid(focused) { return }
    focusItem(at: nearestValidItem(to: IndexPath(item: 0, section: 0)))
  }

  /// Moves the focus to the nearest item in `direction`, by frame geometry, so it works for
  /// any layout (a layout may refine it through
  /// ``CollectionLayout/indexPathForFocus(movingFrom:direction:)``).
  /// - Returns: whether the focus moved.
  @discardableResult
  public func moveFocus(_ direction: FocusDirection) -> Bool {
    guard let current = focusedItem, isValid(current) else {
      ensureFocus()
      return focusedItem != nil
    }
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    let target =
      collectionViewLayout.indexPathForFocus(movingFrom: current, direction: direction)
      ?? geometricFocusTarget(from: current, direction: direction)
    guard let target, target != current else { return false }
    focusItem(at: target)
    return true
  }

  /// The nearest item in a direction: candidates must lie beyond the current frame's edge;
  /// those overlapping it across the direction (in its "beam") win, then the smallest gap.
  func geometricFocusTarget(from current: IndexPath, direction: FocusDirection) -> IndexPath? {
    guard let origin = collectionViewLayout.layoutAttributesForItem(at: current)?.frame else { return nil }
    let content = collectionViewLayout.collectionViewContentSize
    let visible = bounds
    // Look a couple of screens ahead first, then further, so a huge layout is never scanned
    // whole: along the direction as far as the content goes at last, but across it never
    // more than a dozen screens either side (a move right in a grid of 25 million cards
    // looks at the rows near the focus, not at every row).
    for screens in [2.0, 12.0, Double.infinity] {
      let reachX = screens.isFinite ? visible.width * screens : content.width
      let reachY = screens.isFinite ? visible.height * screens : content.height
      let acrossX = visible.width * Swift.min(screens, 12)
      let acrossY = visible.height * Swift.min(screens, 12)
      let area: Rect
      switch direction {
      case .down:
        area = Rect(
          x: origin.minX - acrossX, y: origin.minY, width: origin.width + 2 * acrossX, height: origin.height + reachY)
      case .up:
        area = Rect(
          x: origin.minX - acrossX, y: origin.maxY - origin.height - reachY, width: origin.width + 2 * acrossX,
          height: origin.height + reachY)
      case .right:
        area = Rect(
          x: origin.minX, y: origin.minY - acrossY, width: origin.width + reachX, height: origin.height + 2 * acrossY)
      case .left:
        area = Rect(
          x: origin.maxX - origin.width - reachX, y: origin.minY - acrossY, width: origin.width + reachX,
          height: origin.height + 2 * acrossY)
      }
      let candidates = collectionViewLayout.layoutAttributesForElements(in: area).filter {
        $0.category == .cell && !$0.isHidden && $0.indexPath != current
      }
      if let best = Self.bestFocusCandidate(from: origin, direction: direction, among: candidates) { return best }
      if !screens.isFinite { break }
    }
    return nil
  }

  static func bestFocusCandidate(from origin: Rect, direction: FocusDirection, among candidates: [LayoutAttributes])
    -> IndexPath?
  {
    let tolerance = 1e-6
    var best: (score: (Int, Double, Double), indexPath: IndexPath)?
    for candidate in candidates {
      let frame = candidate.frame
      let major: Double
      let minorOverlap: Double
      let minorCentre: Double
      switch direction {
      case .down:
        guard frame.minY >= origin.maxY - tolerance || frame.midY > origin.maxY else { continue }
        major = max(0, frame.minY - origin.maxY)
        minorOverlap = min(frame.maxX, origin.maxX) - max(frame.minX, origin.minX)
        minorCentre = abs(frame.midX - origin.midX)
      case .up:
        guard frame.maxY <= origin.minY + tolerance || frame.midY < origin.minY else { continue }
        major = max(0, origin.minY - frame.maxY)
        minorOverlap = min(frame.maxX, origin.maxX) - max(frame.minX, origin.minX)
        minorCentre = abs(frame.midX - origin.midX)
      case .right:
        guard frame.minX >= origin.maxX - tolerance || frame.midX > origin.maxX else { continue }
        major = max(0, frame.minX - origin.maxX)
        minorOverlap = min(frame.maxY, origin.maxY) - max(frame.minY, origin.minY)
        minorCentre = abs(frame.midY - origin.midY)
      case .left:
        guard frame.maxX <= origin.minX + tolerance || frame.midX < origin.minX else { continue }
        major = max(0, origin.minX - frame.maxX)
        minorOverlap = min(frame.maxY, origin.maxY) - max(frame.minY, origin.minY)
        minorCentre = abs(frame.midY - origin.midY)
      }
      // Frames that only touch across the direction are beside the beam, not in it.
      let minorGap = max(0, -minorOverlap)
      // In the beam first; then by distance along the direction (weighting the sideways gap
      // as Android's focus finder does), then by how centred the candidate is.
      let inBeam = minorOverlap > tolerance ? 0 : 1
      let distance = inBeam == 0 ? major : 13 * major * major + minorGap * minorGap
      let score = (inBeam, distance, minorCentre)
      // Equal scores go to the earlier item, so the choice never depends on the layout's order.
      if let current = best,
        current.score < score || (current.score == score && current.indexPath < candidate.indexPath)
      {
        continue
      }
      best = (score, candidate.indexPath)
    }
    return best?.indexPath
  }

  /// Moves the focus to the first item in the layout's reading order (Home, `g`): the
  /// first row as shown, and scrolls to the start.
  public func focusFirstItem() {
    guard let first = itemAtReadingEnd(last: false) else { return }
    focusItem(at: first, scrollPosition: nil)
    scrollToStart()
    scrollToItem(at: first, at: .nearest)
  }

  /// Moves the focus to the last item in the layout's reading order (End, `G`): the last
  /// row as shown (in a tree, the last visible row, not the deepest level's last node), and
  /// scrolls to the end with the item in view.
  public func focusLastItem() {
    guard let last = itemAtReadingEnd(last: true) else { return }
    focusItem(at: last, scrollPosition: nil)
    scrollToEnd()
    scrollToItem(at: last, at: .nearest)
  }

  /// The first or last item in reading order.
  private func itemAtReadingEnd(last: Bool) -> IndexPath? {
    loadCountsIfNeeded()
    collectionViewLayout.prepareIfNeeded()
    let layout = collectionViewLayout
    let count = layout.numberOfItemsInReadingOrder
    guard count > 0, let found = layout.indexPathForItem(atReadingPosition: last ? count - 1 : 0), isValid(found) else {
      return nearestValidItem(
        to: last ? IndexPath(item: Int.max / 2, section: max(0, numberOfSections - 1)) : IndexPath(item: 0, section: 0))
    }
    return found
  }

  /// Scrolls a page and moves the focus to the item at the same place on screen, so the
  /// cursor stays where the eye is (PgUp/PgDn). Items wholly under the layout's floating
  /// views (a pinned header) are not candidates, and the one chosen is scrolled fully into
  /// view below them.
  public func moveFocus(byPages pages: Int) {
    layoutIfNeeded()
    let before = bounds
    let anchorFrame = focusedItem.flatMap { layoutAttributesForItem(at: $0)?.frame }
    scroll(byPages: pages)
    layoutIfNeeded()
    let after = bounds
    let unobscured = after.inset(by: obscuredInsets(at: after.origin))
    var target: IndexPath?
    if let anchorFrame {
      let relative = Point(x: anchorFrame.midX - before.minX, y: anchorFrame.midY - before.minY)
      var goal = Point(x: after.minX + relative.x, y: after.minY + relative.y)
      if after.origin == before.origin {
        // Could not scroll further: go to the first or last item on screen instead, along
        // the direction pages go in.
        if maximumContentOffset.y == 0 && maximumContentOffset.x > 0 {
          goal.x = pages > 0 ? unobscured.maxX - 0.001 : unobscured.minX
        } else {
          goal.y = pages > 0 ? unobscured.maxY - 0.001 : unobscured.minY
        }
      }
      target = nearestItem(to: goal, in: unobscured.isEmpty ? after : unobscured)
    }
    if let target {
      focusItem(at: target, scrollPosition: .nearest)
    } else {
      ensureFocus()
    }
  }

  /// The item whose frame is closest to a point, among those in `area`.
  func nearestItem(to point: Point, in area: Rect) -> IndexPath? {
    var best: (Double, IndexPath)?
    for element in collectionViewLayout.layoutAttributesForElements(in: area)
    where element.category == .cell && !element.isHidden {
      let frame = element.frame
      let dx = max(0, max(frame.minX - point.x, point.x - frame.maxX))
      let dy = max(0, max(frame.minY - point.y, point.y - frame.maxY))
      // A frame holding the point beats one it only touches (the maximum edges are exclusive).
      let distance = frame.contains(point) ? -1 : dx * dx + dy * dy
      if let current = best, current.0 < distance || (current.0 == distance && current.1 < element.indexPath) {
        continue
      }
      best = (distance, element.indexPath)
    }
    return best?.1
  }
}
