import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

@Suite struct NodeIDListTests {
  private func ids(_ numbers: [Int]) -> [NodeID] { numbers.map(NodeID.init) }

  @Test func consecutiveIdsAreOneRunAndReadBackInOrder() {
    let list = NodeIDList((1...100_000).map(NodeID.init))
    #expect(list.count == 100_000)
    #expect(list.runCount == 1)
    #expect(list[0] == NodeID(1))
    #expect(list[99_999] == NodeID(100_000))
    #expect(Array(list.prefix(3)) == ids([1, 2, 3]))
  }

  @Test func evenlySpacedIdsWithBreaksAreRunsAndEveryElementReadsBack() {
    // Records of one shape (step 7), then another shape (step 3), then a lone id.
    let numbers = Array(stride(from: 10, to: 710, by: 7)) + Array(stride(from: 1000, to: 1300, by: 3)) + [5000]
    let list = NodeIDList(ids(numbers))
    #expect(list.isCompressed)
    #expect((list.runCount ?? 0) <= 3)
    #expect(Array(list) == ids(numbers))
    for (index, number) in numbers.enumerated() { #expect(list[index] == NodeID(number)) }
  }

  @Test func idsFollowingNoPatternBecomeAPlainListWithTheSameElements() {
    var random = SystemRandomNumberGenerator()
    let numbers = (0..<5_000).map { _ in Int.random(in: 0..<1_000_000, using: &random) }
    let list = NodeIDList(ids(numbers))
    #expect(!list.isCompressed)
    #expect(Array(list) == ids(numbers))
    #expect(list.count == numbers.count)
  }

  @Test func idsGivenAtOnceAreStoredAsAppendingEachMakesThem() {
    var random = SystemRandomNumberGenerator()
    let patterns: [[Int]] = [
      [],
      [7],
      Array(1...100_000),
      Array(stride(from: 10, to: 710, by: 7)) + Array(stride(from: 1000, to: 1300, by: 3)) + [5000],
      (0..<5_000).map { _ in Int.random(in: 0..<1_000_000, using: &random) },
      // Records of varying sizes: runs of two or three, then plain past 64 runs.
      (0..<3_000).reduce(into: [Int]()) { list, index in list.append((list.last ?? 0) + 20 + index % 3) },
      // Regular at first, irregular later: the switch to a plain list comes midway.
      Array(stride(from: 0, to: 8_000, by: 4)) + (0..<900).map { $0 * $0 % 997 + 9_000 },
    ]
    for numbers in patterns {
      var oneByOne = NodeIDList()
      for id in ids(numbers) { oneByOne.append(id) }
      let atOnce = NodeIDList(appendingEach: ids(numbers))
      #expect(atOnce.count == numbers.count)
      #expect(atOnce.isCompressed == oneByOne.isCompressed, "\(numbers.count) ids")
      #expect(atOnce.runCount == oneByOne.runCount, "\(numbers.count) ids")
      #expect(Array(atOnce) == ids(numbers))
    }
  }

  @Test func insertingAndRemovingWorkLikeAnArray() {
    var list = NodeIDList((0..<20).map(NodeID.init))
    var array = Array(list)
    list.insert(NodeID(99), at: 5)
    array.insert(NodeID(99), at: 5)
    #expect(Array(list) == array)
    #expect(list.remove(at: 0) == array.remove(at: 0))
    list.removeAll { $0.rawValue % 2 == 0 }
    array.removeAll { $0.rawValue % 2 == 0 }
    #expect(Array(list) == array)
    #expect(list.count == array.count)
    list.append(NodeID(1000))
    array.append(NodeID(1000))
    #expect(Array(list) == array)
  }

  /// Records leaving a followed stream's start go at once, from runs or a plain list.
  @Test func removingTheFirstIdsAtOnceWorksLikeAnArray() {
    var random = SeededRandom(seed: 30)
    for shape in 0..<3 {
      for _ in 0..<50 {
        let count = Int.random(in: 1...300, using: &random)
        let numbers: [Int]
        switch shape {
        case 0: numbers = Array(0..<count)  // one run
        case 1: numbers = (0..<count).map { $0 / 10 * 1000 + $0 % 10 * 3 }  // runs of ten
        default: numbers = (0..<count).map { _ in Int.random(in: 0..<1_000_000, using: &random) }  // plain
        }
        var list = NodeIDList(ids(numbers))
        var array = ids(numbers)
        var removed = 0
        while !array.isEmpty {
          let cut = Int.random(in: 0...min(array.count, 40), using: &random)
          list.removeFirst(cut)
          array.removeFirst(cut)
          removed += cut
          #expect(Array(list) == array, "shape \(shape): after removing \(removed)")
          #expect(list.count == array.count)
          let next = NodeID(2_000_000 + removed)
          list.append(next)
          array.append(next)
          if Int.random(in: 0..<4, using: &random) == 0 {
            list.removeFirst(list.count)
            array.removeAll()
          }
        }
        #expect(list.isEmpty)
      }
    }
  }

  @Test func listsWithTheSameElementsAreEqualHoweverTheyAreStored() {
    var random = SystemRandomNumberGenerator()
    // Ids following no pattern make a plain list, which stays plain as they are removed.
    let scattered = (0..<300).map { _ in NodeID(Int.random(in: 1_000..<1_000_000, using: &random)) }
    var plain = NodeIDList(scattered + (0...10).map(NodeID.init))
    for _ in scattered { plain.remove(at: 0) }
    let runs = NodeIDList((0...10).map(NodeID.init))
    #expect(!plain.isCompressed && runs.isCompressed)
    #expect(plain == runs)
    var forcedPlain = NodeIDList((0..<200).map { NodeID($0 * $0) })
    #expect(!forcedPlain.isCompressed)
    forcedPlain.removeAll { $0.rawValue > 100 }
    #expect(forcedPlain == NodeIDList([0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100].map(NodeID.init)))
    #expect(plain == runs)
    #expect(runs != NodeIDList((0..<10).map(NodeID.init)))
    #expect(NodeIDList() == [])
    let single: NodeIDList = [NodeID(4)]
    #expect(single == NodeIDList([NodeID(4)]))
  }

  @Test(
    .disabled(
      if: SanitizerBuild.isThread, "one thread: nothing for ThreadSanitizer; the plain and address runs take it"))
  func editsInsideALongRunSplitItAndTheListStaysRuns() {
    // A table or grid over 25 M untouched elements is one run; an edit must not turn it
    // into a plain list of 200 MB.
    var list = NodeIDList((0..<1_000_000).map(NodeID.init))
    var array = Array(list)
    var random = SystemRandomNumberGenerator()
    for round in 0..<40 {
      let index = Int.random(in: 0...array.count, using: &random)
      if round % 3 == 2, index < array.count {
        #expect(list.remove(at: index) == array.remove(at: index))
      } else {
        list.insert(NodeID(5_000_000 + round), at: index)
        array.insert(NodeID(5_000_000 + round), at: index)
      }
    }
    #expect(list.count == array.count)
    #expect(list.isCompressed)
    #expect((list.runCount ?? .max) <= 1 + 40 * 2, "an edit adds at most two runs")
    #expect(Array(list) == array)
    for _ in 0..<200 {
      let index = Int.random(in: 0..<array.count, using: &random)
      #expect(list[index] == array[index])
    }
  }

  @Test func removingTheWholeRunOrItsEndsLeavesNoEmptyRuns() {
    var list = NodeIDList((10..<20).map(NodeID.init))
    #expect(list.remove(at: 0) == NodeID(10))
    #expect(list.remove(at: list.count - 1) == NodeID(19))
    #expect(Array(list) == (11..<19).map(NodeID.init))
    #expect(list.runCount == 1)
    while !list.isEmpty { list.remove(at: list.count / 2) }
    #expect(list.runCount == 0)
    list.insert(NodeID(3), at: 0)
    list.append(NodeID(4))
    #expect(Array(list) == [NodeID(3), NodeID(4)])
  }

  @Test func theChildrenOfAnArrayOfScalarsAreListedFromTheIdentityMapEvenAfterEdits() throws {
    let store = DocumentStore(
      document: try JSONDocument(parsing: "[" + (0..<1_000).map(String.init).joined(separator: ",") + "]"),
      name: "t.json")
    let document = { store.document }
    var list = NodeIDList(shownChildrenOf: document().root, in: store)
    #expect(list.runCount == 1)
    #expect(Array(list) == document().children(of: document().root).map(store.id))
    let root = store.root
    try store.perform("Edit", selection: .init()) { editor in
      try editor.insert(json: "7", at: 10, in: root)
      try editor.remove(store.id(try #require(document().child(at: 500, of: document().root))))
      try editor.insert(json: "8", at: 900, in: root)
      return .init()
    }
    list = NodeIDList(shownChildrenOf: document().root, in: store)
    #expect(Array(list) == document().children(of: document().root).map(store.id))
    #expect((list.runCount ?? .max) <= 6, "a few runs per edit, not an id per element")
  }

  @Test func theRecordsOfALargeArrayAreListedFromItsChildTableAsTheTapeWalksThemAfterEdits() throws {
    let records = (0..<1_000).map { #"{"n":\#($0),"tags":[\#($0 % 3)]}"# }
    for text in ["[" + records.joined(separator: ",") + "]", records.joined(separator: "\n") + "\n"] {
      let store = DocumentStore(document: try JSONDocument(parsing: text), name: "t.json")
      let document = { store.document }
      let walked = { document().children(of: document().root).map(store.id) }
      #expect(Array(NodeIDList(shownChildrenOf: document().root, in: store)) == walked())
      let root = store.root
      try store.perform("Edit", selection: .init()) { editor in
        try editor.insert(json: #"{"new":[1,2,3]}"#, at: 10, in: root)
        try editor.remove(store.id(try #require(document().child(at: 500, of: document().root))))
        try editor.insert(json: "8", at: 900, in: root)
        return .init()
      }
      let list = NodeIDList(shownChildrenOf: document().root, in: store)
      #expect(list.count == 1_001)
      #expect(Array(list) == walked())
      _ = store.undo()
      #expect(Array(NodeIDList(shownChildrenOf: document().root, in: store)) == walked())
    }
  }

  @Test(arguments: Array(1...40) as [UInt64])
  func commonEndsAreTheOnesFoundItemByItem(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    // Runs of several steps, or ids with no pattern (a plain list), then a few edits.
    var numbers: [Int] = []
    if random.next(below: 4) == 0 {
      numbers = (0..<random.next(below: 300)).map { _ in random.next(below: 1_000) }
    } else {
      for _ in 0..<(1 + random.next(below: 4)) {
        let first = random.next(below: 10_000)
        let step = random.next(below: 4)
        numbers += (0..<random.next(below: 200)).map { first + $0 * step }
      }
    }
    var old = NodeIDList(ids(numbers))
    var new = old
    if random.next(below: 2) == 0 { old = NodeIDList(ids(numbers)) }
    for _ in 0..<random.next(below: 4) {
      if random.next(below: 2) == 0 || new.isEmpty {
        new.insert(NodeID(50_000 + random.next(below: 100)), at: random.next(below: new.count + 1))
      } else {
        new.remove(at: random.next(below: new.count))
      }
    }
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    let ends = old.commonEnds(with: new)
    #expect(ends.prefix == prefix && ends.suffix == suffix, "\(numbers.count) ids, runs: \(old.runCount ?? -1)")
  }

  @Test func longListsDifferingInOnePlaceAreComparedRunByRun() {
    let old = NodeIDList((0..<200_000).lazy.map(NodeID.init))
    #expect(old.runCount == 1)
    var list = old
    list.remove(at: 123_456)
    let ends = old.commonEnds(with: list)
    #expect(ends.prefix == 123_456)
    #expect(ends.suffix == 200_000 - 123_457)
  }
}
