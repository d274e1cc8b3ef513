import TestSupport
import Testing

@testable import TGridJSON

#if canImport(Glibc)
  import Glibc
#endif

/// `tgrid check` on a regular file: the file is mapped and its parsed pages given back,
/// with a fragment of its second half parsed ahead on a second thread; or (where it cannot
/// be mapped) a reader thread reads the file a window ahead while the parser validates
/// what has arrived and gives back what it has parsed. Either way its summary, its warnings
/// and its errors (line, column, excerpt) must be the ones of the whole text.
@Suite struct ReadAheadTests {
  /// Small chunks and window, so a file of a few hundred kilobytes is read in hundreds of
  /// pieces and its parsed bytes are given back many times.
  static let small = JSONProgressiveParser.ReadAheadTuning(
    minimumByteCount: 0, chunkSize: 4096, window: 16384, floorStep: 4096, mapsFile: false)
  /// The mapped path in small steps: values dropped and the floor raised every 4 KiB, and a
  /// fragment parsed ahead in any file (where a place to start one is found).
  static let mapped = JSONProgressiveParser.ReadAheadTuning(
    minimumByteCount: 0, floorStep: 4096, mapsFile: true, fragmentMinimumByteCount: 0, slice: 4096)

  private static func file(_ text: String) -> String {
    let path = "/tmp/tgrid-readahead-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).json"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    return path
  }

  private static func documentSummary(_ text: String) throws -> JSONTextSummary {
    let document = try JSONDocument(parsing: text)
    return JSONTextSummary(
      valueCount: document.valueCount, maximumDepth: document.maximumDepth, byteCount: document.originalByteCount,
      isJSONLines: document.isJSONLines,
      topLevelCount: document.isJSONLines ? document.childCount(of: document.root) : 1,
      warnings: document.warnings, warningCount: document.warningCount)
  }

  /// The summary of `path` checked with a reader thread (or mapped, as `tuning` says),
  /// driven as `tgrid check` does.
  private static func readAheadSummary(_ path: String, tuning: JSONProgressiveParser.ReadAheadTuning = small) throws
    -> JSONTextSummary
  {
    let parser = try JSONProgressiveParser.open(
      path, options: JSONParseOptions(allowsSecondThread: true), maximumByteCount: .max, keepsValues: false,
      readAhead: tuning)
    while try parser.readMore() { _ = try parser.advance(byteBudget: Int.max) }
    return try parser.summary()
  }

  private static func expectSameResult(_ text: String, _ comment: Comment) throws {
    let path = file(text)
    defer { unlink(path) }
    for tuning in [small, mapped] {
      let comment: Comment = "\(comment), \(tuning.mapsFile ? "mapped" : "read ahead")"
      do {
        let expected = try documentSummary(text)
        #expect(try readAheadSummary(path, tuning: tuning) == expected, comment)
      } catch let wanted as JSONSyntaxError {
        #expect(throws: wanted, comment) { _ = try readAheadSummary(path, tuning: tuning) }
      }
    }
  }

  /// Long records on one line each, some with duplicate keys far apart in one object.
  private static func records(_ count: Int, lineBreak: String = "\n", wide: Bool = false) -> String {
    let filler = wide ? String(repeating: "wide ", count: 60) : "x"
    let records = (0..<count).map { index in
      #"{"id": \#(index), "name": "Zoë \#(index) 東京", "note": "\#(filler)", "tags": ["a", "b\n"], "n": {"x": \#(index).5e3}\#(index % 97 == 0 ? #", "id": 0"# : "")}"#
    }
    return "[" + lineBreak + records.joined(separator: "," + lineBreak) + lineBreak + "]" + lineBreak
  }

