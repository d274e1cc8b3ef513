import TestSupport
import Testing

@testable import TGridJSON

#if canImport(Glibc)
  import Glibc
#endif

/// `tgrid check` keeps no values: its parser drops them as it goes, and a fragment of the
/// text parsed ahead on a second thread only counts, locating its duplicate keys from its
/// own start (line 1, column 1). Taken, the fragment's counts, depth and warnings (moved to
/// their real lines and columns) must be what the serial parse finds, and any error the
/// serial parser's, wherever the fragment starts. Both ways of giving back the input are
/// tried: counting lines as the floor rises (a file read ahead), or releasing pages only (a
/// mapped file, whose duplicates are located at the end).
struct ParallelCheckTests {
  /// What a parse that keeps no values tells, in words; and whether a fragment was taken.
  static func check(
    _ bytes: JSONBytes, mode: JSONTextMode, _ parallelism: JSONParser.Parallelism, slice: Int = 1 << 12,
    floorStep: Int = 1,
    countsLines: Bool = true
  ) -> (String, Bool) {
    let parser = JSONParser(bytes: bytes, mode: mode)
    parser.parallelism = parallelism
    parser.dropsFinishedValues = true
    parser.dropsParsedInput = countsLines
    parser.releasesParsedPages = !countsLines
    parser.inputFloorStep = floorStep
    parser.slice = slice
    do {
      _ = try parser.parse(upTo: Int.max)
    } catch {
      let syntax = parser.syntaxError(error, in: bytes)
      return (
        "error \(syntax.line):\(syntax.column) at \(syntax.byteOffset): \(syntax.rendered(fileName: "f"))",
        parser.tookFragment
      )
    }
    let storage = parser.storage
    let warnings = storage.warnings.map { "\($0.line):\($0.column) \($0.message)" }
    return (
      "\(parser.valueCount) values, \(storage.containerCount) containers, depth \(storage.maximumDepth), "
        + "lines \(storage.isLines), \(parser.topLevelCount) top, \(storage.warningCount) warnings \(warnings)",
      parser.tookFragment
    )
  }

  /// The serial check against a fragment forced at each of `starts`, in both roles;
  /// returns how many fragments were taken.
  @discardableResult
  static func expectSameAsSerial(
    _ bytes: [UInt8], mode: JSONTextMode, starts: some Sequence<Int>, _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    let input = JSONBytes(bytes)
    let (serial, _) = check(input, mode: mode, .serial)
    #expect(check(input, mode: mode, .serial, countsLines: false).0 == serial, "\(name): the two ways agree")
    var taken = 0
    for start in starts {
      for role in [JSONParser.Role.arrayElements, .topLevelValues] {
        let (parallel, took) = check(input, mode: mode, .forced(start: start, role: role), countsLines: start % 2 == 0)
        if took { taken += 1 }
        guard parallel != serial else { continue }
        Issue.record(
          "\(name), mode \(mode), fragment at \(start) as \(role): \(parallel) instead of \(serial)",
          sourceLocation: sourceLocation)
        return taken
      }
    }
    return taken
  }

  @Test(.enabled(if: ConformanceFiles.isAvailable, "JSONTestSuite not found at \(ConformanceFiles.folder): skipped"))
  func everyConformanceFileChecksTheSameWithFragmentsAcrossIt() throws {
    // (Every offset of every file is tried with values kept, in ParallelParsingTests; a
    // spread of offsets here, where only the counting differs, and in the valid files the
    // first element boundaries of their arrays, where a fragment is taken.)
    var boundaries = 0
    for name in ConformanceFiles.names(prefix: "") {
      let bytes = try #require(ConformanceFiles.bytes(name))
      let spread = SanitizerBuild.samples(12, address: 4, thread: 2)
      Self.expectSameAsSerial(
        bytes, mode: .automatic, starts: stride(from: 1, to: bytes.count, by: max(bytes.count / spread, 1)), name)
      guard name.hasPrefix("y_") else { continue }
      // Every element boundary takes the fragment (as an array element; never as a
      // top-level value, which needs a line break before it).
      let starts = ParallelParsingTests.arrayElementBoundaries(bytes).sorted().prefix(2)
      let taken = Self.expectSameAsSerial(bytes, mode: .automatic, starts: starts, name)
      #expect(taken == starts.count, "\(name): \(taken) of \(starts.count) boundaries took the fragment")
      boundaries += starts.count
    }
    #expect(boundaries >= 4)
  }

