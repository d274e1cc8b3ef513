import TGridApp
import TGridJSON
import TermGrid

/// Measures `tgrid diff A B` opening the browser, for `tgrid-bench jsondiff`: the time from
/// the command's start to the first frame with B's values (both files read and indexed, the
/// pair compared before it only when small, one frame drawn on a headless terminal of
/// 120×40), and to the first frame with the whole diff's marks (the comparison on its own
/// thread handed to the browser at the run loop's wake).
public enum DiffScreenBenchmark {
  /// Seconds to the first screen and to the marked screen, and how many changes it marks.
  public static func run(old: String, new: String) -> (firstScreen: Double, wholeDiff: Double, changes: Int)? {
    let start = BenchmarkClock.now()
    guard let store = try? DocumentStore.comparing(old: old, new: new, maximumByteCount: 4 << 30) else { return nil }
    let size = CellSize(columns: 120, rows: 40)
    let terminal = HeadlessTerminal(size: size)
    let browser = BrowserController(store: store, size: size, animates: false)
    let runLoop = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil)
    runLoop.drawFrame()
    let firstScreen = BenchmarkClock.now() - start
    store.waitForPendingDiff()
    _ = browser.handleWake(in: runLoop)
    runLoop.drawFrame()
    let wholeDiff = BenchmarkClock.now() - start
    return (firstScreen, wholeDiff, store.diffChangeCount ?? -1)
  }
}
