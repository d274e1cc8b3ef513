import Testing

@testable import TGridJSON

/// The root's child table made by the parse (``RootChildren``): whatever the text and
/// wherever a fragment parsed ahead on another thread was taken, the table the finished
/// document holds is the one a walk over the root's children makes, and a root that needs
/// none (all scalars, or too few children) gets none.
@Suite struct RootChildTableTests {
  /// The container the views open first: the synthetic root of JSON Lines, else the root.
  static func rootIndex(_ storage: JSONStorage) -> Int { storage.isLines ? 0 : 2 }

  /// The table the parse left in the cache, if any.
  static func installedTable(_ storage: JSONStorage) -> [UInt32]? {
    let key = UInt32(rootIndex(storage))
    return storage.caches.withLock { $0.childTables[key] }.map { Array($0) }
  }

  /// The root's children as offsets, stepped through on the tape.
  static func walkedTable(_ storage: JSONStorage) -> [UInt32] {
    let root = rootIndex(storage)
    let document = JSONDocument(storage: storage)
    return document.children(of: JSONNode(index: root)).map { UInt32($0.index - root) }
  }

  /// Parses `text` with `parallelism`, as a document is made; nil when it does not parse.
  static func parse(_ text: [UInt8], mode: JSONTextMode, _ parallelism: JSONParser.Parallelism) -> JSONParser? {
    let parser = JSONParser(bytes: JSONBytes(text), mode: mode)
    parser.parallelism = parallelism
    guard (try? parser.parse(upTo: Int.max)) == true else { return nil }
    parser.installRootChildTable()
    return parser
  }

