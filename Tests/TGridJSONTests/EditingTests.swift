import TestSupport
import Testing

@testable import TGridJSON

@Suite struct EditingTests {
  @Test func replacingAScalarRewritesOnlyThatScalar() throws {
    var document = try JSONDocument(parsing: EditFixtures.pretty)
    let year = try #require(document.node(at: JSONPath(jq: ".albums[0].year")))
    let edit = try document.replace(year, withJSON: " 1960 ")
    #expect(document.serializedText() == EditFixtures.pretty.replacingOccurrences(of: "1959", with: "1960"))
    #expect(edit.kind == .replaced)
    #expect(document.int(of: try #require(edit.node)) == 1960)
    #expect(document.key(of: try #require(edit.node)) == "year")
    #expect(document.isEdited)
  }

  @Test func replacingWithAContainerLaysItOutInTheDocumentStyle() throws {
    var document = try JSONDocument(parsing: EditFixtures.pretty)
    let count = try #require(document[document.root, "count"])
    try document.replace(count, withJSON: #"{"value":2,"exact":[true]}"#)
    #expect(
      document.serializedText() == """
        {
          "albums": [
            {"title": "Kind of Blue", "year": 1959},
            {"title": "Blue", "year": 1971}
          ],
          "count": {
            "value": 2,
            "exact": [
              true
            ]
          }
        }
        """)
    #expect(document.int(of: try #require(document.node(at: JSONPath(jq: ".count.value")))) == 2)
  }

