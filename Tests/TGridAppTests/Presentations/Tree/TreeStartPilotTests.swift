import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// How the tree and the schematic open (issue 35.17, issue 28.5 and 28.6): the root's
  /// children show, the focus is drawn where it is, and the first key acts on the row that
  /// is drawn focused, in every start shape.
  @Suite struct TreeStartPilotTests {
    enum Shape: String, CaseIterable {
      case oneKeyObject, topLevelArray, object, scalar, emptyArray, jsonLines
    }

    static func json(_ shape: Shape) -> String {
      switch shape {
      case .oneKeyObject:
        return #"{"3166-1": ["#
          + (0..<40).map { #"{"alpha_2": "A\#($0)", "name": "Country \#($0)"}"# }.joined(separator: ", ") + "]}"
      case .topLevelArray:
        return "[" + (0..<150).map { #"{"sepalLength": 5.\#($0 % 10), "species": "setosa"}"# }.joined(separator: ", ")
          + "]"
      case .object: return #"{"name": "x", "list": [1, 2, 3], "nested": {"a": true}}"#
      case .scalar: return "42"
      case .emptyArray: return "[]"
      case .jsonLines: return "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}\n"
      }
    }

    static let starts: [(PresentationKind, TreeLayout.Orientation)] = [
      (.tree, .outline), (.tree, .columns), (.schematic, .columns),
    ]

    @Test(arguments: Shape.allCases)
    func theFocusIsDrawnWhereItIsAndTheFirstKeyActsThere(_ shape: Shape) throws {
      for (kind, orientation) in Self.starts {
        let pilot = try Pilot(
          json: Self.json(shape), size: CellSize(columns: 100, rows: 20), presentation: kind,
          treeOrientation: orientation,
          options: JSONParseOptions(mode: shape == .jsonLines ? .lines : .automatic))
        let context = "\(shape), \(kind) \(orientation)"
        let focused = try #require(
          pilot.browser.collectionView.indexPathForFocusedItem, "\(context): something is focused")
        #expect(pilot.focusedPath == ".", "\(context): the root is focused first, not \(pilot.focusedPath)")
        #expect(drawnFocusRows(pilot) == focusedRows(pilot, focused), "\(context): the focus is drawn on its row")
        // The root's children show: more than the root alone when it has any.
        let children =
          pilot.store.document.kind(of: pilot.store.document.root).isContainer
          ? pilot.store.document.childCount(of: pilot.store.document.root) : 0
        if children > 0 {
          #expect(
            pilot.browser.presentation.nodeID(at: TermGridCore.IndexPath(item: 0, section: 1)) != nil,
            "\(context): the root is open")
        }
        // The first key acts on the focused row: Right goes to the first child.
        pilot.press("Right")
        if children > 0 {
          #expect(
            pilot.focusedPath.hasPrefix(shape == .jsonLines || shape == .topLevelArray ? ".[0]" : "."),
            "\(context): \(pilot.focusedPath)")
          #expect(pilot.focusedPath != ".", "\(context): Right went to the first child")
          let now = try #require(pilot.browser.collectionView.indexPathForFocusedItem)
          #expect(drawnFocusRows(pilot) == focusedRows(pilot, now), "\(context): the focus is drawn where it moved")
        }
      }
    }

    @Test func aTopLevelArrayOpensOnItsRecords() throws {
      let pilot = try Pilot(
        json: Self.json(.topLevelArray), size: CellSize(columns: 100, rows: 20), presentation: .tree)
      #expect(pilot.lines[0].contains("(root) [150]"))
      // The records are a table in the tree: its header, then a row per record.
      #expect(pilot.lines[1].contains("species"), "\(pilot.screen)")
      #expect(pilot.lines[2].contains("[0]"), "\(pilot.screen)")
      #expect(pilot.lines[3].contains("[1]"), "\(pilot.screen)")
      let schematic = try Pilot(
        json: Self.json(.topLevelArray), size: CellSize(columns: 100, rows: 20), presentation: .schematic)
      #expect(schematic.screen.contains("[0]"), "\(schematic.screen)")
    }

    /// The same when the file loads after the first screen (the placeholder shown first,
    /// as on a busy machine): the tree opens on the whole document, focus drawn where it is.
    @Test(arguments: [PresentationKind.tree, .schematic])
    func aTreeThatLoadsAfterTheFirstScreenOpensTheSameWay(_ kind: PresentationKind) throws {
      let path = NSTemporaryDirectory() + "tgrid-start-\(getpid())-\(kind).json"
      let records = (0..<30_000).map { #"{"alpha_2": "A\#($0)", "name": "Country \#($0)"}"# }
      try (#"{"3166-1": ["# + records.joined(separator: ",\n") + "]}").write(
        toFile: path, atomically: false, encoding: .utf8)
      defer { unlink(path) }
      let run = LoadingRun(path: path, startDelayMilliseconds: 30, presentation: kind)
      run.runUntilLoaded()
      let view = run.browser.collectionView
      let focused = try #require(view.indexPathForFocusedItem)
      #expect(run.browser.reading.focusedPath() == ".")
      let frame = try #require(view.layoutAttributesForItem(at: focused)?.frame)
      let rect = view.screenRect(for: frame)
      let theme = view.theme
      let drawn = (0..<19).filter { row in
        (0..<100).contains { run.terminal.screen[$0, row].style.background == theme.focused.background }
      }
      #expect(drawn == Array(rect.row..<(rect.row + rect.rows)), "\(run.terminal.lines.joined(separator: "\n"))")
      #expect(
        run.browser.presentation.nodeID(at: TermGridCore.IndexPath(item: 0, section: 1)) != nil, "the root is open")
      run.terminal.enqueue(.key(KeyEvent(.enter)))
      _ = run.runLoop.run()
      #expect(
        run.browser.presentation.nodeID(at: TermGridCore.IndexPath(item: 0, section: 1)) == nil,
        "Enter closed the focused root")
    }

    /// Records titled by `Name`, `TITLE` or `displayName` show it (issue 28.8: cars.json has
    /// `Name`, and the tree showed `[0] {9}`).
    @Test func recordsAreLabelledByTheirNameInAnyCase() throws {
      let json =
        #"[{"Miles_per_Gallon": 18, "Name": "chevelle"}, {"id_x": 1, "TITLE": "skylark"}, "#
        + #"{"n": 1, "displayName": "satellite"}]"#
      for kind in [PresentationKind.tree, .grid, .schematic] {
        let pilot = try Pilot(json: json, size: CellSize(columns: 120, rows: 20), presentation: kind)
        for name in ["chevelle", "skylark", "satellite"] {
          #expect(pilot.screen.contains(name), "\(kind): \(name)\n\(pilot.screen)")
        }
      }
      // A title past the members looked at is not searched for: an object of a million keys
      // is never walked for its label.
      let far = "{" + (0..<300).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"name\": \"far away\"}"
      let document = try JSONDocument(parsing: far)
      #expect(JSONPreview.titleMember(of: document.root, in: document) == nil)
      let near = try JSONDocument(parsing: #"{"a": 1, "Name": "x", "title": "y"}"#)
      #expect(
        JSONPreview.titleMember(of: near.root, in: near).flatMap { near.string(of: $0) } == "x", "name comes first")
    }

    // MARK: - Helpers

    /// The screen rows drawn in the focus style (inside the collection view).
    func drawnFocusRows(_ pilot: Pilot) -> [Int] {
      let screen = pilot.terminal.screen
      let theme = pilot.browser.collectionView.theme
      let focusBackgrounds = [theme.focused, theme.selectedFocused].map(\.background).filter {
        $0 != theme.normal.background
      }
      return (0..<(screen.size.rows - 1)).filter { row in
        (0..<screen.size.columns).contains { focusBackgrounds.contains(screen[$0, row].style.background) }
      }
    }

    /// The screen rows of an item's frame (a schematic's box is three rows high).
    func focusedRows(_ pilot: Pilot, _ indexPath: TermGridCore.IndexPath) -> [Int] {
      let view = pilot.browser.collectionView
      guard let frame = view.layoutAttributesForItem(at: indexPath)?.frame else { return [] }
      let rect = view.screenRect(for: frame)
      return Array(rect.row..<(rect.row + rect.rows))
    }
  }
}
