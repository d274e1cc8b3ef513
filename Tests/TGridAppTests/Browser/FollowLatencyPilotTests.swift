import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// Keys while records pour in: a key typed while a burst waits to be taken is answered,
  /// and drawn, before the burst; the burst then joins the cards or rows as an insert at
  /// the end, and the screen is what a browser opened on the whole stream shows.
  @Suite(.serialized) struct FollowLatencyPilotTests {
    typealias Run = FollowPilotTests.Run

    @Test(arguments: [PresentationKind.grid, .table])
    func aKeyTypedWhileABurstWaitsIsAnsweredInTheFrameBeforeTheBurst(kind: PresentationKind) throws {
      let run = try Run(records: 40, presentation: kind)
      run.pilot.press("g")  // paused, at the first record
      let focused = run.pilot.focusedPath
      let before = run.count
      // A burst is read and handed over while the loop does not run: its wake waits.
      let handed = run.stream.recordCount
      let burst = 2_000
      let handle = FileHandle(forWritingAtPath: run.path)
      handle?.seekToEndOfFile()
      handle?.write(Data((1...burst).map { #"{"n":\#(1000 + $0),"name":"burst"}"# + "\n" }.joined().utf8))
      try? handle?.close()
      let deadline = Date().addingTimeInterval(10 * Double(SanitizerBuild.slowdown))
      while run.stream.recordCount < handed + burst, Date() < deadline { usleep(1_000) }
      #expect(run.stream.recordCount == handed + burst, "the stream read the burst")
      #expect(run.pilot.terminal.waker?.isPending == true)
      var frames: [(count: Int, focus: String)] = []
      run.pilot.terminal.presentObserver = { _ in frames.append((run.count, run.pilot.focusedPath)) }
      run.pilot.press("j")
      run.pilot.terminal.presentObserver = nil
      let first = try #require(frames.first)
      #expect(first.count == before, "\(kind): the key's frame comes before the burst is taken")
      #expect(first.focus != focused, "\(kind): and shows the key's move: \(first.focus)")
      #expect(run.count == before + burst, "\(kind): the burst is taken right after")
      #expect(run.pilot.focusedPath == first.focus, "\(kind): the burst moves no one")
    }

    /// In a real terminal a key often arrives while the loop sleeps, and the wake that came
    /// with it is taken before the key's frame: the arrivals must see where the key left the
    /// focus. A move up is not undone by the batch (following stops), and a move to the last
    /// record resumes following before the batch moves the end.
    @Test(arguments: [PresentationKind.grid, .table])
    func arrivalsTakenBeforeTheKeysFrameSeeTheKeysMove(kind: PresentationKind) throws {
      let run = try Run(records: 40, presentation: kind)
      let view = run.pilot.browser.collectionView
      let following = run.pilot.browser.following
      #expect(following.isFollowing)
      let store = run.pilot.store
      func indexPath(ofRecord position: Int) throws -> TermGrid.IndexPath {
        let record = try #require(store.document.child(at: position, of: store.document.root))
        return try #require(run.pilot.browser.presentation.indexPath(for: store.id(record), reveal: false))
      }
      view.focusItem(at: try indexPath(ofRecord: 36), scrollPosition: .nearest)  // `k`, with no frame after it
      following.append((1...5).map { Array(#"{"n":\#(100 + $0),"name":"late"}"#.utf8) })
      #expect(!following.isFollowing, "\(kind): the move up paused following")
      #expect(run.pilot.focusedPath.hasPrefix(".[36]"), "\(kind): the batch left the focus: \(run.pilot.focusedPath)")
      view.focusItem(at: try indexPath(ofRecord: 44), scrollPosition: .nearest)  // `G`, with no frame after it
      following.append((1...5).map { Array(#"{"n":\#(200 + $0),"name":"later"}"#.utf8) })
      #expect(following.isFollowing, "\(kind): G reached the end: following again")
      #expect(run.pilot.focusedPath.hasPrefix(".[49]"), "\(kind): at the new last record: \(run.pilot.focusedPath)")
    }

    /// Arrivals and drops by `--keep` through the grid's append path leave the same cards
    /// as a grid opened on the records kept.
    @Test func theGridAfterArrivalsAndDropsShowsWhatAFreshGridShows() throws {
      let run = try Run(records: 30, presentation: .grid)
      run.pilot.browser.following.keptRecordCount = 45
      for batch in 0..<4 {
        run.append((1...10).map { #"{"n":\#(100 + batch * 10 + $0),"name":"late \#(batch)"}"# }, keeping: 45)
      }
      #expect(run.count == 45)
      run.pilot.press("G")
      let shown = run.pilot.screen
      let kept = run.pilot.store.document.serializedText()
      let fresh = try Pilot(
        json: kept, size: run.pilot.terminal.size, presentation: .grid, options: JSONParseOptions(mode: .lines))
      fresh.press("G")
      #expect(cards(shown) == cards(fresh.screen), "\(shown)\n---\n\(fresh.screen)")
    }

    /// Arrivals and drops by `--keep` through the table's paths (appended at the end, cut
    /// off the start) leave the same rows and the same screen, at the top and at the end,
    /// as a table opened on the records kept.
    @Test func theTableAfterArrivalsAndDropsShowsWhatAFreshTableShows() throws {
      let run = try Run(records: 30, presentation: .table)
      run.pilot.browser.following.keptRecordCount = 45
      for batch in 0..<4 {
        run.append((1...10).map { #"{"n":\#(100 + batch * 10 + $0),"name":"late \#(batch)"}"# }, keeping: 45)
      }
      // (`append` stops waiting once 45 records are there: the last batches too.)
      let store = run.pilot.store
      let last = #"{"n":140,"name":"late 3"}"#
      #expect(run.pilot.waitForBackgroundWork { _ in store.document.serializedText().contains(last) })
      #expect(run.count == 45)
      let kept = store.document.serializedText()
      let fresh = try Pilot(
        json: kept, size: run.pilot.terminal.size, presentation: .table, options: JSONParseOptions(mode: .lines))
      let table = try #require(run.pilot.browser.presentation as? TablePresentation)
      let freshTable = try #require(fresh.browser.presentation as? TablePresentation)
      #expect(table.model.rows.count == 45)
      #expect(
        table.model.rows.map { run.pilot.store.node($0).map { run.pilot.store.document.rawText(of: $0) } }
          == freshTable.model.rows.map { fresh.store.node($0).map { fresh.store.document.rawText(of: $0) } })
      #expect(table.model.columns == freshTable.model.columns)
      for key in ["g", "G"] {
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
