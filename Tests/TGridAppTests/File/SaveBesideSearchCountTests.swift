import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// A save writes with no search count under way beside it (issue 34, item 5): on a loaded
  /// machine the count's thread halved what the save's copy got of the processors (1 GB:
  /// 4.1–4.5 s with a count after the edit, 1.95 s without). The count starts again after.
  @Suite struct SaveBesideSearchCountTests {
    @Test func aCountUnderWayStopsWhileTheSaveWritesAndStartsAgainAfter() throws {
      let file = try TemporaryFile(contents: #"[{"name": "ab"}, {"name": "abc"}, {"name": "x"}]"#)
      let pilot = try Pilot(file: file.path, size: CellSize(columns: 100, rows: 12))
      pilot.press("/")
      pilot.type("ab")
      pilot.press("Enter", "d")
      let session = try #require(pilot.browser.finding.searchSession)
      #expect(pilot.waitForBackgroundWork { _ in session.total != nil }, "the count after the edit is taken back")
      // A count under way that nothing takes back (no waker): it stays under way until
      // something stops it.
      session.startCounting(in: pilot.browser.store.document, before: nil, waker: nil)
      #expect(session.isCounting)
      // A number no count gives: one started again after the save replaces it.
      session.ordinal = 99
      let watching = FailingFileSystem()
      var countingWhileWriting: [Bool] = []
      watching.whileWriting = { countingWhileWriting.append(session.isCounting) }
      pilot.browser.files.saver = DocumentSaver(fileSystem: watching)
      pilot.press("Ctrl-S")
      #expect(pilot.statusLine.contains("saved"), "\(pilot.statusLine)")
      #expect(countingWhileWriting == [false], "the count was stopped while the text was written")
      #expect(
        pilot.waitForBackgroundWork { _ in !session.isCounting && session.ordinal != 99 },
        "a count started again after the save, and its number was taken back")
    }
  }
}
