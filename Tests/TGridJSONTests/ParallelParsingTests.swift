import TestSupport
import Testing

@testable import TGridJSON

#if canImport(Glibc)
  import Glibc
#endif

/// The parallel path (a fragment of the text parsed ahead on a second thread, taken only
/// when the parser of the whole text stands where the fragment assumed) must give the very
/// tape, counts, warnings and errors of the serial parser, wherever the fragment starts:
/// at a real element boundary, inside a string, an escape, a multi-byte character or a
/// number, or where the text has an error.
struct ParallelParsingTests {
  /// Everything a parse produces that a document reads.
  enum Outcome: Equatable, CustomStringConvertible {
    case document(
      words: [UInt64], containers: Int, depth: Int, isLines: Bool, longKeys: [UInt32: UInt64], warnings: [String],
      warningCount: Int)
    case failure(line: Int, column: Int, offset: Int, message: String)

    var description: String {
      switch self {
      case .document(let words, let containers, let depth, let isLines, _, let warnings, _):
        return
          "document of \(words.count) words, \(containers) containers, depth \(depth), lines \(isLines), \(warnings.count) warnings"
      case .failure(let line, let column, _, let message): return "error at \(line):\(column): \(message)"
      }
    }
  }

  /// Parses `bytes` with a parser set to `parallelism`; also tells whether a fragment was taken.
  static func parse(_ bytes: JSONBytes, mode: JSONTextMode, _ parallelism: JSONParser.Parallelism) -> (Outcome, Bool) {
    let parser = JSONParser(bytes: bytes, mode: mode)
    parser.parallelism = parallelism
    do {
      _ = try parser.parse(upTo: Int.max)
    } catch {
      let syntax = JSONSyntaxError(error, in: bytes)
      return (
        .failure(line: syntax.line, column: syntax.column, offset: syntax.byteOffset, message: syntax.message),
        parser.tookFragment
      )
    }
    let storage = parser.storage
    return (
      .document(
        words: storage.wordArray(from: 0, count: storage.wordCount), containers: storage.containerCount,
        depth: storage.maximumDepth, isLines: storage.isLines, longKeys: storage.longKeyOffsets,
        warnings: storage.warnings.map { "\($0.line):\($0.column) \($0.message)" }, warningCount: storage.warningCount),
      parser.tookFragment
    )
  }

