import TermGridCore

/// One section as the last pass laid it out. Item frames are not stored: a group's frames
/// come from its template (the same for every group, unless its items measured themselves)
/// placed at the group's start, so a uniform section costs O(1) however many items it has.
struct CompositionalSectionRecord {
  /// A header or footer placed by the pass.
  struct Boundary {
    var kind: String
    var frame: Rect
    var pins: Bool
    var isHeader: Bool
    var zIndex: Int
  }

  /// A decoration placed by the pass.
  struct Decoration {
    var kind: String
    var frame: Rect
    var zIndex: Int
  }

  /// The section's own description (from the provider), kept to lay out measured groups again.
  var section: LayoutSection
  /// The section's index.
  var index = 0
  /// Where the section starts and how long it is along the scroll direction, in points.
  var start = 0.0
  var length = 0.0
  /// The section's frame in content coordinates.
  var frame = Rect.zero
  var itemCount = 0
  /// The group as laid out without measured sizes.
  var template = GroupTemplate()
  /// Items per group (at least 1).
  var itemsPerGroup = 1
  var groupCount = 0
  /// Where group 0's top-left corner goes (orthogonal sections: before their offset).
  var groupsOrigin = Point.zero
  /// The distance from one group's start to the next along the axis groups repeat on,
  /// when they are uniform.
  var groupStride = 0.0
  /// The space between groups along the repeat axis.
  var groupSpacing = 0.0
  /// The axis groups repeat along: the scroll direction, or across it for orthogonal sections.
  var repeatAxis = Axis.vertical
  var orthogonalBehavior = OrthogonalScrollingBehavior.none
  /// The length of an orthogonal section's row of groups, and of the part of it on screen.
  var orthogonalContentLength = 0.0
  var orthogonalVisibleLength = 0.0
  /// The container the section's groups were laid out in (the section's content area).
  var groupContainer = Size.zero
  /// Group starts along the repeat axis (relative to `groupsOrigin`) when the section's
  /// items measured themselves, `groupCount + 1` of them; `nil` for a uniform section.
  var walkedStarts: [Double]?
  var boundaries: [Boundary] = []
  var decorations: [Decoration] = []

  var isOrthogonal: Bool { orthogonalBehavior != .none }

  /// Where group `index` starts along the repeat axis, relative to `groupsOrigin`.
  func groupStart(_ index: Int) -> Double {
    if let walkedStarts { return walkedStarts[Swift.min(index, walkedStarts.count - 1)] }
    return Double(index) * groupStride
  }

  /// The groups whose span along the repeat axis meets `low..<high` (relative to
  /// `groupsOrigin`): by division for uniform sections, by binary search for measured ones.
  func groups(meeting low: Double, _ high: Double) -> Range<Int> {
    guard groupCount > 0, high > low else { return 0..<0 }
    if let walkedStarts {
      // The last group starting before `high`, and the first ending after `low`.
      var lo = 0
      var hi = groupCount
      while lo < hi {
        let mid = (lo + hi) / 2
        if walkedStarts[mid + 1] <= low { lo = mid + 1 } else { hi = mid }
      }
      var end = lo
      while end < groupCount && walkedStarts[end] < high { end += 1 }
      return lo..<Swift.max(lo, end)
    }
    let extent = repeatAxis == .horizontal ? template.size.width : template.size.height
    guard groupStride > 0 else { return 0..<groupCount }
    let first = Swift.max(0, Int(((low - extent) / groupStride).rounded(.down)))
    let last = Swift.min(groupCount, Int((high / groupStride).rounded(.down)) + 1)
    return Swift.min(first, last)..<last
  }
}

/// What a compositional layout's pass computed: the sections in order along the scroll
/// direction, binary-searched by rect queries.
struct CompositionalLayoutCache {
  var sections: [CompositionalSectionRecord] = []
  var contentSize = Size.zero
  /// The container size the pass was for.
  var container = Size.zero
  var scrollDirection = FlowLayout.ScrollDirection.vertical
  var isPrepared = false
  /// True when some header or footer floats with the visible area.
  var hasPinnedBoundaries = false
  /// True when some section has a `visibleItemsInvalidationHandler`: every scroll then asks
  /// the layout again.
  var hasVisibleItemsHandlers = false

  /// The scroll axis.
  var mainAxis: Axis { scrollDirection == .vertical ? .vertical : .horizontal }

  /// The start and end of `rect` along the scroll direction.
  func mainRange(of rect: Rect) -> (Double, Double) {
    scrollDirection == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
  }

  /// The first section that ends after `position` along the scroll direction.
  func firstSection(endingAfter position: Double) -> Int {
    var lo = 0
    var hi = sections.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sections[mid].start + sections[mid].length <= position { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}

/// A section's groups as the last walk placed them, kept while what they depend on is
/// unchanged, so a full pass over measured items that did not change costs no walk.
struct WalkedSection {
  /// What the walk depended on.
  var template: GroupTemplate
  var itemCount: Int
  var spacing: Double
  var repeatAxis: Axis
  var measuredVersion: Int
  /// What it computed.
  var starts: [Double]
  var longestMain: Double
}
