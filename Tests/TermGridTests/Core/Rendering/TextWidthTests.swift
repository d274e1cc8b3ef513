import TermGrid
import Testing

@testable import TermGridCore
@testable import TermGridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The width model: a cluster takes the columns a terminal gives its code points.
@Suite struct TextWidthTests {
  @Test(arguments: measuredInTmux)
  func aClusterTakesTheColumnsTmuxAdvancesTheCursorBy(_ sample: (text: String, columns: Int)) {
    #expect(TextWidth.displayWidth(of: sample.text) == sample.columns, "\(sample.text.debugDescription)")
  }

  @Test func printableASCIIIsReadByTheByteAndCutAsClustersAre() {
    let text = "name: \"Argentina\" [12] {a, b}"
    #expect(TextWidth.printableASCIIWidth(of: text) == text.count)
    #expect(TextWidth.displayWidth(of: text) == text.count)
    for width in 0...(text.count + 2) {
      let expected =
        width == 0 ? "" : width >= text.count ? text : width == 1 ? "." : String(text.prefix(width - 1)) + "…"
      #expect(TextWidth.truncated(text, toWidth: width) == expected, "width \(width)")
      #expect(TextWidth.truncated(text[...], toWidth: width) == expected, "a substring, width \(width)")
    }
    // Not printable ASCII: a control byte is still replaced, a combining mark joins its letter.
    #expect(TextWidth.printableASCIIWidth(of: "a\u{1B}b") == nil)
    #expect(TextWidth.truncated("a\u{1B}[31mb", toWidth: 3) == "a␛…")
    #expect(TextWidth.printableASCIIWidth(of: "e\u{301}x") == nil)
    #expect(TextWidth.displayWidth(of: "e\u{301}x") == 2)
    #expect(TextWidth.visibleText("tab\there") == "tab␉here")
    #expect(TextWidth.displayWidth(of: "\u{7F}") == 1)
  }

  @Test func indicClustersTakeAColumnPerSpacingCodePoint() {
    // न्दी is one cluster (a conjunct): न with a virama, द, and the spacing vowel sign ी.
    #expect(Array("न्दी").count == 1)
    #expect(TextWidth.width(of: Character("न्दी")) == 3)
    #expect(TextWidth.width(of: Character("हि")) == 2)
    #expect(TextWidth.width(of: Character("กำ")) == 2)
  }

  @Test func emojiSequencesAreCountedAsTmuxDrawsThem() {
    #expect(TextWidth.width(of: Character("👍🏽")) == 4)  // the modifier takes a cell of its own
    #expect(TextWidth.width(of: Character("🇯🇵")) == 2)  // a regional indicator is one column
    #expect(TextWidth.width(of: Character("🇯")) == 1)
    #expect(TextWidth.width(of: Character("👨‍👩‍👧")) == 2)  // joined emoji go into the joiner's cell
    #expect(TextWidth.width(of: Character("🧑🏽‍🤝‍🧑🏻")) == 6)
    #expect(TextWidth.width(of: Character("❤️")) == 1)  // VS16 does not widen a one-column symbol
    #expect(TextWidth.width(of: Character("☺️")) == 1)
    #expect(TextWidth.width(of: Character("1️⃣")) == 1)
    #expect(TextWidth.width(of: Character("😀")) == 2)
  }

  @Test func aCellHoldsAtMostFiveCodePoints() {
    let cells = { (text: String) in TextWidth.terminalCells(of: Character(text)).map(\.text) }
    #expect(cells("👨‍👩‍👧") == ["👨‍👩‍👧"])
    // Seven code points: split into two glyphs at a joiner, which no cell can hold.
    #expect(cells("👨‍👩‍👧‍👦") == ["👨‍👩‍👧", "👦"])
    #expect(TextWidth.width(of: Character("👨‍👩‍👧‍👦")) == 4)
    // A joiner is never a cell's fifth code point: the emoji after it would have no room.
    #expect(cells("👩‍❤️‍👨") == ["👩‍❤️", "👨"])
    #expect(cells("👩‍❤️‍💋‍👨") == ["👩‍❤️", "💋‍👨"])
    // More than four marks on one base: the extra ones are dropped.
    #expect(cells("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}") == ["e\u{301}\u{302}\u{303}\u{304}"])
    #expect(TextWidth.width(of: Character("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}")) == 1)
  }

