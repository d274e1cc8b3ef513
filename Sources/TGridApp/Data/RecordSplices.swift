/// What an edit did to a view's per-record arrays (a chart's points, a timeline's events),
/// as splices over the arrays' old indices: rows removed, rows of touched or new records
/// put in their place. Found in one pass over the container's records after the edit, then
/// applied to each array in place (``apply(to:_:)``): an edit of one record moves the
/// elements after it, where building the arrays again allocated a second copy of every one
/// beside the first (12 MB for a chart of a quarter of a million records), which the heap
/// kept resident after it was freed.
struct RecordSplices<Row> {
  /// Old elements `start..<start + removedCount` are replaced by `rows`.
  struct Splice {
    var start: Int
    var removedCount: Int
    var rows: [Row]
  }

  /// The splices, by ascending `start`, none overlapping or touching another.
  private(set) var splices: [Splice] = []

  /// How many elements the arrays gain (negative: lose).
  private(set) var countChange = 0

  /// More splices than this rebuild the arrays in one pass instead of moving their tails
  /// once a splice.
  static var inPlaceLimit: Int { 32 }

  /// Room kept past the new count when an array has to grow, so that an insertion undone
  /// and done again does not allocate again.
  static var growthRoom: Int { 64 }

  /// Whether nothing changes.
  var isEmpty: Bool { splices.isEmpty }

  /// Removes old element `index` (indices given in ascending order, with insertions).
  mutating func remove(at index: Int) {
    remove(index..<(index + 1))
  }

  /// Removes old elements `range`.
  mutating func remove(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    countChange -= range.count
    if let last = splices.last, last.start + last.removedCount == range.lowerBound {
      splices[splices.count - 1].removedCount += range.count
    } else {
      splices.append(Splice(start: range.lowerBound, removedCount: range.count, rows: []))
    }
  }

  /// Puts `row` before old element `index` (after the rows put there before it).
  mutating func insert(_ row: Row, before index: Int) {
    countChange += 1
    if let last = splices.last, last.start + last.removedCount == index {
      splices[splices.count - 1].rows.append(row)
    } else {
      splices.append(Splice(start: index, removedCount: 0, rows: [row]))
    }
  }

  /// Applies the splices to `array` (an array with an element per old row), `element`
  /// giving an array's element of a row.
  func apply<Element>(to array: inout [Element], _ element: (Row) -> Element) {
    guard !splices.isEmpty else { return }
    let newCount = array.count + countChange
    guard splices.count <= Self.inPlaceLimit else {
      var result: [Element] = []
      result.reserveCapacity(newCount)
      var next = 0
      for splice in splices {
        result.append(contentsOf: array[next..<splice.start])
        result.append(contentsOf: splice.rows.lazy.map(element))
        next = splice.start + splice.removedCount
      }
      result.append(contentsOf: array[next...])
      array = result
      return
    }
    // Room at once, exactly: growing as the splices insert would double the array.
    if array.capacity < newCount { array.reserveCapacity(newCount + Self.growthRoom) }
    // From the last: the old indices of the splices before stay where they were.
    for splice in splices.reversed() {
      array.replaceSubrange(
        splice.start..<(splice.start + splice.removedCount), with: splice.rows.lazy.map(element))
    }
  }
}
