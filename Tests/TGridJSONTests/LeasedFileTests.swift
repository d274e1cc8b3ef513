import Glibc
import Synchronization
import TGridSystem
import TermGridPlatform
import TestSupport
import Testing

@testable import TGridJSON

/// A regular file is mapped under a read lease instead of copied: when another process
/// writes or truncates it, the writer waits while the bytes are copied into memory at the
/// same address, and the document reads exactly what it read before, also on threads that
/// read all along.
@Suite struct LeasedFileTests {
  /// What another process does to the file, through `sh -c`.
  enum Writer: String, CaseIterable, CustomStringConvertible {
    case truncate, append, rewrite, zeroInPlace

    var description: String { rawValue }

    func command(_ path: String) -> String {
      switch self {
      case .truncate: ": > '\(path)'"
      case .append: "echo x >> '\(path)'"
      case .rewrite: "printf '[1]' > '\(path)'"
      case .zeroInPlace: "dd if=/dev/zero of='\(path)' bs=4096 count=64 conv=notrunc status=none"
      }
    }

    /// The file's size once it has written.
    func sizeAfter(_ size: Int) -> Int {
      switch self {
      case .truncate: 0
      case .append: size + 2
      case .rewrite: 3
      case .zeroInPlace: size
      }
    }
  }

