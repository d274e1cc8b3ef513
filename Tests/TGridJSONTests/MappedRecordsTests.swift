import Glibc
import Synchronization
import TGridSystem
import TermGridPlatform
import TestSupport
import Testing

@testable import TGridJSON

/// Records of a followed file read where the file is mapped (`tgrid -f`): appended without
/// a copy of their text, and still read right after the file grows past a chunk, is
/// truncated, rotated or deleted, and while another thread reads them.
@Suite struct MappedRecordsTests {
  /// A followed file, its mapping (a page a chunk, so that growing maps new chunks often)
  /// and a JSON Lines document whose records after the first are read from the mapping.
  final class Followed {
    let path: String
    let mapping: GrowingFileMapping
    var descriptor: Int32
    /// Bytes of the current file read (mapped and published).
    var fileCount = 0
    var document: JSONDocument
    /// What each record's `n` and `s` should be.
    var expected: [(n: Int, s: String)] = [(-1, "first")]

    init() throws {
      path = TemporaryFile.write([])
      mapping = try #require(GrowingFileMapping(capacity: 1 << 30, chunkByteCount: SystemMemory.pageSize))
      descriptor = open(path, O_RDONLY)
      document = try JSONDocument(parsing: #"{"n":-1,"s":"first"}"#, options: JSONParseOptions(mode: .lines))
    }

    deinit {
      close(descriptor)
      unlink(path)
      unlink(path + ".1")
    }

    static func line(_ n: Int) -> String { #"{"n":\#(n),"s":"\#(String(repeating: "v\(n)", count: n % 7 + 1))"}"# }

    /// Writes records to the file (with blank space between some), maps what was written
    /// and appends the records from the mapping.
    /// Rotates the file as logrotate does (`mv` to `.1`, a new empty file at the name) and
    /// follows the new one from its start, in a generation of its own.
    /// - Returns: whether the rename succeeded.
    func rotate() -> Bool {
      guard rename(path, path + ".1") == 0 else { return false }
      close(open(path, O_WRONLY | O_CREAT, 0o600))
      mapping.startGeneration()
      close(descriptor)
      descriptor = open(path, O_RDONLY)
      fileCount = 0
      return true
    }

    func write(_ numbers: Range<Int>) throws {
      var text = ""
      var ranges: [Range<Int>] = []
      for n in numbers {
        if n % 5 == 0 { text += " \r\n" }
        let start = mapping.position(ofFileOffset: fileCount + text.utf8.count)
        let line = Self.line(n)
        ranges.append(start..<(start + line.utf8.count))
        text += line + "\n"
        expected.append((n, String(repeating: "v\(n)", count: n % 7 + 1)))
      }
      let writer = open(path, O_WRONLY | O_APPEND)
      _ = Array(text.utf8).withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
      close(writer)
      fileCount += text.utf8.count
      #expect(mapping.extend(descriptor, toFileOffset: fileCount))
      try document.appendRecords(mapped: ranges, in: mapping)
    }

    /// Writes a line to the file that the follower does not take (not a record of it).
    func skipLine(_ line: String = "not a record") {
      let writer = open(path, O_WRONLY | O_APPEND)
      _ = Array((line + "\n").utf8).withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
      close(writer)
      fileCount += line.utf8.count + 1
    }

    /// Every record's `n` and `s`, read from the document.
    static func values(of document: JSONDocument) -> [(n: Int, s: String)] {
      document.children(of: document.root).map { record in
        let n = document.child(at: 0, of: record).flatMap { document.int(of: $0) } ?? -999
        let s = document.child(at: 1, of: record).flatMap { document.string(of: $0) } ?? "?"
        return (n, s)
      }
    }

    func expectValuesRight(_ comment: Comment? = nil) {
      let values = Self.values(of: document)
      #expect(values.map(\.n) == expected.map(\.n), comment)
      #expect(values.map(\.s) == expected.map(\.s), comment)
    }
  }

  @Test func recordsAppendedFromTheMappingReadRightAsTheFileGrowsAndCostNoCopy() throws {
    let followed = try Followed()
    for start in stride(from: 0, to: 600, by: 60) { try followed.write(start..<(start + 60)) }
    followed.expectValuesRight()
    // The text is the file's, after the first record: blank lines between records kept
    // (between batches too: a batch continues the text of the one before), but for those
    // before the first batch's first record (a line break of the document's there).
    let file = try #require(FileContents.text(atPath: followed.path))
    let text = followed.document.serializedText()
    #expect(text.hasPrefix(#"{"n":-1,"s":"first"}"# + "\n"))
    let blank = " \r\n"
    #expect(
      text.dropFirst(#"{"n":-1,"s":"first"}"#.count + 1).replacing(blank, with: "")
        == file.dropLast().replacing(blank, with: ""))
    #expect(
      text.split(separator: blank, omittingEmptySubsequences: false).count
        == file.split(separator: blank, omittingEmptySubsequences: false).count - 1)
    // The edit buffer holds one line break (and its NUL), not the records' text.
    #expect(followed.document.editBufferByteCount <= 2, "\(followed.document.editBufferByteCount)")
    #expect(file.utf8.count > 4 * SystemMemory.pageSize, "the file crossed chunks")
  }

