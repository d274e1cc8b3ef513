import TermGrid
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct TerminalRunLoopTests {
  @Test func queuedKeysAreAllHandledBeforeOneFrameIsDrawn() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 3))
    let root = RecordingRoot()
    terminal.enqueue((0..<50).map { _ in InputEvent.key(KeyEvent(.character("a"))) })
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, debugCrash: nil)
    #expect(runLoop.run() == .inputEnded)
    #expect(terminal.frameCount == 2)
    #expect(root.log.first == "draw")
    #expect(root.log.last == "draw")
    #expect(root.log.filter { $0 == "draw" }.count == 2)
    #expect(runLoop.eventCount == 50)
  }

  @Test func aFloodOfInputStillShowsProgress() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 3))
    let root = RecordingRoot()
    terminal.enqueue((0..<25).map { _ in InputEvent.key(KeyEvent(.character("a"))) })
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, debugCrash: nil)
    runLoop.maximumEventsPerFrame = 10
    runLoop.run()
    #expect(terminal.frameCount == 4)
  }

  @Test func eventsThatChangeNothingDrawNothing() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 3))
    let root = RecordingRoot()
    terminal.enqueue(.key(KeyEvent(.character("u"))), .key(KeyEvent(.character("u"))))
    TerminalRunLoop(terminal: terminal, root: root, debugCrash: nil).run()
    #expect(terminal.frameCount == 1)
    #expect(root.log == ["draw", "key u", "key u"])
  }

  @Test func theLoopEndsWhenTheRootQuits() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 3))
    let root = RecordingRoot()
    terminal.enqueue(.key(KeyEvent(.character("a"))), .key(KeyEvent(.character("q"))), .key(KeyEvent(.character("b"))))
    #expect(TerminalRunLoop(terminal: terminal, root: root, debugCrash: nil).run() == .quit)
    #expect(root.log == ["draw", "key a", "key q"])
    #expect(terminal.pendingEvents.count == 1)
  }

  @Test func aTerminatingSignalEndsTheLoopWithoutReachingTheRoot() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 3))
    let root = RecordingRoot()
    terminal.enqueue(.key(KeyEvent(.character("a"))), .signal(SIGTERM), .key(KeyEvent(.character("b"))))
    #expect(TerminalRunLoop(terminal: terminal, root: root, debugCrash: nil).run() == .signal(SIGTERM))
    #expect(root.log == ["draw", "key a"])
  }

  @Test func aResizeIsHandedToTheRootAndRedrawnAtTheNewSize() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 3))
    let root = RecordingRoot()
    terminal.resize(to: CellSize(columns: 7, rows: 2))
    TerminalRunLoop(terminal: terminal, root: root, debugCrash: nil).run()
    #expect(root.log == ["draw", "resize 7x2", "draw"])
    #expect(terminal.screen.size == CellSize(columns: 7, rows: 2))
  }

  @Test func animationFramesAreDrawnUntilTheAnimationIsDone() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 3))
    let root = RecordingRoot()
    root.animationFramesLeft = 5
    let runLoop = TerminalRunLoop(
      terminal: terminal, root: root, clock: { terminal.elapsedMilliseconds }, debugCrash: nil)
    #expect(runLoop.run() == .inputEnded)
    #expect(terminal.frameCount == 6)
    #expect(root.animationFramesLeft == 0)
    #expect(terminal.elapsedMilliseconds == 5 * 16)
  }

  @Test func aCollectionViewAnimationRunsToItsEndThroughTheLoop() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 6))
    let (collectionView, _) = makeRowList(count: 5, frame: CellRect(column: 0, row: 0, columns: 20, rows: 6))
    collectionView.clock = { terminal.elapsedMilliseconds }
    collectionView.animatesChanges = true
    let root = CollectionRoot(collectionView: collectionView)
    let runLoop = TerminalRunLoop(
      terminal: terminal, root: root, clock: { terminal.elapsedMilliseconds }, debugCrash: nil)
    runLoop.drawFrame()
    let spaced = RowListLayout()
    spaced.rowHeight = 2
    collectionView.setCollectionViewLayout(spaced, animated: true)
    #expect(collectionView.isAnimating)
    #expect(runLoop.run() == .inputEnded)
    #expect(!collectionView.isAnimating)
    #expect(terminal.frameCount >= collectionView.animationDuration / 16)
    #expect(terminal.lines.prefix(3) == ["item 0              ", "                    ", "item 1              "])
  }

  @Test func theDebugCrashHappensAfterTheFirstFrame() async {
    await #expect(processExitsWith: .signal(SIGABRT)) {
      let terminal = HeadlessTerminal(size: CellSize(columns: 4, rows: 1))
      TerminalRunLoop(terminal: terminal, root: RecordingRoot(), debugCrash: .abort).run()
    }
  }

  @Test func theDebugStackOverflowReallyOverflows() async {
    // Under a sanitizer its runtime reports the overflow and exits with its own status.
    await #expect(processExitsWith: SanitizerBuild.isActive ? .failure : .signal(SIGSEGV)) {
      DebugCrash.overflow.trigger()
    }
  }

  @Test func crashRequestsAreReadFromTheEnvironmentValue() {
    #expect(DebugCrash.requested(byValue: "1") == .trap)
    #expect(DebugCrash.requested(byValue: "segv") == .segv)
    #expect(DebugCrash.requested(byValue: "ABORT") == .abort)
    #expect(DebugCrash.requested(byValue: "overflow") == .overflow)
    #expect(DebugCrash.requested(byValue: "") == nil)
    #expect(DebugCrash.requested(byValue: "0") == nil)
  }

  @Test func aCollectionViewAsksTheRunLoopForFramesItself() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 20, rows: 5))
    let (collectionView, _) = makeRowList(count: 30, frame: CellRect(column: 0, row: 0, columns: 20, rows: 5))
    let root = QuietRoot(collectionView: collectionView)
    // Keys the collection view acts on, one it ignores, then a redraw nobody asked for.
    terminal.enqueue(.key(KeyEvent(.down)), .key(KeyEvent(.character("§"))), .key(KeyEvent(.down)))
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    #expect(runLoop.run() == .inputEnded)
    #expect(root.responses == [.unchanged, .unchanged, .unchanged], "the root reports nothing")
    // The first frame, then one for the keys waiting together, though the root reported no
    // change and forwards no flag: the collection view told the run loop.
    #expect(terminal.frameCount == 2)
    #expect(collectionView.indexPathForFocusedItem == IndexPath(item: 1, section: 0))
    #expect(terminal.screen.cells[20].style == Theme.standard.focused, "the focus shows on item 1's row")
  }

  @Test func aHeadlessTerminalRecordsMouseCapture() {
    let terminal: any Terminal = HeadlessTerminal(size: CellSize(columns: 4, rows: 2), mouseCapture: false)
    #expect(!terminal.isMouseCaptureEnabled)
    terminal.isMouseCaptureEnabled.toggle()
    terminal.isMouseCaptureEnabled = true
    terminal.isMouseCaptureEnabled.toggle()
    #expect((terminal as? HeadlessTerminal)?.mouseCaptureChanges == [true, false])
    #expect(HeadlessTerminal(size: CellSize(columns: 4, rows: 2)).isMouseCaptureEnabled)
  }

  @Test func theAppNamesTheVariableThatAsksForACrash() {
    let name = "TERMGRID_TEST_DEBUG_CRASH_\(getpid())"
    #expect(DebugCrash.requested(byEnvironmentVariable: name) == nil)
    setenv(name, "segv", 1)
    defer { unsetenv(name) }
    #expect(DebugCrash.requested(byEnvironmentVariable: name) == .segv)
    // A run loop crashes only when the app asks it to.
    let runLoop = TerminalRunLoop(
      terminal: HeadlessTerminal(size: CellSize(columns: 4, rows: 2)), root: RecordingRoot())
    #expect(runLoop.debugCrash == nil)
  }

  @Test func nothingCrashesWhileTheTerminalShrinksToOneCellAndBack() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 40, rows: 12))
    let (collectionView, _) = makeRowList(count: 30, frame: CellRect(column: 0, row: 0, columns: 40, rows: 11))
    collectionView.focusItem(at: IndexPath(item: 3, section: 0))
    let root = CollectionRoot(collectionView: collectionView)
    root.minimumSize = CellSize(columns: 8, rows: 3)
    for size in [(10, 4), (3, 2), (1, 1), (2, 1), (1, 3), (80, 24), (1, 1), (40, 12)] {
      terminal.resize(to: CellSize(columns: size.0, rows: size.1))
      terminal.enqueue(.key(KeyEvent(.character("m"))), .key(KeyEvent(.down)), .key(KeyEvent(.character("j"))))
      terminal.enqueue(.mouse(MouseEvent(.press(.right), at: CellPoint(column: size.0 - 1, row: size.1 - 1))))
    }
    TerminalRunLoop(terminal: terminal, root: root, debugCrash: nil).run()
    #expect(terminal.screen.size == CellSize(columns: 40, rows: 12))
    #expect(terminal.lines[0].hasPrefix("item"))
  }

  @Test func theTooSmallNoteShowsTheLongestTextThatFits() {
    let minimum = CellSize(columns: 20, rows: 5)
    #expect(TerminalTooSmallNote.note(fittingWidth: 80, minimum: minimum) == "Terminal too small: needs 20×5")
    #expect(TerminalTooSmallNote.note(fittingWidth: 12, minimum: minimum) == "Too small")
    #expect(TerminalTooSmallNote.note(fittingWidth: 1, minimum: minimum) == "…")
    #expect(TerminalTooSmallNote.note(fittingWidth: 0, minimum: minimum) == "")
    var canvas = Canvas(size: CellSize(columns: 11, rows: 3))
    TerminalTooSmallNote.draw(into: &canvas, minimum: minimum)
    #expect(canvas.lines == ["           ", " Too small ", "           "])
    #expect(TerminalTooSmallNote.isTooSmall(CellSize(columns: 30, rows: 4), minimum: minimum))
    #expect(!TerminalTooSmallNote.isTooSmall(CellSize(columns: 20, rows: 5), minimum: minimum))
  }

  // MARK: - Fixtures

  /// Logs events and draws; `q` quits, `u` changes nothing, anything else changes something.
  final class RecordingRoot: RunLoopRoot {
    var log: [String] = []
    var animationFramesLeft = 0

    func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
      switch event {
      case .key(let key):
        log.append("key \(key.name)")
        if key == KeyEvent(.character("q")) { return .quit }
        if key == KeyEvent(.character("u")) { return .unchanged }
        return .changed
      case .resize(let size):
        log.append("resize \(size)")
        return .changed
      default:
        log.append("\(event)")
        return .changed
      }
    }

    func draw(into canvas: inout Canvas) {
      log.append("draw")
      if animationFramesLeft > 0 && log.count > 1 { animationFramesLeft -= 1 }
    }

    var millisecondsUntilNextFrame: Int? { animationFramesLeft > 0 ? 16 : nil }
  }

  /// A collection view that returns nothing from its events and forwards no flag: it
  /// hands the collection view the run loop when the loop starts, and that is all.
  final class QuietRoot: RunLoopRoot {
    let collectionView: CollectionView
    var responses: [EventResponse] = []
    let keys = KeyBindings.standard

    init(collectionView: CollectionView) {
      self.collectionView = collectionView
    }

    func willRun(in runLoop: TerminalRunLoop) {
      collectionView.displayHost = runLoop
    }

    func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
      collectionView.handle(event, command: keys.command(for: event))
      responses.append(.unchanged)
      return .unchanged
    }

    func draw(into canvas: inout Canvas) {
      collectionView.draw(into: &canvas)
    }
  }

  /// A screen that is one collection view above a status line.
  final class CollectionRoot: RunLoopRoot {
    let collectionView: CollectionView
    var minimumSize = CellSize(columns: 1, rows: 1)

    init(collectionView: CollectionView) {
      self.collectionView = collectionView
    }

    func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
      if case .resize(let size) = event {
        collectionView.frame = CellRect(column: 0, row: 0, columns: size.columns, rows: max(0, size.rows - 1))
        return .changed
      }
      return collectionView.handle(event) ? .changed : .unchanged
    }

    func draw(into canvas: inout Canvas) {
      if TerminalTooSmallNote.isTooSmall(canvas.size, minimum: minimumSize) {
        TerminalTooSmallNote.draw(into: &canvas, minimum: minimumSize)
        return
      }
      collectionView.draw(into: &canvas)
    }

    var needsDisplay: Bool { collectionView.needsDisplay }
    var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }
  }
}
