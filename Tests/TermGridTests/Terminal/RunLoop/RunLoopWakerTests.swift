import Foundation
import Synchronization
import TermGrid
import Testing

/// Another thread wakes the run loop; the root hears of it on the loop's thread.
@Suite struct RunLoopWakerTests {
  @Test func aThreadWakesTheLoopManyTimesWhileItRunsAndTheLastWakeArrives() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    // Nothing is scripted: the loop waits for wakes, up to a minute of real time each.
    terminal.wakeWaitMilliseconds = 60_000
    let waker = try #require(terminal.waker)
    let wakes = 5_000
    let root = WakeCountingRoot(quitAt: wakes)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    let progress = root.progress
    let thread = Thread {
      for _ in 0..<wakes {
        progress.advance()
        waker.wake()
      }
    }
    thread.start()
    #expect(runLoop.run() == .quit, "the loop ended by seeing the last wake, not by waiting in vain")
    #expect(root.lastSeen == wakes)
    // Wakes that came together were told once; every one that was told drew a frame.
    #expect(runLoop.wakeCount >= 1 && runLoop.wakeCount <= wakes)
    #expect(root.wakesHandled == runLoop.wakeCount)
    // A frame per wake but the quitting one, and the first frame (which shows a wake taken
    // before it).
    #expect((runLoop.wakeCount - 1)...runLoop.wakeCount ~= terminal.frameCount)
    #expect(root.handledOnLoopThread)
  }

  @Test func wakesBeforeTheLoopTakesThemAreOneWake() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let waker = try #require(terminal.waker)
    for _ in 0..<3 { waker.wake() }
    #expect(waker.isPending)
    let root = WakeCountingRoot(quitAt: nil)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    #expect(runLoop.run() == .inputEnded)
    #expect(root.wakesHandled == 1)
    #expect(terminal.frameCount == 1, "the wake came before the first frame, which shows it")
    #expect(!waker.isPending)
  }

  @Test func aWakeWhileTheRootHandlesOneIsNotLost() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let waker = try #require(terminal.waker)
    let root = WakeCountingRoot(quitAt: nil)
    root.wakeAgainWhileHandling = waker
    waker.wake()
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    #expect(runLoop.run() == .inputEnded)
    #expect(root.wakesHandled == 2)
  }

  @Test func keysAndWakesInterleave() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let waker = try #require(terminal.waker)
    terminal.enqueue(.key(KeyEvent(.character("a"))))
    let root = WakeCountingRoot(quitAt: nil)
    root.onKey = { waker.wake() }
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    #expect(runLoop.run() == .inputEnded)
    #expect(root.keys == 1)
    #expect(root.wakesHandled == 1)
  }

  /// A root that asks for it hears keys already waiting, and their frame is drawn, before
  /// a pending wake: a key typed while records pour in is never kept behind them.
  @Test func aRootThatAnswersInputFirstGetsWaitingKeysAndTheirFrameBeforeAWake() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let waker = try #require(terminal.waker)
    let root = OrderRecordingRoot(answersInputBeforeWakes: true)
    terminal.enqueue(.key(KeyEvent(.character("a"))), .key(KeyEvent(.character("b"))))
    waker.wake()
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    terminal.presentObserver = { _ in root.log.append("frame") }
    #expect(runLoop.run() == .inputEnded)
    #expect(root.log == ["key a", "key b", "frame", "wake", "frame"])
  }

  /// A key that wakes the sleeping loop while a wake comes too (the usual case in a real
  /// terminal under a flood) is drawn before the wake's work as well.
  @Test func aKeyHeardWhileTheLoopSleptIsDrawnBeforeTheWakeThatCameWithIt() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let waker = try #require(terminal.waker)
    let root = OrderRecordingRoot(answersInputBeforeWakes: true)
    root.wakeOnKey = waker
    terminal.enqueue(.key(KeyEvent(.character("a"))))
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    terminal.presentObserver = { _ in root.log.append("frame") }
    #expect(runLoop.run() == .inputEnded)
    #expect(root.log == ["frame", "key a", "frame", "wake", "frame"])
  }

  /// By default a wake that came before the keys is heard first (a load that finished:
  /// the keys act on what it brought).
  @Test func byDefaultAPendingWakeIsHeardBeforeWaitingKeys() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let waker = try #require(terminal.waker)
    let root = OrderRecordingRoot(answersInputBeforeWakes: false)
    terminal.enqueue(.key(KeyEvent(.character("a"))))
    waker.wake()
    let runLoop = TerminalRunLoop(terminal: terminal, root: root)
    terminal.presentObserver = { _ in root.log.append("frame") }
    #expect(runLoop.run() == .inputEnded)
    #expect(root.log == ["wake", "frame", "key a", "frame"])
  }

  @Test func withoutAWaitAnIdleHeadlessTerminalEndsAtOnce() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    #expect(terminal.nextEvent(timeoutMilliseconds: nil) == nil)
    terminal.wakeWaitMilliseconds = 20
    let start = MonotonicClock.milliseconds()
    #expect(terminal.nextEvent(timeoutMilliseconds: nil) == nil)
    #expect(MonotonicClock.milliseconds() - start >= 20, "it waited for a wake that never came")
    #expect(terminal.waker?.isPending == false)
  }

  // MARK: - Fixtures

  /// How many wakes the thread has sent, read from the loop's thread.
  final class Progress: Sendable {
    private let value = Atomic<Int>(0)
    func advance() { value.add(1, ordering: .releasing) }
    var count: Int { value.load(ordering: .acquiring) }
  }

  /// Notes keys and wakes in the order it hears of them (frames are noted by the test).
  final class OrderRecordingRoot: RunLoopRoot {
    var log: [String] = []
    let answersInputBeforeWakes: Bool
    /// Woken as each key is heard (records that arrived while the loop slept, with the key).
    var wakeOnKey: RunLoopWaker?

    init(answersInputBeforeWakes: Bool) {
      self.answersInputBeforeWakes = answersInputBeforeWakes
    }

    func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
      if case .key(let key) = event, case .character(let character) = key.key { log.append("key \(character)") }
      wakeOnKey?.wake()
      return .changed
    }

    func handleWake(in runLoop: TerminalRunLoop) -> EventResponse {
      log.append("wake")
      return .changed
    }

    func draw(into canvas: inout Canvas) {}
  }

  /// Counts wakes; quits when the thread's progress reaches `quitAt`.
  final class WakeCountingRoot: RunLoopRoot {
    let progress = Progress()
    let quitAt: Int?
    var wakesHandled = 0
    var lastSeen = 0
    var keys = 0
    var handledOnLoopThread = true
    var wakeAgainWhileHandling: RunLoopWaker?
    var onKey: (() -> Void)?
    private let loopThread = pthread_self()

    init(quitAt: Int?) {
      self.quitAt = quitAt
    }

    func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
      keys += 1
      onKey?()
      return .unchanged
    }

    func handleWake(in runLoop: TerminalRunLoop) -> EventResponse {
      wakesHandled += 1
      if pthread_equal(pthread_self(), loopThread) == 0 { handledOnLoopThread = false }
      if let waker = wakeAgainWhileHandling {
        wakeAgainWhileHandling = nil
        waker.wake()
      }
      let seen = progress.count
      #expect(seen >= lastSeen, "progress only grows")
      lastSeen = seen
      if let quitAt, seen == quitAt { return .quit }
      return .changed
    }

    func draw(into canvas: inout Canvas) {}
  }
}
