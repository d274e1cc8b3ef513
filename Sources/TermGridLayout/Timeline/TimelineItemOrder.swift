/// The order a timeline places and packs its items in: by start column, then by index,
/// items without a range left out; with each item's column, width and group along it.
///
/// A timeline fitting its width starts millions of items in a few hundred columns: they
/// are counted into a bucket per column, O(items + columns), where sorting them took
/// O(n log n) comparisons. Columns spread wider (a timeline zoomed far in) are sorted as
/// integers. The columns, widths and groups are laid out along the order in the same pass
/// (read in index order, written in a few streams), so packing and filing the lanes read
/// them straight through: read through the order instead, at items all over the axis, each
/// is a cache miss, and they were most of a pass over millions of items.
struct TimelineItemOrder: Equatable {
  /// The items, by column and then by index.
  var order: [Int32] = []
  /// Each item's column, width and group (empty when `groups` was), at its place in `order`.
  var columns: [Int] = []
  var widths: [Int32] = []
  var groups: [Int32] = []

  /// The most columns counted for `count` items: a bucket of 4 bytes per column, never
  /// more than the items take.
  static func countingSpanLimit(itemCount count: Int) -> Int { max(65_536, count) }

  /// The items with a range (`hasRange`), by `columns` and then by index: counted by
  /// column when they span at most ``countingSpanLimit(itemCount:)`` columns, else sorted.
  init(columns: [Int], widths: [Int32], groups: [Int32], hasRange: [Bool]) {
    self =
      Self.countedByColumns(columns: columns, widths: widths, groups: groups, hasRange: hasRange)
      ?? Self.sortedByKeys(columns: columns, widths: widths, groups: groups, hasRange: hasRange)
  }

  private init() {}

  /// One integer per item (the column, offset to be positive, in the high half; the item
  /// in the low half), sorted as plain integers, several times faster than sorting indices
  /// with a closure. Columns lie within ±``TimelineLayout/maximumContentColumns``·2 and
  /// items below 2³², so the halves never overlap.
  static func sortedByKeys(columns: [Int], widths: [Int32], groups: [Int32], hasRange: [Bool]) -> Self {
    let columnOffset = Int(TimelineLayout.maximumContentColumns)
    var keys: [UInt64] = []
    keys.reserveCapacity(columns.count)
    for item in columns.indices where hasRange[item] {
      keys.append(UInt64(columns[item] + columnOffset) << 32 | UInt64(item))
    }
    keys.sort()
    var result = Self()
    result.order = keys.map { Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF) }
    result.columns = result.order.map { columns[Int($0)] }
    result.widths = result.order.map { widths[Int($0)] }
    result.groups = groups.isEmpty ? [] : result.order.map { groups[Int($0)] }
    return result
  }

  /// The same counted by column: nil when the columns span more than
  /// ``countingSpanLimit(itemCount:)``.
  static func countedByColumns(columns: [Int], widths: [Int32], groups: [Int32], hasRange: [Bool]) -> Self? {
    var lowest = Int.max
    var highest = Int.min
    var total = 0
    for item in columns.indices where hasRange[item] {
      lowest = min(lowest, columns[item])
      highest = max(highest, columns[item])
      total += 1
    }
    guard total > 0 else { return Self() }
    guard highest - lowest < countingSpanLimit(itemCount: columns.count) else { return nil }
    // Where each column's run begins: the count of every column before it.
    var next = [Int32](repeating: 0, count: highest - lowest + 2)
    for item in columns.indices where hasRange[item] { next[columns[item] - lowest + 1] += 1 }
    for bucket in 1..<next.count { next[bucket] += next[bucket - 1] }
    // Items met in index order fill their column's run in index order.
    var result = Self()
    result.order = [Int32](repeating: 0, count: total)
    result.columns = [Int](repeating: 0, count: total)
    result.widths = [Int32](repeating: 0, count: total)
    result.groups = [Int32](repeating: 0, count: groups.isEmpty ? 0 : total)
    for item in columns.indices where hasRange[item] {
      let bucket = columns[item] - lowest
      let place = Int(next[bucket])
      next[bucket] += 1
      result.order[place] = Int32(truncatingIfNeeded: item)
      result.columns[place] = columns[item]
      result.widths[place] = widths[item]
      if !groups.isEmpty { result.groups[place] = groups[item] }
    }
    return result
  }
}
