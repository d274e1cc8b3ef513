import TermGridCore

extension FlowLayout {
  /// Lays out sections `first...` after the ones already in `cache`.
  ///
  /// Each section asks the delegate (once) for its insets, spacings and header and footer
  /// sizes. Its items are then either arithmetic (one size: ``itemSize`` or
  /// ``estimatedItemSize``) or walked once (sizes from the delegate or preferred sizes).
  func buildSections(from first: Int, counts: [Int], into cache: inout FlowLayoutCache) {
    let delegate = effectiveDelegate
    let isVertical = scrollDirection == .vertical
    let defaultExtent = Self.extent(of: estimatedItemSize ?? itemSize, isVertical: isVertical)
    var main = first > 0 ? cache.sections[first - 1].end : 0
    var elementCount = 0
    for section in cache.sections { elementCount += Self.elementCount(of: section) }
    cache.sections.reserveCapacity(counts.count)
    // The first walked section reserves room for every item left, so the extents are
    // allocated once rather than grown by doubling.
    var remainingItems = counts[first...].reduce(0, +)
    for index in first..<counts.count {
      let insets = delegate?.flowLayout(self, insetForSectionAt: index) ?? sectionInset
      let header = delegate?.flowLayout(self, referenceSizeForHeaderInSection: index) ?? headerReferenceSize
      let footer = delegate?.flowLayout(self, referenceSizeForFooterInSection: index) ?? footerReferenceSize
      let lineSpacing = delegate?.flowLayout(self, minimumLineSpacingForSectionAt: index) ?? minimumLineSpacing
      let interitemSpacing =
        delegate?.flowLayout(self, minimumInteritemSpacingForSectionAt: index) ?? minimumInteritemSpacing
      // The guide's insets in flow terms: before/after the lines, and at the ends of a line.
      let (insetBefore, insetAfter, lineInsetStart, lineInsetEnd) =
        isVertical
        ? (insets.top, insets.bottom, insets.left, insets.right)
        : (insets.left, insets.right, insets.top, insets.bottom)

      var section = FlowLayoutCache.Section()
      section.itemCount = counts[index]
      section.start = main
      section.headerExtent = Swift.max(0, isVertical ? header.height : header.width)
      section.footerExtent = Swift.max(0, isVertical ? footer.height : footer.width)
      section.itemsStart = main + section.headerExtent + Swift.max(0, insetBefore)
      section.crossStart = lineInsetStart
      section.available = cache.crossExtent - lineInsetStart - lineInsetEnd
      section.interitemSpacing = Swift.max(0, interitemSpacing)
      section.lineSpacing = Swift.max(0, lineSpacing)
      section.firstLine = cache.lines.count
      section.firstExtent = cache.extents.count
      layOutItems(
        of: &section, at: index, delegate: delegate, defaultExtent: defaultExtent, isVertical: isVertical,
        remainingItems: remainingItems, into: &cache)
      remainingItems -= section.itemCount
      section.end = section.itemsEnd + Swift.max(0, insetAfter) + section.footerExtent
      main = section.end
      elementCount += Self.elementCount(of: section)
      cache.sections.append(section)
    }
    cache.elementCount = elementCount
  }

