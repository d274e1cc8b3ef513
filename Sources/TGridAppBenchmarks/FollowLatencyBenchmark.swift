import Dispatch
import Synchronization
import TGridApp
import TGridJSON
import TGridSystem
import TermGrid

/// Measures key latency while a followed file grows, with keys that come when they come,
/// for `tgrid-bench follow --live`: the browser's run loop runs without a stop on a 120×40
/// headless terminal on real time, following a file (`tgrid -f FILE`); a thread of its own
/// types a key every `pause` seconds (give or take half of it, so the keys fall anywhere
/// in a batch), and each key's time from being typed to the first frame after the browser
/// took it is noted, first with the writer quiet, then while a writer thread appends
/// `rate` records a second. A key typed while a batch is taken in waits for that batch:
/// what this measures that ``FollowBenchmark`` (keys sent between runs of the loop) does
/// not.
public enum FollowLatencyBenchmark {
  /// What one run measured.
  public struct Result: Sendable {
    /// Seconds from each key typed to its first frame, with the writer quiet and writing.
    public var quiet: [Double]
    public var writing: [Double]
    /// Records the browser took while the writer wrote, and the seconds that took.
    public var arrived: Int
    public var seconds: Double
    /// CPU seconds of the process while the writer wrote, less the writer's and the
    /// typist's threads (the browser's run loop and the stream's thread), and the same
    /// over the quiet phase.
    public var writingCPU: Double
    public var quietCPU: Double
    public var quietSeconds: Double
    /// Records in the document at the end (at most `keep`).
    public var kept: Int
    /// Frames drawn while the writer wrote.
    public var writingFrames: Int
  }

  /// Follows a new file under `directory` holding `initial` records (paused away from the
  /// end, or following it when `atEnd`), types `keys` quiet, then again while `rate`
  /// records a second are appended. `arrivalFrameMilliseconds` and `takesArrivalsAtFrames`
  /// set the follow controller's (the defaults when nil).
  public static func run(
    directory: String, initial: Int, rate: Int, keys: [String], pause: Double, keep: Int, atEnd: Bool,
    arrivalFrameMilliseconds: Int?? = nil, takesArrivalsAtFrames: Bool? = nil
  ) -> Result? {
    let path = directory + "/tgrid-follow-live-\(ProcessIdentity.processID).jsonl"
    defer { _ = SystemFile.remove(path) }
    guard let created = try? SystemFile.open(path, [.create, .truncate, .writeOnly]) else { return nil }
    write(records(from: 1, count: initial), to: created)
    SystemFile.release(created)

    let store = DocumentStore.waitingForLoad(name: "bench", path: path)
    let size = CellSize(columns: 120, rows: 40)
    let terminal = LiveTerminal(size: size)
    let browser = BrowserController(store: store, size: size, animates: true)
    browser.terminal = terminal
    let stream = FollowedStream(path: path, maximumLineByteCount: 1 << 26)
    browser.following.keptRecordCount = keep
    if let arrivalFrameMilliseconds { browser.following.arrivalFrameMilliseconds = arrivalFrameMilliseconds }
    if let takesArrivalsAtFrames { browser.following.takesArrivalsAtFrames = takesArrivalsAtFrames }
    browser.following.start(stream)
    stream.start()
    defer { stream.stop() }
    let runLoop = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil)