  @Test func generatedDocumentsCheckTheSameWithAFragmentStartingAtAnyByte() {
    var random = RandomJSON(seed: 0xC4EC_16)
    var taken = 0
    let documents = SanitizerBuild.samples(12, address: 4, thread: 2)
    for number in 0..<documents {
      let bytes = Array(random.document().utf8)
      let starts = ParallelParsingTests.offsets(of: bytes.count, every: number < 3 ? 700 : 0)
      for mode in [JSONTextMode.automatic, .lines] {
        taken += Self.expectSameAsSerial(bytes, mode: mode, starts: starts, "generated document \(number)")
      }
    }
    #expect(taken > documents)
  }

  @Test func brokenDocumentsFailAtTheSameLineAndColumn() {
    var random = RandomJSON(seed: 0xC4EC_BAD)
    var failures = 0
    for number in 0..<(SanitizerBuild.isActive ? 12 : 30) {
      var bytes = Array(random.document().utf8)
      guard bytes.count > 4 else { continue }
      let position = random.random.next(below: bytes.count)
      bytes[position] = random.pick([
        UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0xFF, 0x01,
      ])
      if Self.check(JSONBytes(bytes), mode: .automatic, .serial).0.hasPrefix("error") { failures += 1 }
      Self.expectSameAsSerial(
        bytes, mode: .automatic, starts: stride(from: 1, to: bytes.count, by: max(bytes.count / 24, 1)),
        "broken document \(number)")
    }
    #expect(failures > (SanitizerBuild.isActive ? 5 : 15))
  }

