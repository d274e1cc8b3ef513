import TermGridCore

/// What one ``FlowLayout`` pass computed: per-section metrics, line starts of variable-size
/// sections and compact item extents, all in flow coordinates.
///
/// Flow coordinates make one code path serve both scroll directions: the *main* axis is the
/// scroll direction (y when scrolling vertically) and the *cross* axis runs along a line
/// (x when scrolling vertically). ``rect(main:cross:mainExtent:crossExtent:)`` turns them
/// back into frames.
///
/// Nothing here is per item except `extents` (two `Double`s per item of a variable-size
/// section): sections with one item size are pure arithmetic, and item frames are computed
/// when they are asked for, never stored.
struct FlowLayoutCache {
  /// One section's geometry, in flow coordinates.
  struct Section {
    /// Items in the section.
    var itemCount = 0
    /// Where the section begins on the main axis (the header's leading edge).
    var start = 0.0
    /// The header's thickness on the main axis; 0 when the section has no header.
    var headerExtent = 0.0
    /// Where the first line begins.
    var itemsStart = 0.0
    /// Where the last line ends (`itemsStart` when there are no items).
    var itemsEnd = 0.0
    /// The footer's thickness on the main axis; 0 when the section has no footer.
    var footerExtent = 0.0
    /// Where the section ends (the footer's trailing edge).
    var end = 0.0
    /// The cross position where lines begin (the section inset at the start of a line).
    var crossStart = 0.0
    /// The length of a line: the bounds' cross extent minus the cross insets.
    var available = 0.0
    /// The section's minimum interitem spacing.
    var interitemSpacing = 0.0
    /// The section's minimum line spacing.
    var lineSpacing = 0.0
    /// True when every item has the same extent and the section is computed arithmetically.
    var isUniform = true
    /// The items' extent along the line (uniform sections).
    var uniformCross = 0.0
    /// The items' extent across the line (uniform sections).
    var uniformMain = 0.0
    /// How many items fit on a line (uniform sections).
    var itemsPerLine = 1
    /// The number of lines.
    var lineCount = 0
    /// The first entry in `lines` (variable sections).
    var firstLine = 0
    /// The first entry in `extents` (variable sections).
    var firstExtent = 0
  }

  /// One line of a variable-size section.
  struct Line {
    /// The first item of the line, within its section.
    var firstItem: Int
    /// Where the line begins on the main axis.
    var start: Double
    /// The tallest item's extent across the line (Figure 3-4).
    var thickness: Double
    /// The sum of the items' extents along the line, without spacing.
    var itemsCross: Double
  }

  /// An item's size in flow coordinates.
  struct Extent {
    /// Along the line.
    var cross: Double
    /// Across the line.
    var main: Double
  }

  var scrollDirection = FlowLayout.ScrollDirection.vertical
  var alignment = FlowLayout.Alignment.justified
  var lineItemAlignment = FlowLayout.LineItemAlignment.centered
  var pinsHeaders = false
  var pinsFooters = false
  /// The content's extent across the scroll direction: the bounds' width when scrolling
  /// vertically.
  var crossExtent = 0.0
  var sections: [Section] = []
  var lines: [Line] = []
  var extents: [Extent] = []
  /// Cells, headers and footers in all: caps the capacity reserved for a query.
  var elementCount = 0
  /// True once a pass has filled the cache.
  var isPrepared = false

  /// Headers and footers that can float over items are drawn above them.
  static let floatingZIndex = 1

  /// The end of the content on the main axis.
  var mainExtent: Double { sections.last?.end ?? 0 }

  /// The content size in points.
  var contentSize: Size {
    switch scrollDirection {
    case .vertical: return Size(width: crossExtent, height: mainExtent)
    case .horizontal: return Size(width: mainExtent, height: crossExtent)
    }
  }

  // MARK: - Coordinates

  /// A frame from flow coordinates.
  @inline(__always)
  func rect(main: Double, cross: Double, mainExtent: Double, crossExtent: Double) -> Rect {
    switch scrollDirection {
    case .vertical: return Rect(x: cross, y: main, width: crossExtent, height: mainExtent)
    case .horizontal: return Rect(x: main, y: cross, width: mainExtent, height: crossExtent)
    }
  }

  /// A rectangle's extent on the main axis.
  @inline(__always)
  func mainRange(of rect: Rect) -> (min: Double, max: Double) {
    scrollDirection == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
  }

  /// A rectangle's extent on the cross axis.
  @inline(__always)
  func crossRange(of rect: Rect) -> (min: Double, max: Double) {
    scrollDirection == .vertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
  }

