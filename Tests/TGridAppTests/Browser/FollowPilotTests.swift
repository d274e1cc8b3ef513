import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Following a growing file (`tgrid -f FILE`): records arrive as batch inserts, the focus
  /// stays on the last record while following, and every key that reaches or leaves the end
  /// turns following on or off.
  @Suite(.serialized) struct FollowPilotTests {
    /// A browser following a file that starts empty, over records already shown.
    final class Run {
      /// `n` as two digits, zero first.
      static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

      let pilot: Pilot
      let path: String
      let stream: FollowedStream

      /// With `bindsFile`, the records are the followed file's and the document belongs to
      /// it, as `tgrid -f FILE` has it; otherwise the file starts empty and the document has
      /// no file, as standard input.
      init(
        records: Int = 40, presentation: PresentationKind = .table, bindsFile: Bool = false, mapsFile: Bool = true
      ) throws {
        path = NSTemporaryDirectory() + "tgrid-follow-\(UUID().uuidString).jsonl"
        let text = (1...records).map {
          // Not String(format:): Foundation leaks a worker thread's formatting data
          // (_CFGetTSDCreateIfNeeded), which LeakSanitizer reported in CI.
          let time = "2024-05-01T\(Self.twoDigits($0 / 60)):\(Self.twoDigits($0 % 60)):00Z"
          return #"{"n":\#($0),"name":"record \#($0)","time":"\#(time)"}"#
        }.joined(separator: "\n")
        let fileText = bindsFile ? text + "\n" : ""
        _ = FileManager.default.createFile(atPath: path, contents: Data(fileText.utf8))
        pilot = try Pilot(
          json: text, path: bindsFile ? path : nil, presentation: presentation, options: JSONParseOptions(mode: .lines))
        stream = FollowedStream(
          path: path, maximumLineByteCount: 1 << 20, startOffset: fileText.utf8.count, mapsFile: mapsFile)
        pilot.browser.following.start(stream)
        stream.start()
        pilot.press("Ctrl-L")
      }

      deinit {
        stream.stop()
        try? FileManager.default.removeItem(atPath: path)
      }

      /// Appends lines to the file and waits until the browser took them.
      func append(_ lines: [String], keeping kept: Int = .max) {
        let expected = min(kept, count + lines.count)
        let handle = FileHandle(forWritingAtPath: path)
        handle?.seekToEndOfFile()
        handle?.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        try? handle?.close()
        let arrived = pilot.waitForBackgroundWork { _ in self.count >= expected }
        #expect(arrived, "the records arrived")
      }

      var count: Int { pilot.store.document.childCount(of: pilot.store.document.root) }
      var status: String { pilot.statusLine }
    }

    @Test func followingStartsAtTheEndAndTheFocusFollowsArrivingRecords() throws {
      let run = try Run()
      #expect(run.status.contains("FOLLOW"), "\(run.status)")
      #expect(run.pilot.focusedPath.hasPrefix(".[39]"), "\(run.pilot.focusedPath)")
      run.append([#"{"n":41,"name":"new"}"#, #"{"n":42,"name":"newer"}"#])
      #expect(run.count == 42)
      #expect(run.pilot.focusedPath.hasPrefix(".[41]"), "\(run.pilot.focusedPath)")
      #expect(run.pilot.screen.contains("newer"))
      #expect(run.status.contains("FOLLOW"))
    }

    @Test func movingUpPausesAndCountsWhatArrivesWithoutMovingTheFocus() throws {
      let run = try Run()
      run.pilot.press("k", "Space")
      #expect(!run.status.contains("FOLLOW"), "\(run.status)")
      run.append(["{\"n\":41}", "{\"n\":42}", "{\"n\":43}"])
      #expect(run.status.contains("+3 new ▼"), "\(run.status)")
      #expect(run.pilot.focusedPath.hasPrefix(".[38]"), "\(run.pilot.focusedPath)")
      #expect(run.status.contains("1 selected"))
    }

    @Test(arguments: ["End", "G", "PageDown", "j"])
    func reachingTheLastRecordFollowsAgain(key: String) throws {
      let run = try Run()
      run.pilot.press("k")
      run.append(["{\"n\":41}"])
      #expect(run.status.contains("+1 new ▼"), "\(run.status)")
      // Two rows up from the new last record: `j` and PgDn (a partial page, then the last
      // item on screen) reach it in two; End and G jump there.
      run.pilot.press(key)
      if key == "j" || key == "PageDown" {
        #expect(!run.status.contains("FOLLOW"), "\(key): \(run.status)")
        run.pilot.press(key)
      }
      #expect(run.status.contains("FOLLOW"), "\(key): \(run.status)")
      run.append(["{\"n\":42}"])
      #expect(run.pilot.focusedPath.hasPrefix(".[41]"), "\(key): \(run.pilot.focusedPath)")
    }

    @Test(arguments: ["k", "g", "Home", "PageUp", "Up"])
    func anyMoveUpOrAwayPauses(key: String) throws {
      let run = try Run()
      run.pilot.press(key)
      #expect(!run.status.contains("FOLLOW"), "\(key): \(run.status)")
      run.append(["{\"n\":41}"])
      #expect(run.status.contains("+1 new ▼"), "\(key): \(run.status)")
    }

    @Test func wPausesAtTheEndAndResumes() throws {
      let run = try Run()
      run.pilot.press("W")
      #expect(run.status.contains("paused"), "\(run.status)")
      run.append(["{\"n\":41}"])
      #expect(run.status.contains("+1 new ▼"))
      #expect(run.pilot.focusedPath.hasPrefix(".[39]"))
      run.pilot.press("W")
      #expect(run.status.contains("FOLLOW"))
      #expect(run.pilot.focusedPath.hasPrefix(".[40]"), "\(run.pilot.focusedPath)")
    }

    @Test func theWheelUpPausesAndTheWheelDownToTheEndFollows() throws {
      let run = try Run(records: 200)
      let point = CellPoint(column: 5, row: 5)
      run.pilot.send(.mouse(MouseEvent(.wheelUp, at: point)))
      #expect(!run.status.contains("FOLLOW"), "\(run.status)")
      // Frames after the scroll has settled (the focus still on the last record) do not
      // count as reaching the end again.
      for _ in 0..<3 { run.pilot.resize(to: run.pilot.terminal.size) }
      #expect(!run.status.contains("FOLLOW"), "\(run.status)")
      run.append(["{\"n\":201}"])
      #expect(run.status.contains("+1 new ▼"), "\(run.status)")
      for _ in 0..<5 { run.pilot.send(.mouse(MouseEvent(.wheelDown, at: point))) }
      #expect(run.status.contains("FOLLOW"), "\(run.status)")
      #expect(run.pilot.focusedPath.hasPrefix(".[200]"), "\(run.pilot.focusedPath)")
    }

    @Test func wOutsideFollowingSaysHowToFollow() throws {
      let pilot = try Pilot(json: "[1, 2]")
      pilot.press("W")
      #expect(pilot.statusLine.contains("not following"), "\(pilot.statusLine)")
    }

    @Test(arguments: PresentationKind.allCases)
    func everyViewTakesArrivalsAsInsertsKeepingSelection(kind: PresentationKind) throws {
      let run = try Run(records: 10, presentation: kind)
      // Off the end: up, or in the chart left (the record before; up is the point above).
      run.pilot.press(kind == .chart ? "h" : "k", "Space")
      let focused = run.pilot.focusedPath
      run.append([#"{"n":11,"name":"eleven"}"#, "not json at all"])
      #expect(run.count == 12, "\(kind)")
      #expect(run.pilot.focusedPath == focused, "\(kind): the focus stays")
      #expect(run.pilot.browser.collectionView.indexPathsForSelectedItems.count == 1, "\(kind)")
      #expect(run.status.contains("+2 new ▼ · 1 text line"), "\(kind): \(run.status)")
      #expect(run.pilot.store.undoName == nil, "arrivals are no edit to undo")
    }

    @Test func aTextLineArrivingInTheTableAddsItsColumnLastWithoutMovingTheOthers() throws {
      let run = try Run(records: 10, presentation: .table)
      func fields() -> [String] {
        run.pilot.lines[0].split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
      }
      let before = fields()
      #expect(before.contains("name"), "\(run.pilot.screen)")
      run.append(["not json at all", #"{"n":12,"name":"twelve"}"#])
      #expect(Array(fields().prefix(before.count)) == before, "no column moved:\n\(run.pilot.screen)")
      let columns = run.pilot.browser.collectionView.numberOfItems(inSection: 0) / run.count
      #expect(run.status.contains("FOLLOW"), "\(run.status)")
      run.pilot.press("$")
      #expect(run.status.contains("column \(columns)/\(columns) (value)"), "the text's column is last: \(run.status)")
    }

    @Test(arguments: PresentationKind.allCases)
    func olderRecordsLeavePastKeepWithACount(kind: PresentationKind) throws {
      let run = try Run(records: 5, presentation: kind)
      run.pilot.browser.following.keptRecordCount = 6
      run.append(
        (6...8).map { #"{"n":\#($0),"time":"2024-05-01T00:0\#($0):30Z"}"# }, keeping: 6)
      #expect(run.count == 6, "\(kind)")
      #expect(run.status.contains("2 earlier records dropped"), "\(kind): \(run.status)")
      let document = run.pilot.store.document
      let first = try #require(document.child(at: 0, of: document.root))
      #expect(document.rawText(of: first).contains(#""n":3"#), "\(kind)")
      #expect(run.pilot.focusedPath.hasPrefix(".[5]"), "\(kind): \(run.pilot.focusedPath)")
      #expect(run.pilot.screen.contains("FOLLOW"))
    }

    /// A long stream with a small `--keep`: what the document holds stays bounded by the
    /// records kept (the text of those that left is compacted away), not by what was read;
    /// a mapped file's text is not in memory at all (a line break a batch is).
    @Test(arguments: [false, true])
    func aLongStreamWithASmallKeepHoldsBoundedText(mapped: Bool) throws {
      let run = try Run(records: 5, presentation: .grid, mapsFile: mapped)
      run.pilot.browser.following.keptRecordCount = 100
      let padding = String(repeating: "x", count: 250)
      var next = 6
      var written = 0
      var largest = 0
      for _ in 0..<10 {
        let lines = (next..<next + 2_000).map { #"{"n":\#($0),"msg":"\#(padding)"}"# }
        next += lines.count
        written += lines.reduce(0) { $0 + $1.utf8.count + 1 }
        run.append(lines, keeping: 100)
        let last = #"{"n":\#(next - 1),"#
        let arrived = run.pilot.waitForBackgroundWork { _ in
          let document = run.pilot.store.document
          return document.child(at: run.count - 1, of: document.root).map { document.rawText(of: $0).hasPrefix(last) }
            == true
        }
        #expect(arrived, "the round's last record arrived")
        largest = max(largest, run.pilot.store.document.editBufferByteCount)
      }
      let document = run.pilot.store.document
      #expect(run.count == 100)
      let first = try #require(document.child(at: 0, of: document.root))
      #expect(document.rawText(of: first).hasPrefix(#"{"n":\#(next - 100),"#), "the newest 100 are kept")
      #expect(written > 5_000_000)
      if mapped {
        #expect(largest < 64 << 10, "\(largest) bytes held of \(written) read")
      } else {
        #expect(document.editBufferCompactions.count >= 2, "\(document.editBufferCompactions)")
      }
      // At most a megabyte that no record reaches, as much again that records reach, and a
      // batch that arrived (a round's records may come in one batch).
      #expect(largest < 3 * (1 << 20) + 2 * 2_000 * 270, "\(largest) bytes held of \(written) read")
      #expect(run.pilot.focusedPath.hasPrefix(".[99]"), "\(run.pilot.focusedPath)")
    }

    @Test func colonWWritesWhatWasRead() throws {
      let run = try Run(records: 3)
      run.append([#"{"n":4}"#, "text"])
      let target = NSTemporaryDirectory() + "tgrid-follow-saved-\(UUID().uuidString).jsonl"
      defer { try? FileManager.default.removeItem(atPath: target) }
      run.pilot.press(":")
      run.pilot.type("w " + target)
      run.pilot.press("Enter")
      let saved = try String(contentsOfFile: target, encoding: .utf8)
      #expect(saved.split(separator: "\n").count == 5, "\(saved)")
      #expect(saved.contains(#"{"n":4}"#) && saved.contains(#""text""#), "\(saved)")
    }

    @Test func editingStandardInputIsRefusedUntilItHasAFile() throws {
      let run = try Run()
      run.pilot.press("d")
      #expect(run.count == 40)
      #expect(run.pilot.browser.message?.contains("standard input has no file to save edits to") == true)
    }
  }
}
