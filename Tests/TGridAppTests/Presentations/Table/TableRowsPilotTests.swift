import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// Rows in the table (issue 29): `r` selects whole records, edits act on records, and
  /// `c r`, `c C`, `c T`, `c M` copy the rows as text.
  @Suite struct TableRowsPilotTests {
    /// A table of the people, focused on the first row.
    func people() throws -> Pilot {
      try Pilot(json: Self.people, size: CellSize(columns: 100, rows: 12), presentation: .table)
    }

    /// The clipboard's text.
    func clipboard(_ pilot: Pilot) -> String? {
      pilot.browser.collectionView.pasteboard.string
    }

    @Test func rSelectsTheWholeRecordAndCopyCopiesRecords() throws {
      let pilot = try people()
      pilot.press("r")
      #expect(pilot.statusLine.contains("1 row selected"), "\(pilot.statusLine)")
      pilot.press("J", "J")
      #expect(pilot.statusLine.contains("3 rows selected"), "\(pilot.statusLine)")
      pilot.press("y")
      let copied = try #require(clipboard(pilot))
      let records = try #require(try JSONSerialization.jsonObject(with: Data(copied.utf8)) as? [[String: Any]])
      #expect(records.map { $0["name"] as? String } == ["Ada", "Dana \"D\" O'Neil", "Émile"], "\(copied)")
      // Space leaves one.
      pilot.press("Space")
      #expect(pilot.statusLine.contains("2 rows selected"), "\(pilot.statusLine)")
    }

    @Test func shiftSpaceSelectsARowAndSpaceThenTogglesRows() throws {
      let pilot = try people()
      pilot.press("j", "Shift-Space")
      #expect(pilot.statusLine.contains("1 row selected"), "\(pilot.statusLine)")
      pilot.press("j", "Space")
      #expect(pilot.statusLine.contains("2 rows selected"), "\(pilot.statusLine)")
      pilot.press("Shift-Up")
      #expect(pilot.statusLine.contains("2 rows selected"), "rows 1 and 2 were selected: \(pilot.statusLine)")
      pilot.press("Shift-Up")
      #expect(pilot.statusLine.contains("3 rows selected"), "up to row 0: \(pilot.statusLine)")
      pilot.press("Esc", "Space")
      #expect(!pilot.statusLine.contains("row selected"), "Esc goes back to cells: \(pilot.statusLine)")
    }

    @Test func cellsSelectedBeforeRBringTheirRowsAlong() throws {
      let pilot = try people()
      pilot.press("J", "J", "r")
      #expect(pilot.statusLine.contains("3 rows selected"), "\(pilot.statusLine)")
    }

    @Test func ctrlASelectsEveryRowAndRInvertsTheSelection() throws {
      let pilot = try people()
      pilot.press("R")
      #expect(pilot.statusLine.contains("6 rows selected"), "from none, all: \(pilot.statusLine)")
      pilot.press("R")
      pilot.press("r")
      #expect(pilot.statusLine.contains("1 row selected"), "\(pilot.statusLine)")
      pilot.press("R")
      #expect(pilot.statusLine.contains("5 rows selected"), "\(pilot.statusLine)")
      pilot.press("Ctrl-A")
      #expect(pilot.statusLine.contains("6 rows selected"), "\(pilot.statusLine)")
    }

    @Test func deleteRemovesTheSelectedRecordsAndUndoBringsThemBack() throws {
      let pilot = try people()
      pilot.press("l", "r", "J", "Delete")
      let names = try names(pilot)
      #expect(names == ["Émile", "Bo", "Cy", "Kid"], "two whole records gone: \(pilot.text)")
      pilot.press("u")
      #expect(try self.names(pilot).count == 6)
    }

    @Test func duplicateAndCutAndPasteActOnRecords() throws {
      let pilot = try people()
      pilot.press("r", "D")
      #expect(try names(pilot).prefix(2) == ["Ada", "Ada"], "the record doubled: \(pilot.text)")
      pilot.press("Esc", "g", "r", "x")
      #expect(try names(pilot).prefix(2) == ["Ada", "Dana \"D\" O'Neil"], "\(pilot.text)")
      pilot.press("Esc", "G", "r", "p")
      #expect(try names(pilot).last == "Ada", "pasted after the last record: \(pilot.text)")
    }

    @Test func altDownMovesTheSelectedRecord() throws {
      let pilot = try people()
      pilot.press("l", "r", "Alt-Down")
      #expect(try names(pilot).prefix(2) == ["Dana \"D\" O'Neil", "Ada"], "\(pilot.text)")
    }

    @Test func cCopiesTheSelectedRowsAsCSVThatPythonReadsBack() throws {
      let pilot = try people()
      pilot.press("j", "r", "J", "J")
      pilot.press("c")
      #expect(
        pilot.browser.message?.contains("r rows as JSON Lines") == true,
        "the prompt names the table's keys: \(pilot.statusLine)")
      pilot.press("C")
      #expect(pilot.browser.message?.contains("copied 3 rows as CSV") == true, "\(pilot.statusLine)")
      let csv = try #require(clipboard(pilot))
      let expected = [
        ["name", "age", "city", "tags"], [#"Dana "D" O'Neil"#, "61", "two\nlines", "[]"], ["Émile", "19", "", ""],
        ["Bo", "25", "", #"[{"k":"a,b"}]"#],
      ]
      #expect(csv.hasPrefix("name,age,city,tags\r\n"), "\(csv)")
      guard let python = PilotTests.TableExportTests.python() else {
        print("skipped reading the copied CSV back: python3 is not installed")
        return
      }
      let file = NSTemporaryDirectory() + "tgrid-rows-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).csv"
      try csv.write(toFile: file, atomically: false, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: file) }
      let script =
        "import csv, json, sys\nwith open(sys.argv[1], newline='', encoding='utf-8') as f:\n"
        + "    print(json.dumps(list(csv.reader(f))))"
      let result = try spawnAndWait(python, ["-c", script, file])
      #expect(result.status == 0, "\(String(decoding: result.error, as: UTF8.self))")
      #expect(try JSONDecoder().decode([[String]].self, from: result.output) == expected)
    }

    @Test func cMCopiesAMarkdownTableOfTheFocusedRowWhenNoneIsSelected() throws {
      let pilot = try people()
      pilot.press("j", "c", "M")
      let markdown = try #require(clipboard(pilot))
      let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(
        lines == [
          "| name | age | city | tags |", "| --- | --- | --- | --- |", #"| Dana "D" O'Neil | 61 | two lines | [] |"#,
          "",
        ], "\(markdown)")
      for line in lines.dropLast() {
        #expect(line.hasPrefix("| ") && line.hasSuffix(" |"))
        #expect(line.filter { $0 == "|" }.count == 5, "four columns: \(line)")
      }
    }

    @Test func cRAndCTCopyJSONLinesAndTSV() throws {
      let pilot = try people()
      pilot.press("r", "J", "c", "r")
      #expect(
        clipboard(pilot)
          == #"{"name":"Ada","age":36,"city":"London, UK","tags":["math"]}"# + "\n"
          + #"{"name":"Dana \"D\" O'Neil","age":61,"city":"two\nlines","tags":[]}"# + "\n")
      pilot.press("c", "T")
      #expect(clipboard(pilot)?.hasPrefix("name\tage\tcity\ttags\nAda\t36\tLondon, UK\t[\"math\"]\n") == true)
      pilot.press("c", "Z")
      #expect(pilot.statusLine.contains("no such command"), "\(pilot.statusLine)")
    }

    @Test func theRowKeysAreInTheHelp() throws {
      let pilot = try Pilot(json: Self.people, size: CellSize(columns: 120, rows: 120), presentation: .table)
      pilot.press("?")
      var help = ""
      for _ in 0..<8 {
        help += pilot.screen
        pilot.press("Space")
      }
      #expect(help.contains("Select the row (whole record)") && help.contains("Invert the row selection"), "\(help)")
    }

    @Test func markdownFieldsEscapeBarsAndLineBreaks() {
      #expect(TableExport.markdownField("a|b\nc\\d") == #"a\|b c\\d"#)
      #expect(TableExport.markdown([["a", "b"], ["1", ""]]) == "| a | b |\n| --- | --- |\n| 1 |  |\n")
      #expect(TableExport.Format(path: "out.md") == .markdown)
    }

    // MARK: - Fixtures

    /// The names of the records in the document, in order.
    func names(_ pilot: Pilot) throws -> [String] {
      let records = try #require(try JSONSerialization.jsonObject(with: Data(pilot.text.utf8)) as? [[String: Any]])
      return records.compactMap { $0["name"] as? String }
    }

    static let people = PilotTests.TableExportTests.people
  }
}
