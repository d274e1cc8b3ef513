import Testing

@testable import TGridJSON

@Suite struct ErrorPositionTests {
  @Test(arguments: ErrorFixtures.cases)
  func errorsNameTheLineColumnAndExpectation(_ fixture: ErrorFixtures.Case) {
    do {
      _ = try JSONDocument(parsing: fixture.text)
      Issue.record("accepted: \(fixture.text)")
    } catch {
      #expect(error.line == fixture.line)
      #expect(error.column == fixture.column)
      #expect(error.message == fixture.message)
      #expect(error.description == "line \(fixture.line), column \(fixture.column): \(fixture.message)")
    }
  }

  @Test(arguments: EncodingFixtures.cases)
  func utf16AndUTF32AreNamedAtTheStart(_ fixture: EncodingFixtures.Case) throws {
    let error = try #require(syntaxError(bytes: fixture.bytes))
    #expect((error.line, error.column, error.byteOffset) == (1, 1, 0))
    #expect(
      error.message
        == "this looks like \(fixture.name); tgrid reads UTF-8 (convert it with iconv -f \(fixture.iconv) -t UTF-8)")
  }

  @Test func anInvalidByteOutsideAStringIsNamedAsInsideOne() throws {
    let inside = try #require(syntaxError(bytes: Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8)))
    #expect(inside.message == "invalid UTF-8: byte 0xFF cannot start a character")
    let value = try #require(syntaxError(bytes: Array("[1, ".utf8) + [0xFF] + Array("]".utf8)))
    #expect((value.column, value.message) == (5, "invalid UTF-8: byte 0xFF cannot start a character"))
    let cut = try #require(syntaxError(bytes: Array("[".utf8) + [0xC3, 0x28] + Array("]".utf8)))
    #expect(cut.message == "invalid UTF-8: byte 0x28 after 0xC3")
    let separator = try #require(syntaxError(bytes: Array("[1 ".utf8) + [0xFE] + Array("]".utf8)))
    #expect(separator.message == "expected ',' or ']', found byte 0xFE (invalid UTF-8)")
    let key = try #require(syntaxError(bytes: Array("{".utf8) + [0x80] + Array(": 1}".utf8)))
    #expect(key.message == "expected a key in double quotes or '}', found byte 0x80 (invalid UTF-8)")
    // A valid character is still shown as itself.
    let character = try #require(syntaxError("[é]"))
    #expect(character.message == "expected a value (object, array, string, number, true, false or null), found 'é'")
  }

  @Test func oneValueIsSingular() throws {
    #expect(try JSONDocument(parsing: "1").valueCountDescription == "1 value")
    #expect(try JSONDocument(parsing: "[1]").valueCountDescription == "2 values")
  }

  @Test func runningOutOfMemoryNamesTheBufferThatGrows() {
    let input = GrowableBuffer<UInt8>.outOfMemoryMessage(capacity: 5_000_000_000)
    #expect(input == "out of memory: cannot grow the buffer holding the input read so far to 5000 MB")
    #expect(!input.contains("tape"))
    #expect(
      GrowableBuffer<UInt64>.outOfMemoryMessage(capacity: 1_000_000)
        == "out of memory: cannot grow the buffer holding the document's index to 8 MB")
    #expect(GrowableBuffer<UInt64>.outOfMemoryMessage(capacity: Int.max).hasSuffix("to more than \(Int.max) bytes"))
  }

  @Test func theExcerptPutsACaretUnderTheColumn() throws {
    let error = try #require(syntaxError("{\n  \"name\": \"Zoë\",\n  \"age\": 3x\n}"))
    #expect(error.line == 3)
    #expect(error.column == 11)
    #expect(error.excerpt == "  \"age\": 3x\n          ^")
    #expect(
      error.rendered(fileName: "people.json") == """
        people.json:3:11: expected ',' or '}', found 'x'
              "age": 3x
                      ^
        """)
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let error = try #require(syntaxError("[\"東京\", \"Zoë\" x]"))
    #expect(error.column == 14)
    #expect(error.excerpt == "[\"東京\", \"Zoë\" x]\n" + String(repeating: " ", count: 15) + "^")
  }

  @Test func tabsStayTabsUnderTheCaret() throws {
    let error = try #require(syntaxError("[\n\t\t1,\n\t\t]"))
    #expect((error.line, error.column) == (3, 3))
    #expect(error.excerpt == "\t\t]\n\t\t^")
  }

  @Test func crlfCountsAsOneLineBreak() throws {
    let error = try #require(syntaxError("[\r\n1,\r\n2\r\n,]"))
    #expect((error.line, error.column) == (4, 2))
  }

  @Test func aVeryLongLineIsShownAsAWindowAroundTheColumn() throws {
    let prefix = "[" + String(repeating: "1,", count: 500_000)
    let error = try #require(syntaxError(prefix + "x]"))
    #expect(error.column == prefix.count + 1)
    #expect(error.sourceLine.count < 120)
    #expect(error.sourceLine.hasPrefix("…"))
    #expect(error.sourceLine.contains("1,1,x]"))
    let caret = try #require(error.caretLine.firstIndex(of: "^"))
    let marked = error.sourceLine[
      error.sourceLine.index(
        error.sourceLine.startIndex, offsetBy: error.caretLine.distance(from: error.caretLine.startIndex, to: caret))]
    #expect(marked == "x")
  }

  @Test func theEndOfInputIsPointedAtAfterTheLastCharacter() throws {
    let error = try #require(syntaxError("{\"a\": [1, 2"))
    #expect((error.line, error.column) == (1, 12))
    #expect(error.message == "unexpected end of input: expected ',' or ']'")
    #expect(error.caretLine == String(repeating: " ", count: 11) + "^")
  }

  @Test func controlCharactersInTheExcerptAreMadeVisible() throws {
    let error = try #require(syntaxError("[\"a\u{0}b\"]"))
    #expect(error.message == "control character U+0000 must be escaped in a string")
    #expect(error.sourceLine == "[\"a\u{FFFD}b\"]")
  }

  private func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(bytes: Array(text.utf8))
  }

  private func syntaxError(bytes: [UInt8]) -> JSONSyntaxError? {
    do {
      _ = try JSONDocument(parsing: bytes)
      return nil
    } catch {
      return error
    }
  }
}

