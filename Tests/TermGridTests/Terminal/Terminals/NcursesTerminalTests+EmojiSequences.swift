import TermGrid
import Testing

@testable import TermGridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Emoji joined by zero width joiners (issue 13.9): the terminal is measured once, and
/// widths follow what it does.
extension NcursesTerminalTests {
  @Test(.enabled(if: localeIsUTF8, "needs a UTF-8 locale"))
  func theTerminalIsAskedHowWideAJoinedSequenceIsAndKeysTypedMeanwhileAreKept() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    _ = pty.readOutput()
    // The answer (and a key typed just before it) is waiting when the terminal asks.
    pty.type("x\u{1B}[1;7R")
    #expect(terminal.measureEmojiSequences() == .perCodePoint, "six columns: every code point took its own")
    let probe = pty.readOutput()
    #expect(probe.hasPrefix("\r" + TextWidth.emojiSequenceProbe + "\u{1B}[6n"))
    #expect(probe.hasSuffix("\r\u{1B}[2K"), "the probe is erased")
    #expect(terminal.nextEvent(timeoutMilliseconds: 0) == .key(KeyEvent(.character("x"))))

    pty.type("\u{1B}[1;3R")
    #expect(terminal.measureEmojiSequences() == .joined, "two columns: one glyph")
  }

  @Test func aTerminalThatDoesNotAnswerIsNotMeasured() throws {
    let pty = try PseudoTerminal(columns: 20, rows: 5)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    #expect(terminal.measureEmojiSequences(timeoutMilliseconds: 50) == nil)
  }

  @Test func cursorReportsAreFoundAmongOtherInput() {
    let bytes = Array("a\u{1B}[A\u{1B}[12;34Rb".utf8)
    let found = CursorReport.find(in: bytes)
    #expect(found?.report.row == 12 && found?.report.column == 34)
    #expect(found?.range == 4..<12)
    #expect(CursorReport.find(in: Array("\u{1B}[12;3".utf8)) == nil, "not complete yet")
    #expect(CursorReport.find(in: Array("\u{1B}[5R\u{1B}[;4R".utf8)) == nil, "not a position")
    #expect(TextWidth.emojiSequences(forProbeAdvance: 2) == .joined)
    #expect(TextWidth.emojiSequences(forProbeAdvance: 6) == .perCodePoint)
    #expect(TextWidth.emojiSequences(forProbeAdvance: 4) == .perCodePoint)
  }

  @Test func widthsFollowTheRuleAndTextRenderingsKeepTheJoinedOne() {
    let family = Character(TextWidth.emojiSequenceProbe)
    #expect(TextWidth.emojiSequences == .joined, "without a terminal (dump), the documented joined rule")
    #expect(TextWidth.width(of: family) == 2)
    TextWidth.withEmojiSequences(.perCodePoint) {
      #expect(TextWidth.width(of: family) == 6)
      #expect(TextWidth.displayWidth(of: "a👨‍👩‍👧b") == 8)
      #expect(TextWidth.width(of: "👍🏽") == 4, "no joiner: the same in both rules")
    }
  }

  @Test(.enabled(if: localeIsUTF8, "needs a UTF-8 locale"))
  func onATerminalThatDoesNotJoinTheRowAfterAFamilyKeepsItsColumns() throws {
    let pty = try PseudoTerminal(columns: 16, rows: 2)
    let terminal = try pty.openTerminal()
    defer { terminal.shutdown() }
    var screen = TerminalEmulator(columns: 16, rows: 2)
    screen.joinsAfterJoiner = false
    screen.feed(pty.readOutputBytes())
    TextWidth.withEmojiSequences(.perCodePoint) {
      var canvas = Canvas(size: terminal.size)
      let end = canvas.draw("│" + TextWidth.emojiSequenceProbe, at: CellPoint(column: 0, row: 0), style: .plain)
      canvas.draw("│", at: CellPoint(column: end, row: 0), style: .plain)
      canvas.draw("│abcdef│", at: CellPoint(column: 0, row: 1), style: .plain)
      terminal.present(canvas)
    }
    screen.feed(pty.readOutputBytes())
    // The right border of both rows is in the same column: the family took six.
    #expect(screen.line(0) == "│👨‍👩‍👧│        ")
    #expect(screen.line(1) == "│abcdef│        ")
    #expect(screen.unknownSequences.isEmpty, "\(screen.unknownSequences)")
  }
}
