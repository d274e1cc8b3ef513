import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// A followed file's records are read where the file is mapped, not copied into the
  /// document (`tgrid -f FILE`): through the real stream and run loop, the document's edit
  /// buffer holds only the line breaks between batches, and the records read right after
  /// the file grows, is rotated, truncated and deleted.
  @Suite(.serialized) struct FollowMappedPilotTests {
    static func line(_ n: Int) -> String { #"{"n":\#(n),"name":"record \#(n)"}"# }

    /// Every record's `n`.
    static func numbers(_ store: DocumentStore) -> [Int] {
      let document = store.document
      return document.children(of: document.root).map { record in
        // A record that lost its text (its file truncated) has no digits: it reads as 0.
        document.child(at: 0, of: record).flatMap { document.int(of: $0) } ?? -1
      }
    }

    static func write(_ path: String, _ numbers: ClosedRange<Int>, appending: Bool = true) {
      let text = numbers.map { line($0) + "\n" }.joined()
      // In place (truncated first unless appending), as a writer does: never a new file.
      if !FileManager.default.fileExists(atPath: path) {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
      }
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      if appending { handle.seekToEndOfFile() } else { handle.truncateFile(atOffset: 0) }
      handle.write(Data(text.utf8))
      try? handle.close()
    }

    @Test func recordsAreReadWhereTheFileIsMappedThroughGrowthRotationTruncationAndDeletion() throws {
      let path = NSTemporaryDirectory() + "tgrid-follow-mapped-\(UUID().uuidString).jsonl"
      defer {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".1")
      }
      _ = FileManager.default.createFile(atPath: path, contents: Data())
      // Records shown already (as `tgrid -f` has them once the first batch made the document).
      let shown = (1...40).map { Self.line($0) }.joined(separator: "\n")
      let pilot = try Pilot(json: shown, presentation: .table, options: JSONParseOptions(mode: .lines))
      let stream = FollowedStream(path: path, maximumLineByteCount: 1 << 20, mappingChunkByteCount: 4096)
      defer { stream.stop() }
      #expect(stream.mapping != nil)
      pilot.browser.following.start(stream)
      stream.start()
      pilot.press("Ctrl-L")
      var expected = Array(1...2_000)
      func waitForRecords(_ comment: Comment) {
        let arrived = pilot.waitForBackgroundWork { Self.numbers($0.store) == expected }
        #expect(arrived, comment)
      }
      Self.write(path, 41...2_000)
      waitForRecords("the file read")
      // Grows, in many writes.
      for start in stride(from: 2_001, to: 4_000, by: 250) {
        Self.write(path, start...(start + 249))
        expected += start...(start + 249)
      }
      waitForRecords("the file grew")
      let document = pilot.store.document
      // A line break a batch in memory, not the records' text (about 110 kB).
      #expect(document.editBufferByteCount < 4_096, "\(document.editBufferByteCount)")
      // Rotated: the old file's records stay, read from its mapping.
      try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
      Self.write(path, 5_001...5_100, appending: false)
      expected += 5_001...5_100
      waitForRecords("rotated")
      // Truncated and written again: reading starts over; the truncated file's records lost
      // their text and leave (never read as empty, nor as the new text), the others keep theirs.
      Self.write(path, 6_001...6_010, appending: false)
      expected.removeLast(100)
      expected += 6_001...6_010
      let truncated = pilot.waitForBackgroundWork {
        $0.screen.contains("truncated") && Self.numbers($0.store) == expected
      }
      #expect(truncated, "\(pilot.screen) \(Self.numbers(pilot.store).suffix(20))")
      #expect(pilot.browser.message?.contains("100 records read before left with its text") == true)
      // Deleted, the rotated file too: everything read stays.
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.removeItem(atPath: path + ".1")
      #expect(pilot.waitForBackgroundWork { $0.screen.contains("deleted") }, "\(pilot.screen)")
      #expect(Self.numbers(pilot.store) == expected)
      #expect(pilot.store.document.serializedText().contains(Self.line(3_999)))
    }

    typealias Run = FollowPilotTests.Run

    /// Truncates the followed file and writes `numbers` into it from its start, as
    /// logrotate's copytruncate and a writer that goes on do.
    static func truncate(_ run: Run, writing numbers: ClosedRange<Int>) {
      write(run.path, numbers, appending: false)
    }

    static func numbers(_ run: Run) -> [Int] { FollowEditingPilotTests.numbers(run) }

    /// An edit copies the mapped text the document holds into memory: a truncation
    /// afterwards takes only the records that arrived after it, and a save writes the edit.
    @Test func anEditThenATruncationThenASaveWritesTheEdit() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...20).map { Self.line($0) })
      #expect(run.pilot.store.document.readsMappedText)
      FollowEditingPilotTests.go(run, to: 7)
      run.pilot.press("d")  // n=8 goes
      #expect(Self.numbers(run) == Array(1...7) + Array(9...20))
      #expect(!run.pilot.store.document.readsMappedText, "the edit copied the mapped text")
      let edited = FollowEditingPilotTests.recordValues(run)
      run.append((21...25).map { Self.line($0) })
      #expect(run.pilot.store.document.readsMappedText, "arrivals after the edit are mapped again")
      Self.truncate(run, writing: 100...100)
      let taken = run.pilot.waitForBackgroundWork { _ in Self.numbers(run).last == 100 }
      #expect(taken, "\(Self.numbers(run))")
      #expect(Self.numbers(run) == Array(1...7) + Array(9...20) + [100], "the arrivals after the edit left")
      #expect(
        run.pilot.browser.message?.contains("5 records read before left with its text") == true,
        "\(run.pilot.browser.message ?? "")")
      #expect(run.pilot.browser.message?.contains("truncated") == true)
      #expect(run.pilot.browser.message?.contains("undo history forgotten") == true)
      run.pilot.press("Ctrl-S")
      #expect(run.status.contains("saved"), "\(run.pilot.browser.message ?? "") \(run.status)")
      let saved = try String(contentsOfFile: run.path, encoding: .utf8)
      #expect(saved == (edited + [Self.line(100)]).joined(separator: "\n") + "\n", "\(saved)")
    }

    /// Without edits, the records whose text a truncation took leave the document, as
    /// `--keep` drops leave it, and say so; the file's new records arrive after.
    @Test func aTruncationWithoutEditsTakesTheRecordsReadBefore() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...30).map { Self.line($0) })
      Self.truncate(run, writing: 100...102)
      let taken = run.pilot.waitForBackgroundWork { _ in Self.numbers(run) == Array(1...5) + [100, 101, 102] }
      #expect(taken, "\(Self.numbers(run))")
      #expect(
        run.pilot.browser.message?.contains("25 records read before left with its text") == true,
        "\(run.pilot.browser.message ?? "")")
      run.append([Self.line(103)])
      #expect(Self.numbers(run) == Array(1...5) + [100, 101, 102, 103])
      #expect(FollowEditingPilotTests.recordValues(run).allSatisfy { $0.contains("record") }, "none reads as empty")
    }

    /// Undo and redo work across the copy (and copy what arrived since): a truncation
    /// after them takes nothing the document holds.
    @Test func undoAndRedoAcrossTheCopyKeepEveryRecordsText() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...15).map { Self.line($0) })
      FollowEditingPilotTests.go(run, to: 7)
      run.pilot.press("d")  // n=8 goes; the text is copied
      run.append((16...18).map { Self.line($0) })
      run.pilot.press("u")
      #expect(Self.numbers(run) == Array(1...18), "\(run.pilot.browser.message ?? "")")
      #expect(!run.pilot.store.document.readsMappedText, "undo copied what arrived since the edit")
      let undone = FollowEditingPilotTests.recordValues(run)
      Self.truncate(run, writing: 100...100)
      let taken = run.pilot.waitForBackgroundWork { _ in Self.numbers(run).last == 100 }
      #expect(taken, "\(Self.numbers(run))")
      #expect(FollowEditingPilotTests.recordValues(run) == undone + [Self.line(100)], "nothing left, nothing empty")
      #expect(run.pilot.browser.message?.contains("left with its text") != true, "\(run.pilot.browser.message ?? "")")
      run.pilot.press("Ctrl-R")
      #expect(Self.numbers(run) == Array(1...7) + Array(9...18) + [100], "\(run.pilot.browser.message ?? "")")
      run.pilot.press("u")
      #expect(FollowEditingPilotTests.recordValues(run) == undone + [Self.line(100)])
    }

    /// With `--keep`, every record kept may be the truncated file's: they all leave, and
    /// the file's new records make the document again.
    @Test func aTruncationTakingEveryRecordKeptLeavesOnlyTheNewOnes() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.pilot.browser.following.keptRecordCount = 10
      run.append((6...30).map { Self.line($0) }, keeping: 10)
      #expect(Self.numbers(run) == Array(21...30))
      Self.truncate(run, writing: 100...101)
      let taken = run.pilot.waitForBackgroundWork { _ in Self.numbers(run) == [100, 101] }
      #expect(taken, "\(Self.numbers(run)) \(run.pilot.browser.message ?? "")")
      #expect(run.pilot.browser.message?.contains("10 records read before left with its text") == true)
      run.append([Self.line(102)])
      #expect(Self.numbers(run) == [100, 101, 102])
      #expect(run.pilot.screen.contains("102"), "\(run.pilot.screen)")
    }

    /// Writes `text` over the followed file at `offset` (0: from its start), in place:
    /// what a writer that started again leaves, never shrinking the file.
    static func overwrite(_ run: Run, at offset: UInt64, with text: String) {
      guard let handle = FileHandle(forWritingAtPath: run.path) else { return }
      handle.seek(toFileOffset: offset)
      handle.write(Data(text.utf8))
      try? handle.close()
    }

    static func fileSize(_ path: String) -> UInt64 {
      ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? UInt64) ?? 0
    }

    /// copytruncate with a writer not in append mode: the file is truncated and the writer
    /// writes at its old offset, so it never shrinks to the follower's eyes (here: zeros
    /// written over it, then the line). The follower's look finds the text it read
    /// changed: those records leave, never showing the zeros or the new text.
    @Test func aRewriteTheFollowerNeverSeesShrinkTakesTheRecordsOut() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...20).map { Self.line($0) })
      let size = Self.fileSize(run.path)
      Self.overwrite(run, at: 0, with: String(repeating: "\u{0}", count: Int(size)) + Self.line(100) + "\n")
      let taken = run.pilot.waitForBackgroundWork { _ in
        run.pilot.browser.message?.contains("15 records read before left with its text") == true
      }
      #expect(taken, "\(run.pilot.browser.message ?? "") \(Self.numbers(run))")
      #expect(Array(Self.numbers(run).prefix(5)) == Array(1...5), "\(Self.numbers(run))")
      let text = run.pilot.store.document.serializedText()
      #expect(!text.contains(#""n":6,"#) && !text.contains(#""n":20,"#), "\(text.suffix(200))")
      #expect(run.pilot.browser.message?.contains("written again where it was read") == true)
    }

    /// An edit in the moment between a rewrite of the file and the follower's look (here
    /// the follower stopped, so it never looks): the copy for the edit finds the text
    /// changed and copies nothing, the edit waits, and the records leave.
    @Test func anEditBeforeTheFollowerSeesARewriteCopiesNothingOfIt() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...20).map { Self.line($0) })
      run.stream.stop()
      let size = Self.fileSize(run.path)
      let original = try String(contentsOfFile: run.path, encoding: .utf8)
      Self.overwrite(run, at: 0, with: original.replacingOccurrences(of: "record", with: "RECORD"))
      #expect(Self.fileSize(run.path) == size)
      FollowEditingPilotTests.go(run, to: 7)
      run.pilot.press("d")
      // The refusal, or the note of the records' leaving right after it.
      #expect(
        run.pilot.browser.message.map {
          $0.contains("written again where its records were read") || $0.contains("15 records read before left")
        } == true, "\(run.pilot.browser.message ?? "")")
      // Refused (all 20 still there, or only the 5 left whose text is the file's): never
      // made on the changed records (19, without record 7).
      let afterRefusal = Self.numbers(run)
      #expect(
        afterRefusal == Array(1...20) || afterRefusal == Array(1...5),
        "the edit was not made on the changed records: \(afterRefusal)")
      let taken = run.pilot.waitForBackgroundWork { _ in Self.numbers(run) == Array(1...5) }
      #expect(taken, "\(Self.numbers(run))")
      #expect(!run.pilot.store.document.serializedText().contains("RECORD"))
      #expect(!run.pilot.store.document.readsMappedText)
      // An edit now goes through.
      run.pilot.press("d")
      #expect(Self.numbers(run).count == 4, "\(run.pilot.browser.message ?? "")")
    }

    /// Edits, records arriving after them, then the file written again in place before the
    /// follower looks (it is stopped here), and tgrid ends unsaved: the recovery file keeps
    /// the edits and every record whose text is still what was read, leaves out the ones
    /// the rewrite changed, and says how many (it used to be refused whole: "lost").
    @Test func aRecoveryAfterARewriteKeepsTheEditsWithoutTheChangedRecords() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...20).map { Self.line($0) })
      FollowEditingPilotTests.go(run, to: 7)
      run.pilot.press("d")  // n=8 goes; the mapped text is copied for the edit
      #expect(Self.numbers(run) == Array(1...7) + Array(9...20))
      run.append((21...25).map { Self.line($0) })
      #expect(run.pilot.store.document.readsMappedText, "the arrivals after the edit are mapped")
      run.stream.stop()
      let original = try String(contentsOfFile: run.path, encoding: .utf8)
      Self.overwrite(run, at: 0, with: original.replacingOccurrences(of: "record", with: "RECORD"))
      let recoveryPath = RecoveryFile.path(for: run.path, processID: 0)
      defer { try? FileManager.default.removeItem(atPath: recoveryPath) }
      let message = run.pilot.browser.files.writeRecovery()
      #expect(message.contains("were written to \(recoveryPath)"), "\(message)")
      #expect(message.contains("without 5 records that arrived unedited"), "\(message)")
      let recovered = try String(contentsOfFile: recoveryPath, encoding: .utf8)
      let lines = recovered.split(separator: "\n").map(String.init)
      #expect(lines.count == 19, "\(recovered)")
      #expect(Array(lines.suffix(14)) == (Array(6...7) + Array(9...20)).map { Self.line($0) }, "\(recovered)")
      #expect(!recovered.contains("RECORD"))
    }

    /// An undo or a redo refused because the file changed under records that arrived
    /// since says so (not "under the records that arrived since", which it is not).
    @Test func anUndoRefusedForARewriteSaysTheFileChanged() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...20).map { Self.line($0) })
      FollowEditingPilotTests.go(run, to: 7)
      run.pilot.press("d")
      run.append((21...25).map { Self.line($0) })
      run.stream.stop()
      let original = try String(contentsOfFile: run.path, encoding: .utf8)
      Self.overwrite(run, at: 0, with: original.replacingOccurrences(of: "record", with: "RECORD"))
      // Straight to the controller: the note of the records' leaving comes at the next step.
      run.pilot.browser.editing.undo()
      let message = run.pilot.browser.message ?? ""
      #expect(message.contains("was not undone: the followed file was truncated or written again"), "\(message)")
      // Nothing undone; the changed records read as lost until the run loop takes them out.
      #expect(Self.numbers(run).count == 24)
      #expect(Array(Self.numbers(run).prefix(19)) == Array(1...7) + Array(9...20), "\(Self.numbers(run))")
    }

    /// Copying a value whose text was read where the file is mapped, after a rewrite the
    /// follower has not seen: refused (never the changed text on the clipboard).
    @Test func aCopyAfterARewriteIsRefused() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      run.append((6...20).map { Self.line($0) })
      run.stream.stop()
      let original = try String(contentsOfFile: run.path, encoding: .utf8)
      Self.overwrite(run, at: 0, with: original.replacingOccurrences(of: "record", with: "RECORD"))
      FollowEditingPilotTests.go(run, to: 9)
      let document = run.pilot.store.document
      let node = try #require(document.child(at: 9, of: document.root))
      let id = run.pilot.store.id(node)
      run.pilot.browser.editing.copy([id])
      let message = run.pilot.browser.message ?? ""
      #expect(message.contains("not copied: the followed file was truncated or written again"), "\(message)")
    }

    /// An export of the table (`:w FILE.csv`) after a rewrite the follower has not seen:
    /// refused (never the changed text in the file).
    @Test func anExportAfterARewriteIsRefused() throws {
      let run = try Run(records: 5, presentation: .table, bindsFile: true)
      run.append((6...20).map { Self.line($0) })
      run.stream.stop()
      let original = try String(contentsOfFile: run.path, encoding: .utf8)
      Self.overwrite(run, at: 0, with: original.replacingOccurrences(of: "record", with: "RECORD"))
      let output = run.path + ".csv"
      defer { try? FileManager.default.removeItem(atPath: output) }
      run.pilot.press(":")
      run.pilot.type("w \(output)")
      run.pilot.press("Enter")
      #expect(run.pilot.statusLine.contains("not exported: the followed file"), "\(run.pilot.statusLine)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// A rotated file's mapping is given back once `--keep` dropped every record read
    /// from it (its disk space is then free once deleted).
    @Test func aRotatedFilesMappingIsGivenBackOnceItsRecordsAreDropped() throws {
      let run = try Run(records: 5, presentation: .grid, bindsFile: true)
      defer { try? FileManager.default.removeItem(atPath: run.path + ".1") }
      run.pilot.browser.following.keptRecordCount = 10
      run.append((6...20).map { Self.line($0) }, keeping: 10)
      try FileManager.default.moveItem(atPath: run.path, toPath: run.path + ".1")
      let inode = (try FileManager.default.attributesOfItem(atPath: run.path + ".1")[.systemFileNumber] as? Int) ?? -1
      // Under ThreadSanitizer /proc/self/maps never showed the file's mapping (its mmap is
      // intercepted): there the release count below is what checks the give-back.
      let seesMaps = !SanitizerBuild.isThread
      #expect(!seesMaps || Self.isMapped(inode: inode))
      Self.write(run.path, 100...103, appending: false)
      let rotated = run.pilot.waitForBackgroundWork { _ in Self.numbers(run).last == 103 }
      #expect(rotated, "\(Self.numbers(run))")
      #expect(run.stream.mapping?.releasedCount == 0, "records of the rotated file are held")
      Self.write(run.path, 104...115)
      let dropped = run.pilot.waitForBackgroundWork { _ in Self.numbers(run) == Array(106...115) }
      #expect(dropped, "\(Self.numbers(run))")
      #expect(run.stream.mapping?.releasedCount == 1)
      #expect(!seesMaps || !Self.isMapped(inode: inode), "the rotated file is no longer mapped")
    }

    /// Whether a file of that inode is mapped in this process.
    static func isMapped(inode: Int) -> Bool {
      guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return false }
      return maps.split(separator: "\n").contains { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        return fields.count >= 6 && fields[4] == "\(inode)" && fields[5].hasPrefix("/")
      }
    }
  }
}
