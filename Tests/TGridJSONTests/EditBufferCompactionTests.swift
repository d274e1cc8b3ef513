import TestSupport
import Testing

@testable import TGridJSON

/// The edit buffer compacted after records leave (a follower with `--keep`): every record
/// kept has the same text, every node the same tape index and value, undo and redo work
/// across the compaction, and the buffer stays bounded by what is kept.
@Suite struct EditBufferCompactionTests {
  static func record(_ number: Int) -> String {
    #"{"n":\#(number),"msg":"record number \#(number)","tags":["a",\#(number % 7)],"user":{"id":\#(number * 3)}}"#
  }

  static func lines(_ range: Range<Int>) -> [[UInt8]] { range.map { Array(record($0).utf8) } }

  static func text(_ range: Range<Int>) -> String { range.map { record($0) + "\n" }.joined() }

  /// A document of records `0..<initial`, then `batches` batches of `batch` records each,
  /// keeping the newest `keep`: checks the text and the bound after every batch.
  @Test func followingWithAKeepKeepsTheTextAndBoundsTheBuffer() throws {
    var document = try JSONDocument(parsing: Self.text(0..<20), options: JSONParseOptions(mode: .lines))
    document.storage.editBufferCompactionMinimum = 0
    let keep = 50
    var next = 20
    var first = 0
    var largest = 0
    for batch in 0..<60 {
      let count = 1 + batch % 9
      try document.appendRecords(Self.lines(next..<next + count))
      next += count
      let over = document.childCount(of: document.root) - keep
      if over > 0 {
        try document.removeFirstRecords(over)
        first += over
      }
      #expect(document.serializedText() == Self.text(first..<next), "after batch \(batch)")
      largest = max(largest, document.editBufferByteCount)
    }
    let compactions = document.editBufferCompactions
    #expect(compactions.count > 0)
    #expect(compactions.freedBytes > 0)
    // What is kept is at most 50 records of at most ~85 bytes; the buffer never holds more
    // than twice that (plus the batch that arrives and the NUL after each batch).
    let keptBytes = Self.text(first..<next).utf8.count
    #expect(largest <= 2 * keptBytes + 2 * 9 * 90, "largest \(largest), kept \(keptBytes)")
    // Every value reads back: numbers, strings, keys, nested values.
    for position in 0..<document.childCount(of: document.root) {
      let record = try #require(document.child(at: position, of: document.root))
      #expect(document.rawText(of: record) == Self.record(first + position))
      let number = try #require(document.node(at: JSONPath(jq: ".[\(position)].user.id")))
      #expect(document.int(of: number) == (first + position) * 3)
      #expect(document.key(of: number) == "id")
    }
  }

  /// A compaction on its own: the same tape, the same text for every node, the same keys.
  @Test func aCompactionKeepsEveryNodeAndItsText() throws {
    var document = try JSONDocument(parsing: Self.text(0..<5), options: JSONParseOptions(mode: .lines))
    document.storage.editBufferCompactionMinimum = Int.max
    try document.appendRecords(Self.lines(5..<30))
    try document.appendRecords(Self.lines(30..<40))
    try document.removeFirstRecords(25)
    let before = document.editBufferByteCount
    let nodes = document.descendants(of: document.root).map(\.node)
    let texts = nodes.map { document.rawText(of: $0) }
    let keys = nodes.map { document.key(of: $0) }
    let serialized = document.serializedText()
    #expect(document.storage.compactEditBuffer(minimumFreedBytes: 0))
    #expect(document.editBufferByteCount < before)
    #expect(document.descendants(of: document.root).map(\.node) == nodes, "the same tape indexes")
    #expect(nodes.map { document.rawText(of: $0) } == texts)
    #expect(nodes.map { document.key(of: $0) } == keys)
    #expect(document.serializedText() == serialized)
    #expect(!document.storage.compactEditBuffer(minimumFreedBytes: 0), "nothing left to free")
  }

  /// Edits before a compaction are undone and redone after it; an edit after it too.
  @Test func undoAndRedoWorkAcrossACompaction() throws {
    var document = try JSONDocument(parsing: Self.text(0..<5), options: JSONParseOptions(mode: .lines))
    document.storage.editBufferCompactionMinimum = Int.max
    try document.appendRecords(Self.lines(5..<30))
    try document.removeFirstRecords(20)
    let original = document.serializedText()
    // Edits on kept records (not the first: its text bounds what the compaction frees).
    let target = try #require(document.node(at: JSONPath(jq: ".[3].msg")))
    let replace = try document.replace(target, withJSON: #""edited""#)
    let user = try #require(document.node(at: JSONPath(jq: ".[5].user")))
    let rename = try document.renameKey(of: user, to: "person")
    let removal = try document.remove(try #require(document.child(at: 7, of: document.root)))
    let edited = document.serializedText()
    #expect(document.storage.compactEditBuffer(minimumFreedBytes: 0))
    #expect(document.serializedText() == edited)
    let insertion = try document.insert(json: #"{"after":"compaction"}"#, at: 2, in: document.root)
    let withInsertion = document.serializedText()
    // Undo all four, newest first.
    #expect(document.canRevert(insertion))
    let redoInsertion = document.revert(insertion)
    #expect(document.serializedText() == edited)
    #expect(document.canRevert(removal))
    let redoRemoval = document.revert(removal)
    let redoRename = document.revert(rename)
    let redoReplace = document.revert(replace)
    #expect(document.serializedText() == original)
    // Compact again with the redo steps waiting: they hold the edits' text.
    _ = document.storage.compactEditBuffer(minimumFreedBytes: 0)
    _ = document.revert(redoReplace)
    _ = document.revert(redoRename)
    _ = document.revert(redoRemoval)
    _ = document.revert(redoInsertion)
    #expect(document.serializedText() == withInsertion)
    let renamed = try #require(document.node(at: JSONPath(jq: ".[6].person.id")))
    #expect(document.int(of: renamed) == 25 * 3)
  }

  /// The records that left are gone: the edit that removed them cannot be reverted once
  /// the buffer is compacted.
  @Test func theRemovalThatCompactedCannotBeReverted() throws {
    var document = try JSONDocument(parsing: Self.text(0..<2), options: JSONParseOptions(mode: .lines))
    document.storage.editBufferCompactionMinimum = 0
    try document.appendRecords(Self.lines(2..<30))
    let kept = try document.removeFirstRecords(1)
    #expect(document.editBufferCompactions.count == 0, "the records that left were in the original text")
    #expect(document.canRevert(kept))
    try document.appendRecords(Self.lines(30..<32))
    let dropped = try document.removeFirstRecords(25)
    #expect(document.editBufferCompactions.count == 1)
    #expect(!document.canRevert(dropped))
    #expect(document.serializedText() == Self.text(26..<32))
  }

  /// Records taken off before a compaction and put back after it keep their text.
  @Test func detachedRecordsAttachAfterACompaction() throws {
    var document = try JSONDocument(parsing: Self.text(0..<2), options: JSONParseOptions(mode: .lines))
    document.storage.editBufferCompactionMinimum = Int.max
    try document.appendRecords(Self.lines(2..<20))
    try document.removeFirstRecords(15)
    let arrived = try #require(try document.appendRecords(Self.lines(20..<23)).appendedRecords)
    let detached = document.detachRecords(arrived)
    #expect(document.storage.compactEditBuffer(minimumFreedBytes: 0))
    document.attachRecords(detached)
    #expect(document.serializedText() == Self.text(15..<23))
  }
}
