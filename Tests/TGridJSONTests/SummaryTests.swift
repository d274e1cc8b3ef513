import TestSupport
import Testing

@testable import TGridJSON

/// `tgrid check` parses without keeping values (``JSONProgressiveParser/summary()``): what
/// it reports must be what the document would say, and the tape must stay small.
@Suite struct SummaryTests {
  /// The summary the document itself gives.
  private func documentSummary(_ text: String) throws -> JSONTextSummary {
    let document = try JSONDocument(parsing: text)
    return JSONTextSummary(
      valueCount: document.valueCount, maximumDepth: document.maximumDepth, byteCount: document.originalByteCount,
      isJSONLines: document.isJSONLines,
      topLevelCount: document.isJSONLines ? document.childCount(of: document.root) : 1,
      warnings: document.warnings, warningCount: document.warningCount)
  }

  /// The summary of a parser that drops values, advanced `budget` bytes at a time (each
  /// advance ends a slice, after which finished values are dropped).
  private func droppingSummary(_ text: String, budget: Int) throws -> JSONTextSummary {
    let parser = JSONProgressiveParser(bytes: JSONBytes(string: text), keepsValues: false)
    while try !parser.advance(byteBudget: budget) {}
    #expect(parser.preview(maximumChildren: 10) == nil, "no values to preview")
    return try parser.summary()
  }

  @Test func aParserThatDropsValuesSummarisesRandomDocumentsLikeTheDocument() throws {
    var generator = RandomJSON(seed: 0xC4EC)
    var warned = 0
    var lines = 0
    // (Each round parses the text byte by byte: fewer rounds in instrumented builds.)
    for round in 0..<(SanitizerBuild.isActive ? 40 : 120) {
      let text = generator.document()
      let expected = try documentSummary(text)
      warned += expected.warningCount > 0 ? 1 : 0
      lines += expected.isJSONLines ? 1 : 0
      for budget in [1, 17, Int.max] {
        #expect(try droppingSummary(text, budget: budget) == expected, "round \(round), budget \(budget): \(text)")
      }
    }
    #expect(warned > 3 && lines > 3, "duplicates and JSON Lines are among the cases")
  }

  @Test func duplicatesFoundAcrossDroppedSlicesKeepTheirLinesAndColumns() throws {
    // The duplicate of "id" comes after thousands of dropped values of the same object.
    let filler = (0..<3000).map { "\"k\($0)\": [\($0), {\"x\": \($0)}]" }.joined(separator: ",\n  ")
    let text = "{\n  \"id\": 1,\n  \(filler),\n  \"id\": 2,\n  \"k7\": 0\n}\n"
    let expected = try documentSummary(text)
    #expect(expected.warningCount == 2)
    #expect(try droppingSummary(text, budget: 100) == expected)
    let lines = (0..<2000).map { #"{"n": \#($0), "n": "again"}"# }.joined(separator: "\n") + "\n"
    let expectedLines = try documentSummary(lines)
    #expect(expectedLines.isJSONLines && expectedLines.topLevelCount == 2000 && expectedLines.warningCount == 2000)
    #expect(try droppingSummary(lines, budget: 1000) == expectedLines)
  }

  @Test func errorsAfterDroppedValuesAreTheSameErrors() throws {
    let records = ProgressiveFixtures.records(count: 3000)
    let broken = [
      String(records.dropLast(3)),  // unexpected end inside the array
      records.replacing("\"id\": 2999", with: "\"id\": 2999,"),
      records.replacing("\"tags\": [\"a\", \"b\"]}\n]", with: "\"tags\": [\"a\" \"b\"]}\n]"),
      records + "x",
    ]
    for text in broken {
      var expected: JSONSyntaxError?
      do { _ = try JSONDocument(parsing: text) } catch { expected = error }
      let wanted = try #require(expected)
      #expect(wanted.line > 3000)
      let parser = JSONProgressiveParser(bytes: JSONBytes(string: text), keepsValues: false)
      #expect(throws: wanted) {
        while try !parser.advance(byteBudget: 500) {}
        _ = try parser.summary()
      }
    }
  }

  @Test func aDroppingParserKeepsOnlyTheWordsOfOpenContainers() throws {
    // Records three deep: between slices the tape holds the synthetic root, the root
    // array and at most the record, its tags array and so on, never the finished records.
    let text = ProgressiveFixtures.records(count: 5000)
    let parser = JSONParser(bytes: JSONBytes(string: text), mode: .automatic)
    parser.dropsFinishedValues = true
    var slices = 0
    while try !parser.parse(upTo: parser.position + 997) {
      #expect(parser.storage.words.count <= 2 * 4, "slice \(slices): \(parser.storage.words.count) words")
      slices += 1
    }
    #expect(slices > 100)
    #expect(parser.valueCount == (try JSONDocument(parsing: text)).valueCount)
  }
}