  @Test func terminalCellsFollowSpacingCodePointsAndJoiners() {
    let cells = { (text: String) in TextWidth.terminalCells(of: Character(text)).map { [$0.text: $0.width] } }
    #expect(cells("न्दी") == [["न्": 1], ["द": 1], ["ी": 1]])
    #expect(cells("👍🏽") == [["👍": 2], ["🏽": 2]])
    #expect(cells("🇯🇵") == [["🇯": 1], ["🇵": 1]])
    #expect(cells("क्\u{200D}ष") == [["क्\u{200D}ष": 1]])
    #expect(cells("\u{1100}\u{1161}\u{11A8}") == [["\u{1100}\u{1161}\u{11A8}": 2]])
  }

  @Test func aJoinerThatEndsAClusterIsDrawnVisibly() {
    // tmux would pull the next cluster's first code point into the joiner's cell.
    #expect(Array("a\u{200D}b").count == 2)
    #expect(TextWidth.visibleText("a\u{200D}b") == "a\\u200db")
    #expect(TextWidth.visibleText("ก\u{200D}ข") == "ก\\u200dข")
    #expect(TextWidth.visibleText("\u{200D}") == "\\u200d")
    #expect(TextWidth.visibleText("👨‍👩‍👧") == "👨‍👩‍👧")
    #expect(TextWidth.visibleText("क्\u{200D}ष") == "क्\u{200D}ष")
  }

  @Test func zeroWidthCodePointsTakeNoColumn() {
    for text in ["\u{301}", "\u{200B}", "\u{FE0F}", "\u{1161}", "\u{D7B0}", "\u{302A}", "\u{3099}"] {
      #expect(TextWidth.width(of: Character(text)) == 0, "\(text.debugDescription)")
    }
    #expect(TextWidth.width(of: Character("\u{AD}")) == 1)  // a soft hyphen is shown
    #expect(TextWidth.width(of: Character("\u{600}")) == 1)  // prepended concatenation mark
  }

  @Test func truncationAndPaddingCountMultiColumnClusters() {
    #expect(TextWidth.truncated("👍🏽👍🏽", toWidth: 6) == "👍🏽…")
    #expect(TextWidth.truncated("हिन्दी भाषा", toWidth: 6) == "हिन्दी…")
    #expect(TextWidth.truncated("हिन्दी भाषा", toWidth: 5) == "हि…")
    #expect(TextWidth.padded("न्दी", toWidth: 5) == "न्दी  ")
    #expect(TextWidth.displayWidth(of: TextWidth.padded("👨‍👩‍👧x👍🏽", toWidth: 9)) == 9)
  }

  #if canImport(Glibc)
    /// ncurses counts a cell's columns with the C library's `wcwidth`, and tmux lays text out
    /// with it: for every code point the C library knows, the widths must be the same.
    @Test func everyCodePointTakesTheColumnsTheCLibraryGivesIt() throws {
      // This thread's locale only: other tests may be using the process's at the same time.
      let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
      let previous = uselocale(utf8)
      defer {
        uselocale(previous)
        freelocale(utf8)
      }
      var differences: [String] = []
      for value in UInt32(0xA0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value), !TextWidth.isUnsafe(scalar) else { continue }
        // Ages up to Unicode 14, the tables of glibc 2.35 and later.
        guard let age = scalar.properties.age, age.major <= 14 else { continue }
        let library = NcursesTerminal.columnsInTheCLibrary(of: scalar)
        guard library >= 0 else { continue }
        if TextWidth.scalarWidth(scalar) != library {
          differences.append(
            "U+\(String(value, radix: 16, uppercase: true)): \(TextWidth.scalarWidth(scalar)) vs \(library)")
        }
      }
      #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(40))")
    }
  #endif

  // MARK: - Fixtures

  /// The columns tmux 3.3a advanced its cursor by after `printf` of each text (glibc 2.36).
  static let measuredInTmux: [(text: String, columns: Int)] = [
    ("हि", 2), ("न्दी", 3), ("हिन्दी भाषा", 10), ("กำ", 2), ("e\u{301}", 1), ("🇯🇵", 2), ("👍🏽", 4),
    ("👨‍👩‍👧", 2), ("❤️", 1), ("☺︎", 1), ("1️⃣", 1), ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{301}", 0),
    ("\u{AD}", 1), ("🏳️‍🌈", 1), ("🏳️‍⚧️", 1), ("👩🏽‍💻", 4), ("🧑🏽‍🤝‍🧑🏻", 6),
    ("क्\u{200D}ष", 1), ("क्ष", 2), ("👨‍👩‍👧x", 3), ("🇯🇵🇯🇵", 4), ("กำก", 3),
  ]
}
