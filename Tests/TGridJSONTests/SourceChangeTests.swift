import Glibc
import TestSupport
import Testing

@testable import TGridJSON

/// The file a document was read from changes while the document is open: truncated,
/// rewritten shorter or longer, zeroed in place, replaced with `mv`, deleted. The document
/// must keep every byte it read, say what happened, and save exactly its own text.
@Suite struct SourceChangeTests {
  /// What is done to the file, and what ``JSONBytes/sourceChange()`` must say.
  enum Change: String, CaseIterable, CustomStringConvertible {
    case truncateToZero, truncateToHalf, rewriteShorter, rewriteLonger, zeroInPlace, moveOver, delete

    var description: String { rawValue }

    func apply(to path: String, original: [UInt8]) {
      switch self {
      case .truncateToZero: truncate(path, 0)
      case .truncateToHalf: truncate(path, off_t(original.count / 2))
      case .rewriteShorter: SourceChangeTests.overwrite(path, Array("[1]".utf8), truncating: true)
      case .rewriteLonger: SourceChangeTests.overwrite(path, original + original, truncating: true)
      case .zeroInPlace:
        SourceChangeTests.overwrite(path, [UInt8](repeating: 0, count: original.count), truncating: false)
      case .moveOver:
        let other = TemporaryFile.write(Array("{\"other\": true}".utf8))
        rename(other, path)
      case .delete: unlink(path)
      }
    }

    func matches(_ change: JSONSourceChange, originalSize: Int) -> Bool {
      switch (self, change) {
      case (.truncateToZero, .truncated(0)): true
      case (.truncateToHalf, .truncated(let size)): size == originalSize / 2
      case (.rewriteShorter, .truncated(3)): true
      case (.rewriteLonger, .rewritten(let size)): size == 2 * originalSize
      case (.zeroInPlace, .rewritten(let size)): size == originalSize
      case (.moveOver, .replaced), (.delete, .deleted): true
      default: false
      }
    }
  }

  static let text = Array(
    ("[\n"
      + (0..<2000).map { #"  {"id": \#($0), "name": "record \#($0)", "tags": ["a", "b"]}"# }.joined(separator: ",\n")
      + "\n]\n").utf8)

  @Test(arguments: Change.allCases)
  func aDocumentReadIntoMemoryKeepsItsBytesWhateverHappensToTheFile(_ change: Change) throws {
    let path = TemporaryFile.write(SourceChangeTests.text)
    defer { TemporaryFile.remove(path) }
    var document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path))
    #expect(document.originalBytes.sourceChange() == .unchanged)
    // An edit, so saving mixes unedited stretches (from the file, if it could) and new text.
    let record = try #require(document[document.root, 1000])
    try document.replace(try #require(document[record, "id"]), withJSON: "-1")
    let expected = document.serializedBytes()

    change.apply(to: path, original: SourceChangeTests.text)
    let reported = document.originalBytes.sourceChange()
    #expect(change.matches(reported, originalSize: SourceChangeTests.text.count), "\(change): \(reported)")
    #expect(document.originalBytes.isIntact)
    // Every value still reads as it was.
    MutationTests.exercise(document)
    #expect(document.childCount(of: document.root) == 2000)
    #expect(document.serializedBytes() == expected)
    // Saving elsewhere and over the changed file both write exactly the document's text.
    let other = path + ".saved"
    defer { unlink(other) }
    try document.save(toFile: other)
    #expect(try JSONBytes.contentsOfFile(other).array == expected)
    try document.save(toFile: path)
    #expect(try JSONBytes.contentsOfFile(path).array == expected)
  }

