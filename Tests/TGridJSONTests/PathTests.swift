import Testing

@testable import TGridJSON

@Suite struct PathTests {
  @Test func pathsRenderInAllThreeSyntaxes() throws {
    let document = try JSONDocument(parsing: PathFixtures.text)
    let title = try #require(document.node(at: JSONPath([.key("albums"), .index(1), .key("title")])))
    let path = document.path(of: title)
    #expect(path.jq == ".albums[1].title")
    #expect(path.jsonPath == "$.albums[1].title")
    #expect(path.jsonPointer == "/albums/1/title")
    let odd = try #require(document.node(at: JSONPath([.key("odd key/~'\"\\"), .key("")])))
    #expect(document.path(of: odd).jq == #".["odd key/~'\"\\"][""]"#)
    #expect(document.path(of: odd).jsonPath == #"$['odd key/~\'"\\']['']"#)
    #expect(document.path(of: odd).jsonPointer == #"/odd key~1~0'"\/"#)
    #expect(document.path(of: document.root).jq == ".")
    #expect(document.path(of: document.root).jsonPath == "$")
    #expect(document.path(of: document.root).jsonPointer == "")
  }

  @Test func everyNodeRoundTripsThroughEverySyntax() throws {
    let document = try JSONDocument(parsing: PathFixtures.text)
    var checked = 0
    for (node, _) in document.descendants(of: document.root) {
      let path = document.path(of: node)
      for text in [path.jq, path.jsonPath, path.jsonPointer] {
        let parsed = try JSONPath(parsing: text)
        if document.node(at: parsed) != node {
          Issue.record("\(text) does not lead back to \(document.rawText(of: node))")
        }
      }
      checked += 1
    }
    #expect(checked == document.valueCount)
  }

