import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// Frames for batches that change nothing on screen: records appended far below a paused
  /// reader are a frame of the status line's counts; the cards on screen are copied from the
  /// drawing before, not drawn again, and show what a whole drawing shows.
  @Suite(.serialized) struct FollowDrawPilotTests {
    typealias Run = FollowPilotTests.Run

    @Test func aBatchAppendedBelowAPausedReaderDrawsNoCardAgain() throws {
      let run = try Run(records: 60, presentation: .grid)
      let view = run.pilot.browser.collectionView
      run.pilot.press("g")  // paused, at the first record
      let cards = view.visibleCells.count
      #expect(cards > 0)
      let before = run.pilot.lines.dropLast()
      run.append((1...30).map { #"{"n":\#(100 + $0),"name":"late","time":"2024-05-02T00:00:00Z"}"# })
      #expect(run.status.contains("+30 new ▼"), "\(run.status)")
      #expect(view.reusedCellCount == cards, "every card on screen copied: \(view.reusedCellCount) of \(cards)")
      #expect(!view.isAnimating, "nothing on screen moves")
      let after = aboveStatus(run)
      // Only the header's count changed.
      let changed = zip(before, run.pilot.lines.dropLast()).filter { $0 != $1 }
      #expect(changed.count == 1 && changed.first?.1.contains("90") == true, "\(changed)")
      // A key draws every card again, and the screen is the same.
      run.pilot.press("Ctrl-L")
      #expect(view.reusedCellCount == 0)
      #expect(aboveStatus(run) == after, "\(run.pilot.screen)")
    }

    @Test func aBatchThatReachesTheScreenDrawsWhatAFreshGridShows() throws {
      let run = try Run(records: 3, presentation: .grid)
      // Following at the end: the new cards come on screen and the focus moves to the last.
      run.append((1...4).map { #"{"n":\#(100 + $0),"name":"late \#($0)","time":"2024-05-02T00:00:00Z"}"# })
      #expect(run.pilot.screen.contains("late 4"))
      let shown = aboveStatus(run)
      run.pilot.press("Ctrl-L")
      #expect(aboveStatus(run) == shown)
    }

    /// The first screen comes from the first lines read: while no record is shown, a wake
    /// takes a screenful or two, not a whole batch (parsed, and every card measured, before
    /// the first frame); the next wake takes the rest.
    @Test func theFirstWakeTakesAFewRecordsNotAWholeBatch() throws {
      let path = NSTemporaryDirectory() + "tgrid-follow-first-\(UUID().uuidString).jsonl"
      defer { try? FileManager.default.removeItem(atPath: path) }
      let text = (1...1_000).map { #"{"n":\#($0),"name":"record \#($0)"}"# + "\n" }.joined()
      _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
      let store = DocumentStore.waitingForLoad(name: "(stdin)", path: nil)
      let browser = BrowserController(store: store, size: CellSize(columns: 120, rows: 40), animates: false)
      let stream = FollowedStream(path: path, maximumLineByteCount: 1 << 20, mapsFile: false)
      browser.following.start(stream)
      stream.start()
      defer { stream.stop() }
      let deadline = Date().addingTimeInterval(10 * Double(SanitizerBuild.slowdown))
      while stream.recordCount < 1_000, Date() < deadline { usleep(1_000) }
      #expect(stream.recordCount == 1_000, "the stream read the file")
      func count() -> Int { store.hasContent ? store.document.childCount(of: store.document.root) : 0 }
      _ = browser.following.handleWake()
      #expect(count() == FollowController.maximumRecordsBeforeFirstScreen)
      _ = browser.following.handleWake()
      #expect(count() == 1_000, "the rest at the next wake")
    }

    /// The cells of the screen above its status line (which counts what arrived), with
    /// their styles.
    private func aboveStatus(_ run: Run) -> [CanvasCell] {
      let screen = run.pilot.terminal.screen
      return Array(screen.cells.prefix(screen.size.columns * max(0, screen.size.rows - 1)))
    }
  }
}
