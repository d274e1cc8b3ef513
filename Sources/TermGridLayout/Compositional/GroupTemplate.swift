import TermGridCore

/// One group laid out: its size and its items' frames relative to its top-left corner, in
/// points, in depth-first item order.
struct GroupTemplate: Equatable {
  /// The group's size.
  var size = Size.zero
  /// The frames of its items, after their content insets.
  var frames: [Rect] = []
  /// Each item's z-index (custom groups set them; zero otherwise).
  var zIndices: [Int] = []
  /// Each item's self-sizing axes: bit 0 the width is estimated, bit 1 the height.
  var estimatedAxes: [UInt8] = []

  /// True when some item sizes itself.
  var hasEstimatedItems: Bool { estimatedAxes.contains { $0 != 0 } }
}

/// Lays groups out in whole cells. Lengths are counted in cells while laying out and turned
/// into points at the end, so every frame ends on a cell boundary.
struct GroupTemplateBuilder {
  /// Points per column and per row.
  let unit: Size
  /// The preferred size (points) of an item by its index within the group, if measured.
  var preferredSize: (Int) -> Size? = { _ in nil }

  /// Lays `group` out in a container of `container` points (the section's content area).
  func template(for group: LayoutGroup, in container: Size) -> GroupTemplate {
    let containerCells = Size(width: cells(container.width, .horizontal), height: cells(container.height, .vertical))
    let proposed = Size(
      width: round(group.layoutSize.widthDimension.rawLength(in: containerCells)),
      height: round(group.layoutSize.heightDimension.rawLength(in: containerCells)))
    var leaves = Leaves()
    let size = layOut(group, size: proposed, at: .zero, into: &leaves)
    return GroupTemplate(
      size: points(size), frames: leaves.frames.map(points), zIndices: leaves.zIndices,
      estimatedAxes: leaves.estimatedAxes)
  }

  /// Splits `total` cells between lengths proportional to `raw` so each share is the floor
  /// or the ceiling of its raw length and the shares add up to `total` exactly: the
  /// largest-remainder method (ties go to the earlier length).
  static func largestRemainder(_ raw: [Double], total: Double) -> [Double] {
    var shares = raw.map { ($0 + 1e-9).rounded(.down) }
    var left = Int((total - shares.reduce(0, +)).rounded())
    guard left > 0 else { return shares }
    let order = raw.indices.sorted { a, b in
      let (ra, rb) = (raw[a] - shares[a], raw[b] - shares[b])
      return ra != rb ? ra > rb : a < b
    }
    for index in order where left > 0 {
      shares[index] += 1
      left -= 1
    }
    return shares
  }

  // MARK: - Laying out

  /// What a layout pass collects: item frames in cells.
  private struct Leaves {
    var frames: [Rect] = []
    var zIndices: [Int] = []
    var estimatedAxes: [UInt8] = []
  }

