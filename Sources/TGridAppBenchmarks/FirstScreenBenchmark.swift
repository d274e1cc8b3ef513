import TGridApp
import TGridJSON
import TermGrid

/// Measures how soon the first screen of a file shows, for `tgrid-bench firstscreen`: the
/// time from opening the file to the first frame with values in it, through the same path
/// as `tgrid FILE` (a background load, waiting for a screenful, the browser on the
/// preview, one frame drawn on a headless terminal of 120×40).
public enum FirstScreenBenchmark {
  /// Seconds to the first frame with values (and whether the whole file had loaded by then).
  public static func run(
    path: String, maximumByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount
  ) -> (seconds: Double, wholeFileLoaded: Bool) {
    let start = BenchmarkClock.now()
    let opened = open(path: path, maximumByteCount: maximumByteCount)
    let seconds = BenchmarkClock.now() - start
    opened.load.cancel()
    return (seconds, opened.ended)
  }

  /// Seconds from opening the file to the whole document in the browser (issue 34's load:
  /// the same path as `tgrid FILE`, the run loop taking the load's progress and the
  /// document when it ends, frames drawn as it goes), and to the first frame on the way;
  /// `wholeAt` is when the whole document's frame was shown, on the monotonic clock (a
  /// script that notes the clock before it starts the process takes key to whole document
  /// from it, without the process's exit).
  public static func runToWholeDocument(path: String) -> (firstFrame: Double, whole: Double, wholeAt: Double) {
    let start = BenchmarkClock.now()
    let opened = open(path: path, maximumByteCount: 4 << 30)
    let firstFrame = BenchmarkClock.now() - start
    // The headless terminal has no input: each run ends when nothing wakes it for a while,
    // and at once when the frame it presented shows the whole document (`tgrid FILE` is
    // there then: the 50 ms of waiting for a wake that could not come, and one more frame,
    // were the bench's own, in its wall and CPU time).
    let terminal = opened.terminal
    let browser = opened.browser
    terminal.wakeWaitMilliseconds = 50
    terminal.presentObserver = { [unowned terminal, unowned browser] _ in
      if browser.load == nil, !browser.store.isLoading { terminal.wakeWaitMilliseconds = 0 }
    }
    while browser.load != nil || browser.store.isLoading {
      opened.runLoop.run()
    }
    terminal.presentObserver = nil
    let end = BenchmarkClock.now()
    return (firstFrame, end - start, end)
  }

  /// Opens a file as `tgrid FILE` does (a background load, waiting for a screenful, the
  /// browser on the preview) and draws the first frame on a headless terminal of 120×40.
  private static func open(path: String, maximumByteCount: Int) -> (
    load: DocumentLoad, ended: Bool, terminal: HeadlessTerminal, browser: BrowserController, runLoop: TerminalRunLoop
  ) {
    let load = DocumentLoad(
      path: path, name: "bench", options: JSONParseOptions(), maximumByteCount: maximumByteCount,
      yieldsToFirstScreen: true)
    load.start()
    let ended = load.waitForFirstScreen(children: DocumentLoad.firstScreenChildren, milliseconds: 200)
    let store: DocumentStore
    if ended, let document = load.takeDocument() {
      store = DocumentStore(document: document, name: "bench", path: path)
    } else if let preview = load.preview {
      store = DocumentStore(document: preview, name: "bench", path: path, isLoading: true)
    } else {
      store = DocumentStore.waitingForLoad(name: "bench", path: path)
    }
    let size = CellSize(columns: 120, rows: 40)
    let terminal = HeadlessTerminal(size: size)
    let browser = BrowserController(store: store, size: size, animates: false)
    browser.load = ended ? nil : load
    let runLoop = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil)
    runLoop.drawFrame()
    return (load, ended, terminal, browser, runLoop)
  }
}
