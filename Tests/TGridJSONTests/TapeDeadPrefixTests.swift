import Foundation
import Synchronization
import TGridSystem
import TermGridPlatform
import TestSupport
import Testing

@testable import TGridJSON

/// Records leaving the start of a followed document (`--keep`) move the tape's start
/// (``JSONStorage/tapeStart``) instead of the whole tape: after any sequence of drops and
/// appends, with the dead prefix taken back when the gap runs out, the document is the
/// same as a fresh parse of the records it keeps (structure, text, keys, paths, search,
/// filter, the saved file).
@Suite struct TapeDeadPrefixTests {
  static func record(_ number: Int) -> String {
    let nested = number % 5 == 0 ? #","deep":{"list":[1,{"x":\#(number)}],"empty":{}}"# : ""
    return #"{"n":\#(number),"msg":"record number \#(number)","tags":["a",\#(number % 7)]\#(nested)}"#
  }

  static func lines(_ range: Range<Int>) -> [[UInt8]] { range.map { Array(record($0).utf8) } }

  static func text(_ range: Range<Int>) -> String { range.map { record($0) + "\n" }.joined() }

  static func fresh(_ range: Range<Int>) throws -> JSONDocument {
    try JSONDocument(parsing: text(range), options: JSONParseOptions(mode: .lines))
  }