  /// Checks the table after a parse; returns whether one was installed.
  @discardableResult
  static func expectTableAsWalked(
    _ parser: JSONParser, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let storage = parser.storage
    let root = rootIndex(storage)
    guard let installed = installedTable(storage) else {
      // None only where none is used, or where the scalars before the first container
      // were too many to note.
      let uses =
        storage.wordCount > root + 1 && TapeWord.isContainer(storage.word(root)) && storage.usesChildTable(root)
      #expect(
        !uses || walkedTable(storage).count > RootChildren.scalarLimit, "\(name): no table",
        sourceLocation: sourceLocation)
      return false
    }
    #expect(storage.usesChildTable(root), "\(name): a table where none is used", sourceLocation: sourceLocation)
    #expect(
      installed == walkedTable(storage), "\(name): the table differs from the walk", sourceLocation: sourceLocation)
    return true
  }

  /// Records of random values (scalars among them), as one array and as JSON Lines.
  static func records(_ random: inout RandomJSON, count: Int, lines: Bool) -> [UInt8] {
    let values = (0..<count).map { _ in random.value(depth: 1) }
    let text = lines ? values.joined(separator: "\n") + "\n" : "[" + values.joined(separator: ",\n ") + "]"
    return Array(text.utf8)
  }

  @Test func generatedRecordsGetTheTableAWalkMakesWithAFragmentTakenAnywhere() {
    var random = RandomJSON(seed: 0x2007_3411)
    var installed = 0
    var taken = 0
    for number in 0..<8 {
      let lines = number % 2 == 1
      let bytes = Self.records(&random, count: 33 + random.random.next(below: 60), lines: lines)
      let mode: JSONTextMode = lines ? .lines : .automatic
      guard let serial = Self.parse(bytes, mode: mode, .serial) else {
        Issue.record("generated records \(number) do not parse")
        continue
      }
      if Self.expectTableAsWalked(serial, "records \(number), serial") { installed += 1 }
      // Element boundaries (in the root and inside records), where fragments are taken,
      // and a spread of other bytes, where they are not.
      var boundaries = ParallelParsingTests.arrayElementBoundaries(bytes)
      if lines { boundaries.formUnion(bytes.indices.dropLast().filter { bytes[$0] == 0x0A }.map { $0 + 1 }) }
      let sorted = boundaries.sorted()
      let spread = Array(stride(from: 1, to: bytes.count, by: max(bytes.count / 8, 1)))
      let picked = stride(from: 0, to: sorted.count, by: max(sorted.count / 16, 1)).map { sorted[$0] }
      for start in picked + spread {
        for role in [JSONParser.Role.arrayElements, .topLevelValues] {
          guard let parser = Self.parse(bytes, mode: mode, .forced(start: start, role: role)) else {
            Issue.record("records \(number) with a fragment at \(start) do not parse")
            continue
          }
          if parser.tookFragment { taken += 1 }
          Self.expectTableAsWalked(parser, "records \(number), fragment at \(start) as \(role)")
        }
      }
    }
    #expect(installed == 8)
    // Fragments were taken, in the root and in arrays inside records.
    #expect(taken > 60)
  }

  @Test func aRootOfScalarsGetsNoTableAndOneOfScalarsThenRecordsIsWalked() throws {
    let numbers = (0..<5000).map(String.init)
    // All scalars: consecutive words, no table.
    let scalars = try #require(
      Self.parse(Array(("[" + numbers.joined(separator: ",") + "]").utf8), mode: .json, .serial))
    #expect(Self.installedTable(scalars.storage) == nil)
    #expect(scalars.rootChildren.root.offsets.isEmpty)
    // More scalars than are noted before a record: the table is made from the tape when asked.
    let mixed = Array(("[" + numbers.joined(separator: ",") + #",{"a":[1,2]},7]"#).utf8)
    for parallelism in [JSONParser.Parallelism.serial, .forced(start: mixed.count - 14, role: .arrayElements)] {
      let parser = try #require(Self.parse(mixed, mode: .json, parallelism))
      #expect(Self.installedTable(parser.storage) == nil)
      let walked = Self.walkedTable(parser.storage)
      #expect(walked.count == 5002)
      #expect(Array(parser.storage.childTable(of: 2)) == walked)
    }
    // A record first: every child is noted, the scalars after it too.
    let recordFirst = Array((#"[{"a":1},"# + numbers.joined(separator: ",") + "]").utf8)
    let parser = try #require(Self.parse(recordFirst, mode: .json, .serial))
    #expect(Self.installedTable(parser.storage)?.count == 5001)
    Self.expectTableAsWalked(parser, "a record, then 5,000 numbers")
  }

  @Test func aFragmentInsideARecordLeavesTheRootsTableAlone() throws {
    // The fragment starts in the array of the first record's member, not in the root.
    let inner = (0..<40).map { #"{"n":\#($0)}"# }.joined(separator: ",")
    let text = #"[{"list":["# + inner + "]}," + (0..<40).map { #"{"m":\#($0)}"# }.joined(separator: ",") + "]"
    let bytes = Array(text.utf8)
    let start = try #require(bytes.firstIndex(of: UInt8(ascii: ","))) + 1
    let parser = try #require(Self.parse(bytes, mode: .json, .forced(start: start, role: .arrayElements)))
    #expect(parser.tookFragment)
    #expect(Self.installedTable(parser.storage)?.count == 41)
    Self.expectTableAsWalked(parser, "a fragment in a record's array")
  }

  @Test func aProgressiveLoadOnTwoThreadsHandsOverTheTable() throws {
    // Past the automatic threshold, so the fragment is parsed on a second thread.
    let record = #"{"id": 1234567, "name": "Zoë, 東京", "tags": ["a", "b"], "ok": true}"#
    let count = ParallelSpeculation.minimumByteCount / record.utf8.count + 1000
    for lines in [false, true] {
      let text =
        lines
        ? Array(repeating: record, count: count).joined(separator: "\n") + "\n"
        : "[\n" + Array(repeating: record, count: count).joined(separator: ",\n") + "\n]\n"
      var options = JSONParseOptions()
      options.allowsSecondThread = true
      let parser = JSONProgressiveParser(bytes: JSONBytes(Array(text.utf8)), options: options)
      while try !parser.advance(byteBudget: 1 << 20) {}
      let document = try parser.document()
      #expect(parser.tookFragment)
      let installed = try #require(Self.installedTable(document.storage))
      #expect(installed.count == count)
      #expect(installed == Self.walkedTable(document.storage))
      // Positions read it: the last record's parent is the root.
      let last = document.child(at: count - 1, of: document.root)
      #expect(last.flatMap(document.parent(of:)) == document.root)
    }
  }
}
