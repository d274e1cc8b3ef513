import TermGridCore

extension CompositionalLayout {
  /// Lays every section out for a container of `container` points.
  func buildCache(container: Size) -> CompositionalLayoutCache {
    var next = CompositionalLayoutCache()
    next.container = container
    next.scrollDirection = configuration.scrollDirection
    let metrics = collectionView?.cellMetrics ?? .identity
    let environment = LayoutEnvironment(container: LayoutContainer(contentSize: container), cellMetrics: metrics)
    let builder = GroupTemplateBuilder(unit: cellUnit)
    let sectionCount = Swift.max(0, collectionView?.numberOfSections ?? 0)
    next.sections.reserveCapacity(sectionCount)
    // Sections that share a group (one `LayoutSection` for all) share its template.
    var templates: [ObjectIdentifier: (Size, GroupTemplate)] = [:]
    let spacing = Swift.max(0, snapped(configuration.interSectionSpacing, next.mainAxis))
    var position = 0.0
    for index in 0..<sectionCount {
      let count = Swift.max(0, collectionView?.numberOfItems(inSection: index) ?? 0)
      let section = sectionProvider(index, environment) ?? Self.emptySection
      if index > 0 { position += spacing }
      let record = layOutSection(
        section, index: index, itemCount: count, start: position, container: container, builder: builder,
        templates: &templates, mainAxis: next.mainAxis)
      if record.boundaries.contains(where: \.pins) { next.hasPinnedBoundaries = true }
      if section.visibleItemsInvalidationHandler != nil { next.hasVisibleItemsHandlers = true }
      position += record.length
      next.sections.append(record)
    }
    next.contentSize =
      next.mainAxis == .vertical
      ? Size(width: container.width, height: position) : Size(width: position, height: container.height)
    next.isPrepared = true
    return next
  }

  /// A section with no items and nothing around them, for a provider that gives none.
  static var emptySection: LayoutSection {
    LayoutSection(
      group: .horizontal(
        layoutSize: LayoutSize(widthDimension: .absolute(0), heightDimension: .absolute(0)), subitems: []))
  }

