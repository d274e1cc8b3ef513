import TermGrid
import TestSupport
import Testing

@Suite struct CanvasTests {
  /// `drawGlyph` skips measuring only where measuring could not change anything: every
  /// character, drawn either way into a canvas that already holds a wide character at the
  /// spot, gives the same cells and the same next column.
  @Test func aGlyphIsDrawnExactlyAsTheOneCharacterTextOfIt() {
    let glyphs: [Character] = [
      "a", " ", "~", "\u{7}", "\u{7F}", "\u{9B}", "\u{200B}", "\u{202E}", "•", "⠁", "⣿", "█", "▒", "─", "→", "⬛",
      "⯿", "⌚", "☔", "中", "😀", "e\u{301}", "👍🏽", "\u{301}",
    ]
    for glyph in glyphs {
      for column in [-1, 0, 2, 4, 5] {
        for clip in [
          nil, CellRect(column: 1, row: 0, columns: 3, rows: 1), CellRect(column: 0, row: 1, columns: 6, rows: 1),
        ] {
          var byText = Canvas(size: CellSize(columns: 6, rows: 1))
          byText.draw("中中中", at: CellPoint(column: 0, row: 0), style: .plain)
          var byGlyph = byText
          let textEnd = byText.draw(
            String(glyph), at: CellPoint(column: column, row: 0), style: Style.plain.adding(.bold), clip: clip)
          let glyphEnd = byGlyph.drawGlyph(
            glyph, at: CellPoint(column: column, row: 0), style: Style.plain.adding(.bold), clip: clip)
          #expect(
            byGlyph.cells == byText.cells,
            "\(glyph.unicodeScalars.map(\.value)) at \(column) in \(String(describing: clip))")
          #expect(glyphEnd == textEnd, "\(glyph.unicodeScalars.map(\.value)) at \(column)")
        }
      }
    }
  }

  @Test func asciiTakesOneCellPerCharacter() {
    var canvas = Canvas(size: CellSize(columns: 6, rows: 1))
    let end = canvas.draw("abc", at: CellPoint(column: 1, row: 0), style: .plain)
    #expect(end == 4)
    #expect(canvas.lines == [" abc  "])
  }

  @Test func cjkCharactersTakeTwoCells() {
    var canvas = Canvas(size: CellSize(columns: 8, rows: 1))
    let end = canvas.draw("日本語", at: CellPoint(column: 0, row: 0), style: .plain)
    #expect(end == 6)
    #expect(canvas[0, 0].character == "日")
    #expect(canvas[1, 0].isContinuation)
    #expect(canvas[2, 0].character == "本")
    #expect(canvas.lines == ["日本語  "])
    #expect(TextWidth.displayWidth(of: canvas.lines[0]) == 8)
  }

  @Test func joinedEmojiTakeTwoCells() {
    for emoji in ["👍", "👩‍👩‍👧", "🇫🇷", "😀"] {
      #expect(TextWidth.displayWidth(of: emoji) == 2, "\(emoji)")
      var canvas = Canvas(size: CellSize(columns: 4, rows: 1))
      #expect(canvas.draw(emoji, at: CellPoint(column: 0, row: 0), style: .plain) == 2)
      #expect(canvas[0, 0].character == Character(emoji))
      #expect(canvas[1, 0].isContinuation)
      #expect(!canvas[2, 0].isContinuation)
    }
  }

  @Test func presentationSelectorsLeaveAOneColumnSymbolNarrow() {
    #expect(TextWidth.displayWidth(of: "☺︎") == 1)
    #expect(TextWidth.displayWidth(of: "☺") == 1)
    #expect(TextWidth.displayWidth(of: "☺️") == 1)
  }

  @Test func aClusterTakesAsManyCellsAsItIsWide() {
    for (text, width) in [("न्दी", 3), ("👍🏽", 4), ("กำ", 2), ("👨‍👩‍👧‍👦", 4), ("❤️", 1)] {
      var canvas = Canvas(size: CellSize(columns: 8, rows: 1))
      #expect(canvas.draw(text + "|", at: CellPoint(column: 1, row: 0), style: .plain) == width + 2, "\(text)")
      #expect(canvas[1, 0].character == Character(text))
      #expect(!canvas[1, 0].isContinuation)
      for column in 2..<(1 + width) { #expect(canvas[column, 0].isContinuation, "\(text) \(column)") }
      #expect(canvas[1 + width, 0].character == "|")
      #expect(canvas.lines == [" " + text + "|" + String(repeating: " ", count: 6 - width)])
      #expect(TextWidth.displayWidth(of: canvas.lines[0]) == 8)
    }
  }

  @Test func aClusterThatDoesNotFitTheClipBecomesTheSpacesItWouldCover() {
    var canvas = Canvas(size: CellSize(columns: 8, rows: 1))
    canvas.fill(canvas.bounds, with: "·", style: .plain)
    // The right edge: two of the thumb's four cells are inside.
    canvas.draw(
      "ab👍🏽", at: CellPoint(column: 2, row: 0), style: .plain, clip: CellRect(column: 0, row: 0, columns: 6, rows: 1))
    #expect(canvas.lines == ["··ab  ··"])
    // The left edge: text starting before the clip.
    canvas.draw(
      "न्दीx", at: CellPoint(column: 0, row: 0), style: .plain, clip: CellRect(column: 1, row: 0, columns: 4, rows: 1))
    #expect(canvas.lines == ["·  x  ··"])
    for column in 0..<8 { #expect(!canvas[column, 0].isContinuation) }
  }

  @Test func overwritingAnyCellOfAClusterClearsAllOfIt() {
    for column in 1...4 {
      var canvas = Canvas(size: CellSize(columns: 7, rows: 1))
      canvas.draw("a👍🏽b", at: CellPoint(column: 0, row: 0), style: .plain)
      #expect(canvas.lines == ["a👍🏽b "])
      canvas.draw("x", at: CellPoint(column: column, row: 0), style: .plain)
      var expected = Array("a    b ")
      expected[column] = "x"
      #expect(canvas.lines == [String(expected)], "x at \(column)")
      for index in 0..<7 { #expect(!canvas[index, 0].isContinuation) }
    }
    // A new cluster over the end of one and the start of the next.
    var canvas = Canvas(size: CellSize(columns: 8, rows: 1))
    canvas.draw("न्दीन्दी", at: CellPoint(column: 0, row: 0), style: .plain)
    canvas.draw("日", at: CellPoint(column: 2, row: 0), style: .plain)
    #expect(canvas.lines == ["  日    "])
  }

  @Test func aMarkJoinsAClusterOfManyCells() {
    var canvas = Canvas(size: CellSize(columns: 6, rows: 1))
    let end = canvas.draw("👍🏽", at: CellPoint(column: 0, row: 0), style: .plain)
    canvas.draw("\u{301}", at: CellPoint(column: end, row: 0), style: .plain)
    #expect(canvas[0, 0].character == Character("👍🏽\u{301}"))
    #expect(canvas[4, 0].character == " ")
  }

  @Test func marksBeforeASpacingMarkJoinTheCellBefore() {
    // A lone U+0301 then the spacing vowel sign ि make one cluster whose first code point
    // has no column: a terminal puts it on the cell before.
    #expect(Array("\u{301}\u{93F}").count == 1)
    var canvas = Canvas(size: CellSize(columns: 4, rows: 1))
    canvas.draw("a", at: CellPoint(column: 0, row: 0), style: .plain)
    #expect(canvas.draw("\u{301}\u{93F}x", at: CellPoint(column: 1, row: 0), style: .plain) == 3)
    #expect(canvas[0, 0].character == "a\u{301}")
    #expect(canvas[1, 0].character == "\u{93F}")
    #expect(canvas[2, 0].character == "x")
  }

  @Test func fillRepeatsAWideCharacterAndPadsWithSpaces() {
    var canvas = Canvas(size: CellSize(columns: 7, rows: 1))
    canvas.draw("👍🏽👍🏽", at: CellPoint(column: 0, row: 0), style: .plain)
    canvas.fill(CellRect(column: 2, row: 0, columns: 5, rows: 1), with: "日", style: .plain)
    #expect(canvas.lines == ["  日日 "])
    #expect(canvas[3, 0].isContinuation)
    #expect(!canvas[6, 0].isContinuation)
  }

  @Test func blitBreaksClustersAtTheEdgesOfTheCopiedRectangle() {
    var source = Canvas(size: CellSize(columns: 6, rows: 1))
    source.draw("👍🏽日", at: CellPoint(column: 0, row: 0), style: .plain)
    var target = Canvas(size: CellSize(columns: 6, rows: 1))
    target.draw("न्दीन्दी", at: CellPoint(column: 0, row: 0), style: .plain)
    // Copied two columns to the left: the thumb loses its first two cells.
    target.blit(source, at: CellPoint(column: -2, row: 0))
    #expect(target.lines == ["  日  "])
    var narrow = Canvas(size: CellSize(columns: 3, rows: 1))
    narrow.blit(source, at: CellPoint(column: 0, row: 0))
    #expect(narrow.lines == ["   "])
    for column in 0..<3 { #expect(!narrow[column, 0].isContinuation) }
  }

  @Test func copyTakesARectangleFromACanvasOfTheSameSizeAndBreaksClustersAtItsEdges() {
    var source = Canvas(size: CellSize(columns: 8, rows: 2))
    source.draw("ab日cd日", at: CellPoint(column: 0, row: 0), style: .plain)
    source.draw("xyzw", at: CellPoint(column: 0, row: 1), style: .plain)
    var target = Canvas(size: CellSize(columns: 8, rows: 2))
    target.fill(target.bounds, with: "日", style: .plain)
    // Columns 3 to 5 of the first row: the source's first 日 (columns 2–3) and the
    // target's 日 at 2–3 and 6–7 are cut by the edges.
    target.copy(CellRect(column: 3, row: 0, columns: 3, rows: 1), from: source)
    #expect(target.lines == ["日  cd日", "日日日日"])
    for column in 2..<6 { #expect(!target[column, 0].isContinuation, "column \(column)") }
    // A source cluster cut by the right edge.
    var blank = Canvas(size: CellSize(columns: 8, rows: 2))
    blank.copy(CellRect(column: 1, row: 0, columns: 2, rows: 1), from: source)
    #expect(blank.lines == [" b      ", "        "])
    #expect(!blank[3, 0].isContinuation)
    target.copy(target.bounds, from: source)
    #expect(target == source)
  }

  @Test func combiningMarksStayWithTheirBase() {
    var canvas = Canvas(size: CellSize(columns: 4, rows: 1))
    let end = canvas.draw("e\u{301}x", at: CellPoint(column: 0, row: 0), style: .plain)
    #expect(end == 2)
    #expect(canvas[0, 0].character == "e\u{301}")
    #expect(canvas[1, 0].character == "x")
  }

  @Test func aLoneCombiningMarkAttachesToThePreviousCell() {
    var canvas = Canvas(size: CellSize(columns: 4, rows: 1))
    canvas.draw("a", at: CellPoint(column: 0, row: 0), style: .plain)
    let end = canvas.draw("\u{301}", at: CellPoint(column: 1, row: 0), style: .plain)
    #expect(end == 1)
    #expect(canvas[0, 0].character == "a\u{301}")
    #expect(canvas[1, 0].character == " ")
  }

  @Test func controlCharactersAreDrawnVisibly() {
    var canvas = Canvas(size: CellSize(columns: 20, rows: 1))
    canvas.draw("a\u{1b}[31mb\nc\u{7}\u{7f}", at: CellPoint(column: 0, row: 0), style: .plain)
    #expect(canvas.lines == ["a␛[31mb␊c␇␡         "])
    for cell in canvas.cells {
      for scalar in cell.character.unicodeScalars {
        #expect(scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value))
      }
    }
  }

  @Test func carriageReturnLineFeedIsTwoVisibleCharacters() {
    #expect(TextWidth.visibleText("a\r\nb") == "a␍␊b")
  }

  @Test func c1ControlsAndDirectionOverridesAreEscaped() {
    #expect(TextWidth.visibleText("x\u{9b}2Jy") == "x\\u009b2Jy")
    #expect(TextWidth.visibleText("abc\u{202e}def") == "abc\\u202edef")
  }

  @Test func drawingIsClippedToTheRegion() {
    var canvas = Canvas(size: CellSize(columns: 10, rows: 3))
    let clip = CellRect(column: 2, row: 1, columns: 4, rows: 1)
    canvas.draw("abcdefgh", at: CellPoint(column: 1, row: 1), style: .plain, clip: clip)
    canvas.draw("zzzz", at: CellPoint(column: 2, row: 0), style: .plain, clip: clip)
    #expect(canvas.lines == ["          ", "  bcde    ", "          "])
  }

  @Test func aWideCharacterThatHalfFitsBecomesASpace() {
    var canvas = Canvas(size: CellSize(columns: 5, rows: 1))
    let clip = CellRect(column: 0, row: 0, columns: 3, rows: 1)
    canvas.draw("a日本", at: CellPoint(column: 0, row: 0), style: .plain, clip: clip)
    #expect(canvas.lines == ["a日  "])
    canvas.draw(
      "xy本", at: CellPoint(column: 0, row: 0), style: .plain, clip: CellRect(column: 0, row: 0, columns: 3, rows: 1))
    #expect(canvas.lines == ["xy   "])
    #expect(!canvas[2, 0].isContinuation)
  }

  @Test func overwritingHalfAWideCharacterClearsTheOtherHalf() {
    var canvas = Canvas(size: CellSize(columns: 6, rows: 1))
    canvas.draw("日本語", at: CellPoint(column: 0, row: 0), style: .plain)
    canvas.draw("x", at: CellPoint(column: 1, row: 0), style: .plain)
    #expect(canvas.lines == [" x本語"])
    canvas.draw("y", at: CellPoint(column: 2, row: 0), style: .plain)
    #expect(canvas.lines == [" xy 語"])
    #expect(!canvas[3, 0].isContinuation)
    for row in canvas.lines { #expect(TextWidth.displayWidth(of: row) == 6) }
  }

  @Test func fillReplacesCellsAndBreaksWideCharactersAtItsEdges() {
    var canvas = Canvas(size: CellSize(columns: 6, rows: 2))
    canvas.draw("日本語", at: CellPoint(column: 0, row: 0), style: .plain)
    canvas.fill(CellRect(column: 1, row: 0, columns: 2, rows: 2), with: "·", style: Style(attributes: .bold))
    #expect(canvas.lines == [" ·· 語", " ··   "])
    #expect(canvas[1, 1].style.attributes.contains(.bold))
  }

  @Test func everyLineHasExactlyTheCanvasWidth() {
    var canvas = Canvas(size: CellSize(columns: 7, rows: 4))
    var random = SeededRandom(seed: 9)
    let samples = [
      "日本", "a", "👍🏽", "e\u{301}", "\u{1b}", "表", "🇫🇷", "x", "हिन्दी भाषा", "กำ", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "\u{301}",
      "\u{301}\u{93F}", "🇯", "a\u{200D}", "❤️", "🧑🏽‍🤝‍🧑🏻",
    ]
    for _ in 0..<500 {
      let text = (0..<random.int(in: 1...5)).map { _ in samples[random.int(in: 0...(samples.count - 1))] }.joined()
      canvas.draw(
        text, at: CellPoint(column: random.int(in: -3...8), row: random.int(in: 0...3)), style: .plain,
        clip: CellRect(column: random.int(in: 0...4), row: 0, columns: random.int(in: 0...7), rows: 4))
    }
    for line in canvas.lines { #expect(TextWidth.displayWidth(of: line) == 7, "\(line)") }
  }

  @Test func truncationEndsWithAnEllipsisAndRespectsWideCharacters() {
    #expect(TextWidth.truncated("hello world", toWidth: 8) == "hello w…")
    #expect(TextWidth.truncated("日本語テキスト", toWidth: 6) == "日本…")
    #expect(TextWidth.truncated("short", toWidth: 8) == "short")
    #expect(TextWidth.padded("日本", toWidth: 6) == "日本  ")
  }

  @Test func restyleKeepsCharacters() {
    var canvas = Canvas(size: CellSize(columns: 3, rows: 1))
    canvas.draw("abc", at: CellPoint(column: 0, row: 0), style: .plain)
    canvas.restyle(CellRect(column: 1, row: 0, columns: 1, rows: 1)) { $0.adding(.dim) }
    #expect(canvas.lines == ["abc"])
    #expect(canvas[1, 0].style.attributes == .dim)
    #expect(canvas[0, 0].style.attributes == [])
  }
}

@Suite struct LineCanvasTests {
  @Test func crossingLinesMergeIntoOneJunction() {
    var canvas = Canvas(size: CellSize(columns: 5, rows: 3))
    let lines = LineCanvas(style: .plain, clip: canvas.bounds)
    lines.addHorizontalLine(row: 1, fromColumn: 0, toColumn: 4, in: &canvas)
    lines.addVerticalLine(column: 2, fromRow: 0, toRow: 2, in: &canvas)
    #expect(canvas.lines == ["  │  ", "──┼──", "  │  "])
  }

  @Test func branchesAndElbowsGetTheirGlyphs() {
    var canvas = Canvas(size: CellSize(columns: 4, rows: 3))
    let lines = LineCanvas(style: .plain, clip: canvas.bounds)
    // A parent at the left with children on rows 0 and 2.
    lines.addHorizontalLine(row: 0, fromColumn: 0, toColumn: 3, in: &canvas)
    lines.addVerticalLine(column: 1, fromRow: 0, toRow: 2, in: &canvas)
    lines.addHorizontalLine(row: 2, fromColumn: 1, toColumn: 3, in: &canvas)
    #expect(canvas.lines == ["─┬──", " │  ", " └──"])
  }

  @Test func orderOfDrawingDoesNotMatter() {
    var first = Canvas(size: CellSize(columns: 3, rows: 3))
    var second = first
    let lines = LineCanvas(style: .plain, clip: first.bounds)
    lines.addVerticalLine(column: 1, fromRow: 0, toRow: 2, in: &first)
    lines.add(.right, at: CellPoint(column: 1, row: 1), in: &first)
    lines.add(.right, at: CellPoint(column: 1, row: 1), in: &second)
    lines.addVerticalLine(column: 1, fromRow: 0, toRow: 2, in: &second)
    #expect(first.lines == second.lines)
    #expect(first.lines[1] == " ├ ")
  }

  @Test func everyBoxGlyphReadsBackAsTheDirectionsItShows() {
    var seen: [Character] = []
    for raw in UInt8(1)...15 {
      let directions = LineDirections(rawValue: raw)
      let glyph = directions.glyph
      let read = LineDirections(glyph: glyph)
      // A lone end is drawn as the whole line through the cell.
      let whole: LineDirections =
        directions == .up || directions == .down
        ? .vertical : directions == .left || directions == .right ? .horizontal : directions
      #expect(read == whole, "\(glyph)")
      if !seen.contains(glyph) { seen.append(glyph) }
    }
    #expect(seen.count == 11)
    for other: Character in ["a", " ", "═", "╴", "┍", "╋", "─\u{301}", "日", "\u{2501}", "\u{253D}", "\u{24FF}"] {
      #expect(LineDirections(glyph: other) == nil, "\(other)")
    }
  }

  @Test func linesStayInsideTheirClip() {
    var canvas = Canvas(size: CellSize(columns: 5, rows: 1))
    let lines = LineCanvas(style: .plain, clip: CellRect(column: 1, row: 0, columns: 2, rows: 1))
    lines.addHorizontalLine(row: 0, fromColumn: 0, toColumn: 4, in: &canvas)
    #expect(canvas.lines == [" ──  "])
  }
}
