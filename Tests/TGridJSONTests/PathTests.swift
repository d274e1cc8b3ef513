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
    let cases: [(String, Int)] = [
      (".albums[", 8), (".albums[x]", 8), ("$.", 2), ("/a~2", 2), (#".["open"#, 2), ("albums", 0),
    ]
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
    let document = try JSONDocument(
      parsing: String(repeating: "{\"a b\":[", count: depth) + "0" + String(repeating: "]}", count: depth))
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
    let first = try #require(
      document.node(at: JSONPath([.duplicate(key: "SearchInsights", occurrence: 0), .key("output")])))
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

  @Test func aLargeObjectFindsItsLastDuplicateThroughItsChildTable() throws {
    // More members than the child-table threshold: the key is looked for from the end.
    let members = (0..<40).map { #""k\#($0 % 37)": \#($0)"# }.joined(separator: ", ")
    let document = try JSONDocument(parsing: "{\(members)}")
    #expect(document.int(of: try #require(document[document.root, "k1"])) == 38)
    #expect(document.int(of: try #require(document[document.root, "k5"])) == 5)
    #expect(document.members(forKey: "k2", of: document.root).map { document.int(of: $0) } == [2, 39])
    let first = try #require(document.members(forKey: "k0", of: document.root).first)
    #expect(document.path(of: first).jq == ".k0@0")
    #expect(document.node(at: try JSONPath(jq: ".k0@0")) == first)
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

/// Going to a typed path: which step fails and why, and what Tab can complete.
@Suite struct PathResolutionTests {
  @Test func aPathThatLeadsSomewhereResolvesToTheNode() throws {
    let document = try JSONDocument(parsing: PathFixtures.text)
    let path = try JSONPath(parsing: ".albums[1].title")
    #expect(try document.resolve(path).get() == document.node(at: path))
    #expect(try document.resolve(JSONPath()).get() == document.root)
  }

  @Test func eachKindOfFailureNamesTheStepAndTheReason() throws {
    let document = try JSONDocument(parsing: ResolutionFixtures.text)
    let cases: [(String, String, Int)] = [
      (".a.b.c", #".a.b: no key "c" in object with 12 keys"#, 2),
      (".a.list[40]", ".a.list: index 40 out of range (array of 12)", 2),
      (".a.list[-13]", ".a.list: index -13 out of range (array of 12)", 2),
      (".a.name.first", ".a.name: not an object (a string)", 2),
      (".a.name[0]", ".a.name: not an array (a string)", 2),
      (".a.list.x", ".a.list: not an object (an array of 12)", 2),
      (".a.b[-1]", ".a.b: not an array (an object with 12 keys)", 2),
      (".a.one.missing", #".a.one: no key "missing" in object with 1 key"#, 2),
      (".a.nothing[0]", ".a.nothing: not an array (null)", 2),
      ("/a/b/99", #".a.b: no key "99" in object with 12 keys"#, 2),
      (".x", #".: no key "x" in object with 1 key"#, 0),
      (".a.dup@5", #".a: no member "dup"@5: the object has 2 members with that key"#, 1),
      ("$.a.flag.x", ".a.flag: not an object (true)", 2),
    ]
    for (text, message, step) in cases {
      let path = try JSONPath(parsing: text)
      switch document.resolve(path) {
      case .success(let node):
        Issue.record("\(text) resolved to \(node)")
      case .failure(let failure):
        #expect(failure.description == message, "\(text)")
        #expect(failure.stepIndex == step, "\(text)")
        #expect(document.node(at: failure.reachedPath) == failure.node, "\(text)")
      }
    }
  }

  @Test func completionOffersTheKeysThatStartWithWhatIsTyped() throws {
    let document = try JSONDocument(parsing: ResolutionFixtures.completion)
    func complete(_ text: String) -> [String] { document.completions(forPath: text).candidates }
    #expect(complete(".albums[0].ti") == [".title", ".titleSort"])
    #expect(complete(".albums[0].") == [".title", #"["cover art"]"#, ".titleSort", ".Year"])
    #expect(complete(".albums[0]") == [".title", #"["cover art"]"#, ".titleSort", ".Year"])
    #expect(complete(".albums[0].y") == [".Year"])  // ignoring case, after exact prefixes
    #expect(complete(#".albums[0]["co"#) == [#"["cover art"]"#])
    #expect(complete(#".albums[0]."co"#) == [#"["cover art"]"#])
    #expect(complete(".alb") == [".albums"])
    #expect(complete(".") == [".albums", #".["odd/key~"]"#])
    #expect(complete("") == ["/albums", "/odd~1key~0"])
    #expect(complete("/albums/0/t") == ["/title", "/titleSort"])
    #expect(complete("/od") == ["/odd~1key~0"])
    #expect(complete("$.albums[0].ti") == [".title", ".titleSort"])
    #expect(complete("$.albums[0]['co") == ["['cover art']"])
    #expect(complete("$") == [".albums", "['odd/key~']"])
    #expect(complete(".albums.x") == [])
    #expect(complete(".albums..") == [])
  }

  @Test func completionOffersPositionsOfArraysUpToALimit() throws {
    let document = try JSONDocument(parsing: "{\"list\": [" + (0..<1500).map(String.init).joined(separator: ",") + "]}")
    let all = document.completions(forPath: ".list[", limit: 5)
    #expect(all.candidates == ["[0]", "[1]", "[2]", "[3]", "[4]"])
    #expect(all.totalCount == 1500)
    #expect(all.replacementStart == 5)
    let ones = document.completions(forPath: ".list[1", limit: 4)
    #expect(ones.candidates == ["[1]", "[10]", "[11]", "[12]"])
    #expect(ones.totalCount == 1 + 10 + 100 + 500)
    #expect(document.completions(forPath: "/list/14", limit: 20).candidates.first == "/14")
  }

  @Test func applyingACandidateGivesAPathThatResolves() throws {
    let document = try JSONDocument(parsing: ResolutionFixtures.completion)
    for text in [".albums[0].ti", #".albums[0]["co"#, ".albums[0].", "/albums/0/t", "$.albums[0]['co", ".", "$.alb"] {
      let completion = document.completions(forPath: text)
      #expect(!completion.candidates.isEmpty, "\(text)")
      for candidate in completion.candidates {
        let completed = completion.applying(candidate, to: text)
        #expect(document.node(at: try JSONPath(parsing: completed)) != nil, "\(text) → \(completed)")
      }
    }
    let completion = document.completions(forPath: ".albums[0].ti")
    #expect(completion.commonPrefix == ".title")
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

enum ResolutionFixtures {
  /// `.a.b` has 12 keys and `.a.list` 12 elements, as in the messages of the find issue.
  static let text =
    #"{"a": {"b": {"# + (1...12).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    + #"}, "list": [1,2,3,4,5,6,7,8,9,10,11,12], "name": "x", "one": {"k": 1}, "nothing": null, "flag": true, "dup": 1, "dup": 2}}"#

  static let completion = #"""
    {"albums": [{"title": "Blue", "cover art": null, "titleSort": "blue", "Year": 1971}], "odd/key~": 1}
    """#
}
