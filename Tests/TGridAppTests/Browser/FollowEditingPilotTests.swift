import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Editing a followed file (`tgrid -f FILE`) while records arrive: arrivals go after the
  /// edited records, undo and redo take back only the person's edits, a save writes the
  /// edits and every arrival and following goes on from the saved file, and `--keep` never
  /// drops an unsaved edit.
  @Suite(.serialized) struct FollowEditingPilotTests {
    typealias Run = FollowPilotTests.Run

    /// A run whose document belongs to the followed file, as `tgrid -f FILE` has it.
    static func fileRun(records: Int = 5, presentation: PresentationKind = .grid) throws -> Run {
      try Run(records: records, presentation: presentation, bindsFile: true)
    }

    /// Puts the focus on a record by its path (`:.[3]`).
    static func go(_ run: Run, to index: Int) {
      run.pilot.press(":")
      run.pilot.type(".[\(index)]")
      run.pilot.press("Enter")
      #expect(run.pilot.focusedPath.hasPrefix(".[\(index)]"), "\(run.pilot.focusedPath)")
    }

    /// The records' texts, in order.
    static func recordValues(_ run: Run) -> [String] {
      let document = run.pilot.store.document
      return document.children(of: document.root).map { document.rawText(of: $0) }
    }

    /// The `n` of every record, in order.
    static func numbers(_ run: Run) -> [Int] {
      recordValues(run).map { text in
        let digits = text.drop { !"0123456789".contains($0) }.prefix { "0123456789".contains($0) }
        return Int(digits) ?? -1
      }
    }

    @Test func anEditWhileFollowingKeepsEveryArrivalAndUndoTakesBackOnlyTheEdit() throws {
      let run = try Self.fileRun()
      Self.go(run, to: 3)
      run.pilot.press("d")  // the record n=4 goes
      #expect(Self.numbers(run) == [1, 2, 3, 5], "\(run.status)")
      #expect(run.pilot.store.isModified)
      run.append([#"{"n":6}"#, #"{"n":7}"#], keeping: 6)
      #expect(Self.numbers(run) == [1, 2, 3, 5, 6, 7], "arrivals go after the edited records")
      run.pilot.press("u")
      #expect(Self.numbers(run) == [1, 2, 3, 4, 5, 6, 7], "undo brings the record back, keeps the arrivals")
      #expect(run.pilot.browser.message?.contains("undid") == true, "\(run.pilot.browser.message ?? "")")
      #expect(!run.pilot.store.isModified, "back to the file's text, arrivals aside")
      run.append([#"{"n":8}"#])
      run.pilot.press("Ctrl-R")
      #expect(Self.numbers(run) == [1, 2, 3, 5, 6, 7, 8], "redo removes it again and keeps every arrival")
      run.pilot.press("u")
      #expect(Self.numbers(run) == [1, 2, 3, 4, 5, 6, 7, 8])
      run.pilot.press("u")
      #expect(run.pilot.browser.message == "nothing to undo", "an arrival is never undone")
      #expect(Self.numbers(run) == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    @Test func undoGoesBackThroughSeveralEditsWithArrivalsBetweenThemToTheExactText() throws {
      let run = try Self.fileRun(records: 4)
      let original = Self.recordValues(run)
      Self.go(run, to: 0)
      run.pilot.press("D")  // a copy of n=1 after it
      run.append([#"{"n":5}"#])
      Self.go(run, to: 2)
      run.pilot.press("d")  // n=2 goes
      run.append([#"{"n":6}"#, #"{"n":7}"#])
      Self.go(run, to: 6)
      run.pilot.press("d")  // n=7, an arrival, goes
      #expect(Self.numbers(run) == [1, 1, 3, 4, 5, 6], "\(run.status)")
      run.append([#"{"n":8}"#])
      run.pilot.press("u", "u", "u")
      #expect(
        Self.recordValues(run) == original + [#"{"n":5}"#, #"{"n":6}"#, #"{"n":7}"#, #"{"n":8}"#],
        "every edit undone byte for byte, every arrival kept in order")
      run.pilot.press("Ctrl-R", "Ctrl-R", "Ctrl-R")
      #expect(Self.numbers(run) == [1, 1, 3, 4, 5, 6, 8])
    }

    @Test func aSaveWhileFollowingWritesEditsAndArrivalsAndFollowsTheSavedFile() throws {
      let run = try Self.fileRun()
      Self.go(run, to: 0)
      run.pilot.press("d")  // n=1 goes
      run.append([#"{"n":6}"#])
      run.pilot.press("Ctrl-S")
      #expect(run.status.contains("saved"), "\(run.pilot.browser.message ?? "") \(run.status)")
      #expect(!run.pilot.store.isModified)
      let saved = try String(contentsOfFile: run.path, encoding: .utf8)
      #expect(saved == Self.recordValues(run).joined(separator: "\n") + "\n", "\(saved)")
      #expect(Self.numbers(run) == [2, 3, 4, 5, 6])
      // A writer appends to the saved file: read once, from where the save ended.
      run.append([#"{"n":7}"#])
      let arrived = run.pilot.waitForBackgroundWork(seconds: 1) { _ in run.count > 6 }
      #expect(!arrived, "nothing is read twice: \(Self.numbers(run))")
      #expect(Self.numbers(run) == [2, 3, 4, 5, 6, 7])
      #expect(!run.pilot.store.isModified, "what arrived is in the file")
      #expect(!(run.pilot.browser.message ?? "").contains("rotated"), "\(run.pilot.browser.message ?? "")")
    }

    @Test func keepWaitsForUnsavedEditsAndDropsOnceTheyAreSaved() throws {
      let run = try Self.fileRun()
      run.pilot.browser.following.keptRecordCount = 5
      Self.go(run, to: 0)
      run.pilot.press("d")  // n=1 goes: 4 records
      run.append([#"{"n":6}"#, #"{"n":7}"#, #"{"n":8}"#], keeping: 7)
      #expect(Self.numbers(run) == [2, 3, 4, 5, 6, 7, 8], "no record leaves while an edit is unsaved")
      #expect(run.status.contains("2 over --keep until saved"), "\(run.status)")
      run.pilot.press("u")
      #expect(Self.numbers(run).first == 1, "undo still works: \(Self.numbers(run))")
      run.pilot.press("Ctrl-R", "Ctrl-S")
      #expect(!run.pilot.store.isModified)
      run.append([#"{"n":9}"#], keeping: 5)
      _ = run.pilot.waitForBackgroundWork { _ in Self.numbers(run).last == 9 }
      #expect(Self.numbers(run) == [5, 6, 7, 8, 9], "\(run.status)")
      #expect(run.status.contains("3 earlier records dropped"), "\(run.status)")
      #expect(run.pilot.store.undoName == nil, "undo forgotten, as the message says")
      #expect(run.pilot.browser.message?.contains("undo history forgotten") == true)
    }

    @Test func standardInputIsEditedOnceColonWGaveItAFile() throws {
      let run = try Run(records: 3, presentation: .grid)
      run.pilot.press("d")
      #expect(run.count == 3)
      #expect(run.pilot.browser.message?.contains("standard input has no file") == true)
      #expect(run.pilot.browser.message?.contains(":w PATH") == true)
      let target = NSTemporaryDirectory() + "tgrid-follow-stdin-\(UUID().uuidString).jsonl"
      defer { try? FileManager.default.removeItem(atPath: target) }
      run.pilot.press(":")
      run.pilot.type("w " + target)
      run.pilot.press("Enter")
      #expect(run.pilot.browser.message?.contains("it can be edited now") == true, "\(run.pilot.browser.message ?? "")")
      run.pilot.press("d")
      #expect(run.count == 2)
      run.append([#"{"n":4}"#], keeping: 3)
      #expect(Self.numbers(run) == [1, 2, 4])
    }

    @Test func theTableAddsColumnsAndWidensForArrivalsWithoutMovingFocusOrSelection() throws {
      let run = try Run(records: 5, presentation: .table)
      run.pilot.press("k", "k", "Space")
      let focused = run.pilot.focusedPath
      let header = try #require(run.pilot.lines.first)
      #expect(!header.contains("extra"))
      let long = String(repeating: "w", count: 30)
      run.append([#"{"n":6,"name":"\#(long)","extra":"new column"}"#])
      #expect(run.pilot.focusedPath == focused, "\(run.pilot.focusedPath)")
      #expect(run.pilot.browser.collectionView.indexPathsForSelectedItems.count == 1)
      #expect(run.pilot.lines.first?.contains("extra") == true, "\(run.pilot.screen)")
      run.pilot.press("G")
      #expect(run.pilot.screen.contains(long), "the name column grew for the long name:\n\(run.pilot.screen)")
    }

    @Test func theSummarySheetCountsArrivalsAndCountsAgainWhenRecordsLeave() throws {
      let run = try Run(records: 4, presentation: .table)
      run.pilot.browser.following.keptRecordCount = 5
      run.pilot.press("g", "I")
      _ = run.pilot.waitForBackgroundWork {
        $0.statusLine.contains("summary of") && !$0.statusLine.contains("counting")
      }
      func maximum() -> String? {
        let line = run.pilot.lines.first { $0.hasPrefix("n ") || $0.hasPrefix("n│") }
        return line?.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst(7).first
      }
      #expect(maximum() == "4", "\(run.pilot.screen)")
      run.append([#"{"n":50}"#])
      #expect(maximum() == "50", "the arrival is counted at once:\n\(run.pilot.screen)")
      run.append([#"{"n":60}"#, #"{"n":70}"#], keeping: 5)
      let recounted = run.pilot.waitForBackgroundWork { _ in maximum() == "70" }
      #expect(recounted, "counted again without the records that left:\n\(run.pilot.screen)")
      let missing = run.pilot.lines.first { $0.hasPrefix("n ") || $0.hasPrefix("n│") }
      #expect(missing != nil)
      #expect(run.status.contains("summary of"), "the sheet stays: \(run.status)")
    }
  }
}
