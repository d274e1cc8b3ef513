import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// `--keep` reached on a grid of more cards than are sized one by one: each batch drops
  /// as many records from the start as it appends, and a drop costs the batch, not the
  /// cards kept. The grid measures no sample of new first cards for it (the shared size
  /// stays), its collection view hears a cut at the start, and what it shows is what a
  /// grid opened on the records kept shows, paused on a record and at the end.
  @Suite(.serialized) struct FollowDropPilotTests {
    typealias Run = FollowPilotTests.Run

    static func record(_ number: Int) -> String {
      let time = String(format: "2024-05-01T%02d:%02d:00Z", number / 60 % 24, number % 60)
      return #"{"n":\#(number),"name":"record \#(number)","time":"\#(time)"}"#
    }

    @Test func dropsFromALargeGridMeasureNoSampleAndShowWhatAFreshGridShows() throws {
      let records = GridPresentation.individuallySizedLimit + 500
      let run = try Run(records: records, presentation: .grid)
      let following = run.pilot.browser.following
      following.keptRecordCount = records
      let store = run.pilot.store
      // Paused on a record in the middle, away from the records that leave.
      let view = run.pilot.browser.collectionView
      let focusedRecord = try #require(store.document.child(at: 2_000, of: store.document.root))
      let focusedID = store.id(focusedRecord)
      let indexPath = try #require(run.pilot.browser.presentation.indexPath(for: focusedID, reveal: false))
      view.focusItem(at: indexPath, scrollPosition: .center)
      run.pilot.press("k", "j")
      #expect(!following.isFollowing)
      let grid = try #require(run.pilot.browser.presentation as? GridPresentation)
      let measuredBefore = grid.measuredCardCount
      var next = records + 1
      for _ in 0..<3 {
        let lines = (next..<(next + 300)).map(Self.record)
        next += 300
        let last = try #require(lines.last)
        run.append(lines, keeping: records)
        #expect(run.pilot.waitForBackgroundWork { _ in store.document.serializedText().contains(last) })
      }
      #expect(run.count == records)
      #expect(following.droppedCount == 900)
      // Old code measured a sample of 200 new first cards for every drop.
      #expect(
        grid.measuredCardCount - measuredBefore < 100,
        "the drops measured \(grid.measuredCardCount - measuredBefore) cards")
      #expect(run.pilot.browser.focusedNodeID == focusedID, "the focus stays on its record")
      #expect(run.pilot.focusedPath.hasPrefix(".[1100]"), "\(run.pilot.focusedPath)")
      #expect(run.pilot.screen.contains("record 2001"), "the focused record stays on screen:\n\(run.pilot.screen)")

      let fresh = try Pilot(
        json: store.document.serializedText(), size: run.pilot.terminal.size, presentation: .grid,
        options: JSONParseOptions(mode: .lines))
      let freshRecord = try #require(fresh.store.document.child(at: 1_100, of: fresh.store.document.root))
      let freshPath = try #require(
        fresh.browser.presentation.indexPath(for: fresh.store.id(freshRecord), reveal: false))
      fresh.browser.collectionView.focusItem(at: freshPath, scrollPosition: .center)
      for key in ["G", "g"] {
        run.pilot.press(key)
        fresh.press(key)
        #expect(cards(run.pilot.screen) == cards(fresh.screen), "\(key):\n\(run.pilot.screen)\n---\n\(fresh.screen)")
      }
    }

    /// The screen without its status line (which says FOLLOW and what was dropped).
    private func cards(_ screen: String) -> String {
      screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(separator: "\n")
    }
  }
}
