import Glibc
import Synchronization
import TestSupport
import Testing

@testable import TGridJSON

/// Parsing a stream as its bytes arrive must give exactly what parsing the whole text
/// gives (the same document, or the same error at the same line and column), wherever the
/// chunks are cut; errors show as soon as their bytes are in; a stream larger than the
/// limit is refused.
@Suite struct StreamingParserTests {
  /// The whole text at once.
  static func batch(_ bytes: [UInt8], mode: JSONTextMode) -> Result<JSONDocument, JSONSyntaxError> {
    Result { () throws(JSONSyntaxError) in try JSONDocument(parsing: bytes, options: JSONParseOptions(mode: mode)) }
  }

  /// The text fed in chunks of the given sizes (cycled), parsing after each.
  static func streamed(_ bytes: [UInt8], chunks: [Int], mode: JSONTextMode, budget: Int = Int.max) -> Result<
    JSONDocument, Error
  > {
    let parser = JSONProgressiveParser(streamingUpTo: 1 << 20, options: JSONParseOptions(mode: mode))
    var offset = 0
    var turn = 0
    do {
      while offset < bytes.count {
        let size = min(max(chunks[turn % chunks.count], 1), bytes.count - offset)
        turn += 1
        try bytes[offset..<(offset + size)].withUnsafeBytes { try parser.append($0) }
        offset += size
        _ = try parser.advance(byteBudget: budget)
      }
      return .success(try parser.document())
    } catch {
      return .failure(error)
    }
  }

