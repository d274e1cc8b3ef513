import TermGrid
import TestSupport
import Testing

@testable import TermGridLayout

@Suite struct TimelineLanePackingTests {
  /// Random items as `TimelineLayout.prepare()` hands them over: some without a range (not
  /// in the order), the rest by column and then by index.
  struct Items {
    var columns: [Int] = []
    var widths: [Int32] = []
    var groups: [Int32] = []
    var order: [Int32] = []
    var groupCount = 1

    init(count: Int, columnSpan: Int, widest: Int, groupCount: Int, random: inout SeededRandom) {
      self.groupCount = groupCount
      var packed: [Int32] = []
      for item in 0..<count {
        columns.append(random.next(below: columnSpan) - columnSpan / 3)
        // Width 1: a zero-length range or a marker without a label.
        widths.append(Int32(random.next(below: 3) == 0 ? 1 : 1 + random.next(below: widest)))
        if groupCount > 1 { groups.append(Int32(random.next(below: groupCount))) }
        if random.next(below: 10) != 0 { packed.append(Int32(item)) }
      }
      order = packed.sorted { (columns[Int($0)], $0) < (columns[Int($1)], $1) }
    }

    func byColumns(spacing: Int) -> TimelineLanePacking.Lanes? {
      TimelineLanePacking.packByColumns(
        order: order, itemCount: columns.count, columns: columns, widths: widths, groups: groups,
        groupCount: groupCount, spacing: spacing)
    }

    func withHeaps(spacing: Int) -> TimelineLanePacking.Lanes {
      TimelineLanePacking.packWithHeaps(
        order: order, itemCount: columns.count, columns: columns, widths: widths, groups: groups,
        groupCount: groupCount, spacing: spacing)
    }
  }

  @Test func bucketsOfColumnsGiveTheHeapsLanes() {
    var random = SeededRandom(seed: 34)
    for round in 0..<400 {
      let groupCount = [1, 1, 2, 5][round % 4]
      // Few columns for many items: ties at every column, lanes freed in bunches.
      let items = Items(
        count: random.next(below: 400), columnSpan: 1 + random.next(below: round % 3 == 0 ? 8 : 200),
        widest: 1 + random.next(below: 30), groupCount: groupCount, random: &random)
      for spacing in [0, 1, 3] {
        let heaps = items.withHeaps(spacing: spacing)
        let buckets = items.byColumns(spacing: spacing)
        #expect(buckets != nil, "round \(round): a span of a few columns an item is packed by columns")
        #expect(buckets == heaps, "round \(round), \(groupCount) groups, spacing \(spacing)")
        #expect(heaps.lanes.filter { $0 < 0 }.count == items.columns.count - items.order.count)
      }
    }
  }

  @Test func aSpanTooWideForBucketsIsPackedWithHeaps() {
    var random = SeededRandom(seed: 7)
    let items = Items(count: 300, columnSpan: 10_000_000, widest: 50, groupCount: 3, random: &random)
    #expect(items.byColumns(spacing: 1) == nil)
    let packed = TimelineLanePacking.pack(
      order: items.order, itemCount: items.columns.count, columns: items.columns, widths: items.widths,
      groups: items.groups, groupCount: items.groupCount, spacing: 1)
    #expect(packed == items.withHeaps(spacing: 1))
  }

  @Test func oneColumnForEveryItemTakesALaneEach() {
    let order = (0..<5_000).map { Int32($0) }
    let columns = [Int](repeating: 42, count: order.count)
    let widths = [Int32](repeating: 3, count: order.count)
    let lanes = TimelineLanePacking.packByColumns(
      order: order, itemCount: order.count, columns: columns, widths: widths, groups: [], groupCount: 1,
      spacing: 1)
    #expect(lanes?.laneCounts == [5_000])
    #expect(lanes?.lanes == order)
  }

  @Test func theLowestSetGivesUpItsLowestAtEveryLevel() {
    var random = SeededRandom(seed: 12)
    for capacity in [1, 63, 64, 65, 4_096, 4_097, 300_000] {
      var set = LowestSet(capacity: capacity)
      var model = Set<Int>()
      #expect(set.removeMin() == nil)
      for _ in 0..<3_000 {
        if random.next(below: 3) != 0 {
          let value = random.next(below: capacity)
          set.insert(value)
          model.insert(value)
        } else {
          let lowest = model.min()
          if let lowest { model.remove(lowest) }
          #expect(set.removeMin() == lowest, "capacity \(capacity)")
        }
      }
      while let lowest = model.min() {
        model.remove(lowest)
        #expect(set.removeMin() == lowest)
      }
      #expect(set.removeMin() == nil)
    }
  }
}
