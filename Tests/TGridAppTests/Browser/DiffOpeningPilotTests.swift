import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

/// A folder of its own for one test's files, removed at the end.
private final class DiffFolder {
  let path = NSTemporaryDirectory() + "tgrid-diffload-\(getpid())-\(UUID().uuidString)"

  init() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A file with `text` in it.
  func file(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try text.write(toFile: file, atomically: false, encoding: .utf8)
    return file
  }

  /// A named pipe: whoever reads it waits until the test writes (A still being read).
  func pipe(_ name: String) throws -> String {
    let file = path + "/" + name
    try #require(mkfifo(file, 0o600) == 0)
    return file
  }
}

extension Pilot {
  /// The browser as `tgrid diff A B` leaves it when B is loaded and A is still read on the
  /// comparison's thread (``DiffOpening``): B shown, the comparison pending.
  fileprivate static func comparing(
    oldPath: String, new: String, size: CellSize = CellSize(columns: 100, rows: 16)
  ) throws -> (Pilot, DiffComputation) {
    let pilot = try Pilot(json: new, name: "b.json", size: size, presentation: .tree)
    let computation = DiffComputation(oldPath: oldPath, oldName: "a.json", maximumByteCount: 1 << 20)
    pilot.store.startComparing(computation)
    computation.compare(with: pilot.store.document)
    pilot.resize(to: size)
    return (pilot, computation)
  }
}

extension PilotTests {
  /// `tgrid diff A B` on a large pair (issue 31): B shows at once while A is read and
  /// compared on the comparison's thread; keys that need the diff say so or wait, edits
  /// wait, and the marks come when the comparison is done. `` ` `` on a large pair never
  /// pairs A's values with B's on the run loop: the pairing is made with the diff (or, after
  /// an edit, on a thread of its own), and a `` ` `` pressed meanwhile shows A when it comes.
  @Suite struct DiffOpeningPilotTests {
    @Test func keysThatNeedTheDiffWaitOrSayWhyWhileAIsReadAndCompared() throws {
      let folder = try DiffFolder()
      let pipe = try folder.pipe("a.json")
      let (pilot, computation) = try Pilot.comparing(oldPath: pipe, new: DiffSideSamples.new)
      // A is not written yet: the comparison cannot be done, whatever the keys do.
      #expect(pilot.store.pendingDiff === computation)
      pilot.press("z", "a")
      expectSnapshot(pilot.screen, named: "diff-comparing-tree-100x16")
      #expect(pilot.statusLine.contains("diff: a.json → b.json · comparing…"), "\(pilot.statusLine)")
      #expect(!pilot.screen.contains("~ "), "no marks yet: \(pilot.screen)")
      /// Each key's note while comparing.
      func expectStillComparing(_ keys: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
          pilot.browser.message?.contains("still comparing A with B") == true,
          "\(keys): \(pilot.browser.message ?? "no message")", sourceLocation: sourceLocation)
        pilot.browser.message = nil
      }
      pilot.press("]", "c")
      expectStillComparing("]c")
      pilot.press("[", "c")
      expectStillComparing("[c")
      pilot.press("]", "a")
      expectStillComparing("]a")
      pilot.press("z", "d")
      expectStillComparing("z d")
      pilot.press(">")
      expectStillComparing(">")
      pilot.press("j", "<")
      #expect(pilot.browser.message == "comparing A with B: editing is possible once the diff is ready")
      pilot.press("d", "d")
      #expect(pilot.text == (try JSONDocument(parsing: DiffSideSamples.new)).serializedText(), "nothing edited")
      pilot.press("`")
      #expect(
        pilot.browser.message?.contains("` shows A (old) once it is done") == true, "\(pilot.browser.message ?? "")")
      pilot.press("`")
      #expect(pilot.browser.message == "` again: B stays shown")
      pilot.press("`")
      #expect(computation.switchesSideWhenPaired)
      #expect(!pilot.store.showsOldSide && pilot.store.pendingDiff != nil, "still waiting for A")
      // A arrives: the marks come, then the pairing, and the ` pressed meanwhile shows A.
      try DiffSideSamples.old.write(toFile: pipe, atomically: false, encoding: .utf8)
      #expect(pilot.waitForBackgroundWork { $0.store.showsOldSide }, "\(pilot.statusLine)")
      #expect(pilot.store.pendingDiff == nil && pilot.store.pairingDiff == nil)
      pilot.press("z", "a")
      let count = JSONDiff(
        old: try JSONDocument(parsing: DiffSideSamples.old), new: try JSONDocument(parsing: DiffSideSamples.new)
      ).changes.count
      #expect(pilot.statusLine.contains("diff: showing A (old) · \(count) changes"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("eel") && !pilot.screen.contains("dog"), "A's records: \(pilot.screen)")
      pilot.press("`")
      #expect(!pilot.store.showsOldSide)
      #expect(pilot.screen.contains("~ size: 20 ← 2"), "B's marks: \(pilot.screen)")
      pilot.press("]", "c")
      #expect(pilot.browser.message?.hasPrefix("change 1/\(count)") == true, "\(pilot.browser.message ?? "")")
      // The pairing is kept: ` shows A again at once, without comparing.
      pilot.press("`")
      #expect(pilot.store.showsOldSide && pilot.store.pendingDiff == nil)
      pilot.press("`")
      // Edits are possible now.
      try pilot.store.perform("Edit", selection: DocumentStore.Selection()) { _ in DocumentStore.Selection() }
      #expect(!pilot.store.isLoading)
    }

    @Test func aThatIsNotJSONEndsTheBrowserWithItsLineAndColumn() throws {
      let folder = try DiffFolder()
      let old = try folder.file("a.json", "[{\"id\": 1},\n {\"id\": 2,, \"x\": 3}]")
      let (pilot, _) = try Pilot.comparing(oldPath: old, new: DiffSideSamples.new)
      #expect(pilot.waitForBackgroundWork { $0.browser.loadFailure != nil })
      #expect(pilot.browser.wantsToQuit, "the browser ends, as for a file that turns out not to be JSON")
      let failure = try #require(pilot.browser.loadFailure)
      #expect(failure.exitCode == 2, "for diff, a side that is not JSON is trouble")
      #expect(failure.message.contains("a.json") && failure.message.contains("line 2"), "\(failure.message)")
      #expect(failure.message.contains("column"), "\(failure.message)")
    }

    @Test func backtickOnALargePairPairsOnItsOwnThreadAndEditsWait() throws {
      let pilot = try Pilot.diff(old: DiffSideSamples.old, new: DiffSideSamples.new)
      // Every pair counts as large; this diff was made without its pairing.
      pilot.store.comparesOnTheRunLoopUpToByteCount = 0
      #expect(!pilot.store.hasSidePairing)
      // `` ` `` itself, without running the loop on: the pairing cannot have come yet.
      pilot.browser.reading.switchDiffSide()
      #expect(pilot.store.pendingDiff?.switchesSideWhenPaired == true, "compared and paired on a thread of its own")
      #expect(!pilot.store.showsOldSide)
      #expect(pilot.store.isLoading, "edits wait for it")
      #expect(pilot.browser.message?.contains("comparing A with B") == true, "\(pilot.browser.message ?? "")")
      #expect(pilot.store.diff?.stops.isEmpty == false, "B's marks stay meanwhile")
      #expect(pilot.waitForBackgroundWork { $0.store.showsOldSide }, "A shows once paired: \(pilot.statusLine)")
      pilot.press("`")
      #expect(!pilot.store.showsOldSide && pilot.store.hasSidePairing)
      // The kept pairing: at once, on the run loop.
      pilot.browser.reading.switchDiffSide()
      #expect(pilot.store.showsOldSide && pilot.store.pendingDiff == nil)
      pilot.browser.reading.switchDiffSide()
      // An edit makes the pairing stale: the next ` pairs again in the background.
      let node = try #require(pilot.store.document.node(at: try JSONPath(parsing: ".[0].size")))
      let id = pilot.store.id(node)
      try pilot.store.perform("Edit", selection: DocumentStore.Selection()) { editor in
        try editor.replace(id, withJSON: "30")
        return DocumentStore.Selection()
      }
      #expect(!pilot.store.hasSidePairing, "the edit dropped the pairing")
      pilot.browser.reading.switchDiffSide()
      #expect(pilot.store.pendingDiff != nil)
      #expect(pilot.waitForBackgroundWork { $0.store.showsOldSide })
      #expect(pilot.screen.contains("~ size: 3 → 30"), "A's marks of the edited B: \(pilot.screen)")
    }
  }
}

