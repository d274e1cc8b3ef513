import Dispatch
import Synchronization
import TGridApp
import TGridJSON
import TGridSystem
import TermGrid

/// Measures browsing while a followed file grows, for `tgrid-bench follow`: the browser on a
/// headless terminal of 120×40 follows a file (`tgrid -f FILE`, paused away from the end,
/// as a person reading) while a writer thread appends records at a given rate, and each
/// key's time from the key to the first frame after it is measured; the same keys are
/// measured first with the writer quiet.
public enum FollowBenchmark {
  /// What one run measured.
  public struct Result: Sendable {
    /// Seconds from each key to its first frame, with the writer quiet and writing.
    public var quiet: [Double]
    public var writing: [Double]
    /// Records the browser took while the writer wrote, and the seconds that took.
    public var arrived: Int
    public var seconds: Double
    /// Records in the document at the end (at most `keep`).
    public var kept: Int
  }

  /// Follows a new file under `directory` holding `initial` records, presses `keys` (with
  /// `pause` seconds between) quiet, then again while `rate` records a second are appended.
  public static func run(
    directory: String, initial: Int, rate: Int, keys: [String], pause: Double, keep: Int
  ) -> Result? {
    let path = directory + "/tgrid-follow-bench-\(ProcessIdentity.processID).jsonl"
    defer { _ = SystemFile.remove(path) }
    var counter = 0
    func lines(_ count: Int) -> [UInt8] {
      var text: [UInt8] = []
      for _ in 0..<count {
        counter += 1
        text += Array(
          #"{"id":\#(counter),"level":"\#(["info", "warn", "error"][counter % 3])","msg":"request \#(counter) served","ms":\#(counter % 997)}"#
            .utf8)
        text.append(0x0A)
      }
      return text
    }
    guard let created = try? SystemFile.open(path, [.create, .truncate, .writeOnly]) else { return nil }
    let first = lines(initial)
    write(first, to: created)
    SystemFile.release(created)
    let (headless, terminal, browser, stream, runLoop) = following(name: "bench", path: path, keep: keep)
    defer { stream.stop() }
    // The first records, taken by the loop as they come (a turn at a time): waiting for them
    // all before it runs would wait forever once they outgrow the stream's backlog bound.
    terminal.endsRunWhenIdle = true
    while stream.recordCount < initial {
      runLoop.run()
      Machine.sleep(microseconds: 1_000)
    }
    terminal.endsRunWhenIdle = false
    runLoop.run()
    runLoop.run()
    // Away from the end: paused, as a person reading while records arrive.
    for name in ["g", "j"] {
      if let key = KeyEvent(name: name) { headless.enqueue(.key(key)) }
      runLoop.run()
    }
    // Between keys the run loop takes what arrives, as it does while a person reads: one
    // turn of the loop at a time (the terminal then ends the run).
    func idle(for seconds: Double) {
      let end = BenchmarkClock.now() + seconds
      terminal.endsRunWhenIdle = true
      while BenchmarkClock.now() < end {
        runLoop.run()
        Machine.sleep(microseconds: 1_000)
      }
      terminal.endsRunWhenIdle = false
    }
    func press() -> [Double] {
      var times: [Double] = []
      for name in keys {
        guard let key = KeyEvent(name: name) else { continue }
        idle(for: pause)
        terminal.firstPresent = nil
        terminal.isArmed = false
        terminal.endsRunAfterFrame = true
        let start = BenchmarkClock.now()
        headless.enqueue(.key(key))
        runLoop.run()
        terminal.endsRunAfterFrame = false
        times.append((terminal.firstPresent ?? BenchmarkClock.now()) - start)
      }
      return times
    }
    let quiet = press()
    let writing = Atomic<Bool>(true)
    let before = stream.recordCount
    let writerDone = Atomic<Bool>(false)
    let firstID = counter
    DispatchQueue(label: "tgrid.bench.writer").async {
      var writerCounter = firstID
      guard let descriptor = try? SystemFile.open(path, [.writeOnly, .append]) else { return }
      let start = BenchmarkClock.now()
      var written = 0
      while writing.load(ordering: .relaxed) {
        let due = Int((BenchmarkClock.now() - start) * Double(rate))
        if due > written {
          var text: [UInt8] = []
          for _ in written..<due {
            writerCounter += 1
            text += Array(
              #"{"id":\#(writerCounter),"level":"info","msg":"request \#(writerCounter) served","ms":\#(writerCounter % 997)}"#
                .utf8)
            text.append(0x0A)
          }
          write(text, to: descriptor)
          written = due
        }
        Machine.sleep(microseconds: 5_000)
      }
      SystemFile.release(descriptor)
      writerDone.store(true, ordering: .relaxed)
    }
    let start = BenchmarkClock.now()
    let busy = press()
    writing.store(false, ordering: .relaxed)
    while !writerDone.load(ordering: .relaxed) { Machine.sleep(microseconds: 1_000) }
    let seconds = BenchmarkClock.now() - start
    runLoop.run()
    let document = browser.store.document
    return Result(
      quiet: quiet, writing: busy, arrived: stream.recordCount - before, seconds: seconds,
      kept: document.childCount(of: document.root))
  }