  @Test func handWrittenPathsParse() throws {
    let document = try JSONDocument(parsing: PathFixtures.text)
    let expectations: [(String, String)] = [
      (".albums[0].title", #""Kind of Blue""#),
      (#".albums[-1]."title""#, #""Blue""#),
      (#".["albums"][1]["year"]"#, "1971"),
      ("$.albums[-2].year", "1959"),
      (#"$["albums"][1]['title']"#, #""Blue""#),
      ("/albums/0/year", "1959"),
      ("/7", #""seven""#),
      (#"$['with \u00e9']"#, "true"),
    ]
    for (text, raw) in expectations {
      let node = try #require(document.node(at: try JSONPath(parsing: text)), "\(text)")
      #expect(document.rawText(of: node) == raw, "\(text)")
    }
    #expect(document.node(at: try JSONPath(parsing: ".albums[5]")) == nil)
    #expect(document.node(at: try JSONPath(parsing: ".albums.title")) == nil)
  }

  @Test func malformedPathsAreRejectedWithAPosition() {
    let cases: [(String, Int)] = [(".albums[", 8), (".albums[x]", 8), ("$.", 2), ("/a~2", 2), (#".["open"#, 2), ("albums", 0)]
    for (text, position) in cases {
      #expect(throws: JSONPathError.self, "\(text)") { try JSONPath(parsing: text) }
      do {
        _ = try JSONPath(parsing: text)
      } catch {
        #expect(error.position == position, "\(text): \(error)")
      }
    }
  }

  @Test func deepPathsWork() throws {
    let depth = 10_000
    let document = try JSONDocument(parsing: String(repeating: "{\"a b\":[", count: depth) + "0" + String(repeating: "]}", count: depth))
    var node = document.root
    while let child = document.child(at: 0, of: node) { node = child }
    let path = document.path(of: node)
    #expect(path.components.count == 2 * depth)
    #expect(document.node(at: try JSONPath(jq: path.jq)) == node)
    #expect(document.node(at: try JSONPath(jsonPointer: path.jsonPointer)) == node)
  }
}


/// Duplicate keys: a key step leads to the last member (as jq does); earlier ones get `@N`.
@Suite struct DuplicateKeyPathTests {
  @Test func aNodeUnderTheFirstDuplicateGetsAQualifiedPathThatLeadsBackToIt() throws {
    let document = try JSONDocument(parsing: DuplicateFixtures.insights)
    let first = try #require(document.node(at: JSONPath([.duplicate(key: "SearchInsights", occurrence: 0), .key("output")])))
    #expect(document.string(of: first) == "first")
    let path = document.path(of: first)
    #expect(path.jq == ".SearchInsights@0.output")
    #expect(path.jsonPath == "$.SearchInsights@0.output")
    #expect(path.namesHiddenDuplicate)
    #expect(document.node(at: try JSONPath(parsing: path.jq)) == first)
    #expect(document.node(at: try JSONPath(parsing: path.jsonPath)) == first)
    // The plain path is what jq resolves: the second member.
    #expect(path.plain.jq == ".SearchInsights.output")
    #expect(document.string(of: try #require(document.node(at: path.plain))) == "second")
    // A pointer cannot say which one: it is the plain pointer.
    #expect(path.jsonPointer == "/SearchInsights/output")
    #expect(document.node(at: try JSONPath(parsing: path.jsonPointer)) == document.node(at: path.plain))
  }

  @Test func aNodeUnderTheLastDuplicateGetsThePlainJqPath() throws {
    let document = try JSONDocument(parsing: DuplicateFixtures.insights)
    let second = try #require(document.node(at: try JSONPath(jq: ".SearchInsights.output")))
    #expect(document.string(of: second) == "second")
    let path = document.path(of: second)
    #expect(path.jq == ".SearchInsights.output")
    #expect(path.jsonPath == "$.SearchInsights.output")
    #expect(path.jsonPointer == "/SearchInsights/output")
    #expect(!path.namesHiddenDuplicate)
    #expect(path.plain == path)
    #expect(document.node(at: try JSONPath(parsing: path.jq)) == second)
    #expect(document.hiddenDuplicate(containing: second) == nil)
  }

  @Test func theHiddenDuplicateSaysJqSeesOnlyTheLastOne() throws {
    let document = try JSONDocument(parsing: DuplicateFixtures.insights)
    let first = try #require(document.node(at: try JSONPath(jq: ".SearchInsights@0.output")))
    let hidden = try #require(document.hiddenDuplicate(containing: first))
    #expect(hidden.key == "SearchInsights")
    #expect(hidden.occurrence == 0)
    #expect(hidden.count == 2)
    #expect(hidden.member == document.parent(of: first))
    #expect(hidden.visibleMember == document[document.root, "SearchInsights"])
    #expect(hidden.description == #"key "SearchInsights" 1 of 2 in its object: jq sees only the last one"#)
    // The member itself is hidden too; its sibling without duplicates is not.
    #expect(document.hiddenDuplicate(containing: hidden.member)?.member == hidden.member)
    #expect(document.hiddenDuplicate(containing: try #require(document[document.root, "other"])) == nil)
  }

  @Test func threeDuplicatesOfAQuotedKeyAreNumberedFromZero() throws {
    let document = try JSONDocument(parsing: #"{"a b": 1, "x": [{"a b": 2}], "a b": 3, "a b": 4}"#)
    let members = document.members(forKey: "a b", of: document.root)
    #expect(members.map { document.int(of: $0) } == [1, 3, 4])
    #expect(members.map { document.path(of: $0).jq } == [#".["a b"]@0"#, #".["a b"]@1"#, #".["a b"]"#])
    #expect(members.map { document.path(of: $0).jsonPath } == ["$['a b']@0", "$['a b']@1", "$['a b']"])
    for member in members {
      #expect(document.node(at: try JSONPath(parsing: document.path(of: member).jq)) == member)
      #expect(document.node(at: try JSONPath(parsing: document.path(of: member).jsonPath)) == member)
    }
    // The nested "a b" is alone in its object.
    let nested = try #require(document.node(at: try JSONPath(jq: #".x[0]["a b"]"#)))
    #expect(document.path(of: nested).jq == #".x[0]["a b"]"#)
    // `@2` is the last one, the same member as the plain key; `@3` does not exist.
    #expect(document.node(at: try JSONPath(jq: #".["a b"]@2"#)) == members[2])
    #expect(document.node(at: try JSONPath(jq: #".["a b"]@3"#)) == nil)
  }

  @Test func everyNodeOfADocumentWithDuplicatesRoundTrips() throws {
    for mode in [JSONTextMode.automatic, .lines] {
      let document = try JSONDocument(parsing: DuplicateFixtures.nested, options: JSONParseOptions(mode: mode))
      var hidden = 0
      for (node, _) in document.descendants(of: document.root) {
        let path = document.path(of: node)
        #expect(document.node(at: try JSONPath(parsing: path.jq)) == node, "\(path.jq)")
        #expect(document.node(at: try JSONPath(parsing: path.jsonPath)) == node, "\(path.jsonPath)")
        if !path.namesHiddenDuplicate {
          #expect(document.node(at: try JSONPath(parsing: path.jsonPointer)) == node, "\(path.jsonPointer)")
        }
        #expect((document.hiddenDuplicate(containing: node) != nil) == path.namesHiddenDuplicate)
        if path.namesHiddenDuplicate { hidden += 1 }
      }
      #expect(hidden == 8, "\(mode)")
    }
  }

  @Test func anEditThatRepeatsAKeyQualifiesTheEarlierMember() throws {
    var document = try JSONDocument(parsing: #"{"k": 1}"#)
    #expect(document.warningCount == 0)
    try document.append(json: "2", forKey: "k", to: document.root)
    let members = document.members(forKey: "k", of: document.root)
    #expect(members.map { document.path(of: $0).jq } == [".k@0", ".k"])
  }

  @Test func malformedQualifiersAreRejectedWithAPosition() {
    let cases: [(String, Int, String)] = [
      (".a@", 3, "expected the occurrence number of a duplicate key after '@'"),
      (".a@x", 3, "expected the occurrence number of a duplicate key after '@'"),
      (".a[0]@1", 6, "an occurrence '@N' can only follow a key"),
      ("$.a@1@2", 5, "expected '.' or '['"),
    ]
    for (text, position, message) in cases {
      #expect(throws: JSONPathError(position: position, message: message), "\(text)") { try JSONPath(parsing: text) }
    }
  }
}

// MARK: - Fixtures

enum PathFixtures {
  static let text = #"""
    {
      "albums": [
        {"title": "Kind of Blue", "year": 1959},
        {"title": "Blue", "year": 1971}
      ],
      "odd key/~'\"\\": {"": null},
      "7": "seven",
      "with é": true,
      "": [[], {"a.b": 1, "0": 2}],
      "tab\there": 1,
      "\u2dfaA": "starts with a combining mark",
      "~\u0301/\u0301": "escapes followed by combining marks"
    }
    """#
}

enum DuplicateFixtures {
  /// The shape the fuzzer found: the same key twice in one object.
  static let insights = #"{"SearchInsights": {"output": "first"}, "other": 0, "SearchInsights": {"output": "second"}}"#

  /// Duplicates at several depths, in one line so it also reads as one JSON Lines record.
  static let nested =
    #"{"a": {"b": 1, "b": [2, {"c": 3, "c": 4}]}, "a": {"b": 5}, "d": [{"e": 6, "e": 7}]}"#
}
