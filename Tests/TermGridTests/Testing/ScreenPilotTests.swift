import Foundation
import TermGrid
import TermGridTesting
import Testing

/// TermGridTesting's own tests: the pilot delivers every kind of input through the run loop
/// on the virtual clock, the styled screen text marks styles, and golden files compare.
@Suite struct ScreenPilotTests {
  // MARK: - The pilot

  @Test func everyKindOfInputReachesTheRootThroughTheRunLoop() {
    let root = EchoRoot()
    let pilot = ScreenPilot(root, size: CellSize(columns: 12, rows: 3))
    #expect(pilot.frameCount == 1, "the first screen is drawn at once")
    pilot.press("j", "Shift-Right")
    pilot.type("hi")
    pilot.paste("pasted")
    pilot.click(column: 2, row: 1)
    pilot.scroll(.wheelDown, column: 0, row: 0, clicks: 2)
    pilot.resize(to: CellSize(columns: 8, rows: 2))
    #expect(
      root.log == [
        "key j", "key Shift-Right", "key h", "key i", "paste pasted", "press 2,1", "release 2,1", "wheel", "wheel",
        "resize 8x2",
      ])
    #expect(pilot.lines == ["resize 8", "        "])
    #expect(pilot.lastExit == .inputEnded)
    pilot.press("q")
    #expect(pilot.didQuit)
  }

  @Test func aKeyNameNoKeyHasIsAnIssue() {
    let pilot = ScreenPilot(EchoRoot(), size: CellSize(columns: 12, rows: 3))
    withKnownIssue { pilot.press("Hyper-Banana") }
  }

  @Test func keysPressedAtOnceAreTakenBeforeTheNextFrame() {
    let root = EchoRoot()
    let pilot = ScreenPilot(root, size: CellSize(columns: 12, rows: 3))
    let frames = pilot.recordFrames { pilot.pressAtOnce(["a", "b", "c"]) }
    #expect(root.log == ["key a", "key b", "key c"])
    // The run loop draws what is on screen when it starts, then once for the three keys.
    #expect(frames.map { $0.lines[0] } == ["            ", "key c       "])
  }

  @Test func timePassesOnlyOnTheVirtualClockAndEveryFrameIsRecorded() {
    let root = CountdownRoot()
    let pilot = ScreenPilot(root, size: CellSize(columns: 6, rows: 1))
    #expect(pilot.elapsedMilliseconds == 100, "the countdown ran to its end before the pilot returned")
    #expect(pilot.lines == ["0     "])
    root.remaining = 3
    let frames = pilot.recordFrames { pilot.advanceTime(byMilliseconds: 5) }
    #expect(frames.map(\.lines) == [["3     "], ["2     "], ["1     "], ["0     "]])
    #expect(frames.map(\.milliseconds) == [105, 130, 155, 180])
  }

  @Test func collectionViewsHandedToThePilotFollowTheVirtualClock() {
    let size = CellSize(columns: 4, rows: 4)
    let root = ScrollingRoot(size: size)
    let pilot = ScreenPilot(root, size: size, collectionViews: [root.collectionView])
    pilot.press("g")
    #expect(pilot.isIdle)
    #expect(root.collectionView.clock() == pilot.elapsedMilliseconds)
  }

  // MARK: - Styled screen text

  @Test func stylesAreMarkedUnderTheirRowsAndNamedAfterTheTheme() {
    var canvas = Canvas(size: CellSize(columns: 10, rows: 3))
    canvas.draw("Header", at: CellPoint(column: 0, row: 0), style: Theme.standard.header)
    canvas.draw("ab", at: CellPoint(column: 0, row: 1), style: Theme.standard.focused)
    canvas.draw("cd", at: CellPoint(column: 3, row: 1), style: Style(foreground: .indexed(99)))
    canvas.draw("plain", at: CellPoint(column: 0, row: 2), style: .plain)
    #expect(
      StyledScreenText().render(canvas).components(separatedBy: "\n") == [
        "Header    ",
        "hhhhhh",
        "ab cd     ",
        "ff aa",
        "plain     ",
        "── styles",
        "h header: fg 75, bold",
        "f focused: fg 15, bg 24, bold",
        "a fg 99",
      ])
  }

  @Test func wideCharactersKeepTheMarksInLineAndUnmarkedStylesAreLeftOut() {
    var canvas = Canvas(size: CellSize(columns: 6, rows: 1))
    canvas.draw("日本x", at: CellPoint(column: 0, row: 0), style: Theme.monochrome.selected)
    let text = StyledScreenText(theme: .monochrome).render(canvas)
    #expect(text.components(separatedBy: "\n") == ["日本x ", "sssss", "── styles", "s selected: bold, underline"])
    let unmarked = StyledScreenText(theme: .monochrome, unmarked: [.plain, Theme.monochrome.selected])
    #expect(unmarked.render(canvas) == "日本x ")
  }

  // MARK: - Golden files

  @Test func aGoldenFileMatchesDiffersOrIsWrittenWhenMissing() throws {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("termgrid-golden-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard !GoldenScreen.isRecording else { return }
    #expect(GoldenScreen.compare("one\ntwo\n", named: "screen", in: directory) == .recordedMissing)
    #expect(GoldenScreen.compare("one\ntwo\n", named: "screen", in: directory) == .matches)
    let result = GoldenScreen.compare("one\nTWO\n", named: "screen", in: directory)
    #expect(result.failure?.contains("line 2:\n  expected |two|\n  actual   |TWO|") == true)
    #expect(try String(contentsOf: directory.appendingPathComponent("screen.txt"), encoding: .utf8) == "one\ntwo\n")
  }
}

/// A root that writes down every event and shows the last one on its first row; `q` quits.
final class EchoRoot: RunLoopRoot {
  var log: [String] = []
  private var size = CellSize(columns: 0, rows: 0)

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    switch event {
    case .key(let key):
      if key == KeyEvent(.character("q")) { return .quit }
      log.append("key \(key.name)")
    case .paste(let text): log.append("paste \(text)")
    case .mouse(let mouse):
      switch mouse.action {
      case .press: log.append("press \(mouse.position.column),\(mouse.position.row)")
      case .release: log.append("release \(mouse.position.column),\(mouse.position.row)")
      default: log.append("wheel")
      }
    case .resize(let newSize): log.append("resize \(newSize.columns)x\(newSize.rows)")
    default: break
    }
    return .changed
  }

  func draw(into canvas: inout Canvas) {
    canvas.draw(log.last ?? "", at: CellPoint(column: 0, row: 0), style: .plain)
  }
}

/// A root that counts `remaining` down to 0, one frame every 25 ms of the run loop's clock.
final class CountdownRoot: RunLoopRoot {
  var remaining = 4
  private var shown = 4

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse { .unchanged }

  func draw(into canvas: inout Canvas) {
    canvas.draw(String(remaining), at: CellPoint(column: 0, row: 0), style: .plain)
    shown = remaining
    if remaining > 0 { remaining -= 1 }
  }

  var millisecondsUntilNextFrame: Int? { shown > 0 ? 25 : nil }
}