  // MARK: - Line rules

  /// Whether a line of `count` items with `itemsCross` total extent (the candidate
  /// included) fits the section's line, spacings counted at their minimum. The one rule
  /// for both paths, so the arithmetic path breaks lines exactly where the walk does.
  @inline(__always)
  static func fits(itemsCross: Double, count: Int, spacing: Double, limit: Double) -> Bool {
    itemsCross + Double(count - 1) * spacing <= limit
  }

  /// The longest line a section accepts: its available length plus a hair for the rounding
  /// of sums such as ten items of 0.1.
  @inline(__always)
  static func lineLimit(available: Double) -> Double {
    available + Swift.max(1, Swift.abs(available)) * 1e-9
  }

  /// How many items of one extent fit on a line, by the same rule as the walk (at least
  /// one: an item too long for the line gets a line of its own). Arithmetic, then checked.
  static func itemsPerLine(itemCross: Double, spacing: Double, available: Double, itemCount: Int) -> Int {
    let limit = lineLimit(available: available)
    let maximum = Swift.max(1, itemCount)
    let step = itemCross + spacing
    // Empty items with no spacing take no room: all of them fit, unless the line has none.
    guard step > 0 else { return limit >= 0 ? maximum : 1 }
    let estimate = ((limit + spacing) / step).rounded(.down)
    var count = estimate >= Double(maximum) ? maximum : Swift.max(1, Int(estimate))
    while count > 1 && !fits(itemsCross: Double(count) * itemCross, count: count, spacing: spacing, limit: limit) {
      count -= 1
    }
    while count < maximum
      && fits(itemsCross: Double(count + 1) * itemCross, count: count + 1, spacing: spacing, limit: limit)
    {
      count += 1
    }
    return count
  }

  /// Where a line's first item begins (after the section inset) and the gap between items,
  /// by the alignment: justified spreads the leftover space evenly between the items
  /// (Figure 3-3) and centres a lone item, as UIKit does.
  @inline(__always)
  func placement(in section: Section, count: Int, itemsCross: Double) -> (lead: Double, gap: Double) {
    let free = section.available - itemsCross
    switch alignment {
    case .justified:
      if count <= 1 { return (Swift.max(0, free / 2), 0) }
      return (0, Swift.max(0, free / Double(count - 1)))
    case .leading:
      return (0, section.interitemSpacing)
    case .centered:
      let used = Double(count - 1) * section.interitemSpacing
      return (Swift.max(0, (free - used) / 2), section.interitemSpacing)
    }
  }

  /// Where line `line` of a uniform section begins.
  @inline(__always)
  static func uniformLineStart(_ section: Section, line: Int) -> Double {
    section.itemsStart + Double(line) * (section.uniformMain + section.lineSpacing)
  }

  /// How many items line `line` of a uniform section holds (the last may hold fewer).
  @inline(__always)
  static func uniformLineCount(_ section: Section, line: Int) -> Int {
    Swift.min(section.itemsPerLine, section.itemCount - line * section.itemsPerLine)
  }

  // MARK: - Frames

  /// The frame of an item from its line and position on that line.
  @inline(__always)
  func itemFrame(
    _ section: Section, lineStart: Double, thickness: Double, lead: Double, gap: Double,
    prefix: Double, index: Int, extent: Extent
  ) -> Rect {
    let cross = section.crossStart + lead + prefix + Double(index) * gap
    // Smaller items are centred across the line (Figure 3-2), or sit at its leading edge.
    let main = lineItemAlignment == .top ? lineStart : lineStart + (thickness - extent.main) / 2
    return rect(main: main, cross: cross, mainExtent: extent.main, crossExtent: extent.cross)
  }

  /// Attributes for an item, or `nil` when there is no such item.
  func itemAttributes(at indexPath: IndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    let item = indexPath.item
    guard item >= 0, item < section.itemCount else { return nil }
    let frame: Rect
    if section.isUniform {
      let line = item / section.itemsPerLine
      let index = item - line * section.itemsPerLine
      let count = Self.uniformLineCount(section, line: line)
      let (lead, gap) = placement(in: section, count: count, itemsCross: Double(count) * section.uniformCross)
      frame = itemFrame(
        section, lineStart: Self.uniformLineStart(section, line: line), thickness: section.uniformMain,
        lead: lead, gap: gap, prefix: Double(index) * section.uniformCross, index: index,
        extent: Extent(cross: section.uniformCross, main: section.uniformMain))
    } else {
      let lineIndex = lineContaining(item: item, in: section)
      let line = lines[lineIndex]
      let count = lineItemCount(lineIndex, in: section)
      let (lead, gap) = placement(in: section, count: count, itemsCross: line.itemsCross)
      var prefix = 0.0
      let base = section.firstExtent
      for earlier in line.firstItem..<item { prefix += extents[base + earlier].cross }
      frame = itemFrame(
        section, lineStart: line.start, thickness: line.thickness, lead: lead, gap: gap,
        prefix: prefix, index: item - line.firstItem, extent: extents[base + item])
    }
    return LayoutAttributes(forCellWith: indexPath, frame: frame)
  }

