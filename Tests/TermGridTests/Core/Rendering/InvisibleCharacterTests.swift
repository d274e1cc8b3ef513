import TermGrid
import Testing

/// Invisible format characters are drawn visibly, so different text never looks the same
/// (issue 14.8).
@Suite struct InvisibleCharacterTests {
  @Test(arguments: [0x200B, 0xFEFF, 0x2060, 0x2061, 0x2064, 0x180E, 0x206A, 0xFFF9, 0xE0001] as [UInt32])
  func anInvisibleFormatCharacterShowsAsItsEscape(_ value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let hex = String(value, radix: 16)
    let escape = "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    #expect(TextWidth.visibleForm(of: Character(scalar)) == escape)
  }

  @Test func keysThatDifferOnlyByAZeroWidthSpaceLookDifferent() {
    var plain = Canvas(size: CellSize(columns: 12, rows: 1))
    plain.draw("ab", at: CellPoint(column: 0, row: 0), style: .plain)
    var hidden = Canvas(size: CellSize(columns: 12, rows: 1))
    let end = hidden.draw("a\u{200B}b", at: CellPoint(column: 0, row: 0), style: .plain)
    #expect(plain.line(0) != hidden.line(0))
    #expect(hidden.line(0) == "a\\u200bb    ")
    #expect(end == 8)
    #expect(TextWidth.displayWidth(of: "\u{FEFF}x") == 7)
  }

  @Test func joinersSelectorsAndEmojiTagsAreStillDrawnAsThemselves() {
    for text in ["👨‍👩‍👧", "❤️", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "क्‍ष", "e\u{301}"] {
      #expect(TextWidth.visibleText(text) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
