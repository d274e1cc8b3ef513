import TermGridCore

extension CompositionalLayout {
  /// Appends every element of `cache` whose frame meets `rect`: backgrounds, items, then
  /// headers and footers.
  func appendElements(of cache: CompositionalLayoutCache, in rect: Rect, to result: inout [LayoutAttributes]) {
    let (low, high) = cache.mainRange(of: rect)
    var index = cache.firstSection(endingAfter: low)
    let visible = visibleRect
    while index < cache.sections.count && cache.sections[index].start < high {
      let record = cache.sections[index]
      let indexPath = IndexPath(item: 0, section: index)
      for decoration in record.decorations where decoration.frame.intersects(rect) {
        var attributes = LayoutAttributes(
          forDecorationViewOfKind: decoration.kind, with: indexPath, frame: decoration.frame)
        attributes.zIndex = decoration.zIndex
        result.append(attributes)
      }
      let first = result.count
      appendItems(of: record, in: rect, to: &result)
      for boundary in record.boundaries {
        let attributes = boundaryAttributes(boundary, of: record, visible: visible)
        if attributes.frame.intersects(rect) { result.append(attributes) }
      }
      if let handler = record.section.visibleItemsInvalidationHandler {
        callVisibleItemsHandler(handler, of: record, visible: visible, on: &result, from: first)
      }
      index += 1
    }
  }

  /// Lets a section's handler change its elements on screen among `result[first...]`.
  private func callVisibleItemsHandler(
    _ handler: VisibleItemsInvalidationHandler, of record: CompositionalSectionRecord, visible: Rect,
    on result: inout [LayoutAttributes], from first: Int
  ) {
    let shown = (first..<result.count).filter { result[$0].frame.intersects(visible) }
    var items = shown.map { result[$0] }
    let offset: Point
    if record.isOrthogonal {
      let sideways = orthogonalScrollOffset(of: record)
      offset = record.repeatAxis == .horizontal ? Point(x: sideways, y: 0) : Point(x: 0, y: sideways)
    } else {
      offset = collectionView?.bounds.origin ?? .zero
    }
    let environment = LayoutEnvironment(
      container: LayoutContainer(contentSize: cache.container), cellMetrics: collectionView?.cellMetrics ?? .identity)
    handler(&items, offset, environment)
    // The handler changes looks, not identities: what it returns goes back by position.
    for (slot, index) in shown.enumerated() where slot < items.count {
      var changed = items[slot]
      changed.indexPath = result[index].indexPath
      changed.category = result[index].category
      changed.representedElementKind = result[index].representedElementKind
      result[index] = changed
    }
  }

  /// Appends the items of one section that meet `rect`, group by group.
  func appendItems(of record: CompositionalSectionRecord, in rect: Rect, to result: inout [LayoutAttributes]) {
    guard record.groupCount > 0 else { return }
    let origin = groupsOrigin(of: record)
    let (low, high) =
      record.repeatAxis == .vertical
      ? (rect.minY - origin.y, rect.maxY - origin.y) : (rect.minX - origin.x, rect.maxX - origin.x)
    for group in record.groups(meeting: low, high) {
      let template = groupTemplate(group, of: record)
      let start = record.groupStart(group)
      let groupOrigin =
        record.repeatAxis == .vertical
        ? Point(x: origin.x, y: origin.y + start) : Point(x: origin.x + start, y: origin.y)
      let first = group * record.itemsPerGroup
      for (slot, frame) in template.frames.enumerated() where first + slot < record.itemCount {
        let placed = frame.offsetBy(dx: groupOrigin.x, dy: groupOrigin.y)
        guard placed.intersects(rect) else { continue }
        var attributes = LayoutAttributes(
          forCellWith: IndexPath(item: first + slot, section: record.index), frame: placed)
        attributes.zIndex = template.zIndices[slot]
        result.append(attributes)
      }
    }
  }

  /// Where group 0 of a section goes now: an orthogonal section's is moved by its offset.
  func groupsOrigin(of record: CompositionalSectionRecord) -> Point {
    guard record.isOrthogonal else { return record.groupsOrigin }
    let offset = orthogonalScrollOffset(of: record)
    return record.repeatAxis == .horizontal
      ? Point(x: record.groupsOrigin.x - offset, y: record.groupsOrigin.y)
      : Point(x: record.groupsOrigin.x, y: record.groupsOrigin.y - offset)
  }

