import TGridApp
import TGridJSON
import TermGrid

/// Measures switching views as a person meets it, for `tgrid-bench views`: the browser on
/// a headless terminal of 120×40 with animation on (as `tgrid` runs), keys through the
/// real run loop, and for each switch the time from the key to the first frame that shows
/// the new view, and to the last frame of its animation (the animation's own waiting is
/// virtual time, so that figure is the work of all its frames).
public enum ViewSwitchBenchmark {
  /// One switch measured.
  public struct Switch: Sendable {
    /// `grid→tree`, with `(again)` when the view was shown before.
    public var name: String
    /// Seconds from the key to the first frame after it.
    public var firstFrame: Double
    /// Seconds from the key to the end of the switch's animation (its frames' work).
    public var whole: Double
    /// Frames drawn for the switch.
    public var frames: Int
    /// Whether the view was still reading its items after the first frame (it shows what
    /// it has read and fills in the rest over the next frames).
    public var workAfterFirstFrame: Bool
  }

  /// Opens `path` in the grid and presses `keys` one by one (`1`–`6`, `Tab`).
  /// - Returns: every switch, and the seconds it took to load the file.
  public static func run(path: String, keys: [String] = defaultKeys) -> (switches: [Switch], load: Double) {
    let loadStart = BenchmarkClock.now()
    guard
      let store = (try? JSONBytes.contentsOfFile(path)).flatMap({ try? JSONDocument(bytes: $0) })
        .map({ DocumentStore(document: $0, name: "bench", path: path) })
    else { return ([], 0) }
    let load = BenchmarkClock.now() - loadStart
    let size = CellSize(columns: 120, rows: 40)
    let headless = HeadlessTerminal(size: size)
    let terminal = TimedTerminal(headless)
    let browser = BrowserController(store: store, size: size, animates: true)
    browser.terminal = terminal
    browser.collectionView.clock = { headless.elapsedMilliseconds }
    let runLoop = TerminalRunLoop(
      terminal: terminal, root: browser, clock: { headless.elapsedMilliseconds }, debugCrash: nil)
    runLoop.run()
    var seen: Set<PresentationKind> = [browser.presentationKind]
    var switches: [Switch] = []
    for name in keys {
      guard let key = KeyEvent(name: name) else { continue }
      let from = browser.presentationKind
      let framesBefore = runLoop.frameCount
      terminal.firstPresent = nil
      terminal.isArmed = false
      terminal.busyAfterFirstPresent = false
      terminal.isBusy = { browser.isPresentationReading }
      let start = BenchmarkClock.now()
      headless.enqueue(.key(key))
      runLoop.run()
      let end = BenchmarkClock.now()
      let to = browser.presentationKind
      let again = !seen.insert(to).inserted
      switches.append(
        Switch(
          name: "\(from.rawValue)→\(to.rawValue)\(again ? " (again)" : "")",
          firstFrame: (terminal.firstPresent ?? end) - start,
          whole: end - start, frames: runLoop.frameCount - framesBefore,
          workAfterFirstFrame: terminal.busyAfterFirstPresent))
    }
    return (switches, load)
  }

  /// Every view once from the grid's neighbour, then every view again with Tab.
  public static let defaultKeys = [
    "2", "3", "4", "5", "6", "1", "3", "5", "6", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab",
  ]

  /// A headless terminal that notes when the first frame after a key reached it.
  private final class TimedTerminal: Terminal {
    let inner: HeadlessTerminal
    var firstPresent: Double?
    /// The key was taken: the next frame is the first to show its effect.
    var isArmed = false
    var busyAfterFirstPresent = false
    var isBusy: () -> Bool = { false }

    init(_ inner: HeadlessTerminal) { self.inner = inner }

    var size: CellSize { inner.size }
    var colorCount: Int { inner.colorCount }
    var waker: RunLoopWaker? { inner.waker }

    func present(_ canvas: Canvas) {
      inner.present(canvas)
      if isArmed, firstPresent == nil {
        firstPresent = BenchmarkClock.now()
        busyAfterFirstPresent = isBusy()
      }
    }

    func nextEvent(timeoutMilliseconds: Int?) -> InputEvent? {
      let event = inner.nextEvent(timeoutMilliseconds: timeoutMilliseconds)
      if event != nil { isArmed = true }
      return event
    }
    func shutdown() { inner.shutdown() }
  }
}
