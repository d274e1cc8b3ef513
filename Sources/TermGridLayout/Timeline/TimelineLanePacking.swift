/// Packs a timeline's items into lanes: each item, in axis order, into the lowest lane of
/// its group that is free at its start column (free once the lane's last item has ended and
/// `spacing` columns have passed).
///
/// Two ways give the same lanes. The general one keeps, per group, a heap of busy lanes by
/// the column they are free from and a heap of free lanes. The one used when the columns
/// span a bounded range (a timeline that fits its width: a few hundred columns for
/// millions of items) files each busy lane under the column it is free from and takes the
/// lowest free lane from a bit set with a summary level per 64 words: no comparison of
/// heap entries, no array of arrays touched per item. Which lanes are free when an item
/// starts does not depend on the order lanes were freed in, so both give each item the
/// same lane.
enum TimelineLanePacking {
  /// Each item's lane within its group (-1 for an item not packed), and each group's lanes.
  struct Lanes: Equatable {
    var lanes: [Int32]
    var laneCounts: [Int]
  }

  /// The lanes of `order`'s items (item indices, by column and then by index), by buckets
  /// of columns when their span allows it, else by heaps.
  static func pack(
    order: [Int32], itemCount: Int, columns: [Int], widths: [Int32], groups: [Int32], groupCount: Int,
    spacing: Int
  ) -> Lanes {
    packByColumns(
      order: order, itemCount: itemCount, columns: columns, widths: widths, groups: groups, groupCount: groupCount,
      spacing: spacing)
      ?? packWithHeaps(
        order: order, itemCount: itemCount, columns: columns, widths: widths, groups: groups, groupCount: groupCount,
        spacing: spacing)
  }

  /// The general way: per group, a heap of busy lanes (the column each is free from) and a
  /// heap of free lanes.
  static func packWithHeaps(
    order: [Int32], itemCount: Int, columns: [Int], widths: [Int32], groups: [Int32], groupCount: Int,
    spacing: Int
  ) -> Lanes {
    var busy = [MinHeap](repeating: MinHeap(), count: groupCount)  // (free column, lane)
    var freeLanes = [MinHeap](repeating: MinHeap(), count: groupCount)  // (lane, lane)
    var laneCounts = [Int](repeating: 0, count: groupCount)
    var lanes = [Int32](repeating: -1, count: itemCount)
    for entry in order {
      let item = Int(entry)
      let group = groups.isEmpty ? 0 : Int(groups[item])
      let start = columns[item]
      while let top = busy[group].peek, top.key <= start {
        busy[group].pop()
        freeLanes[group].push(key: top.value, value: top.value)
      }
      let lane: Int
      if let free = freeLanes[group].peek {
        freeLanes[group].pop()
        lane = free.value
      } else {
        lane = laneCounts[group]
        laneCounts[group] += 1
      }
      busy[group].push(key: start + Int(widths[item]) + spacing, value: lane)
      lanes[item] = Int32(lane)
    }
    return Lanes(lanes: lanes, laneCounts: laneCounts)
  }

