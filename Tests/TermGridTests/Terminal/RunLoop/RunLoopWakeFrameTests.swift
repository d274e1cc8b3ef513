import TermGrid
import Testing

/// Frames owed only to wakes (records arriving many times a second) are drawn at most every
/// `millisecondsBetweenWakeFrames`, sharing one frame between the wakes of that time; a key
/// is drawn at once with what came before it; the owed frame is drawn when the wakes stop,
/// after a timed wait, and nothing is drawn once nothing is owed. Time is a scripted
/// terminal's virtual clock.
@Suite struct RunLoopWakeFrameTests {
  @Test(arguments: [false, true])
  func wakesWithinAnIntervalShareOneFrame(defersWakes: Bool) {
    let terminal = ScriptedTerminal(wakesAt: [2, 4, 6, 8, 10, 12, 14])
    let root = ArrivalRoot(terminal: terminal, interval: 16, defersWakes: defersWakes)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.now })
    #expect(runLoop.run() == .inputEnded)
    // The first frame at start, then one for all seven wakes, at the interval's end.
    #expect(root.frames == [Frame(at: 0, shown: 0), Frame(at: 16, shown: 700)], "\(root.frames)")
    #expect(runLoop.frameCount == 2)
    #expect(runLoop.waitedWakeFrameCount >= 1)
    if defersWakes {
      // The first wake is heard at once (none for the interval before it), the other six
      // together just before the frame.
      #expect(root.wakesHeard == [2, 16], "\(root.wakesHeard)")
      #expect(runLoop.deferredWakeCount == 6)
    } else {
      #expect(root.wakesHeard == [2, 4, 6, 8, 10, 12, 14])
      #expect(runLoop.deferredWakeCount == 0)
    }
  }

  @Test(arguments: [false, true])
  func aKeyBetweenWakesIsDrawnAtOnceWithWhatCameBeforeIt(defersWakes: Bool) {
    let terminal = ScriptedTerminal(wakesAt: [2, 4], keysAt: [5], laterWakesAt: [8])
    let root = ArrivalRoot(terminal: terminal, interval: 16, defersWakes: defersWakes)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.now })
    #expect(runLoop.run() == .inputEnded)
    // The key's frame at 5, not at the interval's end: with the records heard before it
    // (the second wake's too unless it was put off to the next frame).
    let keyFrame = Frame(at: 5, shown: defersWakes ? 100 : 200, keys: 1)
    #expect(root.frames.count == 3, "\(root.frames)")
    #expect(root.frames.dropFirst().first == keyFrame, "\(root.frames)")
    // The rest 16 ms after the key's frame, all of it.
    #expect(root.frames.last == Frame(at: 21, shown: 300, keys: 1), "\(root.frames)")
  }

  /// Once the owed frame is drawn the loop sleeps without a timeout: the scripted terminal
  /// ends the run at the first such wait, after two timed waits at most (the frame's).
  @Test func whenWakesStopTheOwedFrameIsDrawnAndTheLoopSleeps() {
    let terminal = ScriptedTerminal(wakesAt: [3])
    let root = ArrivalRoot(terminal: terminal, interval: 33, defersWakes: true)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.now })
    #expect(runLoop.run() == .inputEnded)
    #expect(root.frames == [Frame(at: 0, shown: 0), Frame(at: 33, shown: 100)], "\(root.frames)")
    #expect(terminal.timedWaits <= 2, "waits with a timeout: \(terminal.timedWaits)")
    #expect(terminal.now == 33, "no time passed in waits after the frame")
  }

  @Test func nothingOwedNothingDrawn() {
    let terminal = ScriptedTerminal(wakesAt: [3])
    let root = ArrivalRoot(terminal: terminal, interval: 16, defersWakes: true)
    root.arrivalsPerWake = 0  // woken, but nothing arrived
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.now })
    #expect(runLoop.run() == .inputEnded)
    #expect(root.frames == [Frame(at: 0, shown: 0)])
    #expect(terminal.timedWaits == 0, "\(terminal.timedWaits)")
  }

  @Test func withoutAnIntervalEachWakeIsDrawnAtOnce() {
    let terminal = ScriptedTerminal(wakesAt: [2, 4, 6])
    let root = ArrivalRoot(terminal: terminal, interval: nil, defersWakes: true)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.now })
    #expect(runLoop.run() == .inputEnded)
    #expect(root.frames.map(\.at) == [0, 2, 4, 6])
    #expect(runLoop.deferredWakeCount == 0)
  }

  /// Keys typed faster than the interval draw frames of their own; the wakes put off
  /// between them are still heard every interval.
  @Test func keysFasterThanTheIntervalDoNotKeepWakesWaiting() {
    let terminal = ScriptedTerminal(
      wakesAt: Array(stride(from: 1, to: 60, by: 2)), keysAt: Array(stride(from: 5, to: 60, by: 5)))
    let root = ArrivalRoot(terminal: terminal, interval: 16, defersWakes: true)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.now })
    #expect(runLoop.run() == .inputEnded)
    let heard = root.wakesHeard
    #expect(zip(heard, heard.dropFirst()).allSatisfy { $1 - $0 <= 16 + 2 }, "\(heard)")
    #expect(heard.count >= 3 && heard.count < 30, "\(heard)")
    #expect(root.frames.last?.shown == 3_000, "\(root.frames)")
    // Every key's frame came when the key did.
    #expect(root.keyTimes.allSatisfy { time in root.frames.contains { $0.at == time } }, "\(root.frames)")
  }

  /// A run that ends in a wait (as scripted terminals end runs) with wakes put off: the next
  /// run hears of them before its first frame.
  @Test func wakesPutOffWhenARunEndsAreHeardWhenTheNextStarts() {
    let terminal = ScriptedTerminal(wakesAt: [2, 4])
    terminal.endsRunAtTimedWait = true
    let root = ArrivalRoot(terminal: terminal, interval: 16, defersWakes: true)
    let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.now })
    #expect(runLoop.run() == .signal(0))
    #expect(root.wakesHeard == [2], "the second wake put off: \(root.wakesHeard)")
    #expect(runLoop.run() == .inputEnded, "nothing owed after the run's first frame")
    #expect(root.wakesHeard == [2, 4], "\(root.wakesHeard)")
    #expect(root.frames.last?.shown == 200, "\(root.frames)")
  }

  // MARK: - Fixtures

  struct Frame: Equatable, CustomStringConvertible {
    var at: Int
    var shown: Int
    var keys = 0
    var description: String { "@\(at): \(shown) shown, \(keys) keys" }
  }

  /// A terminal whose wakes and keys come at scripted virtual times: a wait ends at the
  /// next of them within its timeout (the clock moved there), or at the timeout; a wait
  /// without a timeout when nothing is scripted ends the run.
  final class ScriptedTerminal: Terminal {
    let size = CellSize(columns: 20, rows: 2)
    let colorCount = 8
    let waker: RunLoopWaker? = RunLoopWaker()
    private(set) var now = 0
    /// Waits with a timeout so far.
    private(set) var timedWaits = 0
    /// Arrivals the wakes brought so far (`arrivalsPerWake` each).
    var arrived = 0
    var arrivalsPerWake = 100
    /// A wait with a timeout and nothing scripted in it ends the run (`.signal(0)`).
    var endsRunAtTimedWait = false
    private var script: [(at: Int, isKey: Bool)]

    init(wakesAt wakes: [Int], keysAt keys: [Int] = [], laterWakesAt later: [Int] = []) {
      script = ((wakes + later).map { ($0, false) } + keys.map { ($0, true) }).sorted { $0.at < $1.at }
    }

    func present(_ canvas: Canvas) {}

    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
      if waker?.isPending == true { return nil }
      if let timeoutMilliseconds, timeoutMilliseconds > 0 { timedWaits += 1 }
      let deadline = timeoutMilliseconds.map { now + max(0, $0) }
      guard let next = script.first, deadline.map({ next.at <= $0 }) ?? true else {
        if endsRunAtTimedWait, let timeoutMilliseconds, timeoutMilliseconds > 0 { return .signal(0) }
        if let deadline { now = deadline }
        return nil
      }
      script.removeFirst()
      now = max(now, next.at)
      if next.isKey { return .key(KeyEvent(.character("j"))) }
      arrived += arrivalsPerWake
      waker?.wake()
      return nil
    }

    func shutdown() {}
  }

  /// Takes what the terminal's wakes brought, answers keys first and notes each frame.
  final class ArrivalRoot: RunLoopRoot {
    let terminal: ScriptedTerminal
    let millisecondsBetweenWakeFrames: Int?
    let defersWakesToFrames: Bool
    let answersInputBeforeWakes = true
    var arrivalsPerWake: Int {
      get { terminal.arrivalsPerWake }
      set { terminal.arrivalsPerWake = newValue }
    }
    private var taken = 0
    private var keys = 0
    private(set) var frames: [Frame] = []
    private(set) var wakesHeard: [Int] = []
    private(set) var keyTimes: [Int] = []

    init(terminal: ScriptedTerminal, interval: Int?, defersWakes: Bool) {
      self.terminal = terminal
      millisecondsBetweenWakeFrames = interval
      defersWakesToFrames = defersWakes
    }

    func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
      keys += 1
      keyTimes.append(terminal.now)
      return .changed
    }

    func handleWake(in runLoop: TerminalRunLoop) -> EventResponse {
      wakesHeard.append(terminal.now)
      guard terminal.arrived > taken else { return .unchanged }
      taken = terminal.arrived
      return .changed
    }

    func draw(into canvas: inout Canvas) {
      frames.append(Frame(at: terminal.now, shown: taken, keys: keys))
    }
  }
}