  @Test func valuesAmongOneLineSiblingsStayOnOneLine() throws {
    var document = try JSONDocument(parsing: EditFixtures.pretty)
    let albums = try #require(document[document.root, "albums"])
    try document.insert(json: "{\n\"title\":   \"Hejira\", \"year\": 1976}", at: 2, in: albums)
    #expect(
      document.serializedText() == """
        {
          "albums": [
            {"title": "Kind of Blue", "year": 1959},
            {"title": "Blue", "year": 1971},
            {"title": "Hejira", "year": 1976}
          ],
          "count": 2
        }
        """)
  }

  @Test func removingMembersTakesTheirCommas() throws {
    var document = try JSONDocument(parsing: EditFixtures.pretty)
    let albums = try #require(document[document.root, "albums"])
    try document.remove(try #require(document[albums, 0]))
    #expect(
      document.serializedText() == """
        {
          "albums": [
            {"title": "Blue", "year": 1971}
          ],
          "count": 2
        }
        """)
    try document.remove(try #require(document[document.root, "count"]))
    #expect(
      document.serializedText() == """
        {
          "albums": [
            {"title": "Blue", "year": 1971}
          ]
        }
        """)
    let remaining = try #require(document[document.root, "albums"])
    try document.remove(try #require(document[remaining, 0]))
    #expect(document.serializedText() == "{\n  \"albums\": []\n}")
  }

  @Test func insertingIntoAnEmptyContainerIndentsOneLevelDeeper() throws {
    var document = try JSONDocument(parsing: "{\n    \"list\": [],\n    \"map\": {}\n}\n")
    try document.append(json: "1", to: try #require(document[document.root, "list"]))
    try document.append(json: "[2]", forKey: "k", to: try #require(document[document.root, "map"]))
    #expect(
      document.serializedText() == """
        {
            "list": [
                1
            ],
            "map": {
                "k": [
                    2
                ]
            }
        }

        """)
  }

  @Test func insertingAtTheStartUsesTheSiblingSeparator() throws {
    var document = try JSONDocument(parsing: #"{"a":1,"b":[1, 2]}"#)
    try document.insert(json: "0", forKey: "first \"key\"", at: 0, in: document.root)
    let list = try #require(document[document.root, "b"])
    try document.insert(json: "0", at: 0, in: list)
    #expect(document.serializedText() == #"{"first \"key\"":0,"a":1,"b":[0, 1, 2]}"#)
    #expect(document.key(of: try #require(document[document.root, 0])) == "first \"key\"")
  }

  @Test func untouchedBytesStayIdentical() throws {
    var document = try JSONDocument(parsing: EditFixtures.odd)
    let target = try #require(document.node(at: JSONPath(jq: ".b")))
    try document.replace(target, withJSON: "\"x\"")
    let output = document.serializedText()
    let range = try #require(EditFixtures.odd.firstRange(of: "[1 ,2]"))
    #expect(output == EditFixtures.odd[..<range.lowerBound] + "\"x\"" + EditFixtures.odd[range.upperBound...])
  }

  @Test func crlfAndTabsAreDetectedAndUsed() throws {
    var document = try JSONDocument(parsing: "{\r\n\t\"a\": {\r\n\t\t\"b\": 1\r\n\t}\r\n}")
    #expect(document.formatStyle == JSONFormatStyle(indentation: .tabs, lineBreak: "\r\n"))
    try document.append(json: "[1,2]", forKey: "c", to: document.root)
    #expect(
      document.serializedText()
        == "{\r\n\t\"a\": {\r\n\t\t\"b\": 1\r\n\t},\r\n\t\"c\": [\r\n\t\t1,\r\n\t\t2\r\n\t]\r\n}")
  }

  @Test func minifiedDocumentsStayMinified() throws {
    var document = try JSONDocument(parsing: #"{"a":[1,2],"b":{"c":null}}"#)
    #expect(document.formatStyle.indentation == .none)
    try document.append(json: "{\"d\": [true, false]}", forKey: "e", to: document.root)
    #expect(document.serializedText() == #"{"a":[1,2],"b":{"c":null},"e":{"d":[true,false]}}"#)
  }

  @Test func jsonLinesRecordsAreInsertedAndRemovedAsLines() throws {
    var document = try JSONDocument(parsing: "{\"n\":1}\n{\"n\":2}\n")
    try document.append(json: "{\"n\": 3}", to: document.root)
    try document.insert(json: "{\"n\": 0}", at: 0, in: document.root)
    #expect(document.serializedText() == "{\"n\":0}\n{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n")
    try document.remove(try #require(document[document.root, 2]))
    #expect(document.serializedText() == "{\"n\":0}\n{\"n\":1}\n{\"n\":3}\n")
    try document.remove(try #require(document[document.root, 0]))
    #expect(document.serializedText() == "{\"n\":1}\n{\"n\":3}\n")
    let reparsed = try JSONDocument(parsing: document.serializedText())
    #expect(reparsed.isValue(reparsed.root, equalTo: document.root, in: document))
  }

  @Test func revertingEditsRestoresTheExactText() throws {
    var document = try JSONDocument(parsing: EditFixtures.pretty)
    let original = document.serializedText()
    var edits: [JSONEdit] = []
    let albums = try #require(document[document.root, "albums"])
    edits.append(try document.remove(try #require(document[albums, 0])))
    edits.append(try document.append(json: "[1, 2]", forKey: "extra", to: document.root))
    edits.append(try document.replace(try #require(document[document.root, "count"]), withJSON: "null"))
    let edited = document.serializedText()
    var redos: [JSONEdit] = []
    for edit in edits.reversed() { redos.append(document.revert(edit)) }
    #expect(document.serializedText() == original)
    #expect(!document.isEdited)
    #expect(document.childCount(of: try #require(document[document.root, "albums"])) == 2)
    for redo in redos.reversed() { _ = document.revert(redo) }
    #expect(document.serializedText() == edited)
  }

  @Test func nodesAfterAnEditAreMappedToTheirNewIndex() throws {
    var document = try JSONDocument(parsing: "[[1, 2], 3, {\"a\": 4}]")
    let first = try #require(document[document.root, 0])
    let inner = try #require(document[first, 1])
    let last = try #require(document[document.root, 2])
    let edit = try document.replace(first, withJSON: "[[[0]]]")
    #expect(edit.updatedNode(inner) == nil)
    #expect(edit.updatedNode(document.root) == document.root)
    let moved = try #require(edit.updatedNode(last))
    #expect(document.int(of: try #require(document[moved, "a"])) == 4)
    #expect(document.parent(of: moved) == document.root)
  }

  @Test func aCopyIsUnaffectedByEditsOfTheOriginal() throws {
    var document = try JSONDocument(parsing: "[1, 2, 3]")
    let copy = document
    try document.remove(try #require(document[document.root, 1]))
    #expect(document.serializedText() == "[1, 3]")
    #expect(copy.serializedText() == "[1, 2, 3]")
    #expect(copy.childCount(of: copy.root) == 3)
  }

  @Test func invalidValuesAndMisplacedKeysAreRefused() throws {
    var document = try JSONDocument(parsing: #"{"a": [1]}"#)
    let list = try #require(document[document.root, "a"])
    #expect(throws: JSONEditError.self) { try document.replace(list, withJSON: "[1,]") }
    #expect(throws: JSONEditError.keyRequired) { try document.append(json: "1", to: document.root) }
    #expect(throws: JSONEditError.keyNotAllowed) { try document.append(json: "1", forKey: "k", to: list) }
    #expect(throws: JSONEditError.positionOutOfRange(position: 5, childCount: 1)) {
      try document.insert(json: "1", at: 5, in: list)
    }
    #expect(throws: JSONEditError.cannotRemoveRoot) { try document.remove(document.root) }
    #expect(throws: JSONEditError.self) { try document.replace(list, withJSON: "1 2") }
    #expect(document.serializedText() == #"{"a": [1]}"#)
  }

  @Test func theRootCanBeReplaced() throws {
    var document = try JSONDocument(parsing: "  [\n    1\n  ]\n")
    try document.replace(document.root, withJSON: "{\"a\": 1}")
    #expect(document.serializedText() == "  {\n    \"a\": 1\n  }\n")
    #expect(document.kind(of: document.root) == .object)
    var minified = try JSONDocument(parsing: "[1,2]")
    try minified.replace(minified.root, withJSON: "{\"a\": [1, 2]}")
    #expect(minified.serializedText() == #"{"a":[1,2]}"#)
  }

  @Test func numbersWrittenByEditsEndWhereTheirTextEnds() throws {
    // The two new numbers sit side by side in the edit buffer: the first must not read
    // on into the second.
    var document = try JSONDocument(parsing: "[0, 0]")
    try document.replace(try #require(document[document.root, 0]), withJSON: "1")
    try document.replace(try #require(document[document.root, 1]), withJSON: "2")
    #expect(document.rawText(of: try #require(document[document.root, 0])) == "1")
    try document.remove(try #require(document[document.root, 0]))
    #expect(document.serializedText() == "[2]")
  }

  @Test func manyEditsKeepTheTapeConsistent() throws {
    var document = try JSONDocument(parsing: "[" + (0..<100).map(String.init).joined(separator: ", ") + "]")
    var random = SeededRandom(seed: 7)
    var model = Array(0..<100).map(String.init)
    for step in 0..<300 {
      let count = document.childCount(of: document.root)
      switch random.next(below: 3) {
      case 0 where count > 0:
        let position = random.next(below: count)
        try document.remove(try #require(document[document.root, position]))
        model.remove(at: position)
      case 1:
        let position = random.next(below: count + 1)
        try document.insert(json: "[\(step)]", at: position, in: document.root)
        model.insert("[\(step)]", at: position)
      case 2 where count > 0:
        let position = random.next(below: count)
        try document.replace(try #require(document[document.root, position]), withJSON: "{\"s\": \(step)}")
        model[position] = "{\"s\":\(step)}"  // minified text: no space after the colon
      default:
        continue
      }
      let texts = document.children(of: document.root).map { document.rawText(of: $0) }
      #expect(texts == model, "step \(step)")
      // The container index is updated by each edit, not rebuilt: it must match a rebuild.
      #expect(document.storage.containerIndex() == ContainerIndex(document.storage), "step \(step)")
      for child in document.children(of: document.root) {
        #expect(document.parent(of: child) == document.root)
        if let grandchild = document.child(at: 0, of: child) { #expect(document.parent(of: grandchild) == child) }
      }
    }
    let reparsed = try JSONDocument(parsing: document.serializedText())
    #expect(reparsed.isValue(reparsed.root, equalTo: document.root, in: document))
    #expect(reparsed.valueCount == document.valueCount)
  }

  @Test func savingWritesTheEditedTextAtomically() throws {
    let path = TemporaryFile.write(Array(EditFixtures.pretty.utf8))
    defer { TemporaryFile.remove(path) }
    var document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(path))
    try document.replace(try #require(document[document.root, "count"]), withJSON: "3")
    try document.save(toFile: path)
    let saved = try JSONBytes.contentsOfFile(path)
    #expect(
      String(decoding: saved.array, as: UTF8.self)
        == EditFixtures.pretty.replacingOccurrences(of: "\"count\": 2", with: "\"count\": 3"))
    // The document still reads its (old, mapped) bytes correctly after the file was replaced.
    #expect(document.serializedBytes() == saved.array)
  }

  @Test func editsInsideDeepNestingWork() throws {
    let depth = 100_000
    var document = try JSONDocument(
      parsing: String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
    var node = document.root
    while let child = document.child(at: 0, of: node) { node = child }
    let edit = try document.replace(node, withJSON: "[true, false]")
    #expect(
      document.serializedText() == String(repeating: "[", count: depth) + "[true,false]"
        + String(repeating: "]", count: depth))
    document.revert(edit)
    #expect(!document.isEdited)
  }

  @Test func aPreviewCannotBeEdited() throws {
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: "[1, 2, [3"))
    _ = try? parser.advance(byteBudget: 5)
    var preview = try #require(parser.preview(maximumChildren: 10))
    #expect(throws: JSONEditError.partialDocument) { try preview.remove(try #require(preview[preview.root, 0])) }
  }
}

// MARK: - Fixtures

enum EditFixtures {
  static let pretty = """
    {
      "albums": [
        {"title": "Kind of Blue", "year": 1959},
        {"title": "Blue", "year": 1971}
      ],
      "count": 2
    }
    """

  static let odd = "{ \"a\" :1.000 ,\n\t\"b\":[1 ,2]  , \"c\" : \"\\u00e9\" }\r\n"
}