  static func expectSame(_ bytes: [UInt8], chunks: [Int], mode: JSONTextMode, budget: Int = Int.max) {
    let expected = batch(bytes, mode: mode)
    let actual = streamed(bytes, chunks: chunks, mode: mode, budget: budget)
    let name = "\(String(decoding: bytes.prefix(60), as: UTF8.self).debugDescription) in chunks of \(chunks)"
    switch (expected, actual) {
    case (.success(let whole), .success(let stream)):
      #expect(stream.serializedBytes() == bytes, "\(name)")
      #expect(stream.isValue(stream.root, equalTo: whole.root, in: whole), "\(name)")
      #expect(stream.valueCount == whole.valueCount && stream.isJSONLines == whole.isJSONLines, "\(name)")
      #expect(stream.maximumDepth == whole.maximumDepth && stream.warnings == whole.warnings, "\(name)")
      #expect(stream.hasByteOrderMark == whole.hasByteOrderMark, "\(name)")
    case (.failure(let whole), .failure(let stream)):
      guard let stream = stream as? JSONSyntaxError else {
        Issue.record("\(name): \(stream) instead of \(whole)")
        return
      }
      // The excerpt shows the line as far as it had arrived; the rest must agree.
      #expect(
        stream.line == whole.line && stream.column == whole.column && stream.byteOffset == whole.byteOffset
          && stream.message == whole.message, "\(name): \(stream) instead of \(whole)")
    case (.success, .failure(let error)):
      Issue.record("\(name): streaming failed with \(error), the whole text parses")
    case (.failure(let error), .success):
      Issue.record("\(name): streaming succeeded, the whole text fails with \(error)")
    }
  }

  static var corpus: [[UInt8]] {
    var texts = RoundTripFixtures.all + MutationFixtures.seeds + ErrorFixtures.cases.map(\.text)
    texts += [
      "\u{FEFF}[1, 2]", "\u{FEFF}", "\u{FEFF}{", "1", "1\n2\n3", "\"a\"\n\"b\"", "[]", "{}", "[ ]", "{ }",
      "[[], {}, [[]]]",
      "{\"a\": {}, \"b\": [], \"c\": {\"d\": [1, {\"e\": \"f,:[]{}\\\"\"}]}}", "  \n", "[1, 2]   x",
      "{\"a\":1}\n{\"a\":1,\"a\":2}\n",
      "[1e5, -0.5, 1E+2, 0]", "[\"\\u00e9\\n\", \"\\\\\", \"\\\"\"]", "{\"k\" : [true , false , null]}", "nul", "[nul",
      "[1,", "{\"a\"",
    ]
    return texts.map { Array($0.utf8) }
  }

  @Test(arguments: [[1], [2], [3], [5, 1, 7], [64], [1000]])
  func aStreamCutAnywhereParsesLikeTheWholeText(chunks: [Int]) {
    for bytes in StreamingParserTests.corpus {
      for mode in [JSONTextMode.automatic, .lines, .json] {
        StreamingParserTests.expectSame(bytes, chunks: chunks, mode: mode)
      }
    }
  }

  @Test func damagedDocumentsStreamedInRandomChunksFailOrParseLikeTheWholeText() {
    var random = SeededRandom(seed: 0x57EA)
    for seed in MutationFixtures.seeds + [ProgressiveFixtures.records(count: 30)] {
      let original = Array(seed.utf8)
      for _ in 0..<150 {
        var bytes = original
        for _ in 0...random.next(below: 3) where !bytes.isEmpty {
          switch random.next(below: 3) {
          case 0: bytes[random.next(below: bytes.count)] = Array("{}[]\",: x0\\\n".utf8)[random.next(below: 12)]
          case 1: bytes.remove(at: random.next(below: bytes.count))
          default: bytes = Array(bytes.prefix(random.next(below: bytes.count + 1)))
          }
        }
        let chunks = (0..<4).map { _ in 1 + random.next(below: 9) }
        StreamingParserTests.expectSame(bytes, chunks: chunks, mode: .automatic, budget: 1 + random.next(below: 40))
      }
    }
  }

  @Test(.enabled(if: ConformanceFiles.isAvailable, "JSONTestSuite not found at \(ConformanceFiles.folder)"))
  func theConformanceSuiteStreamsLikeItParses() throws {
    for name in ConformanceFiles.names(prefix: "") {
      guard let bytes = ConformanceFiles.bytes(name), bytes.count < 100_000 else { continue }
      StreamingParserTests.expectSame(bytes, chunks: [1, 3], mode: .json)
    }
  }

  @Test func anErrorShowsAsSoonAsItsBytesArriveNotAtTheEnd() throws {
    let parser = JSONProgressiveParser(streamingUpTo: 1 << 20)
    try Array("[1, 2, {\"a\": tx".utf8).withUnsafeBytes { try parser.append($0) }
    #expect(throws: JSONSyntaxError.self) { _ = try parser.advance(byteBudget: .max) }
    let zeros = JSONProgressiveParser(streamingUpTo: 1 << 20)
    try [UInt8](repeating: 0, count: 16).withUnsafeBytes { try zeros.append($0) }
    do {
      _ = try zeros.advance(byteBudget: .max)
      Issue.record("NUL bytes must fail at once")
    } catch let error as JSONSyntaxError {
      #expect(error.line == 1 && error.column == 1)
    }
  }

  @Test func devZeroFailsOnItsFirstByte() throws {
    let parser = try JSONProgressiveParser.open("/dev/zero")
    var reads = 0
    do {
      while try parser.readMore() {
        reads += 1
        _ = try parser.advance(byteBudget: .max)
      }
      Issue.record("/dev/zero never ends")
    } catch let error as JSONSyntaxError {
      #expect(error.line == 1 && error.column == 1)
    }
    #expect(reads == 1)
  }

  @Test func readingADeviceWholeStopsAtTheLimit() {
    #expect(throws: JSONInputError.tooLarge(path: "/dev/zero", limit: 1 << 20)) {
      try JSONBytes.contentsOfFile("/dev/zero", maximumStreamByteCount: 1 << 20)
    }
    #expect(
      JSONInputError.tooLarge(path: "-", limit: 4 << 30).reason
        == "input larger than the limit of 4 GiB (raise it with --max-size)")
  }

  @Test func aStreamLargerThanTheLimitIsRefused() throws {
    // A socket pair rather than a pipe: writing after the reader gave up must not raise
    // SIGPIPE in the test process.
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    let writeEnd = ends[1]
    let readEnd = ends[0]
    let writer = Thread.detach {
      // An endless array of numbers: valid so far, never finished.
      let chunk = Array(String(repeating: "1,", count: 4096).utf8)
      _ = send(writeEnd, "[", 1, Int32(MSG_NOSIGNAL))
      while chunk.withUnsafeBytes({ send(writeEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) > 0 {}
      close(writeEnd)
    }
    defer { writer.join() }
    let parser = JSONProgressiveParser(streamingUpTo: 1 << 20)
    #expect(throws: JSONInputError.tooLarge(path: "pipe", limit: 1 << 20)) {
      defer { close(readEnd) }
      _ = try parser.readToEnd(fromFileDescriptor: readEnd, path: "pipe")
    }
    // Parsing kept up with the bytes: the tape holds what was received.
    #expect(parser.bytesConsumed > 1 << 19)
  }

  /// One complete value and more to come (issue 35.16): whether the text is one value or
  /// JSON Lines is not known yet, so there is no preview; a guess would show the first
  /// record's members as the document's, and the views would open inside that record.
  @Test func aStreamWithOneCompleteValueSoFarHasNoPreviewUntilTheModeIsKnown() throws {
    for first in [#"{"a": 1, "b": [2, 3]}"#, "[1, 2]", "\"text\"", "42 "] {
      let parser = JSONProgressiveParser(streamingUpTo: 1 << 20, options: JSONParseOptions())
      try Array((first + "\n").utf8).withUnsafeBytes { try parser.append($0) }
      _ = try parser.advance(byteBudget: .max)
      #expect(parser.preview(maximumChildren: 100) == nil, "\(first): undecided")
      try Array("{\"c\": 4}\n".utf8).withUnsafeBytes { try parser.append($0) }
      _ = try parser.advance(byteBudget: .max)
      let lines = try #require(parser.preview(maximumChildren: 100), "\(first): two values")
      #expect(lines.isJSONLines)
      #expect(lines.childCount(of: lines.root) >= 1)
    }
    // One value, ended: the document is that value.
    let single = JSONProgressiveParser(streamingUpTo: 1 << 20, options: JSONParseOptions())
    try Array(#"{"a": 1}"#.utf8).withUnsafeBytes { try single.append($0) }
    single.endOfInput()
    _ = try single.advance(byteBudget: .max)
    let document = try single.document()
    #expect(!document.isJSONLines)
    // A value still open is one value so far: its children preview as they complete.
    let open = JSONProgressiveParser(streamingUpTo: 1 << 20, options: JSONParseOptions())
    try Array(#"[1, 2, 3, "#.utf8).withUnsafeBytes { try open.append($0) }
    _ = try open.advance(byteBudget: .max)
    #expect(open.preview(maximumChildren: 100).map { $0.childCount(of: $0.root) } == 3)
  }

  @Test func previewsAndProgressAreReadWhileAnotherThreadStreams() throws {
    let text = Array(ProgressiveFixtures.records(count: 3000).utf8)
    let parser = JSONProgressiveParser(streamingUpTo: 1 << 24)
    let done = Atomic<Bool>(false)
    let previewsTaken = Atomic<Int>(0)
    let reader = Thread.detach {
      var offset = 0
      while offset < text.count {
        let size = min(997, text.count - offset)
        try? text[offset..<(offset + size)].withUnsafeBytes { try parser.append($0) }
        offset += size
        _ = try? parser.advance(byteBudget: .max)
        // Halfway, wait for the other thread to have read a preview, so that a loaded
        // machine cannot let this thread stream to the end before the other one starts.
        if offset >= text.count / 2 {
          while previewsTaken.load(ordering: .acquiring) == 0 { usleep(100) }
        }
      }
      done.store(true, ordering: .releasing)
    }
    var largest = 0
    var previews = 0
    while !done.load(ordering: .acquiring) {
      if let preview = parser.preview(maximumChildren: .max) {
        previews += 1
        previewsTaken.store(previews, ordering: .releasing)
        let count = preview.childCount(of: preview.root)
        #expect(count >= largest)
        largest = count
        if let last = preview[preview.root, count - 1] { _ = preview.rawText(of: last) }
      }
      _ = parser.totalByteCount
    }
    reader.join()
    let document = try parser.document()
    #expect(document.serializedBytes() == text)
    #expect(document.childCount(of: document.root) == 3000)
    #expect(previews > 0)
  }
}

/// A thread running a closure, joined by the test.
final class Thread: @unchecked Sendable {
  private var thread = pthread_t()
  private let body: () -> Void

  private init(_ body: @escaping () -> Void) {
    self.body = body
  }

  static func detach(_ body: @escaping @Sendable () -> Void) -> Thread {
    let thread = Thread(body)
    let context = Unmanaged.passRetained(thread).toOpaque()
    pthread_create(
      &thread.thread, nil,
      { context in
        let thread = Unmanaged<Thread>.fromOpaque(context!).takeRetainedValue()
        thread.body()
        return nil
      }, context)
    return thread
  }

  func join() {
    pthread_join(thread, nil)
  }
}
