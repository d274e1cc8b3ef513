import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// Frames for arrivals at most every ``FollowController/arrivalFrameMilliseconds``: the
  /// batches of that time share one frame, drawn when it is due (a timed wait, on the
  /// terminal's virtual clock); a key is drawn at once with the records taken before it; the
  /// status line counts them all once their frame is drawn.
  @Suite(.serialized) struct FollowFramesPilotTests {
    typealias Run = FollowPilotTests.Run

    @Test(arguments: [true, false])
    func batchesWithinAFrameIntervalShareItsFrame(takesArrivalsAtFrames: Bool) throws {
      // A large section already (its cards share a size): the burst changes nothing on screen.
      let run = try Run(records: 2_500, presentation: .grid)
      let following = run.pilot.browser.following
      following.takesArrivalsAtFrames = takesArrivalsAtFrames
      let interval = try #require(following.arrivalFrameMilliseconds)
      run.pilot.press("g")  // paused, at the first record
      // More than two wakes' worth (4,096 records a wake): three batches, one after another.
      let burst = 2 * FollowController.maximumRecordsPerBatch + 500
      try write(burst, to: run)
      let (runLoop, frames, _) = runHoldingTheWake(run)
      let times = frames.map(\.at)
      let start = try #require(times.first, "the run's first frame")
      let arrivalTimes = Array(times.dropFirst())
      #expect(run.count == 2_500 + burst)
      #expect(runLoop.wakeCount >= 3, "one wake a batch: \(runLoop.wakeCount)")
      #expect(!arrivalTimes.isEmpty && arrivalTimes.count <= 2, "\(times)")
      #expect(arrivalTimes.first == start + interval, "the first arrivals' frame when it is due: \(times)")
      #expect(zip(arrivalTimes, arrivalTimes.dropFirst()).allSatisfy { $1 - $0 >= interval }, "\(times)")
      if takesArrivalsAtFrames {
        #expect(runLoop.deferredWakeCount >= 1, "the later batches taken when their frame was due")
      } else {
        // Every batch taken at once: one frame for the three.
        #expect(arrivalTimes.count == 1, "\(times)")
        #expect(runLoop.deferredWakeCount == 0)
      }
      let last = try #require(frames.last?.status)
      #expect(last.contains("+\(burst.formattedWithCommas) new ▼"), "\(last)")
      #expect(run.pilot.statusLine == last)
    }

    /// A key typed while an arrivals' frame waits: drawn at once (no virtual time passes),
    /// with the records taken before it counted on the status line.
    @Test func aKeyTypedWhileTheArrivalsFrameWaitsIsDrawnAtOnce() throws {
      let run = try Run(records: 40, presentation: .grid)
      run.pilot.press("g")
      let before = run.pilot.focusedPath
      try write(30, to: run)
      let (runLoop, frames, terminal) = runHoldingTheWake(run, keyInWait: KeyEvent(.character("j")))
      #expect(terminal.keysGiven == 1, "the loop waited for the arrivals' frame, and the key came then")
      // The run's first frame, then the key's, at once, with the 30 records.
      #expect(frames.count == 2, "\(frames.map(\.at))")
      let start = try #require(frames.first?.at)
      let keyFrame = try #require(frames.last)
      #expect(keyFrame.at == start, "drawn at once: \(keyFrame.at) against \(start)")
      #expect(keyFrame.focus != before, "the key's move: \(keyFrame.focus)")
      #expect(keyFrame.status.contains("+30 new ▼"), "\(keyFrame.status)")
      #expect(runLoop.waitedWakeFrameCount == 1)
    }

    /// `--keep` drops are counted on the frame that shows them, and after it nothing is owed.
    @Test func theDroppedCountIsOnTheArrivalsFrame() throws {
      let run = try Run(records: 40, presentation: .grid)
      run.pilot.browser.following.keptRecordCount = 50
      run.pilot.press("g")
      try write(30, to: run)
      let interval = try #require(run.pilot.browser.following.arrivalFrameMilliseconds)
      let (_, frames, terminal) = runHoldingTheWake(run)
      let start = try #require(frames.first?.at)
      #expect(frames.map(\.at) == [start, start + interval])
      let status = try #require(frames.last?.status)
      #expect(status.contains("+30 new ▼") && status.contains("20 earlier records dropped"), "\(status)")
      #expect(run.count == 50)
      #expect(terminal.timedWaits == 1, "one wait for the frame, then asleep: \(terminal.timedWaits)")
    }

    /// Runs a new run loop on the pilot's browser until it sleeps, with the stream's wake
    /// held until the run's first frame is drawn (records arriving after it); notes every
    /// frame with its virtual time, status line and focus.
    private func runHoldingTheWake(
      _ run: Run, keyInWait key: KeyEvent? = nil
    ) -> (TerminalRunLoop, [(at: Int, status: String, focus: String)], WakeScriptTerminal) {
      let inner = run.pilot.terminal
      let terminal = WakeScriptTerminal(inner, keyInWait: key)
      let runLoop = TerminalRunLoop(terminal: terminal, root: run.pilot.browser, clock: { inner.elapsedMilliseconds })
      var frames: [(at: Int, status: String, focus: String)] = []
      inner.presentObserver = { canvas in
        frames.append((inner.elapsedMilliseconds, canvas.lines.last ?? "", run.pilot.focusedPath))
      }
      #expect(runLoop.run() == .inputEnded)
      inner.presentObserver = nil
      return (runLoop, frames, terminal)
    }

    /// Appends `count` records to the followed file and waits (real time) until the stream
    /// read them; the run loop has not run since.
    private func write(_ count: Int, to run: Run) throws {
      let handed = run.stream.recordCount
      let handle = try #require(FileHandle(forWritingAtPath: run.path))
      handle.seekToEndOfFile()
      handle.write(Data((1...count).map { #"{"n":\#(1000 + $0),"name":"late"}"# + "\n" }.joined().utf8))
      try handle.close()
      let deadline = Date().addingTimeInterval(10 * Double(SanitizerBuild.slowdown))
      while run.stream.recordCount < handed + count, Date() < deadline { usleep(1_000) }
      #expect(run.stream.recordCount == handed + count, "the stream read them")
      #expect(run.pilot.terminal.waker?.isPending == true)
    }

    /// The pilot's terminal, with the wake that waits when it is made held until the run
    /// loop first sleeps (the arrivals come after the run's first frame), and `keyInWait`
    /// typed during the loop's first wait with a timeout (while an arrivals' frame waits).
    final class WakeScriptTerminal: Terminal {
      let inner: HeadlessTerminal
      private var key: KeyEvent?
      private var holdsWake: Bool
      private(set) var keysGiven = 0
      /// Waits with a timeout so far.
      private(set) var timedWaits = 0

      init(_ inner: HeadlessTerminal, keyInWait key: KeyEvent?) {
        self.inner = inner
        self.key = key
        holdsWake = inner.waker?.take() == true
      }

      var size: CellSize { inner.size }
      var colorCount: Int { inner.colorCount }
      var waker: RunLoopWaker? { inner.waker }
      func present(_ canvas: Canvas) { inner.present(canvas) }
      func invalidateScreen() { inner.invalidateScreen() }
      func shutdown() {}

      func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
        if holdsWake, timeoutMilliseconds == nil {
          holdsWake = false
          inner.waker?.wake()
          return nil
        }
        if let timeoutMilliseconds, timeoutMilliseconds > 0, inner.waker?.isPending != true {
          timedWaits += 1
          if let typed = key {
            key = nil
            keysGiven += 1
            return .key(typed)
          }
        }
        return inner.nextEvent(timeoutMilliseconds: timeoutMilliseconds)
      }
    }
  }
}

extension Int {
  /// The number with thousands separated by commas, as the status line writes it.
  fileprivate var formattedWithCommas: String {
    let digits = String(self)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
