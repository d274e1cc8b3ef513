import Testing

@testable import TGridApp

/// Cutting a followed stream into records: JSON Lines, values over several lines, text
/// lines, partial lines and lines over the limit.
@Suite struct RecordSplitterTests {
  private func split(_ chunks: [String], limit: Int = 1 << 20, ended: Bool = false) -> [RecordSplitter.Record] {
    var splitter = RecordSplitter(maximumLineByteCount: limit)
    var records: [RecordSplitter.Record] = []
    for chunk in chunks {
      Array(chunk.utf8).withUnsafeBytes { splitter.feed($0, into: &records) }
    }
    if ended { splitter.end(into: &records) }
    return records
  }

  private func json(_ text: String) -> RecordSplitter.Record { .json(Array(text.utf8)) }

  @Test func jsonLinesAreOneRecordEachAndBlankLinesNone() {
    #expect(split(["{\"a\":1}\n\n  [1, 2]\r\n42\n"]) == [json("{\"a\":1}"), json("[1, 2]"), json("42")])
  }

  @Test func aPartialLineWaitsForItsNewline() {
    #expect(split(["{\"a\":", "1}"]).isEmpty)
    #expect(split(["{\"a\":", "1}", "\n"]) == [json("{\"a\":1}")])
  }

  @Test func aValueOverSeveralLinesIsOneRecordWrittenCompactly() {
    #expect(
      split(["{\n  \"a\": [1,\n 2],\n  \"b\": \"}\"\n}\n{\"c\": 3}\n"]) == [
        json("{\"a\":[1,2],\"b\":\"}\"}"), json("{\"c\": 3}"),
      ])
  }

  @Test func linesThatAreNotJSONAreTextRecordsWithTheirLineNumbers() {
    #expect(
      split(["{\"a\":1}\nplain words\n{oops\n{\"b\":2}\n"]) == [
        json("{\"a\":1}"), .text(Array("plain words".utf8), line: 2), .text(Array("{oops".utf8), line: 3),
        json("{\"b\":2}"),
      ])
  }

  @Test func aLineOverTheLimitIsReportedAndSkippedNotHeld() {
    let long = String(repeating: "x", count: 100)
    #expect(
      split(["1\n" + long, long + "\n2\n"], limit: 50) == [json("1"), .tooLong(line: 2, byteCount: 200), json("2")])
  }

  @Test func whenTheStreamEndsWhatIsUnderWayIsARecordAsItIs() {
    // A last line without its newline (`printf` into a pipe) is not lost.
    #expect(split(["{\"a\":1}\n{\"a\":", "2}"], ended: true) == [json("{\"a\":1}"), json("{\"a\":2}")])
    #expect(split(["plain words"], ended: true) == [.text(Array("plain words".utf8), line: 1)])
    // A value that never closed gives its lines as text; a newline at the end adds nothing.
    #expect(
      split(["{\"a\":\n [1,"], ended: true) == [
        .text(Array("{\"a\":".utf8), line: 1), .text(Array(" [1,".utf8), line: 2),
      ])
    #expect(split(["1\n"], ended: true) == [json("1")])
    #expect(split([""], ended: true).isEmpty)
    // A last line over the limit is reported with its length.
    #expect(
      split(["1\n" + String(repeating: "x", count: 80)], limit: 50, ended: true) == [
        json("1"), .tooLong(line: 2, byteCount: 80),
      ])
  }
}
