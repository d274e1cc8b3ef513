import TermGrid
import Testing

@Suite struct CompositionalLayoutTests {
  // MARK: - Sizes

  @Test func fractionalWidthsFillTheGroupExactlyByLargestRemainder() {
    // 64 columns in thirds: 21.33 each, rounded 22, 21, 21 (the first has the largest
    // remainder on a tie), side by side with no gap and no overlap.
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .absolute(2)))
    let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(2)), subitems: [item])
    let layout = prepared(CompositionalLayout(section: LayoutSection(group: group)), items: [6], width: 64)
    let frames = (0..<6).map { layout.layoutAttributesForItem(at: ip($0))?.frame }
    #expect(frames[0] == Rect(x: 0, y: 0, width: 22, height: 2))
    #expect(frames[1] == Rect(x: 22, y: 0, width: 21, height: 2))
    #expect(frames[2] == Rect(x: 43, y: 0, width: 21, height: 2))
    #expect(frames[3] == Rect(x: 0, y: 2, width: 22, height: 2))
  }

  @Test(arguments: [(7, 50.0), (3, 10.0), (6, 77.0), (9, 100.0), (11, 64.0)])
  func sharesOfAnyCountTileTheirContainer(count: Int, width: Double) {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(1)), repeatingSubitem: item, count: count)
    let layout = prepared(CompositionalLayout(section: LayoutSection(group: group)), items: [count], width: width)
    let frames = (0..<count).compactMap { layout.layoutAttributesForItem(at: ip($0))?.frame }
    #expect(frames.count == count)
    #expect(frames.first?.minX == 0)
    #expect(frames.last?.maxX == width)
    for (left, right) in zip(frames, frames.dropFirst()) { #expect(left.maxX == right.minX) }
    let widths = Set(frames.map(\.width))
    let floor = (width / Double(count)).rounded(.down)
    #expect(widths.isSubset(of: [floor, floor + 1]))
  }

  @Test func spacingIsLeftOutBeforeRepeatedItemsShareTheWidth() {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: size(.fractionalWidth(1), .absolute(1)), repeatingSubitem: item, count: 3)
    group.interItemSpacing = .fixed(2)
    let layout = prepared(CompositionalLayout(section: LayoutSection(group: group)), items: [3], width: 30)
    let frames = (0..<3).compactMap { layout.layoutAttributesForItem(at: ip($0))?.frame }
    // 30 − 2 × 2 = 26 shared 9, 9, 8.
    #expect(frames.map(\.minX) == [0, 11, 22])
    #expect(frames.map(\.width) == [9, 9, 8])
  }

  @Test func nestedGroupsPlaceTheirItemsDepthFirst() {
    // A big item on the left half; on the right, a vertical group of two halves.
    let big = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
    let small = LayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
    let column = LayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [small])
    let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(7)), subitems: [big, column])
    let section = LayoutSection(group: group)
    section.interGroupSpacing = 1
    let layout = prepared(CompositionalLayout(section: section), items: [5], width: 41)
    #expect(layout.layoutAttributesForItem(at: ip(0))?.frame == Rect(x: 0, y: 0, width: 21, height: 7))
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 21, y: 0, width: 20, height: 4))
    #expect(layout.layoutAttributesForItem(at: ip(2))?.frame == Rect(x: 21, y: 4, width: 20, height: 3))
    // The next group starts after the spacing.
    #expect(layout.layoutAttributesForItem(at: ip(3))?.frame == Rect(x: 0, y: 8, width: 21, height: 7))
    #expect(layout.layoutAttributesForItem(at: ip(5)) == nil)
    #expect(layout.collectionViewContentSize == Size(width: 41, height: 15))
  }

  @Test func insetsKeepItemsInFromTheirSpaceAndSectionsFromTheEdges() {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(3)))
    item.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 1, right: 1)
    let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(3)), subitems: [item])
    let section = LayoutSection(group: group)
    section.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    let layout = prepared(CompositionalLayout(section: section), items: [2], width: 24)
    #expect(layout.layoutAttributesForItem(at: ip(0))?.frame == Rect(x: 3, y: 1, width: 8, height: 2))
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 13, y: 1, width: 8, height: 2))
    #expect(layout.collectionViewContentSize.height == 5)
  }

  @Test func aCustomGroupPlacesItsItemsWhereItsClosureSays() {
    let group = LayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(4))) { environment in
      let width = environment.container.contentSize.width
      return [
        LayoutGroupCustomItem(frame: Rect(x: 0, y: 0, width: width / 2, height: 4)),
        LayoutGroupCustomItem(frame: Rect(x: width / 2, y: 1, width: width / 2, height: 2), zIndex: 3),
      ]
    }
    let layout = prepared(CompositionalLayout(section: LayoutSection(group: group)), items: [3], width: 20)
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 10, y: 1, width: 10, height: 2))
    #expect(layout.layoutAttributesForItem(at: ip(1))?.zIndex == 3)
    #expect(layout.layoutAttributesForItem(at: ip(2))?.frame == Rect(x: 0, y: 4, width: 10, height: 4))
  }

  // MARK: - Self-sizing

  @Test func estimatedHeightsGiveWayToMeasuredOnesAndLaterItemsMove() {
    let layout = prepared(Self.list(estimated: 2), items: [4], width: 20)
    #expect(layout.layoutAttributesForItem(at: ip(2))?.frame == Rect(x: 0, y: 4, width: 20, height: 2))
    var original = LayoutAttributes(forCellWith: ip(1), frame: Rect(x: 0, y: 2, width: 20, height: 2))
    var preferred = original
    preferred.size.height = 5
    #expect(layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    // A different width is no news: the width is not estimated.
    original.size.width = 30
    preferred.size = Size(width: 30, height: 2)
    #expect(!layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))

    var context = InvalidationContext()
    context.preferredItemSizes[ip(1)] = Size(width: 20, height: 5)
    layout.invalidateLayout(with: context)
    layout.prepareIfNeeded()
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 0, y: 2, width: 20, height: 5))
    #expect(layout.layoutAttributesForItem(at: ip(2))?.frame == Rect(x: 0, y: 7, width: 20, height: 2))
    #expect(layout.collectionViewContentSize.height == 11)
    let shown = layout.layoutAttributesForElements(in: Rect(x: 0, y: 6, width: 20, height: 2)).map(\.indexPath)
    #expect(shown == [ip(1), ip(2)])
  }

  @Test func measuredSizesOutliveFullPassesAndNewOnesAndResizesLayOutAgain() {
    let layout = prepared(Self.list(estimated: 2), items: [6], width: 20)
    var context = InvalidationContext()
    context.preferredItemSizes[ip(1)] = Size(width: 20, height: 5)
    layout.invalidateLayout(with: context)
    layout.prepareIfNeeded()
    layout.invalidateLayout()
    layout.prepareIfNeeded()
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 0, y: 2, width: 20, height: 5))
    #expect(layout.layoutAttributesForItem(at: ip(2))?.frame == Rect(x: 0, y: 7, width: 20, height: 2))
    // Another measurement in the same section moves what follows it.
    context = InvalidationContext()
    context.preferredItemSizes[ip(3)] = Size(width: 20, height: 1)
    layout.invalidateLayout(with: context)
    layout.prepareIfNeeded()
    #expect(layout.layoutAttributesForItem(at: ip(4))?.frame == Rect(x: 0, y: 10, width: 20, height: 2))
    #expect(layout.collectionViewContentSize.height == 14)
    // A wider container: the rows are as wide, the measured heights stay.
    let host = keeper.hosts[0]
    host.bounds = Rect(x: 0, y: 0, width: 30, height: 10)
    layout.invalidateLayout()
    layout.prepareIfNeeded()
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 0, y: 2, width: 30, height: 5))
    #expect(layout.layoutAttributesForItem(at: ip(4))?.frame == Rect(x: 0, y: 10, width: 30, height: 2))
  }

  @Test func selfSizingCellsResizeTheirRowsThroughTheCollectionView() {
    let fixture = Fixture(
      layout: Self.list(estimated: 1), sections: [letters(5)], size: CellSize(columns: 6, rows: 8))
    fixture.dataSource.preferredHeights = ["b": 3]
    #expect(fixture.lines == ["a     ", "b     ", "      ", "      ", "c     ", "d     ", "e     ", "      "])
    #expect(fixture.layout.layoutAttributesForItem(at: ip(2))?.frame.minY == 4)
  }

  @Test func aGroupOfEstimatedHeightTakesItsTallestItem() {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(0.5), .estimated(2)))
    let group = LayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .estimated(2)), subitems: [item])
    let layout = prepared(CompositionalLayout(section: LayoutSection(group: group)), items: [4], width: 20)
    var context = InvalidationContext()
    context.preferredItemSizes[ip(1)] = Size(width: 10, height: 4)
    layout.invalidateLayout(with: context)
    layout.prepareIfNeeded()
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 10, y: 0, width: 10, height: 4))
    #expect(layout.layoutAttributesForItem(at: ip(2))?.frame == Rect(x: 0, y: 4, width: 10, height: 2))
  }

  // MARK: - Sections

  @Test func headersAndFootersBoundEachSectionAndBackgroundsSpanIt() {
    let section = Self.list(estimated: nil).sectionProvider(0, Self.environment)!
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: ElementKind.header, alignment: .top),
      LayoutBoundarySupplementaryItem(
        layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: ElementKind.footer, alignment: .bottom),
    ]
    section.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 0, right: 2)
    var background = LayoutDecorationItem.background(elementKind: "card")
    background.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    section.decorationItems = [background]
    let layout = prepared(
      CompositionalLayout(section: section, configuration: .init(interSectionSpacing: 2)), items: [2, 1], width: 20)
    // Section 0: header 0, inset, items 2–3, footer 4; section 1 starts at 7.
    #expect(header(layout, 0)?.frame == Rect(x: 2, y: 0, width: 16, height: 1))
    #expect(layout.layoutAttributesForItem(at: ip(0))?.frame == Rect(x: 2, y: 2, width: 16, height: 1))
    #expect(footer(layout, 0)?.frame == Rect(x: 2, y: 4, width: 16, height: 1))
    #expect(header(layout, 1)?.frame.minY == 7)
    let decoration = layout.layoutAttributesForDecorationView(ofKind: "card", at: ip(0, 1))
    #expect(decoration?.frame == Rect(x: 1, y: 7, width: 18, height: 4))
    #expect(decoration.map { $0.zIndex < 0 } == true)
    let kinds = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 20, height: 5)).map(\.key.description)
    #expect(kinds.count == 5)
    #expect(
      layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 20, height: 5)).contains {
        $0.category == .decorationView
      })
  }

  @Test func aPinnedHeaderFollowsTheTopUntilTheNextSectionPushesItOff() {
    let item = LayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(1)))
    let section = LayoutSection(
      group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(1)), subitems: [item]))
    var header = LayoutBoundarySupplementaryItem(
      layoutSize: size(.fractionalWidth(1), .absolute(1)), elementKind: ElementKind.header, alignment: .top)
    header.pinToVisibleBounds = true
    section.boundarySupplementaryItems = [header]
    let layout = CompositionalLayout(section: section)
    let host = StaticLayoutHost(itemCounts: [10, 10], bounds: Rect(x: 0, y: 0, width: 10, height: 4))
    layout.collectionView = host
    layout.prepareIfNeeded()
    let scrolled = Rect(x: 0, y: 5, width: 10, height: 4)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: scrolled))
    host.bounds = scrolled
    #expect(self.header(layout, 0)?.frame.minY == 5)
    #expect(layout.obscuredInsets(in: scrolled).top == 1)
    host.bounds = Rect(x: 0, y: 10, width: 10, height: 4)
    // Section 0 ends at 11: its header is pushed up to 10, then off.
    #expect(self.header(layout, 0)?.frame.minY == 10)
    host.bounds = Rect(x: 0, y: 13, width: 10, height: 4)
    #expect(self.header(layout, 1)?.frame.minY == 13)
    #expect(self.header(layout, 0)?.frame.minY == 10)
  }

  @Test func theSectionProviderSeesTheContainerAndIsAskedAgainOnResize() {
    var widthsSeen: [Double] = []
    let layout = CompositionalLayout { _, environment in
      widthsSeen.append(environment.container.contentSize.width)
      let columns = environment.container.contentSize.width < 60 ? 2 : 4
      let item = LayoutItem(layoutSize: self.size(.fractionalWidth(1), .absolute(3)))
      return LayoutSection(
        group: .horizontal(
          layoutSize: self.size(.fractionalWidth(1), .absolute(3)), repeatingSubitem: item, count: columns))
    }
    let host = StaticLayoutHost(itemCounts: [8], bounds: Rect(x: 0, y: 0, width: 40, height: 10))
    layout.collectionView = host
    layout.prepareIfNeeded()
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 20, y: 0, width: 20, height: 3))
    let wider = Rect(x: 0, y: 0, width: 80, height: 10)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: wider))
    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: wider))
    host.bounds = wider
    layout.prepareIfNeeded()
    #expect(widthsSeen == [40, 80])
    #expect(layout.layoutAttributesForItem(at: ip(3))?.frame == Rect(x: 60, y: 0, width: 20, height: 3))
    #expect(layout.collectionViewContentSize.height == 6)
  }

  @Test func aHorizontalScrollDirectionStacksSectionsSideways() {
    let item = LayoutItem(layoutSize: size(.absolute(4), .fractionalHeight(0.5)))
    let group = LayoutGroup.vertical(layoutSize: size(.absolute(4), .fractionalHeight(1)), subitems: [item])
    let layout = prepared(
      CompositionalLayout(
        section: LayoutSection(group: group), configuration: .init(scrollDirection: .horizontal, interSectionSpacing: 1)
      ),
      items: [3, 2], width: 20, height: 6)
    #expect(layout.layoutAttributesForItem(at: ip(1))?.frame == Rect(x: 0, y: 3, width: 4, height: 3))
    #expect(layout.layoutAttributesForItem(at: ip(2))?.frame == Rect(x: 4, y: 0, width: 4, height: 3))
    #expect(layout.layoutAttributesForItem(at: ip(0, 1))?.frame == Rect(x: 9, y: 0, width: 4, height: 3))
    #expect(layout.collectionViewContentSize == Size(width: 13, height: 6))
  }

  // MARK: - Queries

  @Test func aRectQueryInAMillionItemsReturnsOnlyWhatItMeets() {
    let layout = prepared(Self.list(estimated: 1), items: [1_000_000], width: 20)
    #expect(layout.collectionViewContentSize.height == 1_000_000)
    let shown = layout.layoutAttributesForElements(in: Rect(x: 0, y: 500_000, width: 20, height: 3))
    #expect(shown.map(\.indexPath) == [ip(500_000), ip(500_001), ip(500_002)])
    var context = InvalidationContext()
    for item in stride(from: 0, to: 1_000_000, by: 1_000) {
      context.preferredItemSizes[ip(item)] = Size(width: 20, height: 2)
    }
    layout.invalidateLayout(with: context)
    layout.prepareIfNeeded()
    // One item in a thousand is a row taller: 500 of them lie above the rectangle now.
    let measured = layout.layoutAttributesForElements(in: Rect(x: 0, y: 500_000, width: 20, height: 3))
    #expect(measured.map(\.indexPath.item) == [499_500, 499_501, 499_502])
  }

  // MARK: - Fixtures

  func size(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
    LayoutSize(widthDimension: width, heightDimension: height)
  }

  func header(_ layout: CompositionalLayout, _ section: Int) -> LayoutAttributes? {
    layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.header, at: ip(0, section))
  }

  func footer(_ layout: CompositionalLayout, _ section: Int) -> LayoutAttributes? {
    layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.footer, at: ip(0, section))
  }

  static let environment = LayoutEnvironment(container: LayoutContainer(contentSize: Size(width: 20, height: 10)))

  /// A list: one item per row, full width, one row high (or estimated), a new section each time.
  static func list(estimated: Double?) -> CompositionalLayout {
    CompositionalLayout { _, _ in
      let height: LayoutDimension = estimated.map { .estimated($0) } ?? .absolute(1)
      let layoutSize = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height)
      return LayoutSection(
        group: .vertical(layoutSize: layoutSize, subitems: [LayoutItem(layoutSize: layoutSize)]))
    }
  }

  func prepared(_ layout: CompositionalLayout, items: [Int], width: Double, height: Double = 10)
    -> CompositionalLayout
  {
    let host = StaticLayoutHost(itemCounts: items, bounds: Rect(x: 0, y: 0, width: width, height: height))
    layout.collectionView = host
    layout.prepareIfNeeded()
    keeper.hosts.append(host)
    return layout
  }

  /// Keeps this test's static hosts alive (layouts hold them weakly).
  let keeper = HostKeeper()
}

/// The static hosts of one test.
final class HostKeeper {
  var hosts: [StaticLayoutHost] = []
}
