import TestSupport
import Testing

@testable import TGridJSON

/// A document answers parents and which indices are nodes without the container index
/// until something needs it (a walk down from the root, the word before a node): the
/// answers must be the ones the index gives, for every tape index of generated documents,
/// before and after edits.
@Suite struct LazyContainerIndexTests {
  /// Every tape index's parent by the walk (where it answers) and by `parentIndex` on a
  /// storage without the index, against the index built eagerly; every index's
  /// `contains` against the index's answer.
  static func expectLazyAnswersMatchTheIndex(
    _ document: JSONDocument, context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let storage = document.storage
    let eager = ContainerIndex(storage)
    let count = storage.wordCount
    var walked = 0
    for index in 0..<(count + 2) {
      let expected = eager.parent(of: index, in: storage)
      switch storage.walkToParent(of: index) {
      case .found(let parent):
        walked += 1
        #expect(parent == expected, "\(context): walked parent of \(index)", sourceLocation: sourceLocation)
      case .gaveUp: break
      }
      guard index < count else { continue }
      let isNode = index >= (storage.isLines ? 0 : 2) && (index == 0 || !eager.isContainer(at: index - 1))
      #expect(
        document.contains(JSONNode(index: index)) == isNode, "\(context): contains \(index)",
        sourceLocation: sourceLocation)
    }
    // The walk answers most indices of these documents (it gives up only when long).
    #expect(walked > count / 2, "\(context): walked \(walked) of \(count)", sourceLocation: sourceLocation)
    // `parent(of:)` of every node on a copy whose caches are empty: the index is built
    // only when a walk gives up, and the answers are the eager index's.
    let fresh = JSONDocument(storage: storage.copy())
    fresh.storage.clearCaches()
    for index in 0..<count where document.contains(JSONNode(index: index)) {
      let parent = fresh.parent(of: JSONNode(index: index))?.index
      let expected = eager.parent(of: index, in: storage).flatMap { $0 == 0 && !storage.isLines ? nil : $0 }
      #expect(parent == expected, "\(context): parent of node \(index)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: Array(1...6))
  func generatedDocumentsAndTheirEditsAnswerAsTheIndex(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed) &* 0x51_7CC1)
    let style = seed % 3
    var document = try JSONDocument(
      parsing: EditPropertyTests.randomDocument(&random, style: style),
      options: JSONParseOptions(mode: style == 2 ? .lines : .automatic))
    Self.expectLazyAnswersMatchTheIndex(document, context: "seed \(seed), parsed")
    var undo: [JSONEdit] = []
    for step in 0..<40 {
      if random.next(below: 5) == 0, let edit = undo.popLast() {
        document.revert(edit)
      } else if let edit = EditPropertyTests.randomEdit(&document, &random) {
        undo.append(edit)
      }
      Self.expectLazyAnswersMatchTheIndex(document, context: "seed \(seed), step \(step)")
    }
  }

  @Test func wideRecordsGoThroughTheChildTableAndDeepChainsFallBackToTheIndex() throws {
    // Records of a file like the benchmarks' (the root array has a child table), then a
    // chain deeper than the walk's budget (the walk gives up; the index answers).
    let records = (0..<300).map { #"{"id": \#($0), "tags": ["a", [\#($0)]], "geo": {"x": [1, 2]}}"# }
    let depth = JSONStorage.parentWalkBudget + 20
    let chain = String(repeating: #"{"a": [0, "#, count: depth) + "1" + String(repeating: "]}", count: depth)
    let document = try JSONDocument(parsing: "[" + records.joined(separator: ",") + "," + chain + "]")
    Self.expectLazyAnswersMatchTheIndex(document, context: "records and a chain")
    let storage = document.storage
    storage.clearCaches()
    let record = try #require(document.child(at: 123, of: document.root))
    #expect(document.parent(of: record) == document.root)
    #expect(document.position(of: record) == 123)
    #expect(storage.caches.withLock { $0.containerIndex } == nil, "a record's parent needs no container index")
    // The innermost value of the chain is past the budget: the index is built for it.
    var inner = try #require(document.child(at: 300, of: document.root))
    while let next = document.children(of: inner).reversed().first(where: { document.kind(of: $0).isContainer }) {
      inner = next
    }
    #expect(storage.walkToParent(of: inner.index) == .gaveUp)
    #expect(document.parent(of: inner) != nil)
    #expect(storage.caches.withLock { $0.containerIndex } != nil)
  }

  @Test func manyParentsAskedWithoutTheIndexBuildItOnceTheWalksCostAsMuch() throws {
    // Small-fanout containers (each walk steps child by child, within its budget): every
    // node's parent asked in turn, as every node's path asks. Unbounded, each walk could
    // cost hundreds of steps for ever (the fuzzer timed out on such a file); the walks'
    // steps are counted and the index is built once they pass their allowance.
    let rows = (0..<100).map { row in "[" + (0..<100).map { "[\($0 + row)]" }.joined(separator: ",") + "]" }
    let document = try JSONDocument(parsing: "[" + rows.joined(separator: ",") + "]")
    let storage = document.storage
    storage.clearCaches()
    let allowance = max(JSONStorage.parentWalksBeforeTheIndex, storage.wordCount / 4)
    let eager = ContainerIndex(storage)
    var asked = 0
    for index in 0..<storage.wordCount where document.contains(JSONNode(index: index)) {
      #expect(storage.parentIndex(of: index) == eager.parent(of: index, in: storage))
      asked += 1
    }
    let walked = storage.caches.withLock { $0.parentWalkSteps }
    #expect(storage.caches.withLock { $0.containerIndex } != nil, "\(asked) parents asked, \(walked) steps walked")
    // The walks stopped soon after their allowance (one walk more at most).
    #expect(walked >= allowance && walked < allowance + 2 * JSONStorage.parentWalkBudget)
  }

  @Test func jsonLinesRecordsAndTheirValues() throws {
    let text = (0..<100).map { #"{"seq": \#($0), "v": [\#($0), {"w": null}]}"# }.joined(separator: "\n") + "\n"
    let document = try JSONDocument(parsing: text, options: JSONParseOptions(mode: .lines))
    Self.expectLazyAnswersMatchTheIndex(document, context: "JSON Lines")
  }
}