  /// Attributes for a header or footer, placed for the visible rectangle when they float.
  func supplementaryAttributes(ofKind kind: String, section index: Int, visible: Rect) -> LayoutAttributes? {
    guard sections.indices.contains(index) else { return nil }
    if kind == ElementKind.header { return headerAttributes(sections[index], section: index, visible: visible) }
    if kind == ElementKind.footer { return footerAttributes(sections[index], section: index, visible: visible) }
    return nil
  }

  /// The header of a section, or `nil` when its reference size is zero. A pinned header
  /// stays at the leading edge of the visible area until the section's end pushes it off.
  @inline(__always)
  func headerAttributes(_ section: Section, section index: Int, visible: Rect) -> LayoutAttributes? {
    guard section.headerExtent > 0 else { return nil }
    var main = section.start
    if pinsHeaders {
      let visibleStart = mainRange(of: visible).min
      main = Swift.max(section.start, Swift.min(visibleStart, section.end - section.headerExtent))
    }
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.header, with: IndexPath(item: 0, section: index),
      frame: rect(main: main, cross: 0, mainExtent: section.headerExtent, crossExtent: crossExtent))
    if pinsHeaders { attributes.zIndex = Self.floatingZIndex }
    return attributes
  }

  /// The footer of a section, or `nil` when its reference size is zero. A pinned footer
  /// stays at the trailing edge of the visible area until the section's start pulls it off.
  @inline(__always)
  func footerAttributes(_ section: Section, section index: Int, visible: Rect) -> LayoutAttributes? {
    guard section.footerExtent > 0 else { return nil }
    var main = section.end - section.footerExtent
    if pinsFooters {
      let visibleEnd = mainRange(of: visible).max
      main = Swift.min(main, Swift.max(section.start, visibleEnd - section.footerExtent))
    }
    var attributes = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.footer, with: IndexPath(item: 0, section: index),
      frame: rect(main: main, cross: 0, mainExtent: section.footerExtent, crossExtent: crossExtent))
    if pinsFooters { attributes.zIndex = Self.floatingZIndex }
    return attributes
  }

  // MARK: - Searching

  /// The number of items on line `lineIndex` (an index into `lines`) of a variable section.
  @inline(__always)
  func lineItemCount(_ lineIndex: Int, in section: Section) -> Int {
    let next =
      lineIndex + 1 < section.firstLine + section.lineCount ? lines[lineIndex + 1].firstItem : section.itemCount
    return next - lines[lineIndex].firstItem
  }

  /// The index in `lines` of the line holding `item` (binary search).
  func lineContaining(item: Int, in section: Section) -> Int {
    var low = section.firstLine
    var high = section.firstLine + section.lineCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lines[middle].firstItem <= item { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The first section that ends after `main` (binary search over section ends, which
  /// never decrease).
  func firstSection(endingAfter main: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let middle = (low + high) / 2
      if sections[middle].end > main { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The last section that starts at or before `main`, or `nil` when none does.
  func lastSection(startingAtOrBefore main: Double) -> Int? {
    var low = 0
    var high = sections.count
    while low < high {
      let middle = (low + high) / 2
      if sections[middle].start <= main { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }

  /// The first line of a variable section that ends after `main`, as an index into `lines`.
  func firstLine(endingAfter main: Double, in section: Section) -> Int {
    var low = section.firstLine
    var high = section.firstLine + section.lineCount
    while low < high {
      let middle = (low + high) / 2
      if lines[middle].start + lines[middle].thickness > main { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The last line of a variable section that starts at or before `main`, or `nil`.
  func lastLine(startingAtOrBefore main: Double, in section: Section) -> Int? {
    var low = section.firstLine
    var high = section.firstLine + section.lineCount
    while low < high {
      let middle = (low + high) / 2
      if lines[middle].start <= main { low = middle + 1 } else { high = middle }
    }
    return low > section.firstLine ? low - 1 : nil
  }
}