  /// Lays an item or group out with its proposed size (cells) at `origin`; estimated
  /// lengths become measured or content-determined ones. Returns the final size.
  private func layOut(_ item: LayoutItem, size proposed: Size, at origin: Point, into leaves: inout Leaves) -> Size {
    guard let group = item as? LayoutGroup else {
      var size = proposed
      let index = leaves.frames.count
      let axes: UInt8 =
        (item.layoutSize.widthDimension.isEstimated ? 1 : 0) | (item.layoutSize.heightDimension.isEstimated ? 2 : 0)
      if axes != 0, let preferred = preferredSize(index) {
        if axes & 1 != 0 { size.width = Swift.max(1, round(cells(preferred.width, .horizontal))) }
        if axes & 2 != 0 { size.height = Swift.max(1, round(cells(preferred.height, .vertical))) }
      }
      let frame = Rect(origin: origin, size: size).inset(by: cellInsets(item.contentInsets))
      leaves.frames.append(
        Rect(x: frame.minX, y: frame.minY, width: Swift.max(0, frame.width), height: Swift.max(0, frame.height)))
      leaves.zIndices.append(0)
      leaves.estimatedAxes.append(axes)
      return size
    }
    let insets = cellInsets(group.contentInsets)
    let content = Size(
      width: Swift.max(0, proposed.width - insets.horizontal), height: Swift.max(0, proposed.height - insets.vertical))
    let contentOrigin = Point(x: origin.x + insets.left, y: origin.y + insets.top)
    var used: Size
    switch group.arrangement {
    case .custom(let provider):
      let environment = LayoutEnvironment(container: LayoutContainer(contentSize: points(content)))
      for custom in provider(environment) {
        let frame = custom.frame
        let x = round(cells(frame.minX, .horizontal))
        let y = round(cells(frame.minY, .vertical))
        leaves.frames.append(
          Rect(
            x: contentOrigin.x + x, y: contentOrigin.y + y,
            width: Swift.max(0, round(cells(frame.maxX, .horizontal)) - x),
            height: Swift.max(0, round(cells(frame.maxY, .vertical)) - y)))
        leaves.zIndices.append(custom.zIndex)
        leaves.estimatedAxes.append(0)
      }
      used = content
    case .line(let axis, let repeats):
      let fills = repeats && !group.layoutSize.dimension(axis).isEstimated
      used = layOutLine(
        group, axis: axis, subitems: group.subitems, repeatCount: nil, fills: fills, content: content,
        origin: contentOrigin, into: &leaves)
    case .repeating(let axis, let count):
      used = layOutLine(
        group, axis: axis, subitems: group.subitems, repeatCount: count, fills: false, content: content,
        origin: contentOrigin, into: &leaves)
    }
    var size = proposed
    if group.layoutSize.widthDimension.isEstimated { size.width = used.width + insets.horizontal }
    if group.layoutSize.heightDimension.isEstimated { size.height = used.height + insets.vertical }
    return size
  }

