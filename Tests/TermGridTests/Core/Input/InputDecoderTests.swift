import TermGrid
import Testing

@Suite struct InputDecoderTests {
  // MARK: Text

  @Test func asciiTextBecomesOneCharacterEventEach() {
    #expect(decode("ab1 ") == [key("a"), key("b"), key("1"), key(" ")])
  }

  @Test func textInAnyScriptIsDecodedFromUTF8() {
    #expect(decode("é漢👍🏽ж") == [key("é"), key("漢"), key("👍🏽"), key("ж")])
  }

  @Test func aCharacterSplitAcrossReadsIsHeldUntilComplete() {
    var decoder = InputDecoder()
    let bytes = Array("漢".utf8)
    #expect(decoder.feed(bytes[0..<1]).isEmpty)
    #expect(decoder.feed(bytes[1..<2]).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed(bytes[2..<3]) == [key("漢")])
    #expect(!decoder.hasPendingInput)
  }

  @Test func anEmojiSplitAcrossReadsByteByByteArrivesWhole() {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for byte in Array("🙂".utf8) { events += decoder.feed([byte]) }
    #expect(events == [key("🙂")])
  }

  @Test func invalidUTF8IsDroppedNotTurnedIntoKeys() {
    #expect(decode([0xFF, 0x61, 0xC0, 0x80, 0x62]) == [key("a"), key("b")])
  }

  @Test func c1ControlsSentAsUTF8AreNotKeys() {
    #expect(decode("a\u{9B}1;2Hb") == [key("a"), key("1"), key(";"), key("2"), key("H"), key("b")])
  }