/// The comparison's thread reading A itself (issue 31): several at once give the diff and
/// the pairing the run loop would make; one never handed B ends when cancelled. Run under
/// ThreadSanitizer with the pilot suite above.
@Suite struct DiffComputationThreadTests {
  @Test func comparisonsReadingAOnTheirOwnThreadsGiveTheSameDiffAndPairing() throws {
    let folder = try DiffFolder()
    var text = "["
    for index in 0..<2000 { text += (index > 0 ? "," : "") + #"{"id": \#(index), "v": \#(index % 7)}"# }
    let oldPath = try folder.file("a.json", text + "]")
    let old = try JSONDocument(parsing: text + "]")
    let new = try JSONDocument(parsing: text + #", {"id": 9999, "v": 1}]"#)
    let expected = JSONDiff(old: old, new: new)
    let computations = (0..<4).map { _ in
      DiffComputation(oldPath: oldPath, oldName: "a.json", maximumByteCount: 1 << 20)
    }
    for computation in computations { computation.compare(with: new) }
    for computation in computations {
      #expect(computation.waitForResult()?.changes.count == expected.changes.count)
      guard case .compared(let diff) = computation.takeOutcome() else {
        Issue.record("no diff")
        continue
      }
      #expect(diff.changes.count == 1)
      let pairing = try #require(computation.takePairing())
      #expect(pairing.runs == expected.counterpartRuns())
      if computation.takeOutcome() != nil { Issue.record("the diff is taken once") }
    }
  }

  @Test func aComparisonNeverHandedBEndsWhenCancelled() throws {
    let folder = try DiffFolder()
    let oldPath = try folder.file("a.json", "[1, 2]")
    var computation: DiffComputation? = DiffComputation(
      oldPath: oldPath, oldName: "a.json", maximumByteCount: 1 << 20)
    computation?.cancel()
    #expect(computation?.waitForResult() == nil)
    computation = nil
  }
}
