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

  @Test func listsWithTheSameElementsAreEqualHoweverTheyAreStored() {
    var plain = NodeIDList((0..<10).map(NodeID.init))
    plain.insert(NodeID(10), at: 10)
    let runs = NodeIDList((0...10).map(NodeID.init))
    #expect(!plain.isCompressed && runs.isCompressed)
    #expect(plain == runs)
    #expect(runs != NodeIDList((0..<10).map(NodeID.init)))
    #expect(NodeIDList() == [])
    let single: NodeIDList = [NodeID(4)]
    #expect(single == NodeIDList([NodeID(4)]))
  }
}
