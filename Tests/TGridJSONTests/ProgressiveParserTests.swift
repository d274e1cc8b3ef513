import Testing

@testable import TGridJSON

@Suite struct ProgressiveParserTests {
  @Test func advancingInSlicesGivesTheSameDocument() throws {
    let text = ProgressiveFixtures.records(count: 2000)
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text))
    var slices = 0
    var consumed = 0
    while try !parser.advance(byteBudget: 1000) {
      slices += 1
      #expect(parser.bytesConsumed > consumed)
      consumed = parser.bytesConsumed
    }
    #expect(slices > 20)
    #expect(parser.bytesConsumed == parser.totalByteCount)
    let document = try parser.document()
    let direct = try JSONDocument(parsing: text)
    #expect(document.isValue(document.root, equalTo: direct.root, in: direct))
    #expect(document.serializedText() == text)
  }

  @Test func thePreviewShowsTheCompleteFirstChildren() throws {
    let text = ProgressiveFixtures.records(count: 2000)
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text))
    #expect(parser.preview(maximumChildren: 10) == nil)
    _ = try parser.advance(byteBudget: text.utf8.count / 4)
    let preview = try #require(parser.preview(maximumChildren: 10))
    #expect(preview.isPartial)
    #expect(preview.childCount(of: preview.root) == 10)
    let first = try #require(preview[preview.root, 0])
    #expect(preview.int(of: try #require(preview[first, "id"])) == 0)
    #expect(preview.string(of: try #require(preview[first, "name"])) == "Zoë 0")
    let all = try #require(parser.preview(maximumChildren: .max))
    #expect(all.childCount(of: all.root) > 100)
    #expect(all.childCount(of: all.root) < 2000)
  }

  @Test func aPreviewOfAnUnfinishedFirstChildIsNil() throws {
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: "[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 2]"))
    _ = try parser.advance(byteBudget: 4)
    #expect(parser.preview(maximumChildren: 5) == nil)
    #expect(try parser.advance(byteBudget: 1000))
    #expect(parser.preview(maximumChildren: 5)?.childCount(of: JSONNode(index: 2)) == 2)
  }

  @Test func jsonLinesRecordsArePreviewedAsTheyComplete() throws {
    let text = (0..<100).map { "{\"n\": \($0)}" }.joined(separator: "\n")
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text), options: JSONParseOptions(mode: .lines))
    _ = try parser.advance(byteBudget: 100)
    let preview = try #require(parser.preview(maximumChildren: 50))
    #expect(preview.isJSONLines)
    #expect(preview.childCount(of: preview.root) >= 5)
  }

  @Test func cancellingStopsParsing() throws {
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: ProgressiveFixtures.records(count: 1000)))
    _ = try parser.advance(byteBudget: 100)
    parser.cancel()
    #expect(parser.isCancelled)
    #expect(throws: CancellationError.self) { try parser.advance(byteBudget: 100) }
    #expect(throws: CancellationError.self) { try parser.document() }
    #expect(parser.preview(maximumChildren: 1) == nil)
  }

  @Test func syntaxErrorsSurfaceFromTheSliceThatMeetsThem() throws {
    let text = ProgressiveFixtures.records(count: 200) + "x"
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text))
    var error: JSONSyntaxError?
    do {
      while try !parser.advance(byteBudget: 500) {}
    } catch let syntax as JSONSyntaxError {
      error = syntax
    }
    #expect(error?.message == "unexpected 'x' after the JSON value: expected the end of the input")
  }

  @Test func parsingCanRunOnAnotherThread() async throws {
    let text = ProgressiveFixtures.records(count: 5000)
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text))
    let task = Task.detached {
      while try !parser.advance(byteBudget: 4096) {}
      return try parser.document()
    }
    _ = parser.preview(maximumChildren: 3)
    _ = parser.fractionCompleted
    let document = try await task.value
    #expect(document.childCount(of: document.root) == 5000)
  }
}

// MARK: - Fixtures

enum ProgressiveFixtures {
  static func records(count: Int) -> String {
    "[\n"
      + (0..<count).map { "  {\"id\": \($0), \"name\": \"Zoë \($0)\", \"tags\": [\"a\", \"b\"]}" }.joined(
        separator: ",\n") + "\n]\n"
  }
}
