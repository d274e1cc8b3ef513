import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// The search's background count: many counts started and cancelled while the document
/// is edited on this thread; only the last one's numbers are ever taken.
@Suite struct SearchSessionTests {
  @Test func onlyTheLastOfManyCountsIsTakenWhileTheDocumentIsEdited() throws {
    let records = (0..<3_000).map { #"{"id": \#($0), "note": "lorem ipsum \#($0 % 7 == 0 ? "needle" : "hay")"}"# }
    var document = try JSONDocument(parsing: "[" + records.joined(separator: ",") + "]")
    let session = SearchSession(search: try JSONSearch("needle"))
    let waker = RunLoopWaker()
    for round in 0..<60 {
      // Each edit removes one element while counts of earlier versions may still run.
      if let first = document.child(at: 0, of: document.root) { _ = try document.remove(first) }
      session.startCounting(in: document, before: document.child(at: round, of: document.root), waker: waker)
      _ = session.takeCount()
    }
    let expected = try JSONSearch("needle").matchCount(in: document)
    let deadline = Date().addingTimeInterval(20)
    while session.total != expected || session.isCounting, Date() < deadline {
      _ = waker.waitForWake(timeoutMilliseconds: 50)
      _ = session.takeCount()
    }
    #expect(session.total == expected)
    #expect(session.ordinal != nil)
    #expect(!session.isCounting)
  }

  @Test func theNumberFollowsMovesAndWrapsAround() {
    let session = SearchSession(search: (try? JSONSearch("x")) ?? { preconditionFailure() }())
    #expect(session.statusText(isLoading: false) == "match …/…")
    session.moved(to: NodeID(1), forward: true, wrapped: false, fromCurrent: true)
    #expect(session.ordinal == nil, "nothing known yet")
  }
}