  @Test func aSettledFileIsCopiedByTheKernelAndTheCopyIsExact() throws {
    let path = TemporaryFile.write(SourceChangeTests.text)
    defer { TemporaryFile.remove(path) }
    // Settled: last changed more than a second before it is read.
    usleep(1_100_000)
    var document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path))
    #expect(document.originalBytes.sourceFile?.isSettled == true)
    try document.remove(try #require(document[document.root, 3]))
    let other = path + ".saved"
    defer { unlink(other) }
    try document.save(toFile: other)
    #expect(try JSONBytes.contentsOfFile(other).array == document.serializedBytes())
  }

  @Test func aFileChangedSinceItWasReadIsNeverCopiedFrom() throws {
    let path = TemporaryFile.write(SourceChangeTests.text)
    defer { TemporaryFile.remove(path) }
    usleep(1_100_000)
    let bytes = try JSONBytes.contentsOfFile(path)
    let output = TemporaryFile.write([])
    defer { unlink(output) }
    let descriptor = open(output, O_WRONLY | O_TRUNC)
    defer { close(descriptor) }
    // The file is zeroed in place after it was read: a kernel copy would copy zeros.
    SourceChangeTests.overwrite(path, [UInt8](repeating: 0, count: SourceChangeTests.text.count), truncating: false)
    var now = [timespec(tv_sec: time(nil) - 60, tv_nsec: 0), timespec(tv_sec: time(nil) - 60, tv_nsec: 0)]
    // Even with its modification time put back, the status change time moved.
    utimensat(AT_FDCWD, path, &now, 0)
    let copied = try bytes.copyFromSource(0..<bytes.count, to: descriptor)
    #expect(!copied, "an unchanged-looking file whose status changed is not copied from")
    #expect(try JSONBytes.contentsOfFile(output).array == [])
  }

  @Test(arguments: [Change.truncateToHalf, .zeroInPlace, .rewriteLonger])
  func aMappedFileThatChangesIsNeverSavedFrom(_ change: Change) throws {
    let path = TemporaryFile.write(SourceChangeTests.text)
    defer { TemporaryFile.remove(path) }
    var document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path, mapThreshold: 1024))
    #expect(document.originalBytes.isMemoryMapped)
    try document.remove(try #require(document[document.root, 0]))
    change.apply(to: path, original: SourceChangeTests.text)
    #expect(!document.originalBytes.isIntact)
    let other = path + ".saved"
    defer { unlink(other) }
    #expect(throws: JSONWriteError.self) { try document.save(toFile: other) }
    #expect(access(other, F_OK) != 0, "a failed save leaves no file")
  }

  @Test(arguments: [Change.truncateToZero, .truncateToHalf, .rewriteShorter])
  func aTruncatedMappedFileReadsAsZerosInsteadOfCrashing(_ change: Change) throws {
    // Larger than a few pages, so pages past the new end are really gone.
    let text = Array(("[" + (0..<20_000).map { "{\"id\": \($0)}" }.joined(separator: ", ") + "]").utf8)
    let path = TemporaryFile.write(text)
    defer { TemporaryFile.remove(path) }
    let document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path, mapThreshold: 1024))
    try #require(document.originalBytes.isMemoryMapped)
    change.apply(to: path, original: text)
    // Every byte is read: past the new end, a bus error becomes zeros.
    let bytes = document.serializedBytes()
    #expect(bytes.count == text.count)
    #expect(bytes.suffix(100).allSatisfy { $0 == 0 })
    // Every value can still be asked for (what it says past the end is zeros, not data).
    for (node, _) in document.descendants(of: document.root) {
      _ = document.rawText(of: node)
      _ = document.string(of: node)
      _ = document.key(of: node)
      _ = document.double(of: node)
      _ = document.node(at: document.path(of: node))
    }
    #expect(!document.originalBytes.isIntact)
    let other = path + ".saved"
    defer { unlink(other) }
    #expect(throws: JSONWriteError.self) { try document.save(toFile: other) }
  }

  @Test func aMappedFileReplacedOrDeletedStaysIntact() throws {
    for change in [Change.moveOver, .delete] {
      let path = TemporaryFile.write(SourceChangeTests.text)
      defer { TemporaryFile.remove(path) }
      let document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path, mapThreshold: 1024))
      change.apply(to: path, original: SourceChangeTests.text)
      #expect(document.originalBytes.isIntact, "\(change): the mapped file itself is untouched")
      #expect(change.matches(document.originalBytes.sourceChange(), originalSize: SourceChangeTests.text.count))
      #expect(document.serializedBytes() == SourceChangeTests.text)
    }
  }

  static func overwrite(_ path: String, _ bytes: [UInt8], truncating: Bool) {
    let descriptor = open(path, O_WRONLY | (truncating ? O_TRUNC : 0))
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }
}