  /// Lays one section out from `start` along the scroll direction.
  func layOutSection(
    _ section: LayoutSection, index: Int, itemCount: Int, start: Double, container: Size,
    builder: GroupTemplateBuilder, templates: inout [ObjectIdentifier: (Size, GroupTemplate)], mainAxis: Axis
  ) -> CompositionalSectionRecord {
    let vertical = mainAxis == .vertical
    let insets = snapped(section.contentInsets)
    let (mainBefore, mainAfter) = vertical ? (insets.top, insets.bottom) : (insets.left, insets.right)
    let (crossBefore, crossAfter) = vertical ? (insets.left, insets.right) : (insets.top, insets.bottom)
    let crossContainer = vertical ? container.width : container.height
    let mainContainer = vertical ? container.height : container.width
    let contentCross = Swift.max(0, crossContainer - crossBefore - crossAfter)
    let groupContainer =
      vertical ? Size(width: contentCross, height: mainContainer) : Size(width: mainContainer, height: contentCross)

    var record = CompositionalSectionRecord(section: section)
    record.index = index
    record.start = start
    record.itemCount = itemCount
    record.groupContainer = groupContainer
    record.orthogonalBehavior = section.orthogonalScrollingBehavior
    let key = ObjectIdentifier(section.group)
    if let (size, template) = templates[key], size == groupContainer {
      record.template = template
    } else {
      record.template = builder.template(for: section.group, in: groupContainer)
      templates[key] = (groupContainer, record.template)
    }
    let perGroup = record.template.frames.count
    record.itemsPerGroup = Swift.max(1, perGroup)
    record.groupCount = perGroup == 0 ? 0 : (itemCount + perGroup - 1) / perGroup
    record.repeatAxis = record.isOrthogonal ? mainAxis.other : mainAxis
    let templateMain = vertical ? record.template.size.height : record.template.size.width
    let templateRepeat = record.repeatAxis == .vertical ? record.template.size.height : record.template.size.width
    let groupSpacing = Swift.max(0, snapped(section.interGroupSpacing, record.repeatAxis))
    record.groupStride = templateRepeat + groupSpacing
    record.groupSpacing = groupSpacing

    // Groups with measured items are laid out again, one by one.
    var bodyMain = templateMain
    if record.template.hasEstimatedItems, let measured = preferredSizes[index], !measured.isEmpty, record.groupCount > 0
    {
      bodyMain = walk(&record, measured: measured, spacing: groupSpacing, builder: builder, mainAxis: mainAxis)
    }
    let groupsLength = record.groupCount == 0 ? 0 : record.groupStart(record.groupCount) - groupSpacing

    // Headers, insets, groups, insets, footers along the scroll direction.
    var cursor = start
    let boundaryCrossStart = section.supplementariesFollowContentInsets ? crossBefore : 0
    let boundaryCross = section.supplementariesFollowContentInsets ? contentCross : crossContainer
    let boundaryContainer =
      vertical ? Size(width: boundaryCross, height: mainContainer) : Size(width: mainContainer, height: boundaryCross)
    func place(_ boundary: LayoutBoundarySupplementaryItem) {
      let mainLength = snapped(boundary.layoutSize.dimension(mainAxis).rawLength(in: boundaryContainer), mainAxis)
      let crossLength = Swift.min(
        boundaryCross,
        snapped(boundary.layoutSize.dimension(mainAxis.other).rawLength(in: boundaryContainer), mainAxis.other))
      let frame = rect(
        main: cursor, cross: boundaryCrossStart, mainLength: mainLength, crossLength: crossLength, mainAxis)
      record.boundaries.append(
        .init(
          kind: boundary.elementKind, frame: frame, pins: boundary.pinToVisibleBounds,
          isHeader: boundary.alignment.isBefore, zIndex: boundary.zIndex))
      cursor += mainLength
    }
    for boundary in section.boundarySupplementaryItems where boundary.alignment.isBefore { place(boundary) }
    cursor += mainBefore
    record.groupsOrigin = vertical ? Point(x: crossBefore, y: cursor) : Point(x: cursor, y: crossBefore)
    if record.isOrthogonal {
      cursor += record.groupCount == 0 ? 0 : bodyMain
      record.orthogonalContentLength = crossBefore + groupsLength + crossAfter
      record.orthogonalVisibleLength = crossContainer
    } else {
      cursor += groupsLength
    }
    cursor += mainAfter
    for boundary in section.boundarySupplementaryItems where !boundary.alignment.isBefore { place(boundary) }
    record.length = cursor - start
    record.frame = rect(main: start, cross: 0, mainLength: record.length, crossLength: crossContainer, mainAxis)
    for decoration in section.decorationItems {
      record.decorations.append(
        .init(
          kind: decoration.elementKind, frame: record.frame.inset(by: snapped(decoration.contentInsets)),
          zIndex: decoration.zIndex))
    }
    return record
  }