// MARK: - Fixtures

enum ErrorFixtures {
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let line: Int
    let column: Int
    let message: String
    var testDescription: String { text.debugDescription }
  }

  static let cases: [Case] = [
    Case(text: "", line: 1, column: 1, message: "expected a JSON value, found the end of the input"),
    Case(text: "[1,]", line: 1, column: 4, message: "trailing comma is not allowed: expected a value after ','"),
    Case(text: "{\"a\":1,}", line: 1, column: 8, message: "trailing comma is not allowed: expected a key after ','"),
    Case(text: "[1 2]", line: 1, column: 4, message: "expected ',' or ']' after an element, found '2' (missing ','?)"),
    Case(text: "{\"a\" 1}", line: 1, column: 6, message: "expected ':' after the key, found '1'"),
    Case(text: "{a: 1}", line: 1, column: 2, message: "expected a key in double quotes or '}', found 'a'"),
    Case(text: "[NaN]", line: 1, column: 2, message: "NaN is not valid JSON (RFC 8259 has no NaN or infinities)"),
    Case(text: "[-Infinity]", line: 1, column: 2, message: "-Infinity is not valid JSON (RFC 8259 has no infinities)"),
    Case(text: "[1] // done", line: 1, column: 5, message: "comments are not allowed in JSON (RFC 8259)"),
    Case(text: "[01]", line: 1, column: 2, message: "numbers cannot have leading zeros"),
    Case(text: "[1.]", line: 1, column: 4, message: "expected a digit after the decimal point"),
    Case(
      text: "\n\n  [\"abc", line: 3, column: 8,
      message: "unterminated string: expected '\"' before the end of the input"),
    Case(
      text: "[\"\\x\"]", line: 1, column: 4,
      message: "invalid escape '\\x': expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
    Case(text: "[\"\\u12\"]", line: 1, column: 7, message: "expected four hexadecimal digits after '\\u'"),
    Case(text: "[tru]", line: 1, column: 2, message: "invalid literal: expected 'true'"),
    Case(
      text: "[1]]", line: 1, column: 4, message: "unexpected ']' after the JSON value: expected the end of the input"),
    Case(text: "{\"a\": [1}", line: 1, column: 9, message: "mismatched '}': expected ',' or ']'"),
    Case(text: "['x']", line: 1, column: 2, message: "strings must be in double quotes, found \"'\""),
  ]
}

enum EncodingFixtures {
  struct Case: Sendable, CustomStringConvertible {
    var bytes: [UInt8]
    var name: String
    var iconv: String
    var description: String {
      "\(iconv)\(bytes.first == 0xFF || bytes.first == 0xFE || bytes.starts(with: [0, 0, 0xFE]) ? " with BOM" : "")"
    }
  }

  static let text = #"{"a": "é"}"#

  static func utf16(bigEndian: Bool, mark: Bool) -> [UInt8] {
    let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
    return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  }

  static func utf32(bigEndian: Bool, mark: Bool) -> [UInt8] {
    let scalars = (mark ? [0xFEFF] : []) + text.unicodeScalars.map(\.value)
    return scalars.flatMap { value in
      let bytes = (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
      return bigEndian ? bytes.reversed() : bytes
    }
  }

  static let cases: [Case] = [
    Case(bytes: utf16(bigEndian: false, mark: true), name: "UTF-16 (little-endian)", iconv: "UTF-16LE"),
    Case(bytes: utf16(bigEndian: false, mark: false), name: "UTF-16 (little-endian)", iconv: "UTF-16LE"),
    Case(bytes: utf16(bigEndian: true, mark: true), name: "UTF-16 (big-endian)", iconv: "UTF-16BE"),
    Case(bytes: utf16(bigEndian: true, mark: false), name: "UTF-16 (big-endian)", iconv: "UTF-16BE"),
    Case(bytes: utf32(bigEndian: false, mark: true), name: "UTF-32 (little-endian)", iconv: "UTF-32LE"),
    Case(bytes: utf32(bigEndian: false, mark: false), name: "UTF-32 (little-endian)", iconv: "UTF-32LE"),
    Case(bytes: utf32(bigEndian: true, mark: true), name: "UTF-32 (big-endian)", iconv: "UTF-32BE"),
    Case(bytes: utf32(bigEndian: true, mark: false), name: "UTF-32 (big-endian)", iconv: "UTF-32BE"),
  ]
}