  /// Compares a followed document with a fresh parse of the same records, word by word
  /// (kinds, key deltas and containers' sizes: offsets into the text differ) and node by
  /// node.
  static func expectSame(_ document: JSONDocument, as range: Range<Int>, _ note: String) throws {
    let expected = try fresh(range)
    #expect(document.serializedText() == expected.serializedText(), "\(note): text")
    let count = expected.storage.wordCount
    #expect(document.storage.wordCount == count, "\(note): word count")
    guard document.storage.wordCount == count else { return }
    var mismatches = 0
    var index = 0
    while index < count {
      let word = document.storage.word(index)
      let wanted = expected.storage.word(index)
      if TapeWord.kind(word) != TapeWord.kind(wanted) || TapeWord.keyDelta(word) != TapeWord.keyDelta(wanted) {
        mismatches += 1
      }
      if TapeWord.isContainer(wanted) {
        if document.storage.word(index + 1) != expected.storage.word(index + 1) { mismatches += 1 }
        index += 2
      } else {
        index += 1
      }
    }
    #expect(mismatches == 0, "\(note): tape words")
    #expect(document.childCount(of: document.root) == range.count, "\(note): records")
    var nodes = 0
    for ((node, _), (wanted, _)) in zip(
      document.descendants(of: document.root), expected.descendants(of: expected.root))
    {
      if node != wanted || document.rawText(of: node) != expected.rawText(of: wanted)
        || document.key(of: node) != expected.key(of: wanted)
        || document.parent(of: node) != expected.parent(of: wanted)
        || document.path(of: node) != expected.path(of: wanted)
      {
        mismatches += 1
      }
      nodes += 1
    }
    var expectedNodes = 0
    for _ in expected.descendants(of: expected.root) { expectedNodes += 1 }
    #expect(mismatches == 0 && nodes == expectedNodes && nodes > range.count, "\(note): nodes")
    let search = try JSONSearch("record number 1")
    #expect(try search.matchCount(in: document) == (try search.matchCount(in: expected)), "\(note): search")
    let filter = try JSONFilter(".n % 3 == 0")
    #expect(
      document.children(of: document.root).filter { filter.matches($0, in: document) }
        == expected.children(of: expected.root).filter { filter.matches($0, in: expected) }, "\(note): filter")
    if let last = range.last {
      let path = try JSONPath(jq: ".[\(range.count - 1)].n")
      #expect(document.node(at: path).map { document.int(of: $0) } == last, "\(note): path")
    }
  }

  /// Batches appended and dropped for a long while, with a small growth room so that the
  /// gap runs out many times: the dead prefix is taken back (and the tape grows) again and
  /// again, and the document stays a fresh parse of what it keeps.
  @Test func dropsAndAppendsEqualAFreshParseAcrossReclaims() throws {
    var document = try Self.fresh(0..<30)
    document.storage.tapeGrowthMinimum = 64
    document.storage.editBufferCompactionMinimum = 0
    let keep = 40
    var first = 0
    var next = 30
    var reclaims = 0
    var largestStart = 0
    for batch in 0..<240 {
      let count = 1 + (batch * 7) % 13
      let startBeforeAppend = document.storage.tapeStart
      try document.appendRecords(Self.lines(next..<next + count))
      next += count
      if document.storage.tapeStart < startBeforeAppend { reclaims += 1 }
      let over = document.childCount(of: document.root) - keep
      let startBefore = document.storage.tapeStart
      if over > 0 {
        try document.removeFirstRecords(over)
        first += over
        #expect(document.storage.tapeStart > startBefore, "batch \(batch): the drop moved the start")
      }
      largestStart = max(largestStart, document.storage.tapeStart)
      // The capacity stays bounded by what is kept (a few times it, not all records seen).
      #expect(document.storage.words.capacity < 8 * document.storage.wordCount + 4096, "batch \(batch): capacity")
      if batch % 16 == 0 || batch > 230 { try Self.expectSame(document, as: first..<next, "batch \(batch)") }
    }
    #expect(reclaims > 3, "the dead prefix was taken back \(reclaims) times")
    #expect(largestStart > 0)
    try Self.expectSame(document, as: first..<next, "at the end")
  }

  /// An edit in the middle first (the gap left there), then drops and appends: the drop
  /// happens before the gap, appends move the gap back to the end.
  @Test func aDropWithTheGapInTheMiddle() throws {
    var document = try Self.fresh(0..<20)
    document.storage.tapeGrowthMinimum = 32
    let record = try #require(document.child(at: 10, of: document.root))
    let number = try #require(document.child(forKey: "n", of: record))
    try document.replace(number, withJSON: "10")
    try document.removeFirstRecords(5)
    try Self.expectSame(document, as: 5..<20, "after the drop")
    try document.appendRecords(Self.lines(20..<26))
    try document.removeFirstRecords(3)
    try Self.expectSame(document, as: 8..<26, "after an append and a drop")
  }

  /// A drop reverted (the text it removed still held) puts the records back at the start.
  @Test func aDropRevertedPutsTheRecordsBack() throws {
    var document = try Self.fresh(0..<12)
    let edit = try document.removeFirstRecords(4)
    #expect(document.storage.tapeStart > 0)
    try Self.expectSame(document, as: 4..<12, "dropped")
    #expect(document.canRevert(edit))
    document.revert(edit)
    try Self.expectSame(document, as: 0..<12, "reverted")
  }

  /// The first record removed by hand and the removal undone (`d u` on the first record):
  /// the records go back into the dead prefix the removal left, so the tape is the one it
  /// was, in the same buffer with the same capacity, not moved down and grown by half its
  /// length (26 MB kept resident for 100 MB of records).
  @Test func theFirstRecordRemovedAndPutBackKeepsTheTapeAsItWas() throws {
    var document = try Self.fresh(0..<200)
    let capacity = document.storage.words.capacity
    let buffer = document.storage.words.pointer
    let before = document.storage.wordArray(from: 0, count: document.storage.wordCount)
    for round in 0..<3 {
      let first = try #require(document.child(at: 0, of: document.root))
      let removal = try document.remove(first)
      #expect(document.storage.tapeStart > 0, "round \(round): the removal moved the tape's start")
      try Self.expectSame(document, as: 1..<200, "round \(round): removed")
      document.revert(removal)
      #expect(document.storage.tapeStart == 0, "round \(round): the prefix taken back")
      #expect(document.storage.words.capacity == capacity, "round \(round): capacity")
      #expect(document.storage.words.pointer == buffer, "round \(round): the same buffer")
      #expect(document.storage.wordArray(from: 0, count: document.storage.wordCount) == before, "round \(round)")
      try Self.expectSame(document, as: 0..<200, "round \(round): put back")
    }
  }

  /// Snapshots read on other threads while the first records are removed and put back
  /// again and again (each edit on its own copy of the storage while a snapshot holds it,
  /// in place otherwise): each reads as the records it had.
  @Test func snapshotsReadOnOtherThreadsWhileTheFirstRecordsGoAndComeBack() async throws {
    var document = try Self.fresh(0..<40)
    let results = try await withThrowingTaskGroup(of: Bool.self) { group in
      for round in 0..<40 {
        let removed = 1 + round % 3
        var edits: [JSONEdit] = []
        for _ in 0..<removed {
          edits.append(try document.remove(try #require(document.child(at: 0, of: document.root))))
        }
        let snapshot = document
        group.addTask {
          var same = true
          for _ in 0..<3 where snapshot.serializedText() != Self.text(removed..<40) { same = false }
          return same
        }
        for edit in edits.reversed() { document.revert(edit) }
        let whole = document
        group.addTask { whole.serializedText() == Self.text(0..<40) }
      }
      var collected: [Bool] = []
      for try await result in group { collected.append(result) }
      return collected
    }
    #expect(results.count == 80 && results.allSatisfy { $0 })
    try Self.expectSame(document, as: 0..<40, "at the end")
  }

  /// Insertions near the start that take part of the dead prefix, with the gap elsewhere
  /// (an edit in the middle first) and a replacement longer than what it replaces: each
  /// document is the text edited the same way and parsed again.
  @Test func insertionsNearTheStartIntoTheDeadPrefix() throws {
    var document = try Self.fresh(0..<30)
    let middle = try #require(document.child(at: 15, of: document.root))
    try document.replace(try #require(document.child(forKey: "n", of: middle)), withJSON: "15")
    try document.removeFirstRecords(6)
    #expect(document.storage.tapeStart > 0)
    let start = document.storage.tapeStart
    try document.insert(json: Self.record(5), at: 0, in: document.root)
    #expect(document.storage.tapeStart < start, "the insertion took part of the prefix")
    try Self.expectSame(document, as: 5..<30, "one record put back")
    let first = try #require(document.child(at: 0, of: document.root))
    let longer = #"{"list":[\#((0..<40).map(String.init).joined(separator: ","))]}"#
    let startBeforeLonger = document.storage.tapeStart
    try document.replace(first, withJSON: longer)
    #expect(document.storage.tapeStart < startBeforeLonger, "a longer replacement took part of the prefix")
    #expect(document.serializedText().hasPrefix(longer + "\n" + Self.record(6)))
    try document.replace(try #require(document.child(at: 0, of: document.root)), withJSON: Self.record(5))
    try document.insert(json: Self.record(4), at: 0, in: document.root)
    try Self.expectSame(document, as: 4..<30, "a second record put back")
    try document.appendRecords(Self.lines(30..<40))
    try Self.expectSame(document, as: 4..<40, "appended after")
  }

  /// Saving writes what is kept, and a copy of a document with a dead prefix (made before
  /// an edit of a shared document) is the same document.
  @Test func savingAndCopyingAfterDrops() throws {
    var document = try Self.fresh(0..<50)
    try document.removeFirstRecords(20)
    try document.appendRecords(Self.lines(50..<55))
    try document.removeFirstRecords(5)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tgrid-dead-prefix-\(UUID()).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try document.save(toFile: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text(25..<55))
    let shared = document
    try document.appendRecords(Self.lines(55..<57))
    #expect(shared.storage !== document.storage)
    try Self.expectSame(shared, as: 25..<55, "the snapshot")
    try Self.expectSame(document, as: 25..<57, "the copy")
  }

  /// Snapshots of a followed document read on other threads while the follower keeps
  /// dropping and appending (each drop and append on its own copy of the storage): each
  /// reads as the records it had.
  @Test func snapshotsReadOnOtherThreadsWhileRecordsComeAndGo() async throws {
    var document = try Self.fresh(0..<40)
    document.storage.tapeGrowthMinimum = 64
    var first = 0
    var next = 40
    let results = try await withThrowingTaskGroup(of: Bool.self) { group in
      for batch in 0..<60 {
        let snapshot = document
        let range = first..<next
        group.addTask {
          var same = true
          for _ in 0..<3 where snapshot.serializedText() != Self.text(range) { same = false }
          return same
        }
        let count = 3 + batch % 5
        try document.appendRecords(Self.lines(next..<next + count))
        next += count
        try document.removeFirstRecords(count)
        first += count
      }
      var collected: [Bool] = []
      for try await result in group { collected.append(result) }
      return collected
    }
    #expect(results.count == 60 && results.allSatisfy { $0 })
    try Self.expectSame(document, as: first..<next, "at the end")
  }

  // MARK: - The dead prefix taken back by pages

  /// A followed document whose tape is an anonymous mapping from the start (as a large
  /// one's is: ``JSONStorage/tapeMappingThreshold``), with a small growth room.
  static func mapped(_ range: Range<Int>) throws -> JSONDocument {
    let document = try fresh(range)
    document.storage.words.mappingThreshold = 0
    document.storage.tapeGrowthMinimum = 64
    // Any growth moves it into a mapping (a tape just parsed has its gap at the end).
    #expect(document.storage.gapStart == Int.max)
    document.storage.words.resize(capacity: document.storage.words.capacity + 1)
    #expect(document.storage.words.isAnonymousMapping)
    return document
  }

  /// The buffer's own step: whole pages below an index taken out of a mapping, the rest
  /// kept with its values at indices less the pages' elements, with the room asked for;
  /// nothing done for a heap buffer or with no whole page below the index.
  @Test func pagesTakenOffTheFrontOfAMappingKeepTheRest() throws {
    let perPage = GrowableBuffer<UInt64>.elementsPerPage
    var heap = GrowableBuffer<UInt64>(capacity: 4 * perPage)
    let fromTheHeap = heap.removePages(below: 2 * perPage, room: 4 * perPage)
    #expect(fromTheHeap == nil)
    heap.release()
    var buffer = GrowableBuffer<UInt64>(capacity: 5 * perPage + 7, mappingThreshold: 0)
    #expect(buffer.isAnonymousMapping)
    for index in 0..<buffer.capacity { buffer.pointer[index] = UInt64(index) * 3 + 1 }
    let belowAPage = buffer.removePages(below: perPage - 1, room: 10)
    #expect(belowAPage == nil)
    let index = 2 * perPage + 5
    let taken = buffer.removePages(below: index, room: 6 * perPage)
    let removed = try #require(taken)
    #expect(removed == 2 * perPage)
    #expect(buffer.capacity == 5 + 6 * perPage)
    var wrong = 0
    for old in removed..<5 * perPage + 7 where buffer.pointer[old - removed] != UInt64(old) * 3 + 1 { wrong += 1 }
    #expect(wrong == 0, "the words kept are the words that were there")
    // The new room is memory of the mapping's: written and read back.
    for index in 0..<buffer.capacity { buffer.pointer[index] = UInt64(index) }
    #expect(buffer.pointer[buffer.capacity - 1] == UInt64(buffer.capacity - 1))
    buffer.release()
  }

  /// A mapping made with huge pages asked for (a copy of a tape of 8 MB or more, made
  /// before an edit of a document a snapshot shares) grows and loses its front pages like
  /// any other: the advice covers the whole mapping (advice to part of it split it in
  /// three, and the kernel grows a range only within one: the growth died out of memory),
  /// and a growth the kernel refuses is a new mapping and a copy.
  @Test func aMappingWithHugePagesAskedForGrowsAndLosesItsFrontPages() throws {
    let perPage = GrowableBuffer<UInt64>.elementsPerPage
    let count = (10 << 20) / 8 + 3
    var buffer = GrowableBuffer<UInt64>(capacity: count, hugePages: true, mappingThreshold: 1 << 20)
    #expect(buffer.isAnonymousMapping)
    for index in 0..<count { buffer.pointer[index] = UInt64(index) &* 7 &+ 1 }
    buffer.count = count
    buffer.resize(capacity: count * 2)
    var wrong = 0
    for index in 0..<count where buffer.pointer[index] != UInt64(index) &* 7 &+ 1 { wrong += 1 }
    #expect(wrong == 0, "grown: the words are the words that were there")
    let taken = buffer.removePages(below: 3 * perPage + 1, room: count * 2)
    let removed = try #require(taken, "the front pages of one mapping come off")
    #expect(removed == 3 * perPage)
    wrong = 0
    for index in removed..<count where buffer.pointer[index - removed] != UInt64(index) &* 7 &+ 1 { wrong += 1 }
    #expect(wrong == 0, "the words kept are the words that were there")
    buffer.resize(capacity: buffer.capacity + 5 * perPage)
    buffer.pointer[buffer.capacity - 1] = 42
    #expect(buffer.pointer[count - removed - 1] == UInt64(count - 1) &* 7 &+ 1)
    buffer.release()
  }

  /// A long follow (hundreds of batches appended and dropped) over a tape in a mapping:
  /// each time the gap runs out, the dead prefix's pages are unmapped and no word of the
  /// tape moves; the only words moved are the synthetic root's two, once per drop. (Moving
  /// the tape down over its prefix moved every word, once for every half a tape appended.)
  /// The document stays a fresh parse of what it keeps, and saves and copies as one.
  @Test func theDeadPrefixIsTakenBackByPagesWithoutMovingTheTape() throws {
    var document = try Self.mapped(0..<300)
    var first = 0
    var next = 300
    let movedBefore = document.storage.movedWordCount
    var reclaims = 0
    var drops = 0
    for batch in 0..<400 {
      let count = 1 + (batch * 7) % 13
      let startBefore = document.storage.tapeStart
      try document.appendRecords(Self.lines(next..<next + count))
      next += count
      if document.storage.tapeStart < startBefore {
        reclaims += 1
        #expect(
          document.storage.tapeStart < GrowableBuffer<UInt64>.elementsPerPage,
          "batch \(batch): only part of a page is left before the tape")
      }
      try document.removeFirstRecords(count)
      first += count
      drops += 1
      #expect(document.storage.words.capacity < 4 * document.storage.wordCount + 4096, "batch \(batch): capacity")
      if batch % 40 == 0 || reclaims == 1 { try Self.expectSame(document, as: first..<next, "batch \(batch)") }
    }
    #expect(reclaims > 5, "the dead prefix was taken back \(reclaims) times")
    #expect(document.storage.words.isAnonymousMapping)
    let moved = document.storage.movedWordCount - movedBefore
    #expect(moved <= 2 * drops, "\(moved) words moved in \(drops) drops and \(reclaims) reclaims")
    try Self.expectSame(document, as: first..<next, "at the end")

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tgrid-dead-pages-\(UUID()).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try document.save(toFile: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text(first..<next))
    let shared = document
    try document.appendRecords(Self.lines(next..<next + 3))
    #expect(shared.storage !== document.storage)
    #expect(document.storage.words.isAnonymousMapping, "a copy of a mapped tape is mapped too")
    try Self.expectSame(shared, as: first..<next, "the snapshot")
    try Self.expectSame(document, as: first..<next + 3, "the copy")
  }

  /// Drops and appends across reclaims by pages, then every one of them undone in reverse
  /// order: each undo of a drop puts the records back before a tape whose dead prefix was
  /// unmapped (no room left there: the gap moves), each state is the fresh parse of the
  /// records it had, and the redo of the first drop after it all is too.
  @Test func undoingDropsAndAppendsAcrossReclaimsByPages() throws {
    var document = try Self.mapped(0..<200)
    var states: [Range<Int>] = [0..<200]
    var edits: [JSONEdit] = []
    var reclaims = 0
    for batch in 0..<80 {
      let range = states[states.count - 1]
      let count = 2 + batch % 9
      let startBefore = document.storage.tapeStart
      edits.append(try document.appendRecords(Self.lines(range.upperBound..<range.upperBound + count)))
      if document.storage.tapeStart < startBefore { reclaims += 1 }
      states.append(range.lowerBound..<range.upperBound + count)
      edits.append(try document.removeFirstRecords(count))
      states.append(range.lowerBound + count..<range.upperBound + count)
    }
    #expect(reclaims > 2, "the dead prefix was taken back \(reclaims) times")
    var redo: JSONEdit?
    while let edit = edits.popLast() {
      states.removeLast()
      #expect(document.canRevert(edit))
      redo = document.revert(edit)
      if edits.count % 25 == 0 {
        try Self.expectSame(document, as: states[states.count - 1], "undone to \(edits.count) edits")
      }
    }
    try Self.expectSame(document, as: 0..<200, "everything undone")
    if let redo { document.revert(redo) }
    try Self.expectSame(document, as: 0..<202, "the first append redone")
    try document.removeFirstRecords(2)
    try document.appendRecords(Self.lines(202..<260))
    try Self.expectSame(document, as: 2..<260, "followed again")
  }

  /// Snapshots of a followed document read on four threads at once while the follower
  /// keeps appending and dropping, its tape's dead prefix taken back by pages in place
  /// (between snapshots the storage is the follower's alone): each snapshot reads as the
  /// records it had, whatever is unmapped and moved in the storage that left it.
  @Test func snapshotsReadOnSeveralThreadsWhileThePrefixIsTakenBackByPages() throws {
    var document = try Self.mapped(0..<400)
    let latest = Locked<(JSONDocument, Range<Int>)>((document, 0..<400))
    let stop = Atomic<Bool>(false)
    let reads = Locked((passes: 0, mismatches: 0))
    var readers: [WorkerThread] = []
    for _ in 0..<4 {
      let reader = try #require(
        WorkerThread.start {
          while !stop.load(ordering: .relaxed) {
            let (snapshot, range) = latest.withLock { $0 }
            let expected = Self.text(range)
            let count = snapshot.childCount(of: snapshot.root)
            let last = snapshot.child(at: count - 1, of: snapshot.root).flatMap { snapshot.child(forKey: "n", of: $0) }
            let same =
              snapshot.serializedText() == expected && count == range.count
              && last.map { snapshot.int(of: $0) } == range.upperBound - 1
            reads.withLock {
              $0.passes += 1
              if !same { $0.mismatches += 1 }
            }
          }
        })
      readers.append(reader)
    }
    var first = 0
    var next = 400
    var reclaimsInPlace = 0
    for batch in 0..<240 {
      let count = 5 + batch % 11
      // (Not the storage itself: a second reference would make the append copy it.)
      let storage = ObjectIdentifier(document.storage)
      let startBefore = document.storage.tapeStart
      let movedBefore = document.storage.movedWordCount
      try document.appendRecords(Self.lines(next..<next + count))
      next += count
      if ObjectIdentifier(document.storage) == storage, document.storage.tapeStart < startBefore,
        document.storage.movedWordCount == movedBefore
      {
        reclaimsInPlace += 1
      }
      try document.removeFirstRecords(count)
      first += count
      if batch % 40 == 0 {
        let snapshot = document
        let range = first..<next
        latest.withLock { $0 = (snapshot, range) }
        // Let the readers take it before the follower moves on.
        let passes = reads.withLock { $0.passes }
        while reads.withLock({ $0.passes }) < passes + 2 { usleep(100) }
      }
    }
    stop.store(true, ordering: .relaxed)
    for reader in readers { reader.join() }
    #expect(reclaimsInPlace > 2, "the prefix was taken back by pages \(reclaimsInPlace) times")
    #expect(reads.withLock { $0.mismatches } == 0, "a snapshot read other records than it had")
    #expect(reads.withLock { $0.passes } > 20)
    try Self.expectSame(document, as: first..<next, "at the end")
  }
}