    let typed = keys.compactMap { KeyEvent(name: $0) }
    let writing = Atomic<Bool>(false)
    let writerDone = Atomic<Bool>(false)
    let writerCPU = Atomic<UInt64>(0)
    let typistCPU = Atomic<UInt64>(0)
    let marks = Mutex<[(seconds: Double, cpu: Double, records: Int, frames: Int)]>([])
    @Sendable func mark() {
      let now = (BenchmarkClock.now(), ResourceUsage.processCPUSeconds(), stream.recordCount, terminal.frameCount)
      marks.withLock { $0.append(now) }
    }
    // The typist: a key at a time, each once the one before it was answered.
    DispatchQueue(label: "tgrid.bench.typist").async {
      let cpuStart = ResourceUsage.threadCPUSeconds()
      var generator = SplitMix(seed: 30)
      // The first records read, taken by the running loop as they come: waiting for them
      // all before the loop runs would wait forever once they outgrow the stream's
      // backlog bound (the stream waits for the loop to take them), as 1 M records do.
      while stream.recordCount < initial { Machine.sleep(microseconds: 1_000) }
      // Settle: the first records taken and drawn; away from the end unless following it.
      for name in atEnd ? ["G"] : ["g", "j"] {
        guard let key = KeyEvent(name: name) else { continue }
        terminal.type(key)
        terminal.waitForFrame()
      }
      Machine.sleep(microseconds: 300_000)
      terminal.forgetLatencies()
      for pass in 0..<2 {
        if pass == 1 {
          writing.store(true, ordering: .relaxed)
          DispatchQueue(label: "tgrid.bench.writer").async {
            writeRecords(to: path, from: initial + 1, rate: rate, while: writing, cpu: writerCPU)
            writerDone.store(true, ordering: .relaxed)
          }
          Machine.sleep(microseconds: 200_000)
        }
        mark()
        for key in typed {
          let jitter = pause * (0.5 + Double(generator.next() % 1000) / 1000)
          Machine.sleep(microseconds: Int(jitter * 1e6))
          terminal.type(key)
          terminal.waitForFrame()
        }
        mark()
      }
      writing.store(false, ordering: .relaxed)
      while !writerDone.load(ordering: .relaxed) { Machine.sleep(microseconds: 1_000) }
      typistCPU.store(UInt64((ResourceUsage.threadCPUSeconds() - cpuStart) * 1e9), ordering: .relaxed)
      terminal.finish()
    }
    runLoop.run()
    let times = terminal.latencies.withLock { $0 }
    let spans = marks.withLock { $0 }
    guard spans.count == 4 else { return nil }
    let others = Double(writerCPU.load(ordering: .relaxed) + typistCPU.load(ordering: .relaxed)) / 1e9
    let document = browser.store.document
    return Result(
      quiet: Array(times.prefix(typed.count)), writing: Array(times.dropFirst(typed.count)),
      arrived: spans[3].records - spans[2].records, seconds: spans[3].seconds - spans[2].seconds,
      writingCPU: spans[3].cpu - spans[2].cpu - others, quietCPU: spans[1].cpu - spans[0].cpu,
      quietSeconds: spans[1].seconds - spans[0].seconds, kept: document.childCount(of: document.root),
      writingFrames: spans[3].frames - spans[2].frames)
  }

  /// `count` log records numbered from `first`, one a line.
  static func records(from first: Int, count: Int) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(count * 90)
    for id in first..<(first + count) {
      text += Array(
        #"{"id":\#(id),"level":"\#(["info", "warn", "error"][id % 3])","msg":"request \#(id) served","ms":\#(id % 997)}"#
          .utf8)
      text.append(0x0A)
    }
    return text
  }

  /// Appends `rate` records a second to `path` while `writing` holds (every 5 ms what is
  /// due); its thread's CPU time goes to `cpu` (nanoseconds).
  private static func writeRecords(
    to path: String, from first: Int, rate: Int, while writing: borrowing Atomic<Bool>, cpu: borrowing Atomic<UInt64>
  ) {
    let cpuStart = ResourceUsage.threadCPUSeconds()
    guard let descriptor = try? SystemFile.open(path, [.writeOnly, .append]) else { return }
    let start = BenchmarkClock.now()
    var written = 0
    while writing.load(ordering: .relaxed) {
      let due = Int((BenchmarkClock.now() - start) * Double(rate))
      if due > written {
        write(records(from: first + written, count: due - written), to: descriptor)
        written = due
      }
      Machine.sleep(microseconds: 5_000)
    }
    SystemFile.release(descriptor)
    cpu.store(UInt64((ResourceUsage.threadCPUSeconds() - cpuStart) * 1e9), ordering: .relaxed)
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      do { try SystemFile.write(descriptor, buffer) } catch {}
    }
  }

  /// A small deterministic generator for the pauses between keys.
  private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// A headless terminal on real time whose keys come from another thread, as typed keys
  /// come to a real terminal: the run loop's wait ends for a key or a wake, and the time
  /// from a key typed to the first frame drawn after the browser took it is noted.
  private final class LiveTerminal: Terminal, @unchecked Sendable {
    private let inner: HeadlessTerminal
    private let typed = Mutex<[(key: KeyEvent, at: Double)]>([])
    private let finished = Atomic<Bool>(false)
    private let waiting = Atomic<Bool>(false)
    private let frames = Atomic<Int>(0)
    /// Typed keys taken by the run loop and not drawn yet (the loop's thread only).
    private var taken: [Double] = []
    /// Seconds from each key typed to its first frame, in order.
    let latencies = Mutex<[Double]>([])

    init(size: CellSize) { inner = HeadlessTerminal(size: size) }

    var size: CellSize { inner.size }
    var colorCount: Int { inner.colorCount }
    var waker: RunLoopWaker? { inner.waker }

    /// Types a key now (from any thread).
    func type(_ key: KeyEvent) {
      waiting.store(true, ordering: .relaxed)
      let now = BenchmarkClock.now()
      typed.withLock { $0.append((key, now)) }
    }

    /// Waits until the last key typed was drawn (at most two seconds: a key that changes
    /// nothing draws no frame of its own).
    func waitForFrame() {
      let deadline = BenchmarkClock.now() + 2
      while waiting.load(ordering: .relaxed), BenchmarkClock.now() < deadline { Machine.sleep(microseconds: 200) }
    }

    /// Frames drawn so far (read from any thread).
    var frameCount: Int { frames.load(ordering: .relaxed) }

    /// Forgets the times noted so far.
    func forgetLatencies() { latencies.withLock { $0 = [] } }

    /// Ends the run loop's run at its next wait.
    func finish() { finished.store(true, ordering: .relaxed) }

    func present(_ canvas: Canvas) {
      inner.present(canvas)
      frames.add(1, ordering: .relaxed)
      guard !taken.isEmpty else { return }
      let now = BenchmarkClock.now()
      latencies.withLock { times in
        for start in taken { times.append(now - start) }
      }
      taken = []
      if typed.withLock({ $0.isEmpty }) { waiting.store(false, ordering: .relaxed) }
    }

    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
      let deadline = timeoutMilliseconds.map { BenchmarkClock.now() + Double(max(0, $0)) / 1000 }
      while true {
        if let next = typed.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
          taken.append(next.at)
          return .key(next.key)
        }
        if inner.waker?.isPending == true { return nil }
        // Signal 0 is none: it only ends the run loop's run (`RunLoopExit.signal`).
        if finished.load(ordering: .relaxed) { return .signal(0) }
        if let deadline, BenchmarkClock.now() >= deadline { return nil }
        // A terminal's poll ends for a typed key or a wake: here a short sleep stands for it.
        _ = inner.waker?.waitForWake(timeoutMilliseconds: 1)
      }
    }

    func shutdown() { inner.shutdown() }
  }
}
