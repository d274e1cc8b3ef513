import Foundation
import TGridJSON
import TermGrid
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

    /// The cells of the screen above its status line (which counts what arrived), with
    /// their styles.
    private func aboveStatus(_ run: Run) -> [CanvasCell] {
      let screen = run.pilot.terminal.screen
      return Array(screen.cells.prefix(screen.size.columns * max(0, screen.size.rows - 1)))
    }
  }
}