  /// Wake after wake of records from one file continue the document's last piece of mapped
  /// text (the blank space between is the file's): the piece list stays three pieces long
  /// (the first record, a line break, the file's stretch) however many wakes, where it grew
  /// by two a wake. A line between wakes that is not taken (not blank space) and a rotated
  /// file start pieces of their own; drops, undo and the text stay right.
  @Test func wakesOfRecordsFromOneFileContinueOnePiece() throws {
    let followed = try Followed()
    for wake in 0..<300 { try followed.write(wake * 2..<wake * 2 + 2) }
    followed.expectValuesRight()
    #expect(followed.document.storage.pieces.count == 3, "\(followed.document.storage.pieces.count) pieces")
    let file = try #require(FileContents.text(atPath: followed.path))
    // The file starts with blank space before record 0 (" \r\n") and ends with a line break.
    #expect(
      Array(followed.document.serializedText().utf8)
        == Array((#"{"n":-1,"s":"first"}"# + "\n").utf8) + file.utf8.dropFirst(3).dropLast())

    // A line the follower skipped: the next wake's text is not the file's from there.
    followed.skipLine()
    try followed.write(600..<602)
    try followed.write(602..<604)
    #expect(followed.document.storage.pieces.count == 5, "a line break and a stretch more")
    #expect(!followed.document.serializedText().contains("not a record"))
    followed.expectValuesRight("after a skipped line")

    #expect(followed.rotate())
    try followed.write(604..<606)
    try followed.write(606..<608)
    #expect(followed.document.storage.pieces.count == 7, "the rotated file's stretch is a piece of its own")
    followed.expectValuesRight("after a rotation")

    try followed.document.removeFirstRecords(101)
    followed.expected.removeFirst(101)
    followed.expectValuesRight("after a drop")
    try followed.write(608..<610)
    followed.expectValuesRight("after a drop and a wake")
    #expect(followed.document.storage.pieces.count == 5, "the first record and a line break gone")
    let document = followed.document
    let appended = try #require(document.child(at: document.childCount(of: document.root) - 1, of: document.root))
    #expect(followed.document.int(of: try #require(followed.document.child(forKey: "n", of: appended))) == 609)
  }

  @Test func undoRedoAndDroppingTheFirstRecordsKeepTheMappedText() throws {
    let followed = try Followed()
    followed.document.storage.editBufferCompactionMinimum = 1
    try followed.write(0..<50)
    var edit = try followed.document.appendRecords(
      mapped: try appendOne(followed, 50), in: followed.mapping)
    let before = followed.document.serializedText()
    edit = followed.document.revert(edit)
    #expect(followed.document.childCount(of: followed.document.root) == 51)
    followed.document.revert(edit)
    #expect(followed.document.serializedText() == before)
    followed.expected.append((50, String(repeating: "v50", count: 50 % 7 + 1)))
    // Drops compact the edit buffer: the mapped offsets must not move with it.
    for _ in 0..<5 {
      try followed.document.removeFirstRecords(7)
      followed.expected.removeFirst(7)
      try followed.write(100 + followed.expected.count..<(110 + followed.expected.count))
    }
    followed.expectValuesRight()
  }

  /// Writes record `n` to the file and returns its range, mapped.
  private func appendOne(_ followed: Followed, _ n: Int) throws -> [Range<Int>] {
    let line = Followed.line(n) + "\n"
    let writer = open(followed.path, O_WRONLY | O_APPEND)
    _ = Array(line.utf8).withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
    close(writer)
    let start = followed.mapping.position(ofFileOffset: followed.fileCount)
    followed.fileCount += line.utf8.count
    #expect(followed.mapping.extend(followed.descriptor, toFileOffset: followed.fileCount))
    return [start..<(start + line.utf8.count - 1)]
  }

  /// Truncated (and written again at once): the records read before lost their text with
  /// it; from the moment the follower sees it they read as empty, never as what the writer
  /// puts there next, and reading is never a crash, also before it is seen (SIGBUS guarded).
  @Test func aTruncatedFileLeavesItsRecordsEmptyNeverWrongAndNeverCrashes() throws {
    let followed = try Followed()
    try followed.write(0..<400)
    let kept = followed.fileCount / 3
    let truncating = open(followed.path, O_WRONLY)
    #expect(ftruncate(truncating, off_t(kept)) == 0)
    close(truncating)
    // Read before the follower saw it: the pages past the new end raise SIGBUS, guarded.
    _ = Followed.values(of: followed.document)
    _ = followed.document.serializedBytes()
    #expect(followed.mapping.isDamaged, "a page past the new end was read, as zeros")
    // The writer writes the file again from its start, over what the records read.
    let writer = open(followed.path, O_WRONLY | O_TRUNC)
    let other = Array(String(repeating: #"{"other":"new text"}"# + "\n", count: 2_000).utf8)
    _ = other.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
    close(writer)
    followed.mapping.startGeneration(afterTruncation: true)
    let values = Followed.values(of: followed.document)
    #expect(values.count == 401)
    #expect(values.first?.s == "first", "the record in memory keeps its text")
    #expect(
      values.dropFirst().allSatisfy { !$0.s.contains("v") && !$0.s.contains("new") },
      "no record of the truncated file reads as its text or the new text: \(values.suffix(3))")
    #expect(!followed.document.serializedText().contains("new text"))
    // Nor is what it lost ever saved.
    let output = open("/dev/null", O_WRONLY)
    defer { close(output) }
    #expect(throws: JSONWriteError.self) { try followed.document.write(toFileDescriptor: output) }
    // The new file's records arrive in a generation of their own.
    followed.fileCount = other.count
    #expect(followed.mapping.extend(followed.descriptor, toFileOffset: followed.fileCount))
    let before = followed.document.childCount(of: followed.document.root)
    try followed.write(1_000..<1_010)
    let after = Followed.values(of: followed.document)
    #expect(after.count == before + 10)
    #expect(after.suffix(10).map(\.n) == Array(1_000..<1_010))
  }

  @Test func aRotatedOrDeletedFileKeepsItsRecords() throws {
    let followed = try Followed()
    try followed.write(0..<200)
    // Rotated: the old file keeps its inode, and its mapping.
    #expect(followed.rotate())
    try followed.write(200..<300)
    followed.expectValuesRight("rotated")
    // Deleted, both: still mapped.
    unlink(followed.path + ".1")
    unlink(followed.path)
    followed.expectValuesRight("deleted")
    #expect(!followed.mapping.isDamaged)
    let output = open("/dev/null", O_WRONLY)
    defer { close(output) }
    #expect(throws: Never.self) { try followed.document.write(toFileDescriptor: output) }
  }

  /// A thread reads every record of the document as it was, again and again, while the
  /// file grows, new chunks are mapped and records appended: it always reads them right.
  @Test func readingOnAnotherThreadWhileTheFileGrows() throws {
    let followed = try Followed()
    try followed.write(0..<20)
    let shared = ConcurrentReads(followed.document)
    let reader = try #require(shared.start())
    for start in stride(from: 20, to: 2_000, by: 20) {
      try followed.write(start..<(start + 20))
      let document = followed.document
      shared.document.withLock { $0 = document }
    }
    #expect(shared.finish(reader) == 0)
    followed.expectValuesRight()
  }

  /// Truncates the followed file and writes other text in it from its start; the follower
  /// sees it (the old generation's text is lost) and maps the new file's text.
  private func truncateAndWriteAgain(_ followed: Followed) {
    let writer = open(followed.path, O_WRONLY | O_TRUNC)
    let other = Array(String(repeating: #"{"other":"new text"}"# + "\n", count: 50).utf8)
    _ = other.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
    close(writer)
    followed.mapping.startGeneration(afterTruncation: true)
    followed.fileCount = other.count
    #expect(followed.mapping.extend(followed.descriptor, toFileOffset: followed.fileCount))
  }

  /// An edit's copy: the mapped text goes into the edit buffer, only what was not copied
  /// yet, and afterwards a truncation takes nothing the document, its undo or a save needs.
  @Test func copyingTheMappedTextFreesTheDocumentFromTheMapping() throws {
    let followed = try Followed()
    followed.document.storage.editBufferCompactionMinimum = 1
    try followed.write(0..<300)
    #expect(followed.document.readsMappedText)
    let mappedBytes = followed.fileCount
    let copiedOrNil = followed.document.copyMappedText()
    let copied = try #require(copiedOrNil)
    #expect(copied > mappedBytes - 200 && copied <= mappedBytes, "\(copied) of \(mappedBytes)")
    #expect(!followed.document.readsMappedText)
    #expect(followed.document.copyMappedText() == 0, "nothing is copied twice")
    followed.expectValuesRight("copied")
    // Records that arrive later are mapped again, and a later copy takes only them.
    let before = followed.fileCount
    try followed.write(300..<320)
    #expect(followed.document.readsMappedText)
    let moreOrNil = followed.document.copyMappedText()
    let more = try #require(moreOrNil)
    #expect(more > 0 && more <= followed.fileCount - before, "\(more)")
    // An edit after the copy, then the file truncated and written again.
    let record = try #require(followed.document.child(at: 10, of: followed.document.root))
    let edit = try followed.document.replace(record, withJSON: #"{"n":9,"s":"edited"}"#)
    truncateAndWriteAgain(followed)
    #expect(followed.document.recordsWithLostText.isEmpty)
    var expected = followed.expected
    expected[10] = (9, "edited")
    let values = Followed.values(of: followed.document)
    #expect(values.map(\.n) == expected.map(\.n))
    #expect(values.map(\.s) == expected.map(\.s))
    #expect(!followed.document.serializedText().contains("new text"))
    let output = open("/dev/null", O_WRONLY)
    defer { close(output) }
    #expect(throws: Never.self) { try followed.document.write(toFileDescriptor: output) }
    // Undo and redo across the copy and the truncation.
    let redo = followed.document.revert(edit)
    followed.expectValuesRight("undone")
    followed.document.revert(redo)
    #expect(Followed.values(of: followed.document)[10].s == "edited")
    // Drops compact the edit buffer the copied text is in: it moves with it.
    for _ in 0..<5 {
      try followed.document.removeFirstRecords(50)
      expected.removeFirst(50)
    }
    #expect(followed.document.storage.editBufferCompactionCount > 0)
    #expect(Followed.values(of: followed.document).map(\.s) == expected.map(\.s))
  }

  /// The records a truncation took are found (those copied into memory are not among
  /// them) and leave in one edit, the document's text staying JSON Lines; records that
  /// arrive afterwards go after the others.
  @Test func recordsWithLostTextAreFoundAndLeave() throws {
    let followed = try Followed()
    try followed.write(0..<100)
    followed.document.copyMappedText()
    try followed.write(100..<150)
    truncateAndWriteAgain(followed)
    #expect(followed.document.recordsWithLostText == [101..<151])
    try followed.document.removeRecords(101..<151)
    followed.expected.removeLast(50)
    followed.expectValuesRight("the lost records left")
    #expect(followed.document.recordsWithLostText.isEmpty)
    let text = followed.document.serializedText()
    #expect(!text.contains("\"\"\""), "\(text.suffix(80))")
    #expect(text.hasSuffix(#""}"#), "\(text.suffix(80))")
    let output = open("/dev/null", O_WRONLY)
    defer { close(output) }
    #expect(throws: Never.self) { try followed.document.write(toFileDescriptor: output) }
    try followed.write(1_000..<1_005)
    followed.expectValuesRight("arrivals after")
    #expect(followed.document.serializedText().hasPrefix(text))
    // A run in the middle, the line break after it with it.
    try followed.document.removeRecords(50..<60)
    followed.expected.removeSubrange(50..<60)
    followed.expectValuesRight("a run in the middle")
    #expect(throws: JSONEditError.self) { try followed.document.removeRecords(0..<97) }
    #expect(throws: Never.self) { try followed.document.write(toFileDescriptor: output) }
    // All of them (a follower keeping only records of the file that was truncated).
    try followed.document.removeRecords(0..<96)
    followed.expected = []
    followed.expectValuesRight("none left")
    #expect(followed.document.serializedText() == "")
    try followed.write(2_000..<2_003)
    followed.expectValuesRight("arrivals after none")
  }

  /// A thread reads the document as it was before each copy (a view's snapshot) while the
  /// copy repoints the document's values into memory: the copy makes its own storage, and
  /// both read right.
  @Test func copyingWhileAnotherThreadReadsTheDocument() throws {
    let followed = try Followed()
    try followed.write(0..<100)
    let shared = ConcurrentReads(followed.document)
    let reader = try #require(shared.start())
    for start in stride(from: 100, to: 1_000, by: 50) {
      try followed.write(start..<(start + 50))
      let before = followed.document
      shared.document.withLock { $0 = before }
      #expect(followed.document.copyMappedText() ?? 0 > 0)
      #expect(before.readsMappedText, "the snapshot keeps its own storage")
      let after = followed.document
      shared.document.withLock { $0 = after }
    }
    #expect(shared.finish(reader) == 0)
    #expect(!followed.document.readsMappedText)
    followed.expectValuesRight()
  }

  /// logrotate's copytruncate with a writer not in append mode: the file is truncated and
  /// the writer writes again at its old offset, so the size grows past the old end and the
  /// follower never sees it shrink; the text before is a hole of zeros, or (a writer that
  /// started again from the start) other text. The follower's look finds it changed, and
  /// nothing changed is ever saved or copied.
  @Test(arguments: [false, true])
  func aTruncationTheFollowerNeverSeesShrinkIsFoundAndNeverSavedNorCopied(rewritesFromStart: Bool) throws {
    let followed = try Followed()
    try followed.write(0..<400)
    #expect(followed.mapping.isCurrentTextIntact())
    let writer = open(followed.path, O_WRONLY)
    #expect(ftruncate(writer, 0) == 0)
    let other = Array(String(repeating: #"{"other":"new text"}"# + "\n", count: 2_000).utf8)
    let at = rewritesFromStart ? 0 : off_t(followed.fileCount)
    _ = other.withUnsafeBytes { pwrite(writer, $0.baseAddress, $0.count, at) }
    close(writer)
    var status = stat()
    fstat(followed.descriptor, &status)
    #expect(Int(status.st_size) > followed.fileCount, "never shrank, to the follower's eyes")
    // A save refuses, a copy copies nothing; either makes the generation lost.
    let output = open("/dev/null", O_WRONLY)
    defer { close(output) }
    #expect(throws: JSONWriteError.self) { try followed.document.write(toFileDescriptor: output) }
    #expect(followed.document.copyMappedText() == nil)
    #expect(followed.document.readsMappedText, "nothing was repointed")
    #expect(followed.mapping.truncationCount == 1)
    #expect(!followed.mapping.isCurrentTextIntact())
    #expect(followed.document.recordsWithLostText == [1..<401])
    try followed.document.removeRecords(1..<401)
    #expect(followed.document.serializedText() == #"{"n":-1,"s":"first"}"#)
    #expect(throws: Never.self) { try followed.document.write(toFileDescriptor: output) }
  }

  /// The follower's look at each wake (the first and the last block read) finds a rewrite
  /// before any save or copy does.
  @Test func theFollowersLookFindsARewriteOfTheLastBlockOrTheFirst() throws {
    for place in ["last", "first"] {
      let followed = try Followed()
      try followed.write(0..<4_000)
      #expect(followed.fileCount > 2 * GrowingFileMapping.blockByteCount)
      #expect(followed.mapping.isCurrentTextIntact())
      let writer = open(followed.path, O_WRONLY)
      let offset = place == "last" ? followed.fileCount - 3 : 2
      _ = Array("X".utf8).withUnsafeBytes { pwrite(writer, $0.baseAddress, 1, off_t(offset)) }
      close(writer)
      #expect(!followed.mapping.isCurrentTextIntact(), "\(place)")
      #expect(!followed.mapping.isCurrentGenerationLost, "the follower ends it itself, with its note")
    }
  }

  /// An edit in the moment between a truncation and the follower's next batch copies
  /// nothing the truncation changed (the copy checks what it copies), and a truncation the
  /// follower saw leaves untouched zero pages, no memory, where the file was mapped.
  @Test func aTruncatedGenerationCostsNoMemoryAndIsNeverCopied() throws {
    let followed = try Followed()
    try followed.write(0..<3_000)
    let start = followed.mapping.generationStart
    let length = followed.fileCount
    let writer = open(followed.path, O_WRONLY | O_TRUNC)
    let other = Array(String(repeating: #"{"other":"new text"}"# + "\n", count: 20_000).utf8)
    _ = other.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) }
    close(writer)
    // Before the follower looks: a copy for an edit.
    #expect(followed.document.copyMappedText() == nil)
    followed.mapping.startGeneration(afterTruncation: true)
    #expect(followed.mapping.truncationCount == 1, "one loss, found by the copy")
    // Not one page of the old generation is in memory (no quotes written over it).
    let pageSize = SystemMemory.pageSize
    let pages = (length + pageSize - 1) / pageSize
    var resident = [UInt8](repeating: 0, count: pages)
    #expect(mincore(followed.mapping.base + start, pages * pageSize, &resident) == 0)
    #expect(resident.allSatisfy { $0 & 1 == 0 }, "\(resident.filter { $0 & 1 != 0 }.count) of \(pages) pages resident")
    #expect((followed.mapping.base + start).load(as: UInt8.self) == 0)
    #expect(!followed.document.serializedText().contains("new text"))
  }

  /// A rotated file's generation is no longer mapped once no record reads it (after drops),
  /// so that its disk space goes back; the current one stays.
  @Test func aRotatedGenerationIsUnmappedOnceNoRecordReadsIt() throws {
    let followed = try Followed()
    try followed.write(0..<200)
    var status = stat()
    fstat(followed.descriptor, &status)
    let rotatedInode = UInt64(status.st_ino)
    #expect(followed.rotate())
    try followed.write(200..<300)
    #expect(Self.isMapped(inode: rotatedInode))
    // Records of the rotated file still read: nothing is given back.
    let lowest = try #require(followed.document.lowestMappedPosition)
    #expect(followed.mapping.releaseGenerations(below: lowest) == 0)
    try followed.document.removeFirstRecords(150)
    #expect(followed.mapping.releaseGenerations(below: try #require(followed.document.lowestMappedPosition)) == 0)
    followed.expected.removeFirst(150)
    try followed.document.removeFirstRecords(51)
    followed.expected.removeFirst(51)
    #expect(followed.mapping.releaseGenerations(below: try #require(followed.document.lowestMappedPosition)) == 1)
    #expect(!Self.isMapped(inode: rotatedInode), "the rotated file is no longer mapped")
    followed.expectValuesRight("the current file's records still read")
    #expect(followed.mapping.releasedCount == 1)
  }

  /// A save of many small records read where the file is mapped (a piece each: a line the
  /// follower skips before each) copies and checks each block once, not once a record; the
  /// recovery's check does too.
  @Test func aSaveOfManySmallPiecesChecksEachBlockOnce() throws {
    let followed = try Followed()
    for n in 0..<300 {
      followed.skipLine("-")
      try followed.write(n..<(n + 1))
    }
    #expect(followed.fileCount < GrowingFileMapping.blockByteCount, "all in one (the last) block")
    let mappedPieces = followed.document.storage.pieces.filter { $0.physical >= JSONStorage.mappedBase }.count
    #expect(mappedPieces == 300)
    let output = open("/dev/null", O_WRONLY)
    defer { close(output) }
    let before = followed.mapping.checkedBlockCount
    try followed.document.write(toFileDescriptor: output)
    #expect(followed.mapping.checkedBlockCount - before == 1)
    #expect(followed.document.checkMappedText())
    #expect(followed.mapping.checkedBlockCount - before == 2)
    // Past a block: each block once.
    try followed.write(300..<6_000)
    let blocks = (followed.fileCount + GrowingFileMapping.blockByteCount - 1) / GrowingFileMapping.blockByteCount
    #expect(blocks >= 3)
    for n in 6_000..<6_100 { try followed.write(n..<(n + 1)) }
    let again = followed.mapping.checkedBlockCount
    let copiedAll = followed.document.copyMappedText()
    #expect(copiedAll != nil)
    #expect(followed.mapping.checkedBlockCount - again <= blocks + 1, "\(followed.mapping.checkedBlockCount - again)")
    followed.expectValuesRight()
  }

  /// Records whose mapped text a rewrite changed are taken out for a recovery (the rest,
  /// edited or not, is kept and written); a document whose mapped text is intact loses none.
  @Test func recordsWhoseTextChangedAreTakenOutForARecovery() throws {
    let followed = try Followed()
    try followed.write(0..<50)
    var intact = followed.document
    #expect(intact.removeRecordsWithChangedText() == 0)
    #expect(intact.children(of: intact.root).count == 51)
    // An edit copies the mapped text; 50 more records arrive, mapped.
    let copied = followed.document.copyMappedText()
    #expect(copied != nil)
    try followed.write(50..<100)
    let writer = open(followed.path, O_WRONLY)
    let other = Array(String(repeating: "x", count: followed.fileCount).utf8)
    _ = other.withUnsafeBytes { pwrite(writer, $0.baseAddress, $0.count, 0) }
    close(writer)
    let output = open("/dev/null", O_WRONLY)
    defer { close(output) }
    #expect(throws: JSONWriteError.self) { try followed.document.write(toFileDescriptor: output) }
    var recovered = followed.document
    #expect(recovered.removeRecordsWithChangedText() == 50)
    #expect(throws: Never.self) { try recovered.write(toFileDescriptor: output) }
    #expect(Self.Followed.values(of: recovered).map(\.n) == Array(-1..<50))
    #expect(!recovered.serializedText().contains("xxx"))
  }

  /// Whether a file of that inode is mapped in this process.
  static func isMapped(inode: UInt64) -> Bool {
    guard let maps = FileContents.text(atPath: "/proc/self/maps") else { return false }
    return maps.split(separator: "\n").contains { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      return fields.count >= 6 && fields[4] == "\(inode)" && fields[5].hasPrefix("/")
    }
  }

  /// Threads check the mapped text against what was read (as a save and a copy do) while
  /// the file grows and its fingerprints grow with it: the text never reads as changed.
  @Test func checkingTheTextWhileTheFileGrows() throws {
    let followed = try Followed()
    try followed.write(0..<20)
    let mapping = followed.mapping
    final class Counts: Sendable {
      let done = Atomic<Bool>(false)
      let failures = Atomic<Int>(0)
      let checks = Atomic<Int>(0)
    }
    let counts = Counts()
    let start = mapping.position(ofFileOffset: 0)
    let threads = (0..<2).compactMap { _ in
      WorkerThread.start {
        while !counts.done.load(ordering: .acquiring) {
          let end = mapping.count
          guard end > start else { continue }
          var bytes = 0
          if !mapping.forEachVerifiedStretch(
            start..<end,
            { stretch in
              bytes += stretch.count
              return true
            }) || bytes != end - start
          {
            counts.failures.add(1, ordering: .relaxed)
          }
          counts.checks.add(1, ordering: .relaxed)
        }
      }
    }
    #expect(threads.count == 2)
    for first in stride(from: 20, to: 3_000, by: 20) { try followed.write(first..<(first + 20)) }
    while counts.checks.load(ordering: .relaxed) < 10 { Machine.sleep(microseconds: 1_000) }
    counts.done.store(true, ordering: .releasing)
    for thread in threads { thread.join() }
    #expect(counts.failures.load(ordering: .relaxed) == 0)
    #expect(mapping.truncationCount == 0)
    followed.expectValuesRight()
  }
}

/// A thread that reads every record of the latest document it was given, again and again,
/// and counts the records that do not read as they were written.
private final class ConcurrentReads: Sendable {
  let document: Locked<JSONDocument?>
  private let done = Atomic<Bool>(false)
  private let mismatches = Atomic<Int>(0)
  private let reads = Atomic<Int>(0)

  init(_ document: JSONDocument) { self.document = Locked(document) }

  func start() -> WorkerThread? {
    WorkerThread.start { [self] in
      while !done.load(ordering: .acquiring) {
        guard let document = document.withLock({ $0 }) else { continue }
        for (index, value) in MappedRecordsTests.Followed.values(of: document).enumerated().dropFirst()
        where value.n != index - 1 || value.s != String(repeating: "v\(index - 1)", count: (index - 1) % 7 + 1) {
          mismatches.add(1, ordering: .relaxed)
        }
        reads.add(1, ordering: .relaxed)
      }
    }
  }

  /// Waits for three whole reads, stops the thread, and returns the records misread.
  func finish(_ thread: WorkerThread) -> Int {
    while reads.load(ordering: .relaxed) < 3 { Machine.sleep(microseconds: 1_000) }
    done.store(true, ordering: .releasing)
    thread.join()
    return mismatches.load(ordering: .relaxed)
  }
}
