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
    // The text is the file's, after the first record: blank lines between records kept,
    // but for those before a batch's first record (a line break of the document's there).
    let file = try #require(FileContents.text(atPath: followed.path))
    let text = followed.document.serializedText()
    #expect(text.hasPrefix(#"{"n":-1,"s":"first"}"# + "\n"))
    let blank = " \r\n"
    #expect(
      text.dropFirst(#"{"n":-1,"s":"first"}"#.count + 1).replacing(blank, with: "")
        == file.dropLast().replacing(blank, with: ""))
    #expect(
      text.split(separator: blank, omittingEmptySubsequences: false).count
        == file.split(separator: blank, omittingEmptySubsequences: false).count - 10)
    // The edit buffer holds a line break a batch (and its NUL), not the records' text.
    #expect(followed.document.editBufferByteCount <= 2 * 10, "\(followed.document.editBufferByteCount)")
    #expect(file.utf8.count > 4 * SystemMemory.pageSize, "the file crossed chunks")
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
    #expect(values.dropFirst().allSatisfy { $0.s == "" }, "every record of the truncated file reads as empty")
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
    #expect(rename(followed.path, followed.path + ".1") == 0)
    close(open(followed.path, O_WRONLY | O_CREAT, 0o600))
    followed.mapping.startGeneration()
    close(followed.descriptor)
    followed.descriptor = open(followed.path, O_RDONLY)
    followed.fileCount = 0
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
    let copied = followed.document.copyMappedText()
    #expect(copied > mappedBytes - 200 && copied <= mappedBytes, "\(copied) of \(mappedBytes)")
    #expect(!followed.document.readsMappedText)
    #expect(followed.document.copyMappedText() == 0, "nothing is copied twice")
    followed.expectValuesRight("copied")
    // Records that arrive later are mapped again, and a later copy takes only them.
    let before = followed.fileCount
    try followed.write(300..<320)
    #expect(followed.document.readsMappedText)
    let more = followed.document.copyMappedText()
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
      #expect(followed.document.copyMappedText() > 0)
      #expect(before.readsMappedText, "the snapshot keeps its own storage")
      let after = followed.document
      shared.document.withLock { $0 = after }
    }
    #expect(shared.finish(reader) == 0)
    #expect(!followed.document.readsMappedText)
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