  @Test func anIncompleteCharacterIsDroppedWhenFlushed() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0xE6, 0xBC]).isEmpty)
    #expect(decoder.flushPending().isEmpty)
    #expect(!decoder.hasPendingInput)
  }

  // MARK: Control keys

  @Test func enterTabAndBothBackspacesDecode() {
    #expect(
      decode([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [
        .key(KeyEvent(.enter)), .key(KeyEvent(.enter)), .key(KeyEvent(.tab)), .key(KeyEvent(.backspace)),
        .key(KeyEvent(.backspace)),
      ])
  }

  @Test func controlLettersAreLowercaseControlKeys() {
    #expect(
      decode([0x01, 0x03, 0x1A, 0x00, 0x1C, 0x1F]) == [
        .key(KeyEvent(.control("a"))), .key(KeyEvent(.control("c"))), .key(KeyEvent(.control("z"))),
        .key(KeyEvent(.control(" "))), .key(KeyEvent(.control("\\"))), .key(KeyEvent(.control("_"))),
      ])
  }

  @Test func altLettersArriveAsEscPrefix() {
    #expect(
      decode("\u{1B}x\u{1B}X\u{1B}é") == [
        .key(KeyEvent(.character("x"), modifiers: .alt)), .key(KeyEvent(.character("X"), modifiers: .alt)),
        .key(KeyEvent(.character("é"), modifiers: .alt)),
      ])
  }

  @Test func altOnAControlKeyKeepsBoth() {
    #expect(
      decode([0x1B, 0x7F, 0x1B, 0x01]) == [
        .key(KeyEvent(.backspace, modifiers: .alt)), .key(KeyEvent(.control("a"), modifiers: .alt)),
      ])
  }

  // MARK: Escape

  @Test func aLoneEscWaitsForTheDelayThenIsEsc() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flushDelayMilliseconds == InputDecoder.escapeDelayMilliseconds)
    #expect(decoder.flushPending() == [.key(KeyEvent(.escape))])
    #expect(decoder.flushDelayMilliseconds == nil)
  }

  @Test func escFollowedByASequenceInTheSameReadIsTheSequence() {
    #expect(decode("\u{1B}[A") == [.key(KeyEvent(.up))])
  }

  @Test func escPressedTwiceIsTwoEscs() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B, 0x1B]).isEmpty)
    #expect(decoder.flushPending() == [.key(KeyEvent(.escape)), .key(KeyEvent(.escape))])
  }

  @Test func escThenAKeyLaterInAnotherReadIsTwoKeysWhenFlushedBetween() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flushPending() == [.key(KeyEvent(.escape))])
    #expect(decoder.feed(Array("j".utf8)) == [key("j")])
  }

  @Test func escBracketAloneFlushesAsAltBracket() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.flushPending() == [.key(KeyEvent(.character("["), modifiers: .alt))])
  }

  @Test func escOAloneFlushesAsAltO() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}O".utf8)).isEmpty)
    #expect(decoder.flushPending() == [.key(KeyEvent(.character("O"), modifiers: .alt))])
  }

  @Test func altEscapeSequencesGetAlt() {
    #expect(decode("\u{1B}\u{1B}[A") == [.key(KeyEvent(.up, modifiers: .alt))])
  }

  // MARK: Special keys

  @Test func arrowsDecodeInBothCursorModes() {
    #expect(
      decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [
        .key(KeyEvent(.up)), .key(KeyEvent(.down)), .key(KeyEvent(.right)), .key(KeyEvent(.left)),
        .key(KeyEvent(.up)), .key(KeyEvent(.down)), .key(KeyEvent(.right)), .key(KeyEvent(.left)),
      ])
  }

  @Test(arguments: [
    ("\u{1B}[1;2A", KeyEvent(.up, modifiers: .shift)),
    ("\u{1B}[1;5B", KeyEvent(.down, modifiers: .control)),
    ("\u{1B}[1;3C", KeyEvent(.right, modifiers: .alt)),
    ("\u{1B}[1;6D", KeyEvent(.left, modifiers: [.shift, .control])),
    ("\u{1B}[1;7A", KeyEvent(.up, modifiers: [.alt, .control])),
    ("\u{1B}[1;9A", KeyEvent(.up, modifiers: .alt)),
  ])
  func modifiedArrowsCarryXtermModifiers(sequence: String, expected: KeyEvent) {
    #expect(decode(sequence) == [.key(expected)])
  }

  @Test func homeAndEndDecodeInEveryForm() {
    #expect(
      decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF\u{1B}[7~\u{1B}[8~\u{1B}[1;5H") == [
        .key(KeyEvent(.home)), .key(KeyEvent(.end)), .key(KeyEvent(.home)), .key(KeyEvent(.end)),
        .key(KeyEvent(.home)), .key(KeyEvent(.end)), .key(KeyEvent(.home)), .key(KeyEvent(.end)),
        .key(KeyEvent(.home, modifiers: .control)),
      ])
  }

  @Test func pageKeysInsertAndDeleteDecode() {
    #expect(
      decode("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~\u{1B}[3;2~\u{1B}[6;5~") == [
        .key(KeyEvent(.pageUp)), .key(KeyEvent(.pageDown)), .key(KeyEvent(.insert)), .key(KeyEvent(.delete)),
        .key(KeyEvent(.delete, modifiers: .shift)), .key(KeyEvent(.pageDown, modifiers: .control)),
      ])
  }

  @Test func shiftTabIsBackTab() {
    #expect(decode("\u{1B}[Z") == [.key(KeyEvent(.backTab))])
  }

  @Test func functionKeysDecodeFromSS3AndTildeForms() {
    let sequence =
      "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~"
      + "\u{1B}[11~\u{1B}[12~\u{1B}[13~\u{1B}[14~"
    #expect(decode(sequence) == (Array(1...12) + Array(1...4)).map { .key(KeyEvent(.function($0))) })
  }

  @Test func modifiedFunctionKeysCarryModifiers() {
    #expect(
      decode("\u{1B}[21;2~\u{1B}[1;5P\u{1B}[1;2S\u{1B}O2Q\u{1B}[24;3~") == [
        .key(KeyEvent(.function(10), modifiers: .shift)), .key(KeyEvent(.function(1), modifiers: .control)),
        .key(KeyEvent(.function(4), modifiers: .shift)), .key(KeyEvent(.function(2), modifiers: .shift)),
        .key(KeyEvent(.function(12), modifiers: .alt)),
      ])
  }

  @Test func theMenuKeyDecodes() {
    #expect(decode("\u{1B}[29~") == [.key(KeyEvent(.menu))])
  }

  @Test func linuxConsoleFunctionKeysDecode() {
    #expect(decode("\u{1B}[[A\u{1B}[[E") == [.key(KeyEvent(.function(1))), .key(KeyEvent(.function(5)))])
  }

  @Test func rxvtModifiedKeysDecode() {
    #expect(
      decode("\u{1B}[5^\u{1B}[2$\u{1B}Oa\u{1B}[d") == [
        .key(KeyEvent(.pageUp, modifiers: .control)), .key(KeyEvent(.insert, modifiers: .shift)),
        .key(KeyEvent(.up, modifiers: .control)), .key(KeyEvent(.left, modifiers: .shift)),
      ])
  }

  @Test func escOFollowedByAnythingElseIsAltOAndThatThing() {
    #expect(decode("\u{1B}Oz") == [.key(KeyEvent(.character("O"), modifiers: .alt)), key("z")])
  }

  @Test func codePointReportsDecode() {
    #expect(
      decode("\u{1B}[97;5u\u{1B}[27;2;13~\u{1B}[106;3u") == [
        .key(KeyEvent(.control("a"))), .key(KeyEvent(.enter, modifiers: .shift)),
        .key(KeyEvent(.character("j"), modifiers: .alt)),
      ])
  }

  @Test func keypadKeysInApplicationModeAreTheirCharacters() {
    #expect(
      decode("\u{1B}Op\u{1B}Oy\u{1B}OM") == [
        key("0"), key("9"), .key(KeyEvent(.enter)),
      ])
  }

  @Test func aSequenceSplitAtEveryByteStillDecodes() {
    let sequence = Array("\u{1B}[1;5D\u{1B}[21;2~\u{1B}OP".utf8)
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for byte in sequence { events += decoder.feed([byte]) }
    #expect(
      events == [
        .key(KeyEvent(.left, modifiers: .control)), .key(KeyEvent(.function(10), modifiers: .shift)),
        .key(KeyEvent(.function(1))),
      ])
    #expect(!decoder.hasPendingInput)
  }

  // MARK: Unknown sequences

  @Test func unknownSequencesAreSwallowedWhole() {
    #expect(
      decode("a\u{1B}[99~b\u{1B}[?1;2cc\u{1B}[?2004;1$yd\u{1B}[Ie\u{1B}[>0;276;0cf\u{1B}[1;2$pg") == [
        key("a"), key("b"), key("c"), key("d"), key("e"), key("f"), key("g"),
      ])
  }

  @Test func aSequenceCutShortByAControlByteIsDroppedAndTheByteKept() {
    #expect(decode("\u{1B}[12\u{0D}x") == [.key(KeyEvent(.enter)), key("x")])
  }

  @Test func anOverlongSequenceIsDroppedInsteadOfWaitedFor() {
    var decoder = InputDecoder()
    let long = "\u{1B}[" + String(repeating: "1;", count: 40)
    #expect(decoder.feed(Array(long.utf8)).isEmpty)
    #expect(!decoder.hasPendingInput)
    #expect(decoder.feed(Array("q".utf8)) == [key("q")])
  }

  @Test func anIncompleteSequenceIsDroppedWhenFlushed() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[1;5".utf8)).isEmpty)
    #expect(decoder.flushPending().isEmpty)
    #expect(!decoder.hasPendingInput)
  }

  // MARK: Mouse

  @Test func sgrMousePressReleaseAndDragDecode() {
    #expect(
      decode("\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;11;5m") == [
        .mouse(MouseEvent(.press(.left), at: CellPoint(column: 9, row: 4))),
        .mouse(MouseEvent(.drag(.left), at: CellPoint(column: 10, row: 4))),
        .mouse(MouseEvent(.release(.left), at: CellPoint(column: 10, row: 4))),
      ])
  }

  @Test func sgrMouseMiddleRightWheelAndModifiersDecode() {
    #expect(
      decode(
        "\u{1B}[<1;1;1M\u{1B}[<2;300;200M\u{1B}[<2;300;200m\u{1B}[<64;3;4M\u{1B}[<65;3;4M\u{1B}[<66;3;4M\u{1B}[<67;3;4M\u{1B}[<20;2;2M"
      ) == [
        .mouse(MouseEvent(.press(.middle), at: CellPoint(column: 0, row: 0))),
        .mouse(MouseEvent(.press(.right), at: CellPoint(column: 299, row: 199))),
        .mouse(MouseEvent(.release(.right), at: CellPoint(column: 299, row: 199))),
        .mouse(MouseEvent(.wheelUp, at: CellPoint(column: 2, row: 3))),
        .mouse(MouseEvent(.wheelDown, at: CellPoint(column: 2, row: 3))),
        .mouse(MouseEvent(.wheelLeft, at: CellPoint(column: 2, row: 3))),
        .mouse(MouseEvent(.wheelRight, at: CellPoint(column: 2, row: 3))),
        .mouse(MouseEvent(.press(.left), at: CellPoint(column: 1, row: 1), modifiers: [.shift, .control])),
      ])
  }

  @Test func sgrMotionWithoutButtonsAndExtraButtonsAreSwallowed() {
    #expect(decode("\u{1B}[<35;4;4Mx\u{1B}[<128;1;1My") == [key("x"), key("y")])
  }

  @Test func x10MouseReportsDecodeWithTheReleasedButtonRemembered() {
    let reports: [[UInt8]] = [[34, 37, 35], [35, 38, 35], [97, 33, 33], [64, 34, 34]]
    let bytes: [UInt8] = reports.flatMap { report -> [UInt8] in [0x1B, 0x5B, 0x4D] + report }
    #expect(
      decode(bytes) == [
        .mouse(MouseEvent(.press(.right), at: CellPoint(column: 4, row: 2))),
        .mouse(MouseEvent(.release(.right), at: CellPoint(column: 5, row: 2))),
        .mouse(MouseEvent(.wheelDown, at: CellPoint(column: 0, row: 0))),
        .mouse(MouseEvent(.drag(.left), at: CellPoint(column: 1, row: 1))),
      ])
  }

  @Test func aMouseReportSplitAcrossReadsDecodes() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[<0;1".utf8)).isEmpty)
    #expect(decoder.feed(Array("2;7".utf8)).isEmpty)
    #expect(decoder.feed(Array("M".utf8)) == [.mouse(MouseEvent(.press(.left), at: CellPoint(column: 11, row: 6)))])
    #expect(decoder.feed([0x1B, 0x5B, 0x4D, 32]).isEmpty)
    #expect(decoder.feed([40, 41]) == [.mouse(MouseEvent(.press(.left), at: CellPoint(column: 7, row: 8)))])
  }

  // MARK: Bracketed paste

  @Test func aBracketedPasteIsOneEventNotKeys() {
    #expect(
      decode("x\u{1B}[200~{\"a\": [1, 2]}\u{1B}[A\u{03}\u{1B}[201~y") == [
        key("x"), .paste("{\"a\": [1, 2]}\u{1B}[A\u{03}"), key("y"),
      ])
  }

  @Test func pastedLineEndsBecomeLineFeeds() {
    #expect(decode("\u{1B}[200~a\rb\r\nc\nd\u{1B}[201~") == [.paste("a\nb\nc\nd")])
  }

  @Test func aPasteSplitAcrossManyReadsIsStillOneEvent() {
    let text = "[" + (0..<500).map { "\"é\($0)\"" }.joined(separator: ",") + "]"
    let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
    for chunk in [1, 2, 3, 5, 7, 64] {
      var decoder = InputDecoder()
      var events: [InputEvent] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + chunk)
        events += decoder.feed(bytes[start..<end])
        start = end
      }
      #expect(events == [.paste(text)], "chunk size \(chunk)")
      #expect(!decoder.hasPendingInput)
    }
  }

  @Test func anEndMarkerSplitAfterItsEscIsFound() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~ab\u{1B}".utf8)).isEmpty)
    #expect(decoder.isInsidePaste)
    #expect(decoder.feed(Array("[201".utf8)).isEmpty)
    #expect(decoder.feed(Array("~z".utf8)) == [.paste("ab"), key("z")])
  }

  @Test func aRunawayPasteIsCappedAndTheRestCounted() {
    var decoder = InputDecoder(maximumPasteBytes: 10)
    var events = decoder.feed(Array("\u{1B}[200~0123456789".utf8))
    events += decoder.feed(Array("abcdef".utf8))
    events += decoder.feed(Array("\u{1B}[201~k".utf8))
    #expect(events == [.paste("0123456789"), key("k")])
    #expect(decoder.droppedPasteByteCount == 6)
  }

  @Test func aStalledPasteEndsWithWhatArrivedWhenFlushed() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~half".utf8)).isEmpty)
    #expect(decoder.flushDelayMilliseconds == InputDecoder.pasteStallMilliseconds)
    #expect(decoder.flushPending() == [.paste("half")])
    #expect(decoder.feed(Array("j".utf8)) == [key("j")])
  }

  @Test func aStrayPasteEndMarkerIsSwallowed() {
    #expect(decode("\u{1B}[201~q") == [key("q")])
  }

  // MARK: - Fixtures

  private func key(_ character: Character) -> InputEvent {
    .key(KeyEvent(.character(character)))
  }

  private func decode(_ text: String) -> [InputEvent] {
    decode(Array(text.utf8))
  }

  private func decode(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(bytes)
  }
}
