import TestSupport
import Testing

@testable import TGridApp

/// A view's per-record arrays follow an edit by splices applied in place (issue 34, item 2):
/// the same elements as building them again, in the same buffer while it has room.
@Suite struct RecordSplicesTests {
  /// Random removals and insertions over `count` old elements, in ascending old order, and
  /// the array they should give.
  private static func randomSplices(_ random: inout SeededRandom, count: Int, changes: Int) -> (
    RecordSplices<Int>, [Int]
  ) {
    var splices = RecordSplices<Int>()
    var expected: [Int] = []
    var next = 0
    var made = 0
    while next < count || made < changes {
      let choice = made < changes ? random.next(below: 6) : 5
      if choice == 0, next < count {
        splices.remove(at: next)
        next += 1
        made += 1
      } else if choice == 1 {
        let row = -1 - made
        splices.insert(row, before: next)
        expected.append(row)
        made += 1
      } else if next < count {
        expected.append(next)
        next += 1
      } else {
        break
      }
    }
    splices.remove(next..<count)
    return (splices, expected)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func splicesGiveWhatBuildingTheArrayAgainGives(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed) &* 104_729)
    // Few changes (spliced in place) and many (more splices than the limit: one new array).
    for changes in [1, 3, 10, RecordSplices<Int>.inPlaceLimit * 3] {
      let count = 200 + random.next(below: 50)
      let (splices, expected) = Self.randomSplices(&random, count: count, changes: changes)
      var array = Array(0..<count)
      splices.apply(to: &array) { $0 }
      #expect(array == expected, "seed \(seed), \(changes) changes")
      #expect(array.count == count + splices.countChange)
    }
  }

  @Test func aFewSplicesChangeTheArrayInItsOwnBuffer() {
    var array = Array(0..<1_000)
    array.reserveCapacity(1_010)
    let buffer = array.withUnsafeBufferPointer { $0.baseAddress }
    var splices = RecordSplices<Int>()
    splices.remove(at: 3)
    splices.insert(-1, before: 500)
    splices.insert(-2, before: 500)
    splices.remove(900..<905)
    splices.apply(to: &array) { $0 }
    #expect(array.count == 996)
    #expect(array.withUnsafeBufferPointer { $0.baseAddress } == buffer, "no new buffer")
    #expect(Array(array[0..<3]) == [0, 1, 2] && array[3] == 4)
    #expect(Array(array[497..<503]) == [498, 499, -1, -2, 500, 501])
    #expect(array[900] == 899 && Array(array.suffix(95)) == Array(905..<1_000))
    // Undone: back to the old elements, in the same buffer.
    var back = RecordSplices<Int>()
    back.insert(3, before: 3)
    back.remove(499..<501)
    for value in 900..<905 { back.insert(value, before: 901) }
    back.apply(to: &array) { $0 }
    #expect(array == Array(0..<1_000))
    #expect(array.withUnsafeBufferPointer { $0.baseAddress } == buffer, "no new buffer")
  }

  @Test func anArrayWithoutRoomGrowsOnceToTheNewCountAndSomeRoom() {
    var array = Array(0..<1_000)
    var splices = RecordSplices<Int>()
    for index in stride(from: 0, to: 1_000, by: 100) { splices.insert(-index, before: index) }
    splices.apply(to: &array) { $0 }
    #expect(array.count == 1_010)
    // Grown by doubling it would hold about 2,000.
    #expect(array.capacity >= 1_010 && array.capacity < 1_010 + RecordSplices<Int>.growthRoom + 16)
  }
}
