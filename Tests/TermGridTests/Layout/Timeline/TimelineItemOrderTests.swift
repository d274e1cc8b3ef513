import TestSupport
import Testing

@testable import TermGridLayout

/// The order `TimelineLayout.prepare()` packs items in, counted by column when their
/// columns span a bounded range: the same as sorting them by column and then by index
/// (the sort it replaces), items without a range left out, with each item's column, width
/// and group along the order.
@Suite struct TimelineItemOrderTests {
  struct Items {
    var columns: [Int] = []
    var widths: [Int32] = []
    var groups: [Int32] = []
    var hasRange: [Bool] = []

    /// Random columns (negative ones too, many ties when the span is small), widths,
    /// groups (or none) and items without a range.
    init(count: Int, span: Int, grouped: Bool, random: inout SeededRandom) {
      let shift = random.next(below: 3) == 0 ? -span / 2 : random.next(below: 1_000)
      for _ in 0..<count {
        columns.append(random.next(below: span) + shift)
        widths.append(Int32(1 + random.next(below: 30)))
        if grouped { groups.append(Int32(random.next(below: 5))) }
        hasRange.append(random.next(below: 8) != 0)
      }
    }

    /// What a sort by (column, index) gives, written out plainly.
    var reference: TimelineItemOrder {
      let order = columns.indices.filter { hasRange[$0] }.sorted { (columns[$0], $0) < (columns[$1], $1) }
      var expected = TimelineItemOrder(columns: [], widths: [], groups: [], hasRange: [])
      expected.order = order.map { Int32($0) }
      expected.columns = order.map { columns[$0] }
      expected.widths = order.map { widths[$0] }
      expected.groups = groups.isEmpty ? [] : order.map { groups[$0] }
      return expected
    }

    var counted: TimelineItemOrder? {
      TimelineItemOrder.countedByColumns(columns: columns, widths: widths, groups: groups, hasRange: hasRange)
    }
    var sorted: TimelineItemOrder {
      TimelineItemOrder.sortedByKeys(columns: columns, widths: widths, groups: groups, hasRange: hasRange)
    }
    var chosen: TimelineItemOrder {
      TimelineItemOrder(columns: columns, widths: widths, groups: groups, hasRange: hasRange)
    }
  }

  @Test func countingByColumnGivesTheSortsOrder() throws {
    var random = SeededRandom(seed: 344)
    for round in 0..<400 {
      let count = random.next(below: 600)
      let span = 1 + random.next(below: [4, 50, 5_000][round % 3])
      let items = Items(count: count, span: span, grouped: round % 2 == 0, random: &random)
      let counted = try #require(items.counted, "round \(round): a span of at most 65,536 columns is counted")
      #expect(counted == items.sorted, "round \(round), \(count) items over \(span) columns")
      #expect(items.sorted == items.reference, "round \(round)")
      #expect(items.chosen == items.reference, "round \(round)")
    }
  }

  /// `prepare()` packs the items laid out along the order as items 0, 1, 2…: each gets the
  /// lane packing it in the order gives it, by columns and by heaps.
  @Test func packingAlongTheOrderGivesEachItemItsLane() {
    var random = SeededRandom(seed: 346)
    for round in 0..<200 {
      let grouped = round % 2 == 0
      let items = Items(
        count: random.next(below: 400), span: 1 + random.next(below: 60), grouped: grouped, random: &random)
      let axis = items.chosen
      let groupCount = grouped ? 5 : 1
      for spacing in [0, 1] {
        let direct = TimelineLanePacking.pack(
          order: axis.order, itemCount: items.columns.count, columns: items.columns, widths: items.widths,
          groups: items.groups, groupCount: groupCount, spacing: spacing)
        let along = TimelineLanePacking.pack(
          order: Array(0..<Int32(axis.order.count)), itemCount: axis.order.count, columns: axis.columns,
          widths: axis.widths, groups: axis.groups, groupCount: groupCount, spacing: spacing)
        #expect(along.laneCounts == direct.laneCounts, "round \(round)")
        #expect(along.lanes == axis.order.map { direct.lanes[Int($0)] }, "round \(round), spacing \(spacing)")
      }
    }
  }

  @Test func columnsSpreadWiderThanTheLimitAreSorted() throws {
    var random = SeededRandom(seed: 345)
    var items = Items(count: 300, span: 1_000, grouped: true, random: &random)
    let limit = TimelineItemOrder.countingSpanLimit(itemCount: 300)
    items.columns[7] = -3 * limit
    items.hasRange[7] = true
    #expect(items.counted == nil)
    #expect(items.chosen == items.reference)
    // Just within the limit: counted, the same order.
    let highest = try #require(items.columns.indices.filter { items.hasRange[$0] }.map { items.columns[$0] }.max())
    items.columns[7] = highest - limit + 1
    #expect(items.counted == items.reference)
  }

  @Test func noItemWithARangeIsAnEmptyOrder() {
    let none = TimelineItemOrder(columns: [3, 1], widths: [1, 1], groups: [], hasRange: [false, false])
    #expect(none.order.isEmpty && none.columns.isEmpty)
    let ties = TimelineItemOrder(columns: [5, 5, 2], widths: [1, 2, 3], groups: [], hasRange: [true, true, true])
    #expect(ties.order == [2, 0, 1])
    #expect(ties.widths == [3, 1, 2])
    #expect(ties.groups.isEmpty)
  }
}
