import TGridSystem
import Testing

@testable import TGridJSON

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ParsingTests {
  @Test(arguments: RoundTripFixtures.all)
  func variedDocumentsWriteBackByteForByte(_ text: String) throws {
    let document = try JSONDocument(parsing: text)
    #expect(document.serializedText() == text)
    #expect(!document.isEdited)
  }

  @Test func bigNumbersKeepTheirExactText() throws {
    let text = "[9007199254740993, 1e400, -0.0, \(RoundTripFixtures.fourHundredDigits), 1E-400]"
    let document = try JSONDocument(parsing: text)
    let elements = Array(document.children(of: document.root))
    #expect(
      elements.map { document.numberText(of: $0) } == [
        "9007199254740993", "1e400", "-0.0", RoundTripFixtures.fourHundredDigits, "1E-400",
      ])
    #expect(document.int(of: elements[0]) == 9_007_199_254_740_993)
    #expect(document.double(of: elements[1]) == .infinity)
    #expect(document.int(of: elements[3]) == nil)
    #expect(document.serializedText() == text)
  }

  @Test func integersAreExactWhateverTheNotation() throws {
    let document = try JSONDocument(parsing: "[12, -3, 1.5e1, 100e-2, 1.5, 9223372036854775808, -9223372036854775808]")
    let values = document.children(of: document.root).map { document.int(of: $0) }
    #expect(values == [12, -3, 15, 1, nil, nil, Int.min])
  }

  @Test func stringsDecodeOnlyWhenAsked() throws {
    let document = try JSONDocument(parsing: #"["plain", "tab\there", "\u00e9\ud83d\ude00", "\ud800 lone", "Zoë"]"#)
    let values = document.children(of: document.root).map { document.string(of: $0) }
    #expect(values == ["plain", "tab\there", "é😀", "\\ud800 lone", "Zoë"])
    let lone = try #require(document[document.root, 3])
    #expect(document.rawText(of: lone) == #""\ud800 lone""#)
  }

  @Test func kindsAndScalarsAreReported() throws {
    let document = try JSONDocument(parsing: #"{"o": {}, "a": [], "s": "x", "n": 1, "t": true, "f": false, "z": null}"#)
    let kinds = document.children(of: document.root).map { document.kind(of: $0) }
    #expect(kinds == [.object, .array, .string, .number, .true, .false, .null])
    let keys = document.children(of: document.root).map { document.key(of: $0) }
    #expect(keys == ["o", "a", "s", "n", "t", "f", "z"])
    #expect(document.bool(of: try #require(document[document.root, "t"])) == true)
    #expect(document.isNull(try #require(document[document.root, "z"])))
    #expect(document.valueCount == 8)
    #expect(document.maximumDepth == 2)
  }

  @Test func duplicateKeysAreKeptInOrderAndReported() throws {
    let text = "{\n  \"id\": 1,\n  \"name\": \"a\",\n  \"id\": 2,\n  \"\\u0069d\": 3\n}"
    let document = try JSONDocument(parsing: text)
    let members = document.children(of: document.root).map { (document.key(of: $0), document.int(of: $0)) }
    #expect(members.map(\.0) == ["id", "name", "id", "id"])
    #expect(members.map(\.1) == [1, nil, 2, 3])
    #expect(document.warnings.map { [$0.line, $0.column] } == [[4, 3], [5, 3]])
    #expect(
      document.warnings.first?.message == #"duplicate key "id" (first at line 2, column 3); both members are kept"#)
    // A key leads to the last member with it, as in jq, Python and JavaScript.
    #expect(document[document.root, "id"].map { document.int(of: $0) } == 3)
    #expect(document.members(forKey: "id", of: document.root).map { document.int(of: $0) } == [1, 2, 3])
    #expect(document.serializedText() == text)
  }

  @Test func duplicatesInLargeObjectsAreFoundThroughTheHashIndex() throws {
    let members = (0..<200).map { "\"k\($0 % 150)\": \($0)" }.joined(separator: ", ")
    let document = try JSONDocument(parsing: "{\(members)}")
    #expect(document.warningCount == 50)
    #expect(document.warnings.allSatisfy { $0.duplicateKey?.hasPrefix("k") == true })
  }

  @Test func aByteOrderMarkIsSkippedAndKept() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)
    let document = try JSONDocument(parsing: bytes)
    #expect(document.hasByteOrderMark)
    #expect(document.kind(of: document.root) == .object)
    #expect(document.serializedBytes() == bytes)
  }

  @Test func errorsAfterAByteOrderMarkCountColumnsWithoutIt() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8)
    #expect { try JSONDocument(parsing: bytes) } throws: { error in
      (error as? JSONSyntaxError).map { $0.line == 1 && $0.column == 4 } ?? false
    }
  }

  @Test func deepNestingParsesWalksAndSerializes() throws {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let document = try JSONDocument(parsing: text)
    #expect(document.maximumDepth == depth)
    var deepest = document.root
    var walked = 0
    for (node, level) in document.descendants(of: document.root) {
      walked += 1
      if level == depth { deepest = node }
    }
    #expect(walked == depth + 1)
    #expect(document.numberText(of: deepest) == "1")
    #expect(document.depth(of: deepest) == depth)
    #expect(document.serializedText() == text)
    #expect(document.formattedText(of: document.root, style: .compact) == text)
    #expect(document.rawText(of: document.root).count == text.count)
    #expect(document.isValue(document.root, equalTo: document.root, in: document))
  }

  @Test func deepObjectsParseAndFormat() throws {
    let depth = 100_000
    let text = String(repeating: "{\"a\":", count: depth) + "null" + String(repeating: "}", count: depth)
    let document = try JSONDocument(parsing: text)
    #expect(document.maximumDepth == depth)
    // Pretty-printing this deep would write depth² spaces: compact is the honest check.
    let compact = document.formattedText(of: document.root, style: .compact)
    #expect(compact == text)
    let reparsed = try JSONDocument(parsing: compact)
    #expect(reparsed.isValue(reparsed.root, equalTo: document.root, in: document))
  }

  @Test func jsonLinesAreDetectedAsAListOfRecords() throws {
    let text = "{\"a\": 1}\n{\"a\": 2}\r\n\n[3]\n"
    let document = try JSONDocument(parsing: text)
    #expect(document.isJSONLines)
    #expect(document.kind(of: document.root) == .array)
    #expect(document.childCount(of: document.root) == 3)
    #expect(
      document.children(of: document.root).map { document.rawText(of: $0) } == ["{\"a\": 1}", "{\"a\": 2}", "[3]"])
    #expect(document.serializedText() == text)
    #expect(document.path(of: try #require(document[document.root, 1])).jq == ".[1]")
  }

  @Test func aSingleValueIsNotJSONLinesUnlessForced() throws {
    let single = try JSONDocument(parsing: "{\"a\": 1}\n")
    #expect(!single.isJSONLines)
    let forced = try JSONDocument(parsing: "{\"a\": 1}\n", options: JSONParseOptions(mode: .lines))
    #expect(forced.isJSONLines)
    #expect(forced.childCount(of: forced.root) == 1)
    let empty = try JSONDocument(parsing: "", options: JSONParseOptions(mode: .lines))
    #expect(empty.childCount(of: empty.root) == 0)
    #expect(empty.serializedText() == "")
  }

  @Test func valuesOnOneLineAreNotJSONLines() {
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: "1 2") }
    #expect(throws: JSONSyntaxError.self) {
      try JSONDocument(parsing: "{} {}", options: JSONParseOptions(mode: .lines))
    }
    #expect(throws: JSONSyntaxError.self) { try JSONDocument(parsing: "1\n2", options: JSONParseOptions(mode: .json)) }
  }

  @Test func nanInfinityCommentsAndTrailingCommasAreRejected() {
    for text in ["[NaN]", "[Infinity]", "[-Infinity]", "[1, // c\n2]", "[1,]", "{\"a\":1,}", "{'a': 1}"] {
      #expect(throws: JSONSyntaxError.self, "\(text)") { try JSONDocument(parsing: text) }
    }
  }

  @Test func navigationFindsParentsPositionsAndSiblings() throws {
    let document = try JSONDocument(parsing: RoundTripFixtures.albums)
    let albums = try #require(document[document.root, "albums"])
    let second = try #require(document[albums, 1])
    let title = try #require(document[second, "title"])
    #expect(document.string(of: title) == "Blue")
    #expect(document.parent(of: title) == second)
    #expect(document.parent(of: second) == albums)
    #expect(document.parent(of: albums) == document.root)
    #expect(document.parent(of: document.root) == nil)
    #expect(document.position(of: second) == 1)
    #expect(document.nextSibling(of: try #require(document[albums, 0])) == second)
    #expect(document.nextSibling(of: second) == nil)
    #expect(document.depth(of: title) == 3)
    #expect(document.contains(title))
    #expect(!document.contains(JSONNode(index: document.root.index + 1)))
  }

  @Test func largeContainersAnswerPositionsFromTheirChildTable() throws {
    let text = "[" + (0..<1000).map { "{\"n\": \($0)}" }.joined(separator: ",") + "]"
    let document = try JSONDocument(parsing: text)
    for position in [0, 1, 500, 999] {
      let element = try #require(document.child(at: position, of: document.root))
      #expect(document.position(of: element) == position)
      #expect(document.int(of: try #require(document[element, "n"])) == position)
      #expect(document.parent(of: try #require(document[element, "n"])) == element)
    }
    #expect(document.child(at: 1000, of: document.root) == nil)
  }

  @Test func largeContainersOfScalarsAreIndexedByArithmeticWithoutAChildTable() throws {
    // 25 M numbers would take a 100 MB child table: children that are all one tape word
    // are found by position without one.
    let text = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
    var document = try JSONDocument(parsing: text)
    #expect(document.hasOnlyScalarChildren(document.root))
    for position in [0, 1, 500, 999] {
      let element = try #require(document.child(at: position, of: document.root))
      #expect(document.int(of: element) == position)
      #expect(document.position(of: element) == position)
    }
    #expect(Array(document.children(of: document.root, from: 998)).map { document.int(of: $0) } == [998, 999])
    #expect(document.children(of: document.root, from: 1000).count == 0)
    var visited: [JSONNode] = []
    document.forEachChild(of: document.root) { visited.append($0) }
    #expect(visited == Array(document.children(of: document.root)))
    #expect(document.storage.caches.withLock { $0.childTables.isEmpty }, "no child table for scalars")

    // A container among them: positions come from a child table again, and agree.
    try document.insert(json: #"{"n": 1}"#, at: 500, in: document.root)
    #expect(!document.hasOnlyScalarChildren(document.root))
    let inserted = try #require(document.child(at: 500, of: document.root))
    #expect(document.kind(of: inserted) == .object)
    let after = try #require(document.child(at: 501, of: document.root))
    #expect(document.int(of: after) == 500)
    #expect(document.position(of: after) == 501)
    #expect(document.position(of: try #require(document[inserted, "n"])) == 0)
    #expect(!document.storage.caches.withLock { $0.childTables.isEmpty })
    visited = []
    document.forEachChild(of: document.root) { visited.append($0) }
    #expect(visited == Array(document.children(of: document.root)))
  }

  @Test func aLargeObjectOfScalarsFindsTheLastOfDuplicateKeysWithoutAChildTable() throws {
    let members = (0..<100).map { "\"k\($0)\": \($0)" } + [#""k7": "last""#]
    let document = try JSONDocument(parsing: "{" + members.joined(separator: ", ") + "}")
    #expect(document.hasOnlyScalarChildren(document.root))
    #expect(document.string(of: try #require(document[document.root, "k7"])) == "last")
    #expect(document.int(of: try #require(document[document.root, "k99"])) == 99)
    #expect(document[document.root, "k100"] == nil)
    #expect(document.storage.caches.withLock { $0.childTables.isEmpty })
  }

  @Test func compactFormattingReparsesToTheSameValue() throws {
    for text in RoundTripFixtures.all {
      let document = try JSONDocument(parsing: text)
      let compact = try JSONDocument(parsing: document.formattedText(of: document.root, style: .compact))
      #expect(compact.isValue(compact.root, equalTo: document.root, in: document), "\(text)")
    }
  }

  @Test func equalityComparesValuesNotSpelling() throws {
    let first = try JSONDocument(parsing: #"{"a": [1, 2.50, "\u0041"], "b": null}"#)
    let second = try JSONDocument(parsing: #"{"a":[1.0,25e-1,"A"],"b":null}"#)
    let third = try JSONDocument(parsing: #"{"b": null, "a": [1, 2.5, "A"]}"#)
    #expect(first.isValue(first.root, equalTo: second.root, in: second))
    #expect(!first.isValue(first.root, equalTo: third.root, in: third))
  }

  @Test func aFileIsReadIntoMemoryUpToTheThresholdAndMappedBeyondIt() throws {
    let path = TemporaryFile.write(Array("{\"a\": [1, 2]}\n".utf8))
    defer { TemporaryFile.remove(path) }
    let bytes = try JSONBytes.contentsOfFile(path)
    #expect(!bytes.isMemoryMapped)
    #expect(bytes.sourceFile?.size == 14)
    let mapped = try JSONBytes.contentsOfFile(path, mapThreshold: 4)
    #expect(mapped.isMemoryMapped)
    for bytes in [bytes, mapped] {
      let document = try JSONDocument(bytes: bytes)
      #expect(document.serializedText() == "{\"a\": [1, 2]}\n")
    }
  }

  @Test func missingFilesAndDirectoriesAreInputErrors() {
    #expect(throws: JSONInputError.notFound(path: "/nonexistent/x.json")) {
      try JSONBytes.contentsOfFile("/nonexistent/x.json")
    }
    #expect(throws: JSONInputError.isDirectory(path: "/tmp")) { try JSONBytes.contentsOfFile("/tmp") }
  }

  @Test func nonRegularFilesAreReadFully() throws {
    let bytes = try JSONBytes.contentsOfFile("/proc/self/stat")
    #expect(!bytes.isMemoryMapped)
    #expect(bytes.count > 0)
  }
}

// MARK: - Fixtures

enum RoundTripFixtures {
  static let fourHundredDigits = String(repeating: "1234567890", count: 40)

  static let albums = """
    {
      "albums": [
        {"title": "Kind of Blue", "year": 1959},
        {"title": "Blue", "year": 1971, "tags": ["folk", "singer-songwriter"]}
      ],
      "count": 2
    }
    """

  static let all: [String] = [
    albums,
    #"{"a":[1,2,{"b":null}],"c":"d"}"#,
    "{\r\n\t\"crlf\": [\r\n\t\t1,\r\n\t\t2\r\n\t]\r\n}\r\n",
    "\t[ true ,false,\tnull ]  \n\n",
    #"["\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t", "Zoë 東京 😀"]"#,
    "[9007199254740993, 1e400, -1.5E-7, 0, -0, \(fourHundredDigits)]",
    "\"just a string\"",
    "  42  ",
    "[[], {}, [[]], {\"\": {}}]",
    #"{"dup": 1, "dup": 2}"#,
    "[\"\\ud800\", \"\\udc00\\ud800\"]",
  ]
}

enum TemporaryFile {
  /// Closed on `exec` from the start: a process another test starts meanwhile must not keep
  /// it open for writing (a file open for writing anywhere refuses a read lease: once, the
  /// lease tests saw a copy instead of a lease).
  static func write(_ bytes: [UInt8]) -> String {
    let (descriptor, path) = try! SystemFile.makeUniqueFile(template: "/tmp/tgrid-json-test-XXXXXX")
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    return path
  }

  static func remove(_ path: String) {
    unlink(path)
  }
}
