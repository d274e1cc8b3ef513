import TermGrid
import Testing

/// ASCII stand-ins for lines, borders and markers, for a locale that cannot encode them.
@Suite struct ASCIIFallbackTests {
  @Test func linesCornersAndMarkersHaveOneColumnASCIIStandIns() {
    let samples: [(Character, Character)] = [
      ("─", "-"), ("━", "-"), ("═", "-"), ("│", "|"), ("║", "|"), ("╭", "+"), ("╯", "+"), ("├", "+"), ("┼", "+"),
      ("└", "+"), ("▸", ">"), ("▾", "v"), ("…", "~"), ("·", "."),
    ]
    for (glyph, standIn) in samples {
      #expect(TextWidth.asciiFallback(for: glyph) == standIn, "\(glyph)")
      #expect(TextWidth.width(of: glyph) == 1, "\(glyph) takes one column, as its stand-in does")
    }
    for glyph in LineDirections.allGlyphs { #expect(TextWidth.asciiFallback(for: glyph) != nil, "\(glyph)") }
    #expect(TextWidth.asciiFallback(for: "日") == nil, "data text has no stand-in")
    #expect(TextWidth.asciiFallback(for: "a") == nil)
  }
}

extension LineDirections {
  /// Every glyph a line canvas draws.
  static var allGlyphs: [Character] {
    (1..<16).map { LineDirections(rawValue: UInt8($0)).glyph }
  }
}