  /// Compares the serial parse with a fragment forced at each of `starts`, in both roles;
  /// returns how many of them took the fragment.
  @discardableResult
  static func expectSameAsSerial(
    _ bytes: [UInt8], mode: JSONTextMode, starts: some Sequence<Int>, _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    let input = JSONBytes(bytes)
    let (serial, _) = parse(input, mode: mode, .serial)
    var taken = 0
    for start in starts {
      for role in [JSONParser.Role.arrayElements, .topLevelValues] {
        let (parallel, took) = parse(input, mode: mode, .forced(start: start, role: role))
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

  /// Every offset of a small text, a spread of offsets of a larger one.
  static func offsets(of count: Int, every limit: Int = 2048) -> [Int] {
    guard count > 1 else { return [] }
    // Instrumented builds (CI runs the suite under both sanitizers, 3–8× slower) try a
    // spread of offsets in files over 128 bytes rather than every offset.
    let limit = SanitizerBuild.isActive ? limit / 16 : limit
    if count <= limit { return Array(1..<count) }
    let step = count / 97
    return Array(stride(from: 1, to: count, by: max(step, 1)))
  }

  /// Every offset of every conformance file (a spread of them in the larger ones). Left to
  /// the plain run: under ThreadSanitizer this took 200 s, and the instrumented runs have
  /// the sampled test below.
  @Test(
    .enabled(if: ConformanceFiles.isAvailable, "JSONTestSuite not found at \(ConformanceFiles.folder): skipped"),
    .enabled(if: !SanitizerBuild.isActive, "every offset is left to the plain run; the sampled test runs here"))
  func everyConformanceFileParsesTheSameWithAFragmentStartingAtAnyByte() throws {
    let names = ConformanceFiles.names(prefix: "")
    #expect(names.count > 300)
    var taken = 0
    for name in names {
      let bytes = try #require(ConformanceFiles.bytes(name))
      taken += Self.expectSameAsSerial(bytes, mode: .automatic, starts: Self.offsets(of: bytes.count), name)
      taken += Self.expectSameAsSerial(bytes, mode: .json, starts: Self.offsets(of: bytes.count, every: 256), name)
    }
    // Fragments were really taken (arrays of several elements are in the suite).
    #expect(taken > 10)
  }

  /// Eight offsets spread over each conformance file, and every element boundary of the
  /// valid files' arrays, where the fragment must be taken: the threads meet there as they
  /// do at any offset. Cheap enough for the instrumented runs.
  @Test(.enabled(if: ConformanceFiles.isAvailable, "JSONTestSuite not found at \(ConformanceFiles.folder): skipped"))
  func conformanceFilesParseTheSameWithFragmentsAtASpreadOfOffsetsAndAtTheirElementBoundaries() throws {
    var boundaries = 0
    for name in ConformanceFiles.names(prefix: "") {
      let bytes = try #require(ConformanceFiles.bytes(name))
      let spread = stride(from: 1, to: bytes.count, by: max(bytes.count / 8, 1))
      Self.expectSameAsSerial(bytes, mode: .automatic, starts: spread, name)
      guard name.hasPrefix("y_") else { continue }
      let starts = Self.arrayElementBoundaries(bytes).sorted()
      let taken = Self.expectSameAsSerial(bytes, mode: .automatic, starts: starts, name)
      #expect(taken == starts.count, "\(name): \(taken) of \(starts.count) boundaries took the fragment")
      boundaries += starts.count
    }
    #expect(boundaries >= 4)
  }

  @Test func generatedDocumentsParseTheSameWithAFragmentStartingAtAnyByte() {
    var random = RandomJSON(seed: 0x5EED_16)
    var taken = 0
    // A quarter of the documents in instrumented builds (several times slower).
    let documents = SanitizerBuild.samples(24, address: 6, thread: 6)
    for number in 0..<documents {
      let text = random.document()
      let bytes = Array(text.utf8)
      let starts = Self.offsets(of: bytes.count, every: number < 3 ? 700 : 0)
      for mode in [JSONTextMode.automatic, .lines] {
        taken += Self.expectSameAsSerial(bytes, mode: mode, starts: starts, "generated document \(number)")
      }
    }
    #expect(taken > documents * 5 / 3)
  }

  @Test func generatedDocumentsWithAnErrorFailAtTheSameLineAndColumn() {
    var random = RandomJSON(seed: 0xBAD_16)
    var failures = 0
    let documents = SanitizerBuild.isActive ? 12 : 24
    for number in 0..<documents {
      var bytes = Array(random.document().utf8)
      guard bytes.count > 4 else { continue }
      // One byte replaced by something that breaks most texts somewhere.
      let position = random.random.next(below: bytes.count)
      bytes[position] = random.pick([
        UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0xFF, 0x01,
      ])
      if case .failure = Self.parse(JSONBytes(bytes), mode: .automatic, .serial).0 { failures += 1 }
      Self.expectSameAsSerial(
        bytes, mode: .automatic, starts: Self.offsets(of: bytes.count, every: 1024), "broken document \(number)")
    }
    #expect(failures > documents / 2)
  }

  /// Records whose text holds `,{` and `,[` inside strings and escapes, multi-byte
  /// characters and numbers of every shape: a fragment starting at any byte is taken at
  /// the element boundaries of arrays (after a `,` outside strings, found here by a
  /// separate walk over the text) and nowhere else.
  @Test func fragmentsAreTakenAtElementBoundariesAndNowhereElse() {
    let records = [
      #"{"s": "a,{\"k\": [1,{}]},{", "n": -12.5e+3}"#,
      #"{"t": "東京,{Zoë}", "u": "\u00e9,[\\", "v": [0, -0.5, 1E-7]}"#,
      #"{"w": "p,{}]", "x": true, "y": null, "z": false}"#,
      #"[1,{"a":"b"},"c,{"]"#,
      #"{"k": "😀,{\"", "k": 2}"#,
    ]
    let text = "[\n" + records.joined(separator: ",\n") + "\n]\n"
    let bytes = Array(text.utf8)
    let input = JSONBytes(bytes)
    let (serial, _) = Self.parse(input, mode: .automatic, .serial)
    let boundaries = Self.arrayElementBoundaries(bytes)
    #expect(boundaries.count == 4 + 2 + 2)  // between records, in `v`, in the array record
    for start in 1..<bytes.count {
      let (parallel, took) = Self.parse(input, mode: .automatic, .forced(start: start, role: .arrayElements))
      #expect(parallel == serial, "fragment at \(start)")
      #expect(took == boundaries.contains(start), "fragment at \(start) taken: \(took)")
    }
    // The duplicate key of the last record is found in the fragment and reported once.
    if case .document(_, _, _, _, _, let warnings, let count) = serial {
      #expect(count == 1 && warnings.count == 1)
    } else {
      Issue.record("the records do not parse: \(serial)")
    }
  }

  /// The offsets just after each `,` of an array, by a walk that knows only strings and
  /// brackets (a closing bracket with nothing open, in a broken text, closes nothing).
  static func arrayElementBoundaries(_ bytes: [UInt8]) -> Set<Int> {
    var result: Set<Int> = []
    var containers: [UInt8] = []
    var inString = false
    var escaped = false
    for (offset, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"): containers.append(byte)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): _ = containers.popLast()
      case UInt8(ascii: ",") where containers.last == UInt8(ascii: "["): result.insert(offset + 1)
      default: break
      }
    }
    return result
  }

  @Test func jsonLinesFragmentsAreTakenAtRecordStarts() {
    // (Fewer records under ThreadSanitizer: a thread for each start.)
    let count = SanitizerBuild.samples(50, address: 50, thread: 16)
    let lines = (0..<count).map { #"{"id": \#($0), "name": "line,{\#($0)}\n", "tags": ["a", "b"]}"# }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let taken = Self.expectSameAsSerial(bytes, mode: .automatic, starts: 1..<bytes.count, "JSON Lines")
    // One start per record but the first (as a top-level value), and the second tag of
    // each record (as an array element).
    #expect(taken == (count - 1) + count)
    Self.expectSameAsSerial(bytes, mode: .lines, starts: 1..<bytes.count, "JSON Lines")
  }

  @Test func aKeyFarFromItsValueKeepsItsOffsetInTheFragment() {
    // A key more than 2^20 bytes before its value goes to the long-key table, by tape index.
    let far = "[{\"a\": 1},{\"key\":" + String(repeating: " ", count: 1 << 20) + "2}, {\"b\": 3}]"
    let bytes = Array(far.utf8)
    let taken = Self.expectSameAsSerial(
      bytes, mode: .json, starts: [10, 11, bytes.count - 11, bytes.count - 10], "long key")
    #expect(taken == 2)
  }

  @Test func warningsFromBothSidesAreMergedInOrderAndCapped() {
    // 1,500 objects with a duplicate key: 1,000 warnings kept, 1,500 counted, in text order.
    let records = (0..<1500).map { #"{"k": \#($0), "k": 0}"# }
    let bytes = Array(("[" + records.joined(separator: ",") + "]").utf8)
    let taken = Self.expectSameAsSerial(bytes, mode: .json, starts: [bytes.count / 3, bytes.count / 2], "duplicates")
    #expect(taken >= 1)
    if case .document(_, _, _, _, _, let warnings, let count) = Self.parse(JSONBytes(bytes), mode: .json, .serial).0 {
      #expect(count == 1500 && warnings.count == 1000)
    }
  }

  @Test func theAutomaticChoiceFindsAnElementBoundaryNearTheMiddle() throws {
    let records = (0..<2000).map { #"{"id": \#($0), "text": "x,{y", "list": [\#($0), {"n": null}]}"# }
    let bytes = JSONBytes(Array(("[\n" + records.joined(separator: ",\n") + "\n]").utf8))
    let (start, role) = try #require(
      ParallelSpeculation.chooseStart(in: bytes, from: 0, mode: .automatic, minimumByteCount: 1), "no start found")
    #expect(role == .arrayElements)
    // Half each: the first element at or after the middle (a record is about 70 bytes).
    #expect(start >= bytes.count / 2 && start < bytes.count / 2 + 100, "start \(start) of \(bytes.count)")
    let (serial, _) = Self.parse(bytes, mode: .automatic, .serial)
    let (parallel, took) = Self.parse(bytes, mode: .automatic, .automatic(minimumByteCount: 1))
    #expect(parallel == serial)
    #expect(took)
    // Small texts stay on one thread.
    #expect(ParallelSpeculation.chooseStart(in: bytes, from: 0, mode: .automatic) == nil)
  }

  @Test func aLineBreakAfterACommaInAnArrayIsNotTakenForATopLevelValue() throws {
    // A pretty-printed array whose middle falls on the line break after a `,`: the start
    // is an array element (before, a JSON Lines boundary, whose fragment was thrown away
    // and the whole text parsed on one thread).
    let records = (0..<2000).map { #"{"id": \#($0), "list": [\#($0)]}"# }
    var text = Array(("[\n" + records.joined(separator: ",\n") + "\n]").utf8)
    let breaks = text.indices.filter { text[$0] == 0x0A && text[$0 - 1] == 0x2C && 2 * $0 <= text.count }
    let lineBreak = try #require(breaks.last)
    // Spaces before the `[` put the middle on that line break.
    let padding = text.count - 2 * lineBreak
    text.insert(contentsOf: Array(repeating: 0x20, count: padding), at: 0)
    let middle = text.count / 2
    #expect(text[middle] == 0x0A && text[middle - 1] == 0x2C)
    let bytes = JSONBytes(text)
    for mode in [JSONTextMode.automatic, .lines] {
      let (start, role) = try #require(
        ParallelSpeculation.chooseStart(in: bytes, from: 0, mode: mode, minimumByteCount: 1), "no start found")
      #expect(role == .arrayElements, "\(mode)")
      #expect(text[start - 1] == 0x2C && start > middle)
    }
    let (serial, _) = Self.parse(bytes, mode: .automatic, .serial)
    let (parallel, took) = Self.parse(bytes, mode: .automatic, .automatic(minimumByteCount: 1))
    #expect(parallel == serial)
    #expect(took)
    // JSON Lines still start at a line: a record's `}` comes before the line break.
    let lines = JSONBytes(Array(records.joined(separator: "\n").utf8))
    let (_, linesRole) = try #require(
      ParallelSpeculation.chooseStart(in: lines, from: 0, mode: .automatic, minimumByteCount: 1))
    #expect(linesRole == .topLevelValues)
  }

  @Test(.timeLimit(.minutes(1)))
  func aLongRunOfWhitespaceInTheMiddleIsLookedAtOnce() throws {
    // 600 KB of line breaks, then a number: each line break was followed to the run's end,
    // over and over (`tgrid check` of such a file ran past 20 s).
    let record = #"{"a": 1, "b": "xyz"}"#
    let half = Array(repeating: record, count: 20_000).joined(separator: ",")
    let text = "[" + half + "," + String(repeating: "\n", count: 600_000) + "0," + half + "]"
    let bytes = JSONBytes(Array(text.utf8))
    let (start, role) = try #require(
      ParallelSpeculation.chooseStart(in: bytes, from: 0, mode: .automatic, minimumByteCount: 1), "no start found")
    #expect(role == .arrayElements)
    #expect(start > text.utf8.count - half.utf8.count - 2)
  }

  /// Many parsers with fragments at once, some dropped while their fragment still runs.
  @Test func parsersWithFragmentsRunConcurrentlyAndCanBeDroppedMidway() async {
    let records = (0..<4000).map { #"{"id": \#($0), "name": "n\#($0)", "v": [\#($0).5, true]}"# }
    let bytes = JSONBytes(Array(("[" + records.joined(separator: ",") + "]").utf8))
    let (serial, _) = Self.parse(bytes, mode: .json, .serial)
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          if task % 2 == 1 {
            // Parse a little, then drop the parser: its fragment is stopped and joined.
            let parser = JSONParser(bytes: bytes, mode: .json)
            parser.parallelism = .automatic(minimumByteCount: 1)
            _ = try? parser.parse(upTo: 1000)
            return true
          }
          let (parallel, _) = Self.parse(bytes, mode: .json, .automatic(minimumByteCount: 1))
          return parallel == serial
        }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 8 && results.allSatisfy { $0 })
  }

  @Test func aProgressiveLoadOfALargeFileTakesTheFragmentAndShowsPreviews() throws {
    // Past the automatic threshold, so the progressive parser uses a second thread.
    let record = #"{"id": 1234567, "name": "Zoë, 東京", "score": -12.5e3, "tags": ["a", "b"], "ok": true}"#
    let count = ParallelSpeculation.minimumByteCount / record.utf8.count + 1000
    let bytes = JSONBytes(
      Array(("[\n" + Array(repeating: record, count: count).joined(separator: ",\n") + "\n]\n").utf8))
    let parser = JSONProgressiveParser(bytes: bytes)
    var previews = 0
    while try !parser.advance(byteBudget: 1 << 20) {
      if let preview = parser.preview(maximumChildren: 10) {
        previews += 1
        #expect(preview.childCount(of: preview.root) == 10)
      }
    }
    let document = try parser.document()
    #expect(previews >= 1)
    #expect(document.childCount(of: document.root) == count)
    guard case .document(let words, _, _, _, _, _, _) = Self.parse(bytes, mode: .automatic, .serial).0 else {
      Issue.record("the records do not parse")
      return
    }
    #expect(document.storage.wordArray(from: 0, count: document.storage.wordCount) == words)
  }

  @Test func aLargeFileReadByTwoThreadsHasEveryByteInPlace() async throws {
    // Past the two-thread threshold, with a pattern that shows any byte out of place.
    let count = JSONBytes.parallelReadByteCount + 12_345
    let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) }
    let path = TemporaryFile.write(bytes)
    defer { TemporaryFile.remove(path) }
    // Open for writing: no lease can be had, so the file is read into memory.
    let writer = open(path, O_WRONLY)
    defer { close(writer) }
    let results = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          guard let read = try? JSONBytes.contentsOfFile(path) else { return false }
          return read.lease == nil && read.array == bytes
        }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results == [true, true, true, true])
  }

  @Test func aProgressiveLoadInSmallStepsKeepsEveryRecord() throws {
    var text = "[\n"
    for index in 0..<150_000 {
      text +=
        #"{"id": \#(index), "name": "user \#(index)", "email": "u\#(index)@example.com", "score": \#(index % 997).5, "city": "Zürich"}"#
      text += index + 1 < 150_000 ? ",\n" : "\n"
    }
    text += "]\n"
    let bytes = JSONBytes(string: text)
    let parser = JSONProgressiveParser(bytes: bytes)
    while try !parser.advance(byteBudget: 1 << 16) { _ = parser.preview(maximumChildren: 50) }
    let document = try parser.document()
    #expect(document.childCount(of: document.root) == 150_000)
    let direct = try JSONDocument(bytes: bytes)
    #expect(direct.childCount(of: direct.root) == 150_000)
  }
}
