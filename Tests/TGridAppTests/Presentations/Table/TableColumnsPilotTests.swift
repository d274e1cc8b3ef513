import Foundation
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Key columns and hidden columns in the table (issue 29): the label column stays at the
  /// left when scrolling sideways, `!` pins and unpins, `-` hides a column and `_` shows
  /// them all again.
  @Suite struct TableColumnsPilotTests {
    /// The countries as a table, 60 columns wide: it scrolls sideways.
    func countries() throws -> Pilot {
      try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 60, rows: 10), presentation: .table)
    }

    /// The header row's fields, the row numbers' corner first.
    func headers(_ pilot: Pilot) -> [String] {
      pilot.lines[0].split(separator: "│", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }

    @Test func theLabelColumnStaysWholeAtTheLeftWhenScrollingSideways() throws {
      let pilot = try countries()
      #expect(headers(pilot).prefix(3) == ["", "name", "code"], "\(pilot.screen)")
      for _ in 0..<6 { pilot.press("l") }
      #expect(pilot.statusLine.contains("landlocked"), "\(pilot.statusLine)")
      #expect(headers(pilot)[1] == "name", "the label column's header stays:\n\(pilot.screen)")
      #expect(!headers(pilot).contains("code"), "the columns after it scrolled away:\n\(pilot.screen)")
      #expect(pilot.lines[2].hasPrefix(" 0│Argentina "), "whole, after the row number:\n\(pilot.screen)")
      expectSnapshot(pilot.screen, named: "table-countries-pinned-name-scrolled-60x10")
      // Back on the pinned column, nothing scrolls sideways.
      pilot.press("h", "h", "h", "h", "h")
      #expect(pilot.statusLine.contains("column 2/"), "\(pilot.statusLine)")
      let before = pilot.lines[0]
      pilot.press("h")
      #expect(pilot.statusLine.contains("column 1/"), "\(pilot.statusLine)")
      #expect(pilot.lines[0] == before, "focusing the pinned column scrolls nothing:\n\(pilot.screen)")
    }

    @Test func movingRightBringsWholeColumnsInAndTheFirstIsNeverCut() throws {
      let wide = try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 200, rows: 10), presentation: .table)
      let names = Set(headers(wide).dropFirst().filter { !$0.isEmpty })
      #expect(names.count == 7, "\(wide.screen)")
      let pilot = try countries()
      pilot.press("!")
      for step in 1...6 {
        pilot.press("l")
        let first = headers(pilot)[1]
        #expect(
          names.contains(first), "step \(step): the first column after the row numbers is whole:\n\(pilot.screen)")
      }
      #expect(pilot.statusLine.contains("column 7/7"), "\(pilot.statusLine)")
      #expect(headers(pilot).last == "landlocked ?", "the last column whole at the end:\n\(pilot.screen)")
    }

    @Test func bangUnpinsTheColumnAndPinsTheColumnsUpToTheFocusedOne() throws {
      let pilot = try countries()
      pilot.press("!")
      #expect(pilot.browser.message?.contains("name scrolls again") == true, "\(pilot.statusLine)")
      for _ in 0..<6 { pilot.press("l") }
      #expect(!headers(pilot).contains("name"), "unpinned, it scrolls away:\n\(pilot.screen)")
      pilot.press("g", "0")
      pilot.press("l", "!")
      #expect(pilot.browser.message?.contains("pinned 2 columns, up to code") == true, "\(pilot.statusLine)")
      for _ in 0..<5 { pilot.press("l") }
      #expect(headers(pilot).prefix(3) == ["", "name", "code"], "both stay:\n\(pilot.screen)")
    }

    @Test func gAndShiftGGoToTheFirstAndLastRowInTheSameColumn() throws {
      let pilot = try countries()
      pilot.press("l", "l", "j", "j")
      #expect(pilot.statusLine.contains("row 3/"), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("column 3/7 capital"), "\(pilot.statusLine)")
      let rows = pilot.browser.collectionView.numberOfItems(inSection: 0) / 7
      pilot.press("G")
      #expect(pilot.statusLine.contains("row \(rows)/\(rows) · column 3/7 capital"), "\(pilot.statusLine)")
      #expect(
        pilot.lines.dropLast().last?.trimmingCharacters(in: .whitespaces).hasPrefix("\(rows - 1)") == true,
        "the last row shows at the bottom:\n\(pilot.screen)")
      pilot.press("g")
      #expect(pilot.statusLine.contains("row 1/\(rows) · column 3/7 capital"), "\(pilot.statusLine)")
      #expect(pilot.lines[2].contains("Argentina"), "the first row shows:\n\(pilot.screen)")
      pilot.press("$")
      #expect(pilot.statusLine.contains("row 1/\(rows) · column 7/7"), "\(pilot.statusLine)")
      #expect(headers(pilot).last == "landlocked ?", "the last column shows:\n\(pilot.screen)")
      pilot.press("0")
      #expect(pilot.statusLine.contains("row 1/\(rows) · column 1/7 name"), "\(pilot.statusLine)")
      #expect(headers(pilot).prefix(3) == ["", "name", "code"], "scrolled back to the start:\n\(pilot.screen)")
    }

    @Test func minusHidesTheColumnAndUnderscoreShowsItAgain() throws {
      let pilot = try countries()
      pilot.press("l", "-")
      #expect(pilot.browser.message?.contains("hid code") == true, "\(pilot.statusLine)")
      #expect(headers(pilot).prefix(3) == ["", "name", "capital"], "\(pilot.screen)")
      pilot.press("c", "C")
      let csv = pilot.browser.collectionView.pasteboard.string ?? ""
      #expect(csv.hasPrefix("name,capital,population"), "copies leave it out: \(csv)")
      pilot.press("_")
      #expect(pilot.browser.message?.contains("showing 1 hidden column again") == true, "\(pilot.statusLine)")
      #expect(headers(pilot).prefix(3) == ["", "name", "code"], "\(pilot.screen)")
      pilot.press("_")
      #expect(pilot.browser.message?.contains("no column is hidden") == true)
      #expect(pilot.text.contains(#""code": "AR""#), "the document keeps its values")
    }

    @Test func altLeftAndRightMoveTheColumnAndTheFocusGoesWithIt() throws {
      let pilot = try countries()
      pilot.press("l", "Alt-Right")
      #expect(pilot.browser.message?.contains("moved code right (column 3 of") == true, "\(pilot.statusLine)")
      #expect(headers(pilot).prefix(4) == ["", "name", "capital", "code"], "\(pilot.screen)")
      #expect(pilot.statusLine.contains("column 3/") && pilot.statusLine.contains(" code"), "\(pilot.statusLine)")
      pilot.press("Alt-h", "Alt-h")
      #expect(headers(pilot).prefix(4) == ["", "code", "name", "capital"], "\(pilot.screen)")
      pilot.press("Alt-Left")
      #expect(pilot.browser.message?.contains("code is already the first column") == true, "\(pilot.statusLine)")
      pilot.press("Alt-l")
      #expect(headers(pilot).prefix(3) == ["", "name", "code"], "\(pilot.screen)")
      // Past a hidden column, and the copies write the order shown.
      pilot.press("l", "-", "h", "Alt-Right")
      #expect(headers(pilot).prefix(4) == ["", "name", "population #", "code"], "\(pilot.screen)")
      pilot.press("c", "C")
      let csv = pilot.browser.collectionView.pasteboard.string ?? ""
      #expect(csv.hasPrefix("name,population,code,"), "\(csv)")
      #expect(pilot.text.contains(#"{"name": "Argentina", "code": "AR", "capital""#), "the document keeps its order")
    }

    @Test func theColumnKeysAreInTheHelp() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 120, rows: 120), presentation: .table)
      pilot.press("?")
      var help = ""
      for _ in 0..<8 {
        help += pilot.screen
        pilot.press("Space")
      }
      for line in [
        "Pin the columns up to this one", "Hide the column", "Show every hidden column", "Move the column left",
      ] {
        #expect(help.contains(line), "\(help)")
      }
    }
  }
}
