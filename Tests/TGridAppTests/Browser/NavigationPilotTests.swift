import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// One navigation model (issue 28): a go-to lands on its value, a view reading in slices
  /// keeps the value it was asked for, the jump list goes back and forth as vim's does, and
  /// records carry labels people recognise, chosen once for every view.
  @Suite struct NavigationPilotTests {
    static let size = CellSize(columns: 120, rows: 30)

    /// Cars, as Vega's cars.json names them.
    static let cars =
      "["
      + (0..<40).map {
        #"{"Name": "car \#($0)", "Origin": "\#(["USA", "Europe", "USA", "Japan"][$0 % 4])", "Year": "19\#(70 + $0 % 10)-01-01"}"#
      }.joined(separator: ", ") + "]"

    // MARK: - Going to a path lands on it (28.3)

    @Test func goingToAContainerTheGridMakesASectionLandsOnItAsACard() throws {
      // Like the EC2 description: `shapes` holds objects only, so the grid of `shapes` makes
      // each shape a section; going to one must focus that shape itself.
      let shapes = (0..<30).map { #""Shape\#($0)": {"type": "structure", "members": {"a": {"shape": "String"}}}"# }
      let json = #"{"version": "2.0", "shapes": {"# + shapes.joined(separator: ", ") + "}}"
      let pilot = try Pilot(json: json, size: Self.size)
      goTo(pilot, ".shapes.Shape17")
      #expect(
        pilot.focusedPath == ".shapes.Shape17", "on the value, not inside the card at .shapes: \(pilot.statusLine)")
      #expect(!pilot.statusLine.contains("i opens it"))
      pilot.press("d")
      #expect(!pilot.text.contains("Shape17"), "d acts on it")
      #expect(pilot.text.contains("Shape16") && pilot.text.contains("Shape18"))
      pilot.press("u")
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".shapes", "Backspace goes up to the card it came out of")
    }

    @Test func goingToOneOfSeveralArraysLandsOnIt() throws {
      let json = #"{"users": [{"name": "ann"}, {"name": "bob"}], "orders": [{"id": 1}], "tags": [["a"], ["b"]]}"#
      let pilot = try Pilot(json: json, size: Self.size)
      for path in [".orders", ".users", ".tags", ".users[1]", ".tags[1]"] {
        goTo(pilot, path)
        #expect(pilot.focusedPath == path, "\(path): \(pilot.statusLine)")
      }
    }

    // MARK: - Views that read in slices keep the value asked for (28.4)

    @Test func theTimelineKeepsTheFocusedRecordWhileItReadsDates() throws {
      // More records than the timeline reads before its first frame.
      let count = TimelineModel.initialReadRecords * 3
      let json =
        "["
        + (0..<count).map { #"{"n": \#($0), "when": "2020-01-\#(String(format: "%02d", 1 + $0 % 28))"}"# }
        .joined(separator: ",\n") + "]"
      let pilot = try Pilot(json: json, size: Self.size)
      let target = ".[\(count - 100)]"
      goTo(pilot, target)
      pilot.press("4")
      #expect(pilot.browser.presentation.kind == .timeline)
      #expect(pilot.focusedPath == target, "not the last record read before the first frame: \(pilot.statusLine)")
      pilot.press("1")
      #expect(pilot.focusedPath == target, "back in the grid on the same record: \(pilot.statusLine)")
    }

    @Test func aMoveByIdThatLandsDropsAnOlderIntention() throws {
      let pilot = try Pilot(json: Self.cars, size: Self.size)
      let browser = pilot.browser
      let document = browser.store.document
      let old = try #require(document.child(at: 30, of: document.root))
      let new = try #require(document.child(at: 5, of: document.root))
      // As a view still reading leaves it.
      browser.navigation.intended = browser.store.id(old)
      browser.focus(on: browser.store.id(new))
      #expect(browser.navigation.intended == nil, "it would pull the focus back to .[30] once shown")
      pilot.press("Ctrl-L")
      #expect(pilot.focusedPath == ".[5]")
    }

    @Test func anIntendedFocusGivesWayToTheKeysOfThePerson() throws {
      let count = TimelineModel.initialReadRecords * 2
      let json = "[" + (0..<count).map { #"{"n": \#($0), "when": "2021-03-04"}"# }.joined(separator: ",") + "]"
      let pilot = try Pilot(json: json, size: Self.size, presentation: .timeline)
      let browser = pilot.browser
      let node = try #require(browser.store.document.child(at: count - 1, of: browser.store.document.root))
      // As a go-to leaves it while the timeline cannot show the record yet.
      browser.navigation.intended = browser.store.id(node)
      pilot.press("j")
      #expect(browser.navigation.intended == nil, "a move of the person's own wins")
    }

    // MARK: - The jump list (Ctrl-O, Ctrl-T, '')

    @Test func ctrlOAndCtrlTWalkTheJumpList() throws {
      let pilot = try Pilot(json: Self.cars, size: Self.size)
      #expect(pilot.focusedPath == ".[0]")
      goTo(pilot, ".[12]")
      goTo(pilot, ".[30].Name")
      pilot.press("G")
      #expect(pilot.focusedPath == ".[30].Year", "the last card of the record the go-to opened")
      pilot.press("Ctrl-O")
      #expect(pilot.focusedPath == ".[30].Name", "back before G: \(pilot.statusLine)")
      pilot.press("Ctrl-O")
      #expect(pilot.focusedPath == ".[12]")
      pilot.press("Ctrl-O")
      #expect(pilot.focusedPath == ".[0]")
      pilot.press("Ctrl-O")
      #expect(pilot.statusLine.contains("no older place"))
      pilot.press("Ctrl-T")
      #expect(pilot.focusedPath == ".[12]")
      pilot.press("Ctrl-T")
      #expect(pilot.focusedPath == ".[30].Name")
      pilot.press("Ctrl-T")
      #expect(pilot.focusedPath == ".[30].Year")
      pilot.press("Ctrl-T")
      #expect(pilot.statusLine.contains("no newer place"))
    }

    @Test func quoteQuoteSwapsWithThePlaceBeforeTheLastJump() throws {
      let pilot = try Pilot(json: Self.cars, size: Self.size)
      pilot.press("j", "j")
      let start = pilot.focusedPath
      pilot.press("/")
      pilot.type("car 33")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[33].Name")
      pilot.press("'", "'")
      #expect(pilot.focusedPath == start, "back where the search started")
      pilot.press("'", "'")
      #expect(pilot.focusedPath == ".[33].Name", "and again to the match")
      pilot.press("'", "x")
      #expect(pilot.statusLine.contains("no such mark"))
      #expect(pilot.text.contains("car 33"), "x after ' is no cut")
    }

    @Test func viewSwitchesAndDrillingAreJumpsAcrossViews() throws {
      let pilot = try Pilot(json: #"{"a": {"b": {"c": 1}, "d": 2}, "list": [1, 2, 3]}"#, size: Self.size)
      goTo(pilot, ".a")
      pilot.press("i")
      #expect(pilot.focusedPath == ".a.b")
      pilot.press("2")
      #expect(pilot.browser.presentation.kind == .tree)
      pilot.press("j")
      let inTree = pilot.focusedPath
      pilot.press("Ctrl-O")
      #expect(pilot.browser.presentation.kind == .grid, "back in the view it was seen in")
      #expect(pilot.focusedPath == ".a.b")
      pilot.press("Ctrl-O")
      #expect(pilot.focusedPath == ".a", "before i")
      pilot.press("Ctrl-T", "Ctrl-T")
      #expect(pilot.browser.presentation.kind == .tree)
      #expect(pilot.focusedPath == inTree, "where Ctrl-O first left from, in the tree")
    }

    @Test func placesWhoseValueIsGoneAreSkipped() throws {
      let pilot = try Pilot(json: Self.cars, size: Self.size)
      goTo(pilot, ".[5]")
      goTo(pilot, ".[20]")
      goTo(pilot, ".[30]")
      goTo(pilot, ".[20]")
      pilot.press("d")
      pilot.press("Ctrl-O")
      #expect(pilot.focusedPath == ".[29]", "the car once at .[30] (now at .[29]), by id: \(pilot.statusLine)")
      pilot.press("Ctrl-O")
      #expect(pilot.focusedPath == ".[5]", "the deleted car's place is skipped")
    }

    // MARK: - Grid titles under a filter (28.7)

    @Test func cardTitlesUnderAFilterSayTheIndexInTheDocument() throws {
      let json = "[" + (0..<12).map { #"{"n": \#($0), "v": [\#($0)]}"# }.joined(separator: ", ") + "]"
      let pilot = try Pilot(json: json, size: Self.size)
      pilot.press("f")
      pilot.type(".n >= 7")
      pilot.press("Enter")
      let cards = pilot.lines.dropLast().joined(separator: "\n")
      #expect(cards.contains("╭ [7]") && cards.contains("╭ [11]"), "document indices:\n\(cards)")
      #expect(!cards.contains("╭ [0]"), "not the positions among the kept ones:\n\(cards)")
    }

    // MARK: - Labels (28.8)

    @Test(arguments: PresentationKind.allCases)
    func recordsAreLabelledByTheirNameInEveryView(_ kind: PresentationKind) throws {
      // The chart plots numbers: its cars have a horsepower.
      let json =
        kind == .chart ? Self.cars.replacingOccurrences(of: #", "Year""#, with: #", "hp": 90, "Year""#) : Self.cars
      let pilot = try Pilot(json: json, size: Self.size, presentation: kind)
      if kind == .tree || kind == .schematic { pilot.press("j") }
      // The chart draws points, not labels: it names the focused record in the status line.
      if kind != .table && kind != .chart {
        #expect(pilot.lines.dropLast().joined().contains("car 1"), "\(kind):\n\(pilot.screen)")
      }
      goTo(pilot, ".[3]")
      #expect(pilot.statusLine.contains(" · car 3"), "\(kind): the status line names the record: \(pilot.statusLine)")
    }

    @Test func lChoosesTheLabelForEveryViewAndAnEmptyAnswerGoesBack() throws {
      let pilot = try Pilot(json: Self.cars, size: Self.size)
      pilot.press("L")
      #expect(pilot.statusLine.contains("label records by:"))
      #expect(
        pilot.statusLine.contains("Name") && pilot.statusLine.contains("Origin"),
        "its keys are offered: \(pilot.statusLine)")
      pilot.press("Tab", "Tab")
      pilot.press("Enter")
      #expect(pilot.store.labelField == "Origin")
      pilot.press("Ctrl-L")
      let cards = pilot.lines.dropLast().joined(separator: "\n")
      #expect(cards.contains("╭ Europe") && !cards.contains("╭ car 1 "), "cards are titled by Origin:\n\(cards)")
      #expect(pilot.statusLine.contains(".[0] · USA"), "\(pilot.statusLine)")
      pilot.press("2")
      #expect(pilot.lines.dropLast().joined().contains("Japan"), "the tree too:\n\(pilot.screen)")
      pilot.press("4")
      #expect(pilot.lines.dropLast().joined().contains("Europe"), "the timeline too:\n\(pilot.screen)")
      pilot.press("L")
      pilot.press("Ctrl-U")
      pilot.press("Enter")
      #expect(pilot.store.labelField == nil)
      #expect(pilot.lines.dropLast().joined().contains("car 1"), "named by Name again:\n\(pilot.screen)")
      pilot.press(":")
      pilot.type("label Year")
      pilot.press("Enter")
      #expect(pilot.store.labelField == "Year")
      #expect(
        pilot.statusLine.contains("1970-01-01") || pilot.lines.dropLast().joined().contains("1971-01-01"),
        "\(pilot.screen)")
    }

    @Test func theLabelOptionChoosesItFromTheStart() throws {
      let options = try ViewOptions.parse(["--label", "origin"])
      let pilot = try Pilot(json: Self.cars, size: Self.size)
      BrowserSession.configure(pilot.browser, with: options.settings(animates: false))
      pilot.press("Ctrl-L")
      #expect(pilot.store.labelField == "origin")
      let cards = pilot.lines.dropLast().joined(separator: "\n")
      #expect(cards.contains("╭ USA"), "any case finds Origin:\n\(cards)")

      // In the tree the focus starts on the root, no record: the records are checked.
      let tree = try Pilot(json: Self.cars, size: Self.size, presentation: .tree)
      BrowserSession.configure(tree.browser, with: options.settings(animates: false))
      #expect(!tree.screen.contains("no such member"), "\(tree.screen)")
      let missing = try ViewOptions.parse(["--label", "nosuch"])
      BrowserSession.configure(tree.browser, with: missing.settings(animates: false))
      #expect(tree.browser.message?.contains("has no such member") == true, "a field no record has is said")
    }

    @Test func aRecordWithoutATitleKeyIsNamedByItsFirstShortString() throws {
      let pilot = try Pilot(
        json: #"[{"n": 1, "level": "info", "msg": "a very long message that is no label at all"}]"#, size: Self.size)
      let cards = pilot.lines.dropLast().joined(separator: "\n")
      #expect(cards.contains("╭ info"), "\(cards)")
      #expect(cards.contains("level"), "the row that says what the title is stays:\n\(cards)")
    }

    // MARK: - Strings drawn as JSON strings (28.11)

    @Test func treeValuesEscapeTheirInnerQuotes() throws {
      let pilot = try Pilot(json: #"[{"Name": "chevy \"malibu\" ü", "n": 1}]"#, size: Self.size, presentation: .tree)
      goTo(pilot, ".[0].Name")
      #expect(pilot.screen.contains(#"Name: "chevy \"malibu\" ü""#), "\(pilot.screen)")
    }

    /// `:PATH` Enter.
    func goTo(_ pilot: Pilot, _ path: String) {
      pilot.press(":")
      pilot.type(path)
      pilot.press("Enter")
    }
  }
}

extension PilotTests {
  /// A filter typed on a field of a record filters the records (found trying it: a search
  /// lands on `.[8].Name` in an opened card, and `f` then filtered the record's own members).
  @Suite struct FilterTargetPilotTests {
    @Test func aFilterOnAFieldOfARecordFiltersTheRecords() throws {
      let pilot = try Pilot(json: NavigationPilotTests.cars, size: CellSize(columns: 120, rows: 30))
      pilot.press("/")
      pilot.type("car 8")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[8].Name", "\(pilot.statusLine)")
      pilot.press("f")
      pilot.type(#".Origin == "USA""#)
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("20 of 40"), "the records, not the car's fields: \(pilot.statusLine)")
      #expect(!pilot.statusLine.contains("error"))
    }

    @Test func aRecordThatStartsWithANestedObjectIsNoListOfRecords() throws {
      let json =
        "["
        + (0..<10).map { #"{"address": {"city": "c\#($0)"}, "name": "n\#($0)", "g": \#($0 % 2)}"# }
        .joined(separator: ", ") + "]"
      let pilot = try Pilot(json: json, size: CellSize(columns: 120, rows: 30))
      pilot.press(":")
      pilot.type(".[4].address.city")
      pilot.press("Enter")
      pilot.press("f")
      pilot.type(".g == 0")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("5 of 10"), "the records: \(pilot.statusLine)")
    }
  }
}
