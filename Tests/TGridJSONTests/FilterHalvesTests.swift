import TGridSystem
import TermGridPlatform
import Testing

@testable import TGridJSON

/// A filter over many elements runs in two halves on two threads (issue 34.4): the result
/// is the one a pass in order makes, errors and their first message included, from several
/// threads at once on one document, and a cancelled filter leaves a prefix.
@Suite struct FilterHalvesTests {
  /// 10,000 records; every 7th has a string `v` (an ordering error), every 3rd is kept by
  /// `.v > 3` among the others.
  static let document: JSONDocument = {
    let records = (0..<10_000).map { index -> String in
      index % 7 == 3 ? #"{"id": \#(index), "v": "text \#(index)"}"# : #"{"id": \#(index), "v": \#(index % 6)}"#
    }
    // Lines: the records are the root's children, as in a JSON Lines file.
    return (try? JSONDocument(parsing: records.joined(separator: "\n") + "\n"))
      ?? {
        preconditionFailure("the records parse")
      }()
  }()

  func inOrder(_ filter: JSONFilter, _ positions: Range<Int>) throws -> JSONFilterResult {
    var result = JSONFilterResult()
    try filter.filterInOrder(
      elementsOf: Self.document.root, at: positions, in: Self.document, into: &result, cancellation: nil)
    return result
  }

  @Test func twoHalvesGiveWhatOnePassGives() throws {
    let document = Self.document
    #expect(document.childCount(of: document.root) == 10_000)
    let filter = try JSONFilter(".v > 3")
    let whole = try filter.filter(elementsOf: document.root, in: document)
    let expected = try inOrder(filter, 0..<10_000)
    #expect(whole == expected)
    #expect(whole.errorCount == 1_429)
    #expect(whole.firstError?.element == document.child(at: 3, of: document.root))
    #expect(whole.matches.count > 2_000)
    // Ranges that split unevenly, start late, or are too short to split.
    for positions in [0..<2_047, 0..<2_048, 1..<4_097, 5_001..<10_000, 9_000..<10_000] {
      var result = JSONFilterResult()
      filter.filter(elementsOf: document.root, at: positions, in: document, into: &result)
      #expect(result == (try inOrder(filter, positions)), "\(positions)")
    }
  }

  @Test func regularExpressionsRunOnBothThreadsAtOnce() throws {
    let document = Self.document
    let filter = try JSONFilter(#".v | tostring | test("^(text 1|[45])")"#)
    let expected = try inOrder(filter, 0..<10_000)
    #expect(!expected.matches.isEmpty)
    // Four threads filter the same document together, each in halves.
    let results = Locked<[JSONFilterResult]>([])
    let threads = (0..<4).compactMap { _ in
      WorkerThread.start {
        let result = try? filter.filter(elementsOf: document.root, in: document)
        results.withLock { $0.append(result ?? JSONFilterResult()) }
      }
    }
    #expect(threads.count == 4)
    for thread in threads { thread.join() }
    #expect(results.withLock { $0 } == Array(repeating: expected, count: 4))
  }

  @Test func aCancelledFilterLeavesAPrefixOfThePositions() throws {
    let document = Self.document
    let filter = try JSONFilter(".v > 3")
    let cancellation = JSONCancellation()
    cancellation.cancel()
    var result = JSONFilterResult()
    #expect(throws: CancellationError.self) {
      try filter.filter(
        elementsOf: document.root, at: 0..<10_000, in: document, into: &result, cancellation: cancellation)
    }
    #expect(result.elementCount < 10_000)
    #expect(result == (try inOrder(filter, 0..<result.elementCount)))
  }
}
