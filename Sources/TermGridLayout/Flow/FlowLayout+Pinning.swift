import TermGridCore

extension FlowLayout {
  /// True when headers or footers float with the visible area.
  var pinsSupplementaryViews: Bool { sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds }

  /// The content's extent across the scroll direction for a bounds rectangle, less the
  /// host's content inset on both sides.
  func crossExtent(of bounds: Rect) -> Double {
    let inset = collectionView?.contentInset ?? .zero
    return Swift.max(0, scrollDirection == .vertical ? bounds.width - inset.horizontal : bounds.height - inset.vertical)
  }

  /// Whether moving or resizing the visible area changes the layout: a new line length
  /// does; scrolling does only when headers or footers float.
  func needsLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let old = collectionView?.bounds else { return true }
    if crossExtent(of: old) != crossExtent(of: newBounds) { return true }
    return pinsSupplementaryViews && old != newBounds
  }

  /// The context for a bounds change: everything when the line length changes; otherwise
  /// only the floating headers and footers of the sections in the old and new visible
  /// areas, which the next pass leaves alone (their frames follow the bounds when asked).
  func boundsChangeContext(for newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    context.newBounds = newBounds
    guard cache.isPrepared, crossExtent(of: newBounds) == cache.crossExtent else {
      context.invalidateEverything = true
      return context
    }
    let old = collectionView?.bounds ?? newBounds
    let (newMin, newMax) = cache.mainRange(of: newBounds)
    let (oldMin, oldMax) = cache.mainRange(of: old)
    let (mainMin, mainMax) = (Swift.min(newMin, oldMin), Swift.max(newMax, oldMax))
    var index = cache.firstSection(endingAfter: mainMin)
    while index < cache.sections.count && cache.sections[index].start < mainMax {
      let section = cache.sections[index]
      let indexPath = IndexPath(item: 0, section: index)
      if sectionHeadersPinToVisibleBounds && section.headerExtent > 0 {
        context.invalidatedSupplementaryIndexPaths[ElementKind.header, default: []].insert(indexPath)
      }
      if sectionFootersPinToVisibleBounds && section.footerExtent > 0 {
        context.invalidatedSupplementaryIndexPaths[ElementKind.footer, default: []].insert(indexPath)
      }
      index += 1
    }
    return context
  }
}
