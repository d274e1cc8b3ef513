import TestSupport
import Testing

@testable import TermGridCore

/// The cut a tree node draws with: the same text as ``TextWidth/truncated(_:toWidth:ellipsis:)``
/// and the same columns as measuring that text again.
@Suite struct TextWidthMeasuredTruncationTests {
  /// Pieces labels are made of: printable ASCII, controls, wide and combining clusters.
  static let pieces = [
    "a", "Z", "7", " ", "\"", "{", "é", "e\u{301}", "漢", "👍🏽", "\u{1B}", "\n", "\u{7F}", "\u{200B}", "…",
  ]

  @Test func randomLabelsAreCutAndMeasuredAsTruncatedAndDisplayWidthDo() {
    var random = SeededRandom(seed: 29)
    for round in 0..<2_000 {
      // Half the labels are printable ASCII only: the byte path.
      let asciiOnly = round.isMultiple(of: 2)
      var label = ""
      for _ in 0..<random.next(below: 24) {
        label += Self.pieces[random.next(below: asciiOnly ? 6 : Self.pieces.count)]
      }
      let width = random.next(below: 30) - 2
      let (shown, columns) = TextWidth.measuredTruncation(of: label, toWidth: width)
      let expected = TextWidth.truncated(label, toWidth: width)
      #expect(shown == expected, "\(label.debugDescription) in \(width)")
      #expect(columns == TextWidth.displayWidth(of: expected), "\(label.debugDescription) in \(width)")
    }
  }

  @Test func aLabelThatFitsIsKeptAndOneThatDoesNotIsCut() {
    #expect(TextWidth.measuredTruncation(of: "Argentina", toWidth: 9) == ("Argentina", 9))
    #expect(TextWidth.measuredTruncation(of: "Argentina", toWidth: 5) == ("Arge…", 5))
    #expect(TextWidth.measuredTruncation(of: "漢字", toWidth: 3) == ("漢…", 3))
    #expect(TextWidth.measuredTruncation(of: "a\u{1B}b", toWidth: 9) == ("a␛b", 3))
    #expect(TextWidth.measuredTruncation(of: "Argentina", toWidth: 0) == ("", 0))
  }
}