  /// Some megabytes of records, so the copy takes a while and the reader is mid-way.
  static let text = Array(
    ("[\n"
      + (0..<60_000).map { #"  {"id": \#($0), "name": "record \#($0)", "tags": ["a", "b"]}"# }.joined(separator: ",\n")
      + "\n]\n").utf8)

  /// Reads every byte again and again on a thread of its own, comparing with `expected`,
  /// until stopped.
  final class Reader: @unchecked Sendable {
    let bytes: JSONBytes
    let expected: [UInt8]
    let stop = Atomic<Bool>(false)
    let passes = Atomic<Int>(0)
    let mismatches = Atomic<Int>(0)
    var thread: WorkerThread?

    init(_ bytes: JSONBytes, expected: [UInt8]) {
      self.bytes = bytes
      self.expected = expected
      thread = WorkerThread.start { [self] in run() }
    }

    private func run() {
      expected.withUnsafeBufferPointer { expected in
        while !stop.load(ordering: .relaxed) {
          bytes.withUnsafeBytes { bytes in
            // Page by page, so the move happens between and within passes.
            var offset = 0
            while offset < bytes.count {
              let end = min(offset + 4096, bytes.count)
              if memcmp(bytes.baseAddress! + offset, expected.baseAddress! + offset, end - offset) != 0 {
                mismatches.add(1, ordering: .relaxed)
              }
              offset = end
            }
          }
          passes.add(1, ordering: .relaxed)
        }
      }
    }

    /// Stops, and waits for the thread.
    func finish() {
      stop.store(true, ordering: .relaxed)
      thread?.join()
    }
  }

  @Test(arguments: Writer.allCases)
  func anotherProcessWritingWaitsWhileTheBytesAreCopiedInPlace(_ writer: Writer) throws {
    let path = TemporaryFile.write(LeasedFileTests.text)
    defer { TemporaryFile.remove(path) }
    let bytes = try JSONBytes.contentsOfFile(path)
    let lease = try #require(bytes.lease, "a regular file the process owns is leased, not copied")
    #expect(lease.isHeld && !bytes.isMemoryMapped)
    let address = bytes.base
    let document = try JSONDocument(bytes: bytes)
    let reader = Reader(bytes, expected: LeasedFileTests.text)
    while reader.passes.load(ordering: .relaxed) < 2 { usleep(1000) }

    let result = ShellCommand.run(writer.command(path), input: [], timeoutMilliseconds: 30_000)
    let passesAtWrite = reader.passes.load(ordering: .relaxed)
    // The writer finished, and what it wrote is in the file.
    #expect(result.outcome == .exited(status: 0), "\(String(decoding: result.errorOutput, as: UTF8.self))")
    let onDisk = try #require(try SystemFile.status(ofPath: path))
    #expect(onDisk.size == writer.sizeAfter(LeasedFileTests.text.count))
    // The bytes were copied in place before it wrote: same address, same bytes.
    #expect(lease.isCopied)
    #expect(!lease.isHeld && !lease.isLost)
    #expect(bytes.base == address)
    #expect(bytes.isIntact)
    while reader.passes.load(ordering: .relaxed) < passesAtWrite + 2 { usleep(1000) }
    reader.finish()
    #expect(reader.mismatches.load(ordering: .relaxed) == 0, "the reader saw other bytes during the break")
    #expect(bytes.array == LeasedFileTests.text)
    #expect(document.childCount(of: document.root) == 60_000)
    #expect(document.serializedBytes() == LeasedFileTests.text)
    #expect(bytes.sourceChange() != .unchanged)
  }

  /// The app takes the lease on a loading thread that ends long before anyone writes: the
  /// break must still be heard (the kernel signals the thread that took it, unless told the
  /// process), or the writer waits out the whole break time (45 s) and the copy never happens.
  @Test func aLeaseTakenOnAThreadThatHasEndedIsStillAnswered() throws {
    let path = TemporaryFile.write(LeasedFileTests.text)
    defer { TemporaryFile.remove(path) }
    let opened = Locked<JSONBytes?>(nil)
    let loader = try #require(WorkerThread.start { opened.withLock { $0 = try? JSONBytes.contentsOfFile(path) } })
    loader.join()
    let bytes = try #require(opened.withLock { $0 })
    let lease = try #require(bytes.lease)
    #expect(lease.isHeld)
    let result = ShellCommand.run(Writer.append.command(path), input: [], timeoutMilliseconds: 10_000)
    #expect(result.outcome == .exited(status: 0), "the writer waited for a break nobody heard")
    #expect(lease.isCopied)
    #expect(bytes.array == LeasedFileTests.text)
  }

  @Test func aLeaseRefusedBecauseTheFileIsOpenForWritingMeansACopy() throws {
    let path = TemporaryFile.write(LeasedFileTests.text)
    defer { TemporaryFile.remove(path) }
    // Open for writing here: the kernel refuses a read lease (EAGAIN).
    let writer = open(path, O_WRONLY)
    try #require(writer >= 0)
    defer { close(writer) }
    let bytes = try JSONBytes.contentsOfFile(path)
    #expect(bytes.lease == nil)
    #expect(!bytes.isMemoryMapped)
    let zeros = [UInt8](repeating: 0, count: 4096)
    _ = zeros.withUnsafeBytes { pwrite(writer, $0.baseAddress, $0.count, 0) }
    #expect(ftruncate(writer, 100) == 0)
    #expect(bytes.array == LeasedFileTests.text, "the copy does not change with the file")
    #expect(bytes.isIntact)
  }

  @Test func savingOverTheLeasedFileKeepsTheLeaseOfTheOldFile() throws {
    let path = TemporaryFile.write(LeasedFileTests.text)
    defer { TemporaryFile.remove(path) }
    var document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path))
    let lease = try #require(document.originalBytes.lease)
    let record = try #require(document[document.root, 7])
    try document.replace(try #require(document[record, "id"]), withJSON: "-7")
    let expected = document.serializedBytes()
    // Written beside it and renamed over it: the old file is not opened to write.
    try document.save(toFile: path)
    #expect(lease.isHeld, "a rename does not break the lease of the file it replaces")
    #expect(try JSONBytes.contentsOfFile(path).array == expected)
    #expect(document.originalBytes.sourceChange() == .replaced)
    #expect(document.serializedBytes() == expected)
  }

  @Test func aStraySignalIOLeavesTheLeaseAndTheProcessAlone() throws {
    let path = TemporaryFile.write(LeasedFileTests.text)
    defer { TemporaryFile.remove(path) }
    let bytes = try JSONBytes.contentsOfFile(path)
    let lease = try #require(bytes.lease)
    // SIGIO's default action would end this process.
    kill(getpid(), SIGIO)
    usleep(50_000)
    LeasedMapping.answerBreaks()
    #expect(lease.isHeld, "no break is pending: nothing copied")
    #expect(bytes.array == LeasedFileTests.text)
  }

  @Test func filesOverTheThresholdAreMappedWithoutALease() throws {
    let path = TemporaryFile.write(LeasedFileTests.text)
    defer { TemporaryFile.remove(path) }
    let bytes = try JSONBytes.contentsOfFile(path, mapThreshold: 1024)
    #expect(bytes.lease == nil)
    #expect(bytes.isMemoryMapped)
  }
}