  /// What following standard input to its end measured (`cat FILE | tgrid-bench follow
  /// --stdin`).
  public struct StreamResult: Sendable {
    /// Seconds from the start to the first frame showing a record.
    public var firstScreen: Double
    /// Seconds to read the whole input, the records read and the records kept.
    public var whole: Double
    public var read: Int
    public var kept: Int
  }

  /// Follows standard input as `tgrid --follow` does (a 120×40 grid, following the end)
  /// until it ends, keeping `keep` records.
  public static func followStandardInput(keep: Int) -> StreamResult {
    let start = BenchmarkClock.now()
    let (_, terminal, browser, stream, runLoop) = following(name: "(stdin)", path: nil, keep: keep)
    defer { stream.stop() }
    terminal.endsRunWhenIdle = true
    var firstScreen: Double?
    var lastCount = -1
    var quietSince = BenchmarkClock.now()
    while true {
      runLoop.run()
      let document = browser.store.document
      if firstScreen == nil, document.childCount(of: document.root) > 0, terminal.lastPresent != nil {
        firstScreen = terminal.lastPresent.map { $0 - start }
      }
      let count = stream.recordCount
      if count != lastCount {
        lastCount = count
        quietSince = BenchmarkClock.now()
      } else if BenchmarkClock.now() - quietSince > 2 {
        break  // the input ended (or stalled) two seconds ago
      }
      Machine.sleep(microseconds: 1_000)
    }
    let document = browser.store.document
    return StreamResult(
      firstScreen: firstScreen ?? -1, whole: quietSince - start, read: stream.recordCount,
      kept: document.childCount(of: document.root))
  }

  /// A 120×40 browser following `path` (standard input when `nil`) as `tgrid -f` does,
  /// keeping `keep` records, on a headless terminal and its run loop; the stream runs (the
  /// caller stops it).
  private static func following(name: String, path: String?, keep: Int) -> (
    HeadlessTerminal, TimedTerminal, BrowserController, FollowedStream, TerminalRunLoop
  ) {
    let store = DocumentStore.waitingForLoad(name: name, path: path)
    let size = CellSize(columns: 120, rows: 40)
    let headless = HeadlessTerminal(size: size)
    let terminal = TimedTerminal(headless)
    let browser = BrowserController(store: store, size: size, animates: true)
    browser.terminal = terminal
    browser.collectionView.clock = { headless.elapsedMilliseconds }
    let stream = FollowedStream(path: path, maximumLineByteCount: 1 << 26)
    browser.following.keptRecordCount = keep
    browser.following.start(stream)
    stream.start()
    let runLoop = TerminalRunLoop(
      terminal: terminal, root: browser, clock: { headless.elapsedMilliseconds }, debugCrash: nil)
    return (headless, terminal, browser, stream, runLoop)
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      do { try SystemFile.write(descriptor, buffer) } catch {}
    }
  }

  /// A headless terminal that notes when the first frame after a key reached it.
  private final class TimedTerminal: Terminal {
    let inner: HeadlessTerminal
    var firstPresent: Double?
    var isArmed = false
    /// The run ends once the key's first frame is drawn (records keep waking it).
    var endsRunAfterFrame = false
    /// The run ends when no key is waiting (after the wake it was run for).
    var endsRunWhenIdle = false
    /// Whether this run let the loop take a wake already.
    private var hasLetWakeThrough = false

    init(_ inner: HeadlessTerminal) { self.inner = inner }

    var size: CellSize { inner.size }
    var colorCount: Int { inner.colorCount }
    var waker: RunLoopWaker? { inner.waker }

    /// When the last frame was drawn.
    var lastPresent: Double?

    func present(_ canvas: Canvas) {
      inner.present(canvas)
      lastPresent = BenchmarkClock.now()
      if isArmed, firstPresent == nil { firstPresent = BenchmarkClock.now() }
    }

    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
      // Signal 0 is none: it only ends the run loop's run (`RunLoopExit.signal`).
      if endsRunAfterFrame, firstPresent != nil { return .signal(0) }
      let event = inner.nextEvent(timeoutMilliseconds: timeoutMilliseconds)
      // Idle once one wake is taken too (keys go before arrivals while following, so the
      // loop asks for input before it takes the wake it was run for).
      if event == nil, endsRunWhenIdle {
        if inner.waker?.isPending != true || hasLetWakeThrough {
          hasLetWakeThrough = false
          return .signal(0)
        }
        hasLetWakeThrough = true
      }
      if event != nil { isArmed = true }
      return event
    }
    func shutdown() { inner.shutdown() }
  }
}
