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
