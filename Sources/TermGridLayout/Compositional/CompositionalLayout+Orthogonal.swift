import TermGridCore

/// An orthogonal section's offset on its way to a new value, stepped by the host's clock.
struct OrthogonalScrollAnimation {
  var from: Double
  var to: Double
  /// When it started and how long it lasts, in milliseconds of the host's clock.
  var start: Int
  var duration: Int

  /// How far along it is at `now`, eased in and out as the collection view's animations are.
  func progress(now: Int) -> Double {
    guard duration > 0 else { return 1 }
    let linear = Swift.min(1, Swift.max(0, Double(now - start) / Double(duration)))
    if linear < 0.5 { return 4 * linear * linear * linear }
    let rest = -2 * linear + 2
    return 1 - rest * rest * rest / 2
  }

  func isFinished(now: Int) -> Bool { now - start >= duration }
}

extension CompositionalLayout {
  /// The sideways offset of an orthogonal section as drawn now, in points (0 shows its first
  /// group at the section's leading inset); 0 for other sections.
  ///
  /// The offset is kept per section across invalidations, resizes (clamped to the content)
  /// and batch updates, as UIKit keeps an orthogonal section's scroll position. While an
  /// animated change runs (``orthogonalScrollAnimationDuration``) this is the value on the
  /// way, in whole cells.
  public func orthogonalScrollOffset(inSection section: Int) -> Double {
    guard cache.sections.indices.contains(section) else { return 0 }
    return orthogonalScrollOffset(of: cache.sections[section])
  }

  /// Moves an orthogonal section sideways to `offset` (clamped to its content), animated
  /// over ``orthogonalScrollAnimationDuration`` of the host's clock or at once.
  public func setOrthogonalScrollOffset(_ offset: Double, inSection section: Int, animated: Bool = false) {
    guard cache.sections.indices.contains(section), cache.sections[section].isOrthogonal else { return }
    let record = cache.sections[section]
    let target = clampedOrthogonalOffset(offset, of: record)
    let now = collectionView?.layoutClockMilliseconds ?? 0
    let shown = orthogonalScrollOffset(of: record)
    orthogonalOffsets[section] = target
    if animated && orthogonalScrollAnimationDuration > 0 && shown != target {
      orthogonalAnimations[section] = OrthogonalScrollAnimation(
        from: shown, to: target, start: now, duration: orthogonalScrollAnimationDuration)
    } else {
      orthogonalAnimations[section] = nil
    }
  }

  /// True while some orthogonal section is sliding to a new offset.
  ///
  /// It follows the host's clock, not drawing: once the clock has passed the slide's end it
  /// is false.
  public var isOrthogonalScrollAnimating: Bool {
    let now = collectionView?.layoutClockMilliseconds ?? 0
    return orthogonalAnimations.values.contains { !$0.isFinished(now: now) }
  }

  /// Forgets slides that have ended; called by each rect query, so the query after a
  /// slide's end draws it at its target.
  func dropFinishedOrthogonalAnimations() {
    guard !orthogonalAnimations.isEmpty else { return }
    let now = collectionView?.layoutClockMilliseconds ?? 0
    orthogonalAnimations = orthogonalAnimations.filter { !$0.value.isFinished(now: now) }
  }

  /// The offset of a section record as drawn now.
  func orthogonalScrollOffset(of record: CompositionalSectionRecord) -> Double {
    guard record.isOrthogonal else { return 0 }
    let target = clampedOrthogonalOffset(orthogonalOffsets[record.index] ?? 0, of: record)
    guard let animation = orthogonalAnimations[record.index] else { return target }
    let now = collectionView?.layoutClockMilliseconds ?? 0
    guard !animation.isFinished(now: now) else { return target }
    let unit = record.repeatAxis == .horizontal ? cellUnit.width : cellUnit.height
    let value = animation.from + (target - animation.from) * animation.progress(now: now)
    // Whole cells on every frame: a card never straddles a column.
    return unit > 0 ? (value / unit).rounded() * unit : value
  }

  /// An offset within what the section can scroll.
  func clampedOrthogonalOffset(_ offset: Double, of record: CompositionalSectionRecord) -> Double {
    Swift.max(0, Swift.min(offset, record.orthogonalContentLength - record.orthogonalVisibleLength))
  }

  /// Moves an orthogonal section's offset so the item shows, as its behaviour says; returns
  /// the item's frame at the new offset, or `nil` for an item of another kind of section.
  func scrollOrthogonalSection(toShow indexPath: IndexPath) -> Rect? {
    guard cache.sections.indices.contains(indexPath.section) else { return nil }
    let record = cache.sections[indexPath.section]
    guard record.isOrthogonal, let frame = itemAttributes(at: indexPath, in: cache)?.frame else { return nil }
    let horizontal = record.repeatAxis == .horizontal
    let current = orthogonalOffsets[record.index] ?? 0
    let shownNow = orthogonalScrollOffset(of: record)
    // The item's span in the section's scrolling content (offset 0), and the visible span.
    let low = (horizontal ? frame.minX : frame.minY) + shownNow
    let high = (horizontal ? frame.maxX : frame.maxY) + shownNow
    let visible = record.orthogonalVisibleLength
    let group = indexPath.item / record.itemsPerGroup
    let groupLow = (horizontal ? record.groupsOrigin.x : record.groupsOrigin.y) + record.groupStart(group)
    let groupHigh = groupLow + (record.groupStart(group + 1) - record.groupStart(group)) - record.groupSpacing
    let leadingInset = horizontal ? record.groupsOrigin.x : record.groupsOrigin.y
    var target = clampedOrthogonalOffset(current, of: record)
    switch record.orthogonalBehavior {
    case .none:
      return nil
    case .continuous:
      if low < target {
        target = low
      } else if high > target + visible {
        target = high - visible
      }
    case .continuousGroupLeadingBoundary:
      if low < target || high > target + visible { target = groupLow - leadingInset }
    case .paging:
      if visible > 0 && (low < target || high > target + visible) {
        target = (low / visible).rounded(.down) * visible
      }
    case .groupPaging:
      target = groupLow - leadingInset
    case .groupPagingCentered:
      target = (groupLow + groupHigh) / 2 - visible / 2
    }
    target = clampedOrthogonalOffset(target, of: record)
    if target != current || orthogonalAnimations[record.index] != nil {
      setOrthogonalScrollOffset(target, inSection: record.index, animated: orthogonalScrollAnimationDuration > 0)
    }
    let delta = shownNow - target
    return horizontal ? frame.offsetBy(dx: delta, dy: 0) : frame.offsetBy(dx: 0, dy: delta)
  }
}