  /// Places the groups of a section with measured items one by one; returns the longest
  /// group's extent along the scroll direction (an orthogonal section's height).
  func walk(
    _ record: inout CompositionalSectionRecord, measured: [Int: Size], spacing: Double, builder: GroupTemplateBuilder,
    mainAxis: Axis
  ) -> Double {
    let perGroup = record.itemsPerGroup
    let repeatAxis = record.repeatAxis
    let version = measuredVersions[record.index] ?? 0
    if let walked = walkedSections[record.index], walked.measuredVersion == version,
      walked.itemCount == record.itemCount, walked.spacing == spacing, walked.repeatAxis == repeatAxis,
      walked.template == record.template
    {
      // Nothing the walk depends on changed since the last pass: its result stands.
      record.walkedStarts = walked.starts
      return walked.longestMain
    }
    let uniformRepeat = repeatAxis == .vertical ? record.template.size.height : record.template.size.width
    let uniformMain = mainAxis == .vertical ? record.template.size.height : record.template.size.width
    var starts: [Double] = []
    starts.reserveCapacity(record.groupCount + 1)
    var position = 0.0
    var longestMain = uniformMain
    let group = record.section.group
    // A list's group is one self-sizing item: its length is the item's, no new layout needed.
    let singleItem = perGroup == 1 && group.subitems.count == 1 && !(group.subitems[0] is LayoutGroup)
    let item = singleItem ? group.subitems[0] : nil
    let groupInsets = snapped(group.contentInsets)
    let groupEstimated = group.layoutSize.dimension(repeatAxis).isEstimated
    let itemEstimated = item?.layoutSize.dimension(repeatAxis).isEstimated ?? false
    let groupMainEstimated = group.layoutSize.dimension(mainAxis).isEstimated
    let itemMainEstimated = item?.layoutSize.dimension(mainAxis).isEstimated ?? false
    let unit = repeatAxis == .vertical ? cellUnit.height : cellUnit.width
    let mainUnit = mainAxis == .vertical ? cellUnit.height : cellUnit.width
    let repeatInsets = repeatAxis == .vertical ? groupInsets.vertical : groupInsets.horizontal
    let mainInsets = mainAxis == .vertical ? groupInsets.vertical : groupInsets.horizontal
    for index in 0..<record.groupCount {
      starts.append(position)
      var length = uniformRepeat
      if singleItem {
        if let size = measured[index] {
          if groupEstimated && itemEstimated {
            let measuredLength = repeatAxis == .vertical ? size.height : size.width
            length = Double(Swift.max(1, cellCount(measuredLength, unit))) * unit + repeatInsets
          }
          if repeatAxis != mainAxis && groupMainEstimated && itemMainEstimated {
            let measuredMain = mainAxis == .vertical ? size.height : size.width
            longestMain = Swift.max(
              longestMain, Double(Swift.max(1, cellCount(measuredMain, mainUnit))) * mainUnit + mainInsets)
          }
        }
      } else {
        let first = index * perGroup
        if (first..<(first + perGroup)).contains(where: { measured[$0] != nil }) {
          let template = measuredTemplate(firstItem: first, of: record, sizes: measured, builder: builder)
          length = repeatAxis == .vertical ? template.size.height : template.size.width
          longestMain = Swift.max(longestMain, mainAxis == .vertical ? template.size.height : template.size.width)
        }
      }
      position += length + spacing
    }
    starts.append(position)
    record.walkedStarts = starts
    walkedSections[record.index] = WalkedSection(
      template: record.template, itemCount: record.itemCount, spacing: spacing, repeatAxis: repeatAxis,
      measuredVersion: version, starts: starts, longestMain: longestMain)
    return longestMain
  }

  /// The layout of group `index` of a section: the shared template, or, for a group holding
  /// measured items, its own.
  func groupTemplate(
    _ index: Int, of record: CompositionalSectionRecord, builder: GroupTemplateBuilder? = nil,
    measured: [Int: Size]? = nil
  ) -> GroupTemplate {
    guard record.walkedStarts != nil else { return record.template }
    let first = index * record.itemsPerGroup
    guard let sizes = measured ?? preferredSizes[record.index],
      (first..<(first + record.itemsPerGroup)).contains(where: { sizes[$0] != nil })
    else { return record.template }
    return measuredTemplate(firstItem: first, of: record, sizes: sizes, builder: builder)
  }

  /// The layout of the group whose first item is `firstItem`, with its items' measured sizes.
  func measuredTemplate(
    firstItem first: Int, of record: CompositionalSectionRecord, sizes: [Int: Size], builder: GroupTemplateBuilder?
  ) -> GroupTemplate {
    var builder = builder ?? GroupTemplateBuilder(unit: cellUnit)
    builder.preferredSize = { sizes[first + $0] }
    return builder.template(for: record.section.group, in: record.groupContainer)
  }

  // MARK: - Geometry

  /// A rectangle from lengths along and across the scroll direction.
  func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double, _ mainAxis: Axis) -> Rect {
    mainAxis == .vertical
      ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
      : Rect(x: main, y: cross, width: mainLength, height: crossLength)
  }

  /// A length in points, snapped to whole cells along `axis`.
  func snapped(_ length: Double, _ axis: Axis) -> Double {
    let unit = axis == .horizontal ? cellUnit.width : cellUnit.height
    return Double(cellCount(length, unit)) * unit
  }

  /// Insets snapped to whole cells.
  func snapped(_ insets: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: snapped(insets.top, .vertical), left: snapped(insets.left, .horizontal),
      bottom: snapped(insets.bottom, .vertical), right: snapped(insets.right, .horizontal))
  }
}