  /// Fills in a section's lines: by arithmetic when all its items share one size, else by
  /// walking its items once and keeping their extents and the lines' starts.
  private func layOutItems(
    of section: inout FlowLayoutCache.Section, at index: Int, delegate: (any FlowLayoutDelegate)?,
    defaultExtent: FlowLayoutCache.Extent, isVertical: Bool, remainingItems: Int, into cache: inout FlowLayoutCache
  ) {
    let itemCount = section.itemCount
    let preferred = preferredSizes[index]
    // One question tells whether the delegate sizes this section's items (see
    // FlowLayoutDelegate): nil for the first item means it does not.
    let probe = itemCount > 0 ? delegate?.flowLayout(self, sizeForItemAt: IndexPath(item: 0, section: index)) : nil

    if probe == nil && preferred == nil {
      section.isUniform = true
      section.uniformCross = defaultExtent.cross
      section.uniformMain = defaultExtent.main
      section.itemsPerLine = FlowLayoutCache.itemsPerLine(
        itemCross: defaultExtent.cross, spacing: section.interitemSpacing, available: section.available,
        itemCount: itemCount)
      section.lineCount = itemCount == 0 ? 0 : (itemCount + section.itemsPerLine - 1) / section.itemsPerLine
      section.itemsEnd =
        section.lineCount == 0
        ? section.itemsStart
        : FlowLayoutCache.uniformLineStart(section, line: section.lineCount - 1) + section.uniformMain
      return
    }

    section.isUniform = false
    let base = cache.extents.count
    if cache.extents.count + itemCount > cache.extents.capacity {
      cache.extents.reserveCapacity(cache.extents.count + remainingItems)
    }
    if let probe, let delegate {
      cache.extents.append(Self.extent(of: probe, isVertical: isVertical))
      for item in 1..<itemCount {
        if let size = delegate.flowLayout(self, sizeForItemAt: IndexPath(item: item, section: index)) {
          cache.extents.append(Self.extent(of: size, isVertical: isVertical))
        } else {
          cache.extents.append(defaultExtent)
        }
      }
    } else {
      cache.extents.append(contentsOf: repeatElement(defaultExtent, count: itemCount))
    }
    if let preferred {
      for (item, size) in preferred where item >= 0 && item < itemCount {
        cache.extents[base + item] = Self.extent(of: size, isVertical: isVertical)
      }
    }
    breakLines(of: &section, extentsFrom: base, into: &cache)
  }

  /// Puts a variable section's items on lines: each line takes items while they fit, is as
  /// thick as its thickest item, and begins `lineSpacing` after the previous one ends.
  private func breakLines(
    of section: inout FlowLayoutCache.Section, extentsFrom base: Int, into cache: inout FlowLayoutCache
  ) {
    let itemCount = section.itemCount
    let spacing = section.interitemSpacing
    let limit = FlowLayoutCache.lineLimit(available: section.available)
    var lines = cache.lines
    cache.lines = []
    Self.reserve(&lines, adding: Swift.max(1, itemCount / 4))
    var lineStart = section.itemsStart
    var itemsEnd = section.itemsStart
    cache.extents.withUnsafeBufferPointer { buffer in
      let extents = UnsafeBufferPointer(rebasing: buffer[base..<(base + itemCount)])
      var item = 0
      while item < itemCount {
        let first = item
        var itemsCross = extents[item].cross
        var thickness = extents[item].main
        item += 1
        while item < itemCount {
          let next = extents[item]
          let candidate = itemsCross + next.cross
          guard FlowLayoutCache.fits(itemsCross: candidate, count: item - first + 1, spacing: spacing, limit: limit)
          else { break }
          itemsCross = candidate
          thickness = Swift.max(thickness, next.main)
          item += 1
        }
        lines.append(
          FlowLayoutCache.Line(firstItem: first, start: lineStart, thickness: thickness, itemsCross: itemsCross))
        itemsEnd = lineStart + thickness
        lineStart = itemsEnd + section.lineSpacing
      }
    }
    cache.lines = lines
    section.lineCount = cache.lines.count - section.firstLine
    section.itemsEnd = itemsEnd
  }

  /// A size in flow terms: along the line and across it. Negative sizes count as zero.
  @inline(__always)
  static func extent(of size: Size, isVertical: Bool) -> FlowLayoutCache.Extent {
    isVertical
      ? FlowLayoutCache.Extent(cross: Swift.max(0, size.width), main: Swift.max(0, size.height))
      : FlowLayoutCache.Extent(cross: Swift.max(0, size.height), main: Swift.max(0, size.width))
  }

  /// A section's cells, header and footer.
  static func elementCount(of section: FlowLayoutCache.Section) -> Int {
    section.itemCount + (section.headerExtent > 0 ? 1 : 0) + (section.footerExtent > 0 ? 1 : 0)
  }

  /// Makes room for `count` more elements, growing geometrically: reserving exactly, section
  /// after section, would copy the array each time.
  static func reserve<Element>(_ array: inout [Element], adding count: Int) {
    let needed = array.count + count
    if needed > array.capacity { array.reserveCapacity(Swift.max(needed, array.capacity * 2)) }
  }
}
