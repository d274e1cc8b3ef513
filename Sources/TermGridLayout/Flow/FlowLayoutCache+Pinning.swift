import TermGridCore

extension FlowLayoutCache {
  /// What floating headers and footers cover of a visible rectangle, in points from its
  /// edges: the pinned header of the section at the leading edge, the pinned footer of the
  /// section at the trailing edge. A header pushed partly off by the next section covers
  /// only what is left of it.
  func obscuredInsets(in visible: Rect) -> EdgeInsets {
    let (visibleMin, visibleMax) = mainRange(of: visible)
    var leading = 0.0
    var trailing = 0.0
    if pinsHeaders {
      let index = firstSection(endingAfter: visibleMin)
      if index < sections.count, let header = headerAttributes(sections[index], section: index, visible: visible) {
        let (headerMin, headerMax) = mainRange(of: header.frame)
        if headerMin <= visibleMin { leading = Swift.max(0, headerMax - visibleMin) }
      }
    }
    if pinsFooters, var index = lastSection(startingAtOrBefore: visibleMax) {
      // A section that starts right at the trailing edge is not in view.
      while index > 0 && sections[index].start >= visibleMax { index -= 1 }
      if let footer = footerAttributes(sections[index], section: index, visible: visible) {
        let (footerMin, footerMax) = mainRange(of: footer.frame)
        if footerMax >= visibleMax { trailing = Swift.max(0, visibleMax - footerMin) }
      }
    }
    leading = Swift.min(leading, visibleMax - visibleMin)
    trailing = Swift.min(trailing, visibleMax - visibleMin - leading)
    switch scrollDirection {
    case .vertical: return EdgeInsets(top: leading, left: 0, bottom: trailing, right: 0)
    case .horizontal: return EdgeInsets(top: 0, left: leading, bottom: 0, right: trailing)
    }
  }
}
