import TestSupport
import Testing

@testable import TGridJSON

/// Records appended to a JSON Lines document (a followed stream) taken off and put back, so
/// that an edit made before them is reverted exactly, and undone and redone as often as
/// wanted with records arriving between.
@Suite struct ArrivalEditingTests {
  static let lines = #"{"n":1,"long key that is long":"a"}"# + "\n" + #"{"n":2}"# + "\n" + #"{"n":3}"# + "\n"

  @Test func anEditBeforeArrivalsIsRevertedExactlyAndTheArrivalsStay() throws {
    var document = try JSONDocument(parsing: Self.lines, options: JSONParseOptions(mode: .lines))
    let second = try #require(document.child(at: 1, of: document.root))
    let edit = try document.remove(second)
    let arrived = try document.appendRecords([Array(#"{"n":4}"#.utf8), Array(#"{"n":5,"k":[1]}"#.utf8)])
    let appended = try #require(arrived.appendedRecords)
    #expect(!edit.isLatest(in: document))
    let detached = document.detachRecords(appended)
    #expect(detached.count == 2)
    #expect(edit.isLatest(in: document), "exactly the state the edit left")
    #expect(document.serializedText() == #"{"n":1,"long key that is long":"a"}"# + "\n" + #"{"n":3}"# + "\n")
    let redo = document.revert(edit)
    #expect(document.serializedText() == Self.lines)
    let (_, again) = document.attachRecords(detached)
    #expect(
      document.serializedText() == Self.lines + #"{"n":4}"# + "\n" + #"{"n":5,"k":[1]}"# + "\n",
      "the arrivals after the restored record, before the final line break")
    #expect(document.childCount(of: document.root) == 5)
    let last = try #require(document.child(at: 4, of: document.root))
    #expect(document.rawText(of: last) == #"{"n":5,"k":[1]}"#)
    let element = try #require(document.node(at: JSONPath(jq: ".[4].k[0]")))
    #expect(document.int(of: element) == 1)
    // Redo under the arrivals: off, redo, back on; the long key survives the moves.
    _ = document.detachRecords(again)
    #expect(redo.isLatest(in: document))
    _ = document.revert(redo)
    _ = document.attachRecords(detached)
    #expect(
      document.serializedText() == #"{"n":1,"long key that is long":"a"}"# + "\n" + #"{"n":3}"# + "\n"
        + #"{"n":4}"# + "\n" + #"{"n":5,"k":[1]}"# + "\n")
    let first = try #require(document.child(at: 0, of: document.root))
    #expect(document.key(of: try #require(document.child(at: 1, of: first))) == "long key that is long")
  }

  @Test func recordsPutBackOnTheStateTheyArrivedOnMakeThatStateAgain() throws {
    var document = try JSONDocument(parsing: Self.lines, options: JSONParseOptions(mode: .lines))
    let first = try document.appendRecords([Array(#"{"n":4}"#.utf8)])
    let edit = try document.remove(try #require(document.child(at: 0, of: document.root)))
    let second = try #require(try document.appendRecords([Array(#"{"n":5}"#.utf8)]).appendedRecords)
    // Undo the edit: the second arrival off and back on.
    let detachedSecond = document.detachRecords(second)
    let redo = document.revert(edit)
    let (_, secondAgain) = document.attachRecords(detachedSecond)
    // Back past the first arrival too, and forward again: the state the edit was made on
    // comes back, so the edit can be redone.
    let detachedAgain = document.detachRecords(secondAgain)
    let detachedFirst = document.detachRecords(try #require(first.appendedRecords))
    _ = document.attachRecords(detachedFirst)
    #expect(redo.isLatest(in: document), "the first arrival on the state it came on: that state again")
    _ = document.revert(redo)
    _ = document.attachRecords(detachedAgain)
    #expect(
      document.serializedText() == #"{"n":2}"# + "\n" + #"{"n":3}"# + "\n" + #"{"n":4}"# + "\n" + #"{"n":5}"# + "\n")
  }
}