  /// Records over many lines, with CRLF or LF, multi-byte characters before the keys, and
  /// a duplicate key in every seventh: warnings found in the fragment land on their real
  /// lines and columns (checked against the document that keeps its values, too).
  @Test func duplicatesFoundInTheFragmentAreLocatedInTheWholeText() throws {
    for lineBreak in ["\n", "\r\n", ""] {
      let records = (0..<300).map { index in
        "{\"名前\": \"Zoë \(index)\",\(lineBreak)  \"id\": \(index)\(index % 7 == 0 ? ", \"id\": 0" : "")}"
      }
      let text = "[" + lineBreak + records.joined(separator: "," + lineBreak) + lineBreak + "]"
      let bytes = Array(text.utf8)
      let starts = ParallelParsingTests.arrayElementBoundaries(bytes).sorted()
      let taken = Self.expectSameAsSerial(bytes, mode: .json, starts: starts.prefix(40) + starts.suffix(40), "records")
      #expect(taken == 80, "every element boundary takes the fragment")
      let document = try JSONDocument(parsing: text)
      #expect(document.warningCount == 43)
      for countsLines in [true, false] {
        let (parallel, _) = Self.check(
          JSONBytes(bytes), mode: .json, .forced(start: starts[150], role: .arrayElements), countsLines: countsLines)
        #expect(parallel.contains("\(document.warnings.map { "\($0.line):\($0.column) \($0.message)" })"))
      }
    }
  }

  @Test func jsonLinesFragmentsAreTakenAtRecordStarts() {
    let lines = (0..<20).map { #"{"id": \#($0), "s": "ü,{\#($0)}", "id": 1, "tags": ["a", "b"]}"# }
    // One line break in instrumented builds (a thread for each of 3,000 starts).
    for lineBreak in SanitizerBuild.isActive ? ["\r\n"] : ["\n", "\r\n", "\n\n  "] {
      let bytes = Array((lines.joined(separator: lineBreak) + "\n").utf8)
      let taken = Self.expectSameAsSerial(bytes, mode: .automatic, starts: 1..<bytes.count, "JSON Lines")
      #expect(taken == 19 + 20)
    }
  }

  @Test func warningsFromBothSidesAreMergedInOrderAndCapped() {
    let records = (0..<1500).map { #"{"k": \#($0), "k": 0}"# }
    let bytes = Array(("[" + records.joined(separator: ",\n") + "]").utf8)
    let taken = Self.expectSameAsSerial(bytes, mode: .json, starts: [bytes.count / 3, bytes.count / 2], "duplicates")
    #expect(taken >= 1)
    #expect(Self.check(JSONBytes(bytes), mode: .json, .serial).0.contains("1500 warnings"))
  }

  // MARK: - A mapped file, as `tgrid check` opens it

  private static func file(_ text: String) -> String {
    let path = "/tmp/tgrid-mapped-check-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).json"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    Array(text.utf8).withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    return path
  }

  private static func records(_ count: Int) -> String {
    "[\n"
      + (0..<count).map {
        #"{"id": \#($0), "name": "Zoë \#($0)", "tags": ["a", "b"]\#($0 % 500 == 0 ? #", "id": 0"# : "")}"#
      }
      .joined(separator: ",\n") + "\n]\n"
  }

  private static func expected(_ text: String) throws -> JSONTextSummary {
    let document = try JSONDocument(parsing: text)
    return JSONTextSummary(
      valueCount: document.valueCount, maximumDepth: document.maximumDepth, byteCount: document.originalByteCount,
      isJSONLines: document.isJSONLines,
      topLevelCount: document.isJSONLines ? document.childCount(of: document.root) : 1,
      warnings: document.warnings, warningCount: document.warningCount)
  }

  static let tuning = JSONProgressiveParser.ReadAheadTuning(
    minimumByteCount: 0, floorStep: 4096, mapsFile: true, fragmentMinimumByteCount: 0, slice: 8192)

  @Test func aMappedFileIsCheckedByTwoThreadsLikeTheWholeDocument() throws {
    let text = Self.records(5000)
    let path = Self.file(text)
    defer { unlink(path) }
    let parser = try JSONProgressiveParser.open(
      path, options: JSONParseOptions(allowsSecondThread: true), maximumByteCount: .max, keepsValues: false,
      readAhead: Self.tuning)
    #expect(!parser.isReceiving)
    #expect(try parser.summary() == Self.expected(text))
    #expect(parser.tookFragment, "the second half was checked on the second thread")
    // One thread when a second is not allowed: the same summary.
    let serial = try JSONProgressiveParser.open(
      path, options: JSONParseOptions(), maximumByteCount: .max, keepsValues: false, readAhead: Self.tuning)
    #expect(try serial.summary() == Self.expected(text))
    #expect(!serial.tookFragment)
  }

  @Test func aMappedFileThatChangesWhileCheckedIsCheckedAgain() throws {
    let first = Self.records(5000)
    for shorter in [false, true] {
      let path = Self.file(first)
      defer { unlink(path) }
      let parser = try JSONProgressiveParser.open(
        path, options: JSONParseOptions(allowsSecondThread: true), maximumByteCount: .max, keepsValues: false,
        readAhead: Self.tuning)
      // Part of the file is checked, then it is rewritten in place: longer, or cut short
      // (the pages past its new end read as zeros).
      _ = try parser.advance(byteBudget: 20_000)
      let second = shorter ? Self.records(100) : String(first.dropLast(3)) + ",\n{\"id\": -1}\n]\n"
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      Array(second.utf8).withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
      #expect(try parser.summary() == Self.expected(second), "shorter: \(shorter)")
    }
  }

  @Test func aMappedFileThatGrowsPastTheLimitWhileCheckedIsRefused() throws {
    let first = Self.records(3000)
    let path = Self.file(first)
    defer { unlink(path) }
    let limit = first.utf8.count + 10
    let parser = try JSONProgressiveParser.open(
      path, options: JSONParseOptions(allowsSecondThread: true), maximumByteCount: limit, keepsValues: false,
      readAhead: Self.tuning)
    _ = try parser.advance(byteBudget: 20_000)
    let second = String(first.dropLast(3)) + ",\n{\"id\": -1, \"name\": \"one more\"}\n]\n"
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    Array(second.utf8).withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    #expect(throws: JSONInputError.tooLarge(path: path, limit: limit)) { _ = try parser.summary() }
  }

  @Test func manyMappedFilesAreCheckedAtOnce() async throws {
    let texts = (0..<4).map { Self.records(1500 + 700 * $0) }
    let paths = texts.map { Self.file($0) }
    defer { for path in paths { unlink(path) } }
    let expected = try texts.map { try Self.expected($0) }
    try await withThrowingTaskGroup(of: (Int, JSONTextSummary).self) { group in
      for _ in 0..<3 {
        for (index, path) in paths.enumerated() {
          group.addTask {
            let parser = try JSONProgressiveParser.open(
              path, options: JSONParseOptions(allowsSecondThread: true), maximumByteCount: .max, keepsValues: false,
              readAhead: Self.tuning)
            return (index, try parser.summary())
          }
        }
      }
      for try await (index, summary) in group { #expect(summary == expected[index]) }
    }
  }
}