  /// The attributes of one item in `cache`.
  func itemAttributes(at indexPath: IndexPath, in cache: CompositionalLayoutCache) -> LayoutAttributes? {
    guard cache.sections.indices.contains(indexPath.section) else { return nil }
    let record = cache.sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < record.itemCount, record.groupCount > 0 else { return nil }
    let group = indexPath.item / record.itemsPerGroup
    let slot = indexPath.item % record.itemsPerGroup
    let template = groupTemplate(group, of: record)
    guard template.frames.indices.contains(slot) else { return nil }
    let origin = groupsOrigin(of: record)
    let start = record.groupStart(group)
    let frame = template.frames[slot].offsetBy(
      dx: origin.x + (record.repeatAxis == .horizontal ? start : 0),
      dy: origin.y + (record.repeatAxis == .vertical ? start : 0))
    var attributes = LayoutAttributes(forCellWith: indexPath, frame: frame)
    attributes.zIndex = template.zIndices[slot]
    return attributes
  }

  /// The self-sizing axes of an item (bit 0 width, bit 1 height), or `nil` for no item.
  func estimatedAxes(at indexPath: IndexPath) -> UInt8? {
    guard cache.sections.indices.contains(indexPath.section) else { return nil }
    let record = cache.sections[indexPath.section]
    let slot = indexPath.item % record.itemsPerGroup
    return record.template.estimatedAxes.indices.contains(slot) ? record.template.estimatedAxes[slot] : nil
  }

  /// A header or footer by kind and index path.
  func boundaryAttributes(ofKind kind: String, at indexPath: IndexPath, in cache: CompositionalLayoutCache)
    -> LayoutAttributes?
  {
    guard indexPath.item == 0, cache.sections.indices.contains(indexPath.section) else { return nil }
    let record = cache.sections[indexPath.section]
    guard let boundary = record.boundaries.first(where: { $0.kind == kind }) else { return nil }
    return boundaryAttributes(boundary, of: record, visible: visibleRect)
  }

  /// A header or footer's attributes; a pinned one follows the visible area within its
  /// section (the next section pushes it off).
  func boundaryAttributes(
    _ boundary: CompositionalSectionRecord.Boundary, of record: CompositionalSectionRecord, visible: Rect
  ) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: boundary.kind, with: IndexPath(item: 0, section: record.index), frame: boundary.frame)
    attributes.zIndex = boundary.zIndex
    guard boundary.pins else { return attributes }
    let vertical = cache.mainAxis == .vertical
    let frame = boundary.frame
    let (natural, length) = vertical ? (frame.minY, frame.height) : (frame.minX, frame.width)
    let (visibleLow, visibleHigh) = vertical ? (visible.minY, visible.maxY) : (visible.minX, visible.maxX)
    let sectionEnd = record.start + record.length
    let position: Double
    if boundary.isHeader {
      position = Swift.max(natural, Swift.min(visibleLow, sectionEnd - length))
    } else {
      position = Swift.min(natural, Swift.max(visibleHigh - length, record.start))
    }
    attributes.frame =
      vertical
      ? Rect(x: frame.minX, y: position, width: frame.width, height: length)
      : Rect(x: position, y: frame.minY, width: length, height: frame.height)
    // Floating over the items that scroll under it.
    attributes.zIndex = boundary.zIndex + 1_000
    return attributes
  }

  /// What pinned headers and footers cover of `visibleRect`.
  func pinnedInsets(in visibleRect: Rect) -> EdgeInsets {
    var insets = EdgeInsets.zero
    let vertical = cache.mainAxis == .vertical
    let (low, high) = cache.mainRange(of: visibleRect)
    for position in [low, Swift.max(low, high - 1e-6)] {
      let index = cache.firstSection(endingAfter: position)
      guard cache.sections.indices.contains(index) else { continue }
      let record = cache.sections[index]
      for boundary in record.boundaries where boundary.pins {
        let frame = boundaryAttributes(boundary, of: record, visible: visibleRect).frame
        if boundary.isHeader && position == low {
          let covered = (vertical ? frame.maxY : frame.maxX) - low
          if vertical {
            insets.top = Swift.max(insets.top, covered)
          } else {
            insets.left = Swift.max(insets.left, covered)
          }
        } else if !boundary.isHeader && position != low {
          let covered = high - (vertical ? frame.minY : frame.minX)
          if vertical {
            insets.bottom = Swift.max(insets.bottom, covered)
          } else {
            insets.right = Swift.max(insets.right, covered)
          }
        }
      }
    }
    return insets
  }

  /// A background by kind and index path.
  func decorationAttributes(ofKind kind: String, at indexPath: IndexPath, in cache: CompositionalLayoutCache)
    -> LayoutAttributes?
  {
    guard indexPath.item == 0, cache.sections.indices.contains(indexPath.section),
      let decoration = cache.sections[indexPath.section].decorations.first(where: { $0.kind == kind })
    else { return nil }
    var attributes = LayoutAttributes(forDecorationViewOfKind: kind, with: indexPath, frame: decoration.frame)
    attributes.zIndex = decoration.zIndex
    return attributes
  }
}