  /// Lays subitems along `axis` in `content` (cells); returns the extent they use.
  private func layOutLine(
    _ group: LayoutGroup, axis: Axis, subitems: [LayoutItem], repeatCount: Int?, fills: Bool, content: Size,
    origin: Point, into leaves: inout Leaves
  ) -> Size {
    guard !subitems.isEmpty else { return .zero }
    let spacing = group.interItemSpacing ?? .fixed(0)
    let gap = round(cells(spacing.minimum, axis))
    let available = axis == .horizontal ? content.width : content.height
    let crossAvailable = axis == .horizontal ? content.height : content.width
    // Which subitems go on the line, and their raw lengths along it.
    var chosen: [LayoutItem] = []
    var raw: [Double] = []
    if let count = repeatCount {
      let item = subitems[0]
      let share = Swift.max(0, available - gap * Double(count - 1)) / Double(count)
      for _ in 0..<count {
        chosen.append(item)
        let dimension = item.layoutSize.dimension(axis)
        raw.append(dimension.isFractional ? share : dimension.rawLength(in: content))
      }
    } else {
      var position = 0.0
      var index = 0
      while chosen.count < 4_096 {
        let item = subitems[index % subitems.count]
        var length = item.layoutSize.dimension(axis).rawLength(in: content)
        if !(item is LayoutGroup), item.layoutSize.dimension(axis).isEstimated,
          let preferred = preferredSize(leaves.frames.count + chosen.count)
        {
          length = cells(axis == .horizontal ? preferred.width : preferred.height, axis)
        }
        if fills && !chosen.isEmpty && position + length > available + 1e-6 { break }
        chosen.append(item)
        raw.append(length)
        position += length + gap
        index += 1
        if !fills && index == subitems.count { break }
        // Nothing of length zero fills a line.
        if fills && index % subitems.count == 0 && position <= Double(index) * gap + 1e-9 { break }
      }
    }
    // Fractional lengths are rounded together, so shares of one container fill it exactly.
    let fractional = chosen.indices.filter {
      repeatCount != nil
        ? chosen[$0].layoutSize.dimension(axis).isFractional : chosen[$0].layoutSize.dimension(axis).isFractional
    }
    var lengths = raw.map { round($0) }
    if !fractional.isEmpty {
      let fractionalRaw = fractional.map { raw[$0] }
      let shares = Self.largestRemainder(fractionalRaw, total: (fractionalRaw.reduce(0, +) + 1e-9).rounded())
      for (slot, index) in fractional.enumerated() { lengths[index] = shares[slot] }
    }
    // Flexible spacing shares out what is left of the line.
    var gaps = Array(repeating: gap, count: Swift.max(0, chosen.count - 1))
    if case .flexible = spacing, !gaps.isEmpty {
      let left = available - lengths.reduce(0, +) - gap * Double(gaps.count)
      if left > 0 {
        let extra = Self.largestRemainder(
          Array(repeating: left / Double(gaps.count), count: gaps.count), total: left.rounded(.down))
        for index in gaps.indices { gaps[index] += extra[index] }
      }
    }
    // Lay each out; estimated subitems report their measured lengths.
    var position = 0.0
    var crossExtent = 0.0
    let crossIsEstimated = group.layoutSize.dimension(axis.other).isEstimated
    var crossFractional: [(leafStart: Int, index: Int, position: Double)] = []
    for (index, item) in chosen.enumerated() {
      let crossDimension = item.layoutSize.dimension(axis.other)
      let cross = round(crossDimension.rawLength(in: content))
      let proposed =
        axis == .horizontal ? Size(width: lengths[index], height: cross) : Size(width: cross, height: lengths[index])
      let at =
        axis == .horizontal ? Point(x: origin.x + position, y: origin.y) : Point(x: origin.x, y: origin.y + position)
      let leafStart = leaves.frames.count
      let size = layOut(item, size: proposed, at: at, into: &leaves)
      let length = axis == .horizontal ? size.width : size.height
      if crossIsEstimated && crossDimension.isFractional {
        crossFractional.append((leafStart, index, position))
      } else {
        crossExtent = Swift.max(crossExtent, axis == .horizontal ? size.height : size.width)
      }
      position += length + (index < gaps.count ? gaps[index] : 0)
    }
    if !crossIsEstimated {
      crossExtent = crossAvailable
    } else if !crossFractional.isEmpty {
      // Subitems as tall as the group (fractionalHeight(1)) take the measured height of
      // their siblings, not the estimate.
      if crossExtent == 0 { crossExtent = crossAvailable }
      for entry in crossFractional.reversed() {
        let item = chosen[entry.index]
        var scaled = Leaves()
        let fraction = item.layoutSize.dimension(axis.other).rawLength(in: Size(width: 1, height: 1))
        let cross = round(fraction * crossExtent)
        let proposed =
          axis == .horizontal
          ? Size(width: lengths[entry.index], height: cross) : Size(width: cross, height: lengths[entry.index])
        let at =
          axis == .horizontal
          ? Point(x: origin.x + entry.position, y: origin.y) : Point(x: origin.x, y: origin.y + entry.position)
        _ = layOut(item, size: proposed, at: at, into: &scaled)
        for (offset, frame) in scaled.frames.enumerated() where entry.leafStart + offset < leaves.frames.count {
          leaves.frames[entry.leafStart + offset] = frame
        }
      }
    }
    let mainExtent = Swift.max(0, position - (gaps.last ?? 0))
    let used = chosen.isEmpty ? 0 : (fills || repeatCount != nil ? Swift.max(mainExtent, available) : mainExtent)
    return axis == .horizontal ? Size(width: used, height: crossExtent) : Size(width: crossExtent, height: used)
  }

  // MARK: - Units

  /// Points to cells along an axis.
  func cells(_ length: Double, _ axis: Axis) -> Double {
    let perCell = axis == .horizontal ? unit.width : unit.height
    return perCell > 0 ? length / perCell : length
  }

  /// Rounds to the nearest whole cell (halves up).
  func round(_ cells: Double) -> Double { (cells + 1e-9).rounded() }

  /// Insets in whole cells.
  func cellInsets(_ insets: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: round(cells(insets.top, .vertical)), left: round(cells(insets.left, .horizontal)),
      bottom: round(cells(insets.bottom, .vertical)), right: round(cells(insets.right, .horizontal)))
  }

  /// A size in cells to points.
  func points(_ size: Size) -> Size { Size(width: size.width * unit.width, height: size.height * unit.height) }

  /// A rectangle in cells to points.
  func points(_ rect: Rect) -> Rect {
    Rect(
      x: rect.minX * unit.width, y: rect.minY * unit.height, width: rect.width * unit.width,
      height: rect.height * unit.height)
  }
}