  /// The way for columns within a bounded span: `nil` when the columns the groups' items
  /// start and end at span more than a few columns per item (a timeline zoomed far in),
  /// where a bucket per column would cost more than the heaps.
  static func packByColumns(
    order: [Int32], itemCount: Int, columns: [Int], widths: [Int32], groups: [Int32], groupCount: Int,
    spacing: Int
  ) -> Lanes? {
    var laneCounts = [Int](repeating: 0, count: groupCount)
    var lanes = [Int32](repeating: -1, count: itemCount)
    guard let firstItem = order.first else { return Lanes(lanes: lanes, laneCounts: laneCounts) }
    // Items by group (in axis order within each), and each group's first and last start.
    var groupStarts = [Int](repeating: 0, count: groupCount + 1)
    var lastKey = Int.min
    for entry in order {
      let item = Int(entry)
      groupStarts[(groups.isEmpty ? 0 : Int(groups[item])) + 1] += 1
      lastKey = max(lastKey, columns[item] + Int(widths[item]) + spacing)
    }
    for group in 0..<groupCount { groupStarts[group + 1] += groupStarts[group] }
    var byGroup: [Int32]
    if groupCount == 1 {
      byGroup = order
    } else {
      byGroup = [Int32](repeating: 0, count: order.count)
      var next = groupStarts
      for entry in order {
        let group = groups.isEmpty ? 0 : Int(groups[Int(entry)])
        byGroup[next[group]] = entry
        next[group] += 1
      }
    }
    let base = columns[Int(firstItem)]
    let span = lastKey - base + 1
    // Walking the buckets costs each group the columns between its first and last start.
    var walked = 0
    for group in 0..<groupCount where groupStarts[group] < groupStarts[group + 1] {
      walked += columns[Int(byGroup[groupStarts[group + 1] - 1])] - columns[Int(byGroup[groupStarts[group]])] + 1
    }
    let limit = max(1 << 16, 4 * order.count)
    guard span > 0, span <= limit, walked <= limit else { return nil }

    // The first busy lane filed under each column (-1: none), the next lane under the same
    // column, and the column each busy lane is filed under.
    var firstUnder = [Int32](repeating: -1, count: span)
    var nextUnder = [Int32](repeating: -1, count: order.count)
    var filedUnder = [Int](repeating: -1, count: order.count)
    for group in 0..<groupCount where groupStarts[group] < groupStarts[group + 1] {
      var free = LowestSet(capacity: groupStarts[group + 1] - groupStarts[group])
      var laneCount = 0
      var column = columns[Int(byGroup[groupStarts[group]])] - base  // the next column to free lanes at
      for position in groupStarts[group]..<groupStarts[group + 1] {
        let item = Int(byGroup[position])
        let start = columns[item] - base
        while column <= start {
          var lane = firstUnder[column]
          firstUnder[column] = -1
          while lane >= 0 {
            free.insert(Int(lane))
            filedUnder[Int(lane)] = -1
            lane = nextUnder[Int(lane)]
          }
          column += 1
        }
        let lane: Int
        if let lowest = free.removeMin() {
          lane = lowest
        } else {
          lane = laneCount
          laneCount += 1
        }
        let key = start + Int(widths[item]) + spacing
        nextUnder[lane] = firstUnder[key]
        firstUnder[key] = Int32(lane)
        filedUnder[lane] = key
        lanes[item] = Int32(lane)
      }
      // The lanes still busy leave their buckets empty for the next group.
      for lane in 0..<laneCount where filedUnder[lane] >= 0 {
        firstUnder[filedUnder[lane]] = -1
        filedUnder[lane] = -1
      }
      laneCounts[group] = laneCount
    }
    return Lanes(lanes: lanes, laneCounts: laneCounts)
  }
}

/// A set of integers below a capacity that gives up its lowest: a bit per integer, and
/// above each 64 words of a level a word of the next whose bits say which are not empty,
/// up to a single word. Inserting and taking the lowest touch one word a level.
struct LowestSet {
  private var words: [UInt64]
  /// Where each level starts in `words`, the integers' own bits first.
  private let levelStarts: [Int]

  init(capacity: Int) {
    var starts = [0]
    var size = max(1, (capacity + 63) / 64)
    var total = size
    while size > 1 {
      starts.append(total)
      size = (size + 63) / 64
      total += size
    }
    words = [UInt64](repeating: 0, count: total)
    levelStarts = starts
  }

  /// Adds `value` (0 ≤ value < capacity).
  mutating func insert(_ value: Int) {
    var index = value
    for start in levelStarts {
      let word = start + index >> 6
      let before = words[word]
      words[word] = before | 1 << UInt64(index & 63)
      if before != 0 { return }
      index >>= 6
    }
  }

  /// Removes and returns the lowest value, or `nil` when empty.
  mutating func removeMin() -> Int? {
    let top = levelStarts.count - 1
    guard words[levelStarts[top]] != 0 else { return nil }
    var index = 0
    for level in stride(from: top, through: 0, by: -1) {
      index = index << 6 | words[levelStarts[level] + index].trailingZeroBitCount
    }
    var at = index
    for start in levelStarts {
      let word = start + at >> 6
      let after = words[word] & ~(1 << UInt64(at & 63))
      words[word] = after
      if after != 0 { break }
      at >>= 6
    }
    return index
  }
}
