import TGridSystem
import Testing

@testable import TGridJSON

#if canImport(Glibc)
  import Glibc
#endif

/// An index kept in a file on disk (``SpillFile``, ``GrowableBuffer/spill(to:)``,
/// ``JSONProgressiveParser/keepIndexOnDisk(in:)``): for documents larger than memory.
@Suite struct IndexOnDiskTests {
  /// A folder on a disk for the spill files, or nil (the tests then say so and pass).
  static let directory: String? = JSONProgressiveParser.defaultIndexDirectory()

  static func skipNote() {
    print("IndexOnDiskTests: no writable folder on a disk (TGRID_INDEX_DIR, ~/.cache, /var/tmp, /tmp); skipped")
  }

  @Test func aSpilledBufferKeepsItsElementsGrowsShrinksAndCopiesToDisk() throws {
    guard let directory = Self.directory else { return Self.skipNote() }
    var buffer = GrowableBuffer<UInt64>(capacity: 1000)
    for value in 0..<1000 { buffer.append(UInt64(value) * 3) }
    let moved = buffer.spill(to: directory)
    #expect(moved)
    #expect(buffer.spillFile != nil)
    let movedAgain = buffer.spill(to: directory)
    #expect(!movedAgain, "already on disk")
    #expect((0..<1000).allSatisfy { buffer.pointer[$0] == UInt64($0) * 3 })
    // Grows by ftruncate and mremap, far past the first size.
    for value in 1000..<300_000 { buffer.append(UInt64(value) * 3) }
    #expect(buffer.count == 300_000)
    #expect((0..<300_000).allSatisfy { buffer.pointer[$0] == UInt64($0) * 3 })
    // A copy goes to disk beside it and is its own.
    let copy = buffer.copy()
    #expect(copy.spillFile?.directory == directory)
    #expect(copy.spillFile !== buffer.spillFile)
    copy.pointer[5] = 99
    #expect(buffer.pointer[5] == 15)
    copy.release()
    // Pages given back read as zeros, as they do on the heap.
    buffer.discardPages(4096..<100_000)
    #expect(buffer.pointer[50_000] == 0)
    #expect(buffer.pointer[200_000] == 600_000)
    buffer.count = 10
    buffer.shrinkToFit()
    #expect(buffer.capacity == 10)
    #expect((0..<10).allSatisfy { buffer.pointer[$0] == UInt64($0) * 3 })
    buffer.release()
  }

  @Test func aFolderInMemoryIsRefused() {
    // /dev/shm is tmpfs on Linux: its pages could only go to swap.
    guard LinuxCalls.fileSystemType(of: "/dev/shm") == 0x0102_1994 else { return }
    #expect(!SpillFile.isOnDisk("/dev/shm"))
    #expect(GrowableBuffer<UInt64>(capacity: 10, spillingTo: "/dev/shm") == nil)
    var buffer = GrowableBuffer<UInt64>(capacity: 10)
    let toMemory = buffer.spill(to: "/dev/shm")
    let toNowhere = buffer.spill(to: "/no/such/folder")
    #expect(!toMemory && !toNowhere)
    #expect(buffer.spillFile == nil)
    buffer.release()
    #expect(JSONProgressiveParser.defaultIndexDirectory(environment: ["TGRID_INDEX_DIR": "/dev/shm"]) == nil)
  }

  @Test func theIndexDirectoryIsChosenAsDocumented() throws {
    guard let directory = Self.directory else { return Self.skipNote() }
    #expect(JSONProgressiveParser.defaultIndexDirectory(environment: ["TGRID_INDEX_DIR": directory]) == directory)
    #expect(JSONProgressiveParser.defaultIndexDirectory(environment: ["TGRID_INDEX_DIR": "/no/such/folder"]) == nil)
    let chosen = try #require(JSONProgressiveParser.defaultIndexDirectory(environment: ["HOME": "/no/such/home"]))
    #expect(chosen == "/var/tmp" || chosen == "/tmp")
    #expect(JSONProgressiveParser.freeDiskBytes(in: chosen) > 0)
  }

  @Test(arguments: [0.0, 0.3, 0.9])
  func aDocumentWhoseIndexMovesToDiskMidwayIsTheSameDocument(at fraction: Double) throws {
    guard let directory = Self.directory else { return Self.skipNote() }
    let text = ProgressiveFixtures.records(count: 3000)
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text))
    var moved = false
    while try !parser.advance(byteBudget: 4000) {
      if !moved && Double(parser.bytesConsumed) >= fraction * Double(text.utf8.count) {
        #expect(parser.keepIndexOnDisk(in: directory))
        #expect(parser.isIndexOnDisk)
        moved = true
      }
    }
    #expect(moved)
    var document = try parser.document()
    #expect(document.storage.isTapeOnDisk)
    let direct = try JSONDocument(parsing: text)
    #expect(document.isValue(document.root, equalTo: direct.root, in: direct))
    #expect(document.serializedText() == text)
    // Edits, and a copy made for the first edit of a shared document, stay on disk.
    let shared = document
    let first = try #require(document.child(at: 0, of: document.root))
    _ = try document.replace(first, withJSON: #"{"replaced": true}"#)
    #expect(document.storage.isTapeOnDisk)
    #expect(document.storage !== shared.storage)
    #expect(document.serializedText().hasPrefix("[\n  {\"replaced\": true},\n"))
    #expect(shared.serializedText() == text)
  }

  @Test func severalThreadsReadOneDocumentWhoseIndexIsOnDisk() async throws {
    guard let directory = Self.directory else { return Self.skipNote() }
    let text = ProgressiveFixtures.records(count: 5000)
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text))
    _ = try parser.advance(byteBudget: 10_000)
    #expect(parser.keepIndexOnDisk(in: directory))
    while try !parser.advance(byteBudget: 50_000) {}
    let spilled = try parser.document()
    #expect(spilled.storage.isTapeOnDisk)
    let plain = try JSONDocument(parsing: text)
    let expected = plain.storage.wordArray(from: 0, count: plain.storage.wordCount)
    let search = try JSONSearch("Zoë 4", syntax: .literal)
    let expectedCount = try search.matchCount(in: plain)
    let results = await withTaskGroup(of: Bool.self) { group in
      for thread in 0..<4 {
        group.addTask {
          let words = spilled.storage.wordArray(from: 0, count: spilled.storage.wordCount)
          let count = (try? search.matchCount(in: spilled)) ?? -1
          let text = thread % 2 == 0 ? spilled.serializedText() : ""
          return words == expected && count == expectedCount && (thread % 2 == 1 || text.count > 0)
        }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results == [true, true, true, true])
  }
}
