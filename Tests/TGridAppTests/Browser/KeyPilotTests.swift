import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Every command in the app's key tables, pressed through the real run loop, with the
  /// screen checked afterwards.
  @Suite struct KeyPilotTests {
    // MARK: - Moving

    @Test func arrowsAndVimKeysMoveTheFocus() throws {
      let pilot = try Pilot(json: Self.records(12), size: CellSize(columns: 60, rows: 20))
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("l")
      #expect(pilot.focusedPath == ".[1]")
      pilot.press("Right", "Left")
      #expect(pilot.focusedPath == ".[1]")
      pilot.press("h")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("j")
      let below = pilot.focusedPath
      #expect(below != ".[0]")
      pilot.press("k")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("Down", "Up")
      #expect(pilot.focusedPath == ".[0]")
      #expect(pilot.statusLine.contains("item 1/12"))
    }

    @Test func pageKeysAndEndsJumpThroughALongGrid() throws {
      let pilot = try Pilot(json: Self.records(200), size: CellSize(columns: 40, rows: 12))
      pilot.press("PgDn")
      let afterPage = pilot.focusedPath
      #expect(afterPage != ".[0]")
      pilot.press("Ctrl-F")
      #expect(pilot.focusedPath != afterPage)
      pilot.press("PgUp", "Ctrl-B")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("G")
      #expect(pilot.focusedPath == ".[199]")
      #expect(pilot.screen.contains("record 199"))
      pilot.press("g")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("End")
      #expect(pilot.statusLine.contains("item 200/200"))
      pilot.press("Home")
      #expect(pilot.statusLine.contains("item 1/200"))
    }

    @Test func ctrlEAndCtrlYScrollWithoutMovingTheFocus() throws {
      let pilot = try Pilot(json: Self.records(200), size: CellSize(columns: 40, rows: 12))
      let top = pilot.lines[1]
      pilot.press("Ctrl-E")
      #expect(pilot.lines[1] != top)
      pilot.press("Ctrl-Y")
      #expect(pilot.lines[1] == top)
      #expect(pilot.focusedPath == ".[0]")
    }

    // MARK: - Selecting

    @Test func spaceAndEnterSelectAndDeselect() throws {
      let pilot = try Pilot(json: Self.records(5))
      pilot.press("Space")
      #expect(pilot.statusLine.contains("1 selected"))
      pilot.press("l", "Enter")
      #expect(pilot.statusLine.contains("2 selected"))
      pilot.press("Space")
      #expect(pilot.statusLine.contains("1 selected"))
    }

    @Test func shiftArrowsAndCapitalsExtendTheSelection() throws {
      let pilot = try Pilot(json: Self.records(8), size: CellSize(columns: 200, rows: 20))
      // (L labels records in tgrid: Shift-Right extends.)
      pilot.press("Shift-Right", "Shift-Right")
      #expect(pilot.statusLine.contains("3 selected"))
      pilot.press("H")
      #expect(pilot.statusLine.contains("2 selected"))
      pilot.press("Shift-Left")
      #expect(pilot.statusLine.contains("1 selected"))
      pilot.press("Esc")
      let narrow = try Pilot(json: Self.records(8), size: CellSize(columns: 40, rows: 30))
      narrow.press("Shift-Down")
      let two = narrow.statusLine
      #expect(two.contains("selected"))
      narrow.press("J", "Shift-Up", "Shift-Up")
      #expect(narrow.statusLine.contains("1 selected"))
    }

    @Test func vSelectsFromTheAnchorToTheFocus() throws {
      let pilot = try Pilot(json: Self.records(8), size: CellSize(columns: 200, rows: 20))
      pilot.press("Space", "l", "l", "l", "v")
      #expect(pilot.statusLine.contains("4 selected"))
    }

    @Test func aAndCtrlASelectEverythingAndEscClears() throws {
      let pilot = try Pilot(json: Self.records(8))
      pilot.press("a")
      #expect(pilot.statusLine.contains("8 selected"))
      pilot.press("Esc")
      #expect(!pilot.statusLine.contains("selected"))
      pilot.press("Ctrl-A")
      #expect(pilot.statusLine.contains("8 selected"))
      #expect(pilot.screen.contains("8 items · 8 selected"))
    }

    // MARK: - Editing

    @Test func mOpensTheEditMenuAndItsKeysWork() throws {
      let pilot = try Pilot(json: Self.records(3))
      pilot.press("m")
      #expect(pilot.screen.contains("Copy Path"))
      pilot.press("Down", "Up", "Esc")
      #expect(!pilot.screen.contains("Copy Path"))
      pilot.press("Shift-F10")
      #expect(pilot.screen.contains("Copy Path"))
      pilot.press("Menu")
      #expect(!pilot.screen.contains("Copy Path"))
    }

    @Test func yCopiesTheExactSourceText() throws {
      let pilot = try Pilot(json: #"[{"n": 1.50}, {"n": 2}]"#)
      pilot.press("y")
      #expect(pilot.statusLine.contains("copied 1 value"))
      #expect(pilot.browser.collectionView.pasteboard.string == #"{"n": 1.50}"#)
    }

    // MARK: - Other

    @Test func questionMarkShowsTheHelpAndQClosesIt() throws {
      let pilot = try Pilot(json: Self.records(3))
      pilot.press("?")
      #expect(pilot.screen.contains("tgrid keys"))
      #expect(pilot.screen.contains("Move up"))
      pilot.press("G")
      #expect(pilot.screen.contains("Show as a tree"))
      pilot.press("q")
      #expect(!pilot.screen.contains("tgrid keys"))
      #expect(!pilot.didQuit)
      pilot.press("F1")
      #expect(pilot.screen.contains("tgrid keys"))
    }

    @Test func ctrlLRedrawsTheWholeScreen() throws {
      let pilot = try Pilot(json: Self.records(3))
      let before = pilot.terminal.invalidationCount
      pilot.press("Ctrl-L")
      #expect(pilot.terminal.invalidationCount == before + 1)
    }

    @Test func capitalMTurnsMouseCaptureOffAndOn() throws {
      let pilot = try Pilot(json: Self.records(3))
      #expect(pilot.terminal.isMouseCaptureEnabled)
      pilot.press("M")
      #expect(!pilot.terminal.isMouseCaptureEnabled)
      #expect(pilot.statusLine.contains("mouse off"))
      pilot.press("M")
      #expect(pilot.terminal.isMouseCaptureEnabled)
      #expect(pilot.terminal.mouseCaptureChanges == [false, true])
    }

    @Test func qQuits() throws {
      let pilot = try Pilot(json: Self.records(3))
      pilot.press("q")
      #expect(pilot.didQuit)
    }

    // MARK: - The grid

    @Test func iOpensAContainerAndBackspaceComesBack() throws {
      let pilot = try Pilot(json: #"[{"id": "a", "tags": ["x", "y", "z"]}, {"id": "b", "tags": []}]"#)
      pilot.press("i")
      #expect(pilot.screen.contains("a · 2 keys") || pilot.screen.contains("(root)") || pilot.focusedPath == ".[0].id")
      #expect(pilot.focusedPath == ".[0].id")
      pilot.press("l", "i")
      #expect(pilot.focusedPath == ".[0].tags[0]")
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".[0].tags")
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("Backspace")
      #expect(pilot.statusLine.contains("already at the top"))
    }

    @Test func tSwitchesBetweenGridAndTreeKeepingTheFocus() throws {
      let pilot = try Pilot(json: Self.records(5))
      pilot.press("l", "l", "t")
      #expect(pilot.browser.presentation.kind == .tree)
      #expect(pilot.focusedPath == ".[2]")
      // The records are a table in the tree: the record is its row.
      #expect(pilot.lines.contains { $0.contains("[2]") && $0.contains("record 2") }, "\n\(pilot.screen)")
      pilot.press("t")
      #expect(pilot.browser.presentation.kind == .grid)
      #expect(pilot.focusedPath == ".[2]")
    }

    @Test func tShowsTheTreeFromEveryOtherViewKeepingTheFocus() throws {
      for view in ["3", "4", "5", "6"] {
        let pilot = try Pilot(json: Self.records(5))
        pilot.press("j", view)
        let shown = pilot.browser.presentation.kind
        #expect(shown != .grid && shown != .tree, "\(view): \(shown)")
        let focus = pilot.focusedPath
        pilot.press("t")
        #expect(pilot.browser.presentation.kind == .tree, "t from \(shown)")
        // (The timeline of records without dates shows none and focuses nothing.)
        if !focus.isEmpty {
          #expect(pilot.focusedPath == focus, "t from \(shown) keeps \(focus)\n\(pilot.screen)")
        }
      }
    }

    // MARK: - The tree

    @Test func enterCollapsesAndExpandsATreeNode() throws {
      // The root holds records, a table in the tree: Enter on the root closes and opens it.
      let pilot = try Pilot(json: Self.records(3), presentation: .tree)
      #expect(pilot.screen.contains("record 1"))
      pilot.press("Enter")
      #expect(!pilot.screen.contains("record 1"))
      pilot.press("Enter")
      #expect(pilot.screen.contains("record 1"))
    }

    @Test func rightAndLeftExpandCollapseAndWalkTheTree() throws {
      let pilot = try Pilot(json: #"{"a": {"b": {"c": 1}}, "z": 2}"#, presentation: .tree)
      pilot.press("Right")
      #expect(pilot.focusedPath == ".a")
      pilot.press("l")
      #expect(pilot.focusedPath == ".a.b")
      pilot.press("Left")
      #expect(pilot.focusedPath == ".a.b")
      // Collapsed, b previews its content on its row (as jless does); its child row is gone.
      #expect(!pilot.screen.contains("└─ c: 1") && pilot.screen.contains("▸ b: {c: 1}"))
      pilot.press("h")
      #expect(pilot.focusedPath == ".a")
      pilot.press("l", "l")
      #expect(pilot.screen.contains("└─ c: 1"))
    }

    @Test func oSwitchesTheTreeBetweenOutlineAndColumns() throws {
      let pilot = try Pilot(json: #"{"a": {"b": 1}, "z": 2}"#, presentation: .tree)
      let outline = pilot.lines
      #expect(outline[1].contains("a {1}"))
      pilot.press("o")
      #expect(pilot.lines != outline)
      #expect(pilot.lines[0].contains("(root) {2}") && pilot.lines[0].contains("a {1}"))
      pilot.press("o")
      #expect(pilot.lines == outline)
    }

    // MARK: - Fixtures

    /// `[{"name": "record 0", "n": 0}, …]`.
    static func records(_ count: Int) -> String {
      "[" + (0..<count).map { #"{"name": "record \#($0)", "n": \#($0)}"# }.joined(separator: ", ") + "]"
    }
  }
}

extension PilotTests {
  @Suite struct TreeSelectionPilotTests {
    @Test func selectAllInTheTreeSelectsTheFocusedNodesSiblingsAndCopiesEachOnce() throws {
      let pilot = try Pilot(json: #"{"a": [1, 2], "b": {"c": true}, "d": null}"#, presentation: .tree)
      pilot.press("j", "a")
      #expect(pilot.statusLine.contains("3 selected"))
      pilot.press("y")
      #expect(pilot.browser.collectionView.pasteboard.string == #"[[1, 2], {"c": true}, null]"#)
      pilot.press("Esc", "l", "a", "y")
      #expect(pilot.statusLine.contains("copied 2 values"))
      pilot.press("Esc", "g", "Ctrl-A")
      #expect(pilot.statusLine.contains("1 selected"), "the root has no siblings")
    }
  }
}

extension PilotTests {
  @Suite struct DeepDocumentPilotTests {
    /// A chain of 20,000 single-key objects: the grid shows the innermost value, and the tree
    /// reveals it by walking down once (it used to search every shown row for every ancestor).
    @Test func aDeepChainSwitchesToTheTreeAtItsDeepestValue() throws {
      let depth = 20_000
      let json = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
      let pilot = try Pilot(json: json, size: CellSize(columns: 80, rows: 12))
      let deepest = "." + Array(repeating: "a", count: depth).joined(separator: ".")
      #expect(pilot.focusedPath == deepest)
      pilot.press("t")
      #expect(pilot.browser.presentation.kind == .tree)
      #expect(pilot.focusedPath == deepest)
      #expect(pilot.screen.contains("a: 1"))
    }
  }
}
