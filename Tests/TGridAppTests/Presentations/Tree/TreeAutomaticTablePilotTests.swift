import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Tables inside the tree without asking (issue 29.6): in the outline an array whose
  /// elements are mostly records sharing keys, or an object of such objects, is drawn in
  /// place as a table section; mixed or sparse arrays stay a tree; `T` turns a table into a
  /// tree and back, node by node, keeping focus and selection; an array past the tree's
  /// groups is one table across them (made by `T`: it is past the cells a table shown
  /// without asking has).
  @Suite struct TreeAutomaticTablePilotTests {
    @Test func recordsSharingKeysAreATableWhenTheTreeOpens() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 100, rows: 20), presentation: .tree)
      #expect(pilot.lines[1].contains("name") && pilot.lines[1].contains("population #"), "\n\(pilot.screen)")
      #expect(pilot.lines[2].contains("[0]") && pilot.lines[2].contains("Argentina"), "\n\(pilot.screen)")
      #expect(!pilot.lines.contains { $0.contains("name: \"Argentina\"") }, "no field on a line of its own")
    }

    @Test func tTurnsATableIntoATreeAndBackKeepingFocusAndSelection() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 100, rows: 20), presentation: .tree)
      pilot.press("j", "Space", "j", "Right", "Right")
      #expect(pilot.focusedPath == ".[1].code", "\(pilot.focusedPath)")
      pilot.press("T")
      #expect(pilot.statusLine.contains("shown as a tree"), "\(pilot.statusLine)")
      #expect(pilot.focusedPath == ".[1].code")
      #expect(pilot.lines.contains { $0.contains("code: \"BT\"") }, "\n\(pilot.screen)")
      #expect(pilot.browser.collectionView.indexPathsForSelectedItems.count == 1)
      pilot.press("T")
      #expect(pilot.statusLine.contains("shown as a table"), "\(pilot.statusLine)")
      #expect(pilot.focusedPath == ".[1].code")
      #expect(pilot.lines[1].contains("name") && pilot.lines[1].contains("capital"), "\n\(pilot.screen)")
      #expect(pilot.browser.collectionView.indexPathsForSelectedItems.count == 1)
    }

    @Test func mixedSparseOrVeryWideArraysStayATree() throws {
      let wide =
        "["
        + (0..<3).map { row in
          "{" + (0..<25).map { "\"k\($0)\": \(row)" }.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]"
      let cases = [
        #"{"a": [1, "two", {"x": 3}, [4], null]}"#,
        #"{"a": [{"p": 1}, {"q": 2}, {"r": 3}, {"s": 4}]}"#,
        #"{"a": [{"p": 1}]}"#,
        #"{"a": [{"p": 1, "q": 2}, 3, 4]}"#,
        #"{"a": "#
          + wide + "}",
      ]
      for json in cases {
        let pilot = try Pilot(json: json, size: CellSize(columns: 80, rows: 12), presentation: .tree)
        pilot.press("j", "Right")
        #expect(pilot.browser.treeLayoutTableCount == 0, "\(json.prefix(60))\n\(pilot.screen)")
      }
    }

    @Test func anObjectOfRecordsIsATableRowsLabelledByTheirKeys() throws {
      let json = #"""
        {"servers": {"alpha": {"host": "10.0.0.1", "port": 22, "up": true},
                     "beta": {"host": "10.0.0.2", "port": 2222, "up": false},
                     "gamma": {"host": "10.0.0.3", "port": 22}}}
        """#
      let pilot = try Pilot(json: json, size: CellSize(columns: 60, rows: 10), presentation: .tree)
      let header = try #require(pilot.lines.first { $0.contains("host") }, "\n\(pilot.screen)")
      #expect(header.contains("port #") && header.contains("up"), "\n\(pilot.screen)")
      let beta = try #require(pilot.lines.first { $0.contains("beta") }, "\n\(pilot.screen)")
      #expect(beta.contains("10.0.0.2") && beta.contains("2222") && beta.contains("false"), "\n\(pilot.screen)")
      let gamma = try #require(pilot.lines.first { $0.contains("gamma") }, "\n\(pilot.screen)")
      #expect(gamma.contains("·"), "gamma has no `up`: \(gamma)")
    }

    @Test func inColumnsTheTreeHasNoTablesAndBackInTheOutlineItHas() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 100, rows: 20), presentation: .tree)
      pilot.press("j", "Right")
      #expect(pilot.focusedPath == ".[0].name")
      pilot.press("o")
      #expect(pilot.browser.treeLayoutTableCount == 0, "\n\(pilot.screen)")
      #expect(pilot.focusedPath == ".[0].name", "the focus stays on the value")
      #expect(pilot.lines.contains { $0.contains("name: \"Argentina\"") }, "\n\(pilot.screen)")
      pilot.press("o")
      #expect(pilot.browser.treeLayoutTableCount == 1, "\n\(pilot.screen)")
      #expect(pilot.focusedPath == ".[0].name")
      #expect(pilot.lines[1].contains("population #"), "\n\(pilot.screen)")
    }

    @Test func aHierarchysChildrenStayTheTreeTheyDescribe() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("classes.json"), size: CellSize(columns: 100, rows: 20), presentation: .tree)
      #expect(pilot.browser.treeLayoutTableCount == 0, "\n\(pilot.screen)")
    }

    @Test func anArrayPastTheGroupsIsOneTableWithOneHeaderPinnedAcrossThem() throws {
      let count = TreePresentation.groupSize + 2_500
      let json =
        "[" + (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",\n") + "]"
      let pilot = try Pilot(json: json, size: CellSize(columns: 60, rows: 10), presentation: .tree)
      // 25,000 cells: past what a table shown without asking may have (every row of a table
      // is open), the tree opens as a tree, as fast as before; `T` makes it one table.
      #expect(pilot.browser.treeLayoutTableCount == 0, "\n\(pilot.screen)")
      pilot.press("T")
      #expect(pilot.browser.treeLayoutTableCount == 1, "\n\(pilot.screen)")
      #expect(pilot.lines[1].contains("id #") && pilot.lines[1].contains("name"), "\n\(pilot.screen)")
      #expect(pilot.lines[2].contains("[0 … 9999]"), "\n\(pilot.screen)")
      #expect(pilot.lines[3].contains("[0]") && pilot.lines[3].contains("n0"), "\n\(pilot.screen)")
      // The second group opened: the same header stays on top, over rows of both groups,
      // their columns where the first group's are.
      pilot.press("End", "Right", "Right")
      #expect(pilot.focusedPath == ".[10000]", "\(pilot.focusedPath)")
      let header = pilot.lines[0]
      #expect(header.contains("id #") && header.contains("name"), "\n\(pilot.screen)")
      #expect(pilot.browser.treeLayoutTableCount == 1, "\n\(pilot.screen)")
      let nameColumn = try #require(header.range(of: "name")).lowerBound.utf16Offset(in: header)
      let last = try #require(pilot.lines.first { $0.contains("[9999]") }, "\n\(pilot.screen)")
      let next = try #require(pilot.lines.first { $0.contains("[10000]") }, "\n\(pilot.screen)")
      #expect(try #require(last.range(of: "n9999")).lowerBound.utf16Offset(in: last) == nameColumn, "\n\(pilot.screen)")
      #expect(
        try #require(next.range(of: "n10000")).lowerBound.utf16Offset(in: next) == nameColumn, "\n\(pilot.screen)")
    }

    @Test func listingATablesRowsAndCellsAsksTheDocumentForNoParent() throws {
      let count = TreePresentation.groupSize + 2_500
      let json =
        "[" + (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",\n") + "]"
      let pilot = try Pilot(json: json, size: CellSize(columns: 60, rows: 10), presentation: .tree)
      let tree = try #require(pilot.browser.presentation as? TreePresentation)
      pilot.press("T")
      #expect(pilot.browser.treeLayoutTableCount == 1, "\n\(pilot.screen)")
      // Opening the second group lists 2,500 rows and 5,000 cells; drawing them and moving
      // along them reads each one's place in the table from the level it was listed in,
      // not from the document's parents (a search of its index each, in a large file).
      tree.provider.tableParentLookups = 0
      pilot.press("End", "Right", "Right", "j", "j", "j", "Right", "j")
      #expect(pilot.focusedPath == ".[10004].id", "\(pilot.focusedPath)")
      #expect(tree.provider.tableParentLookups <= 2, "\(tree.provider.tableParentLookups) parent lookups")
      #expect(pilot.lines.contains { $0.contains("[10003]") && $0.contains("n10003") }, "\n\(pilot.screen)")
    }

    @Test func anAutomaticTableInTheTreeOnPhotoAlbums() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("photo-albums.json"), size: CellSize(columns: 100, rows: 16),
        presentation: .tree)
      // The albums are a table in the root object; an album's photos open in place (Enter).
      pilot.press("j", "j", "j", "Right", "Right", "Right")
      #expect(pilot.focusedPath == ".albums[0].photos", "\(pilot.focusedPath)")
      pilot.press("Enter")
      expectSnapshot(pilot.screen, named: "tree-automatic-table-photo-albums-100x16")
      #expect(pilot.lines[3].contains("title") && pilot.lines[3].contains("photos []"), "\n\(pilot.screen)")
      #expect(pilot.lines.contains { $0.contains("IMG_4012.jpg") }, "\n\(pilot.screen)")
    }
  }
}

extension BrowserController {
  /// How many table sections the tree's layout draws now.
  var treeLayoutTableCount: Int {
    (collectionView.collectionViewLayout as? TreeLayout)?.tableIndexPaths.count ?? 0
  }
}
