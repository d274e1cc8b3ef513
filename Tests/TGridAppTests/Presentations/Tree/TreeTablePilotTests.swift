import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Tables inside the tree (issue 29.6): the array of records is a table section in place
  /// (TermGrid's tree tables) as the tree opens, `T` shows it as a tree or as a table
  /// again, and the browser's keys act on its rows and cells.
  @Suite struct TreeTablePilotTests {
    /// The countries of `demo-data/` in the tree, focused on the root array.
    func countries(rows: Int = 20) throws -> Pilot {
      try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 100, rows: rows),
        presentation: .tree)
    }

    @Test func tShowsTheRecordsAsATableInTheTreeAndBackKeepingFocusAndSelection() throws {
      let pilot = try countries()
      // The countries open as a table (TreeAutomaticTablePilotTests): as a tree first.
      pilot.press("T")
      #expect(pilot.statusLine.contains("shown as a tree"), "\(pilot.statusLine)")
      pilot.press("j", "j", "Space", "j", "Space")
      #expect(pilot.statusLine.contains("2 selected"), "\(pilot.statusLine)")
      #expect(pilot.focusedPath == ".[2]")
      pilot.press("T")
      #expect(pilot.statusLine.contains("shown as a table"), "\(pilot.statusLine)")
      #expect(pilot.lines[1].contains("name") && pilot.lines[1].contains("population"), "\n\(pilot.screen)")
      #expect(pilot.lines[2].contains("[0]") && pilot.lines[2].contains("Argentina"), "\n\(pilot.screen)")
      #expect(pilot.focusedPath == ".[2]", "the focus stays on the record, now a row")
      #expect(pilot.statusLine.contains("2 selected"), "\(pilot.statusLine)")
      #expect(pilot.browser.collectionView.indexPathsForSelectedItems.count == 2)
      // From a cell, T shows its table as a tree again, keeping the focus on the cell.
      pilot.press("Right", "Right")
      #expect(pilot.focusedPath == ".[2].code")
      pilot.press("T")
      #expect(pilot.statusLine.contains("shown as a tree"), "\(pilot.statusLine)")
      #expect(pilot.focusedPath == ".[2].code")
      #expect(
        pilot.lines.contains { $0.hasSuffix("code: \"CA\"") || $0.contains("code: \"CA\" ") }, "\n\(pilot.screen)")
      #expect(!pilot.lines.contains { $0.contains("name") && $0.contains("landlocked") && !$0.contains("{") })
      #expect(pilot.browser.collectionView.indexPathsForSelectedItems.count == 2)
    }

    @Test func theKeysMoveThroughRowsAndCells() throws {
      let pilot = try countries()
      pilot.press("j")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("Right")
      #expect(pilot.focusedPath == ".[0].name", "Right from a row goes to its first cell")
      pilot.press("Right", "Right", "l")
      #expect(pilot.focusedPath == ".[0].population")
      pilot.press("j", "j")
      #expect(pilot.focusedPath == ".[2].population", "down the column")
      pilot.press("k")
      #expect(pilot.focusedPath == ".[1].population")
      pilot.press("Left", "h")
      #expect(pilot.focusedPath == ".[1].code")
      pilot.press("Left", "Left")
      #expect(pilot.focusedPath == ".[1]", "left of the first cell is the row")
      pilot.press("j")
      #expect(pilot.focusedPath == ".[2]", "down from a row is the next row")
      pilot.press("G")
      #expect(pilot.focusedPath.hasPrefix(".[15]"), "\(pilot.focusedPath)")
      // A nested cell opens in place on Enter, and closes again.
      pilot.press("g", "j", "Right", "Right", "Right", "Right", "Right", "Right")
      #expect(pilot.focusedPath == ".[0].languages")
      pilot.press("Enter")
      #expect(pilot.lines.contains { $0.contains("\"Spanish\"") }, "\n\(pilot.screen)")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[0].languages")
    }

    @Test func tOnSomethingThatIsNoTableSaysSo() throws {
      let pilot = try Pilot(json: #"{"a": [1, 2, 3]}"#, size: CellSize(columns: 60, rows: 8), presentation: .tree)
      pilot.press("j", "T")
      #expect(pilot.statusLine.contains("not a table"), "\(pilot.statusLine)")
    }

    @Test func aSearchLandsInACell() throws {
      let pilot = try countries()
      pilot.press("/")
      pilot.type("Ottawa")
      pilot.press("Enter")
      #expect(pilot.focusedPath.hasSuffix(".capital"), "\(pilot.focusedPath)")
      let row = try #require(pilot.lines.first { $0.contains("Ottawa") }, "\n\(pilot.screen)")
      #expect(row.contains("Canada"), "the match is a cell of its record's row: \(row)")
    }

    @Test func copyingARowCopiesTheRecordAndACellItsValue() throws {
      let pilot = try countries()
      pilot.press("j", "y")
      let record = try #require(pilot.browser.collectionView.pasteboard.string)
      #expect(record.contains("\"name\": \"Argentina\"") || record.contains("\"name\":\"Argentina\""), "\(record)")
      #expect(record.contains("Buenos Aires"))
      pilot.press("Right", "y")
      #expect(pilot.browser.collectionView.pasteboard.string == "\"Argentina\"")
    }

    @Test func editingACellEditsTheValueInItsRow() throws {
      let pilot = try countries()
      pilot.press("j", "Right", "Right", "Right")
      #expect(pilot.focusedPath == ".[0].capital")
      pilot.press("e", "Ctrl-U")
      pilot.type("BA")
      pilot.press("Enter")
      let record = try #require(pilot.store.document.child(at: 0, of: pilot.store.document.root))
      let capital = pilot.store.document.child(forKey: "capital", of: record)
      #expect(capital.flatMap(pilot.store.document.string(of:)) == "BA")
      #expect(pilot.focusedPath == ".[0].capital", "the focus stays on the cell")
      #expect(pilot.lines[2].contains("BA") && !pilot.lines[2].contains("Buenos"), "\n\(pilot.screen)")
    }

    @Test func itsColumnsAreTypedAsTheTableViewsNumbersRightAlignedMissingApartFromNull() throws {
      let json = #"""
        [{"name": "Ada", "age": 36, "zip": "75001", "city": "Paris"},
         {"name": "Bob", "age": 5, "zip": "8001", "city": null},
         {"name": "Cleo", "age": null, "zip": "10115"}]
        """#
      let pilot = try Pilot(json: json, size: CellSize(columns: 60, rows: 8), presentation: .tree)
      pilot.press("j")
      let header = pilot.lines[1]
      // The type markers of the table view: `#` numbers, `%` numeric strings, none for text.
      #expect(header.contains("age #") && header.contains("zip %"), "\n\(pilot.screen)")
      #expect(header.contains("city") && !header.contains("city " + "*"), "\n\(pilot.screen)")
      // Numbers end at their column's right edge, its title too.
      let ageEnd = try #require(header.range(of: "age #")).upperBound
      let ageColumn = header.distance(from: header.startIndex, to: ageEnd)
      func end(of text: String, onLine line: Int) -> Int? {
        pilot.lines[line].range(of: text).map {
          pilot.lines[line].distance(from: pilot.lines[line].startIndex, to: $0.upperBound)
        }
      }
      #expect(end(of: "36", onLine: 2) == ageColumn, "\n\(pilot.screen)")
      #expect(end(of: " 5 ", onLine: 3).map { $0 - 1 } == ageColumn, "\n\(pilot.screen)")
      let zipEnd = try #require(end(of: "zip %", onLine: 1))
      #expect(end(of: "75001", onLine: 2) == zipEnd && end(of: "8001", onLine: 3) == zipEnd, "\n\(pilot.screen)")
      // null is a value, drawn as the table view draws it; a missing key is a dim `·`.
      let cleo = pilot.lines[4]
      #expect(cleo.contains("null") && cleo.contains("·"), "\n\(pilot.screen)")
      let bob = pilot.lines[3]
      #expect(bob.contains("null") && !bob.contains("·"), "\n\(pilot.screen)")
      let canvas = pilot.generic.canvas
      let dotColumn = cleo.distance(from: cleo.startIndex, to: try #require(cleo.firstIndex(of: "·")))
      let dot = canvas[dotColumn, 4]
      #expect(dot.character == "·" && dot.style.attributes.contains(TextAttributes.dim), "\(dot)")
      let nullColumn = cleo.distance(from: cleo.startIndex, to: try #require(cleo.range(of: "null")).lowerBound)
      let nullStyle = canvas[nullColumn, 4].style
      let nameStyle = canvas[try #require(end(of: "Ada", onLine: 2)) - 1, 2].style
      #expect(nullStyle != nameStyle, "null has its own colour, as in the table view")
      #expect(
        nullStyle.attributes.contains(TextAttributes.italic) || nullStyle.attributes.contains(TextAttributes.dim),
        "\(nullStyle)")
      // As a tree again: no marks, no alignment.
      pilot.press("T")
      let tree = pilot.lines.prefix(4).joined(separator: "\n")
      #expect(!tree.contains("·") && !tree.contains("age #"), "\n\(pilot.screen)")
    }

    @Test func aTableInsideTheTreeOnTheCountries() throws {
      let pilot = try countries()
      pilot.press("j")
      expectSnapshot(pilot.screen, named: "tree-table-countries-100x20")
      // Scrolled: the header stays pinned over the rows.
      let short = try countries(rows: 8)
      short.press("G")
      #expect(!short.lines[1].contains("[0]"), "\n\(short.screen)")
      #expect(short.lines[0].contains("name") && short.lines[0].contains("capital"), "\n\(short.screen)")
    }
  }
}
