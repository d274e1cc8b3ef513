import TGridApp
import TGridJSON
import TermGrid

/// Measures `tgrid diff A B` opening the browser, for `tgrid-bench jsondiff`, through the
/// same path as the command (``DiffOpening``: a large pair opens on B's first screenful
/// while A is read and compared on the comparison's thread) on a headless terminal of
/// 120×40: the time from the command's start to the first frame with B's values, to the
/// first frame with the whole diff's marks (B's load followed by the run loop, the diff
/// taken at its wake), to the pairing `` ` `` needs (made on the same thread after the
/// diff), and how long `` ` `` then takes from the key to the frame showing A.
public enum DiffScreenBenchmark {
  /// The figures of one run, in seconds.
  public struct Figures {
    /// To the first frame with B's values.
    public var firstScreen: Double
    /// To the first frame with every mark.
    public var wholeDiff: Double
    /// To the pairing of A's values with B's being ready.
    public var paired: Double
    /// From `` ` `` to the frame showing A (a large pair's pairing ready; a small pair's
    /// made on the run loop then).
    public var sideSwitch: Double
    /// How many changes the diff marks.
    public var changes: Int
  }

  /// Opens the pair as `tgrid diff A B` does, waits for the marks and the pairing, and
  /// presses `` ` ``; nil when a side cannot be read.
  public static func run(old: String, new: String) -> Figures? {
    let start = BenchmarkClock.now()
    guard let opening = try? DiffOpening.open(old: old, new: new, maximumByteCount: 4 << 30) else { return nil }
    let store = opening.store
    let size = CellSize(columns: 120, rows: 40)
    let terminal = HeadlessTerminal(size: size)
    let browser = BrowserController(store: store, size: size, presentation: .tree, animates: false)
    browser.load = opening.load
    let runLoop = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil)
    runLoop.drawFrame()
    let firstScreen = BenchmarkClock.now() - start
    // The headless terminal has no input: each run ends when nothing wakes it for a while.
    terminal.wakeWaitMilliseconds = 20
    while browser.load != nil || store.isLoading { runLoop.run() }
    runLoop.drawFrame()
    let wholeDiff = BenchmarkClock.now() - start
    let changes = store.diffChangeCount ?? -1
    while store.isPairing && !browser.wantsToQuit { runLoop.run() }
    let paired = BenchmarkClock.now() - start
    // No input left after the key: the run ends once its frame is drawn.
    terminal.wakeWaitMilliseconds = 0
    let key = BenchmarkClock.now()
    terminal.enqueue(.key(KeyEvent(.character("`"))))
    runLoop.run()
    let sideSwitch = BenchmarkClock.now() - key
    return Figures(
      firstScreen: firstScreen, wholeDiff: wholeDiff, paired: paired, sideSwitch: sideSwitch, changes: changes)
  }
}