  @Test func aFileReadAheadSummarisesLikeTheWholeDocument() throws {
    try ReadAheadTests.expectSameResult(ReadAheadTests.records(3000), "records")
    try ReadAheadTests.expectSameResult(ReadAheadTests.records(3000, lineBreak: "\r\n"), "CRLF")
    try ReadAheadTests.expectSameResult(
      "\u{FEFF}" + ReadAheadTests.records(2000, lineBreak: ""), "one line, with a BOM")
    let lines = (0..<4000).map { #"{"n": \#($0), "s": "Москва", "n": "again"}"# }.joined(separator: "\n") + "\n"
    try ReadAheadTests.expectSameResult(lines, "JSON Lines with a duplicate in each")
    // Pretty-printed: chunks end inside lines without structural characters.
    let document = try JSONDocument(parsing: ReadAheadTests.records(1500))
    let pretty = document.formattedText(of: document.root, style: .twoSpaces) + "\n"
    try ReadAheadTests.expectSameResult(pretty, "pretty-printed")
    // A root object whose first key is repeated at its end: nothing can be given back.
    let object =
      "{\"first\": 1,\n" + (0..<5000).map { "\"k\($0)\": [\($0)]" }.joined(separator: ",\n") + ",\n\"first\": 2}\n"
    try ReadAheadTests.expectSameResult(object, "object keys kept to the end")
  }

  @Test func errorsOfAFileReadAheadAreTheWholeTextsErrors() throws {
    let records = ReadAheadTests.records(2500)
    let oneLine = ReadAheadTests.records(2500, lineBreak: "", wide: true)
    let broken = [
      String(records.dropLast(3)),
      records.replacing("\"id\": 2400,", with: "\"id\": 2400,,"),
      records.replacing("\"id\": 1999,", with: "\"id\": 1999, \"bad\" 1,"),
      records + "x",
      records.replacing("\"Zoë 2222", with: "\"Zoë\u{1} 2222"),
      // One line of 800 KB: the excerpt is a window, the floor far past the line's start.
      oneLine.replacing("\"id\": 2100,", with: "\"id\": 2100 \"oops\","),
      oneLine.replacing("\"id\": 2499,", with: "\"id\": 2499, ,"),
      String(oneLine.dropLast(2)),
    ]
    for (number, text) in broken.enumerated() {
      var expected: JSONSyntaxError?
      do { _ = try JSONDocument(parsing: text) } catch { expected = error }
      let wanted = try #require(expected, "case \(number) is invalid")
      #expect(wanted.byteOffset > 100_000, "case \(number) fails past what is given back")
      try ReadAheadTests.expectSameResult(text, "case \(number)")
    }
  }

  @Test func randomDocumentsReadAheadInTinyChunksSummariseLikeTheDocument() throws {
    var generator = RandomJSON(seed: 0x4EAD)
    let tiny = JSONProgressiveParser.ReadAheadTuning(
      minimumByteCount: 0, chunkSize: 7, window: 64, floorStep: 1, mapsFile: false)
    let tinyMapped = JSONProgressiveParser.ReadAheadTuning(
      minimumByteCount: 0, floorStep: 1, mapsFile: true, fragmentMinimumByteCount: 0, slice: 9)
    for round in 0..<SanitizerBuild.samples(80, address: 80, thread: 30) {
      let text = generator.document()
      let path = ReadAheadTests.file(text)
      defer { unlink(path) }
      do {
        let expected = try ReadAheadTests.documentSummary(text)
        #expect(try ReadAheadTests.readAheadSummary(path, tuning: tiny) == expected, "round \(round): \(text)")
        #expect(
          try ReadAheadTests.readAheadSummary(path, tuning: tinyMapped) == expected, "round \(round) mapped: \(text)")
      } catch let wanted as JSONSyntaxError {
        #expect(throws: wanted, "round \(round)") { _ = try ReadAheadTests.readAheadSummary(path, tuning: tiny) }
        #expect(throws: wanted, "round \(round) mapped") {
          _ = try ReadAheadTests.readAheadSummary(path, tuning: tinyMapped)
        }
      }
    }
  }

  @Test func theParserGivesBackWhatItParsed() throws {
    let path = ReadAheadTests.file(ReadAheadTests.records(3000))
    defer { unlink(path) }
    let parser = try JSONProgressiveParser.open(
      path, options: JSONParseOptions(), maximumByteCount: .max, keepsValues: false, readAhead: ReadAheadTests.small)
    var highestFloor = 0
    while try parser.readMore() {
      _ = try parser.advance(byteBudget: Int.max)
      highestFloor = max(highestFloor, parser.inputFloor)
    }
    _ = try parser.summary()
    #expect(highestFloor > 200_000, "the floor rose to \(highestFloor)")
  }

  @Test func aFileThatChangesWhileReadAheadIsReadAgain() throws {
    let first = ReadAheadTests.records(3000)
    let path = ReadAheadTests.file(first)
    defer { unlink(path) }
    let parser = try JSONProgressiveParser.open(
      path, options: JSONParseOptions(), maximumByteCount: .max, keepsValues: false, readAhead: ReadAheadTests.small)
    // The reader stops a window ahead of the first chunk taken: the rest is read after
    // the file has grown by a record.
    #expect(try parser.readMore())
    let second = String(first.dropLast(3)) + ",\n{\"id\": -1}\n]\n"
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    Array(second.utf8).withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    while try parser.readMore() { _ = try parser.advance(byteBudget: Int.max) }
    #expect(try parser.summary() == ReadAheadTests.documentSummary(second))
  }

  @Test func manyFilesAreReadAheadAtOnceFromSeveralThreads() async throws {
    let texts = (0..<6).map { ReadAheadTests.records(800 + 150 * $0) }
    let paths = texts.map { ReadAheadTests.file($0) }
    defer { for path in paths { unlink(path) } }
    let expected = try texts.map { try ReadAheadTests.documentSummary($0) }
    try await withThrowingTaskGroup(of: (Int, JSONTextSummary).self) { group in
      for round in 0..<3 {
        for (index, path) in paths.enumerated() {
          group.addTask {
            let tuning = JSONProgressiveParser.ReadAheadTuning(
              minimumByteCount: 0, chunkSize: 1000 + 313 * round, window: 5000, floorStep: 2048, mapsFile: round == 1,
              fragmentMinimumByteCount: 0, slice: 1000 + 313 * round)
            return (index, try ReadAheadTests.readAheadSummary(path, tuning: tuning))
          }
        }
      }
      for try await (index, summary) in group { #expect(summary == expected[index]) }
    }
  }
}
