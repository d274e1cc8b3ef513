import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Never lose your place (issue 28): a filter keeps the focused record, or the nearest one
  /// it keeps; Backspace goes up by the document's structure, to the card it came out of.
  @Suite struct PlacePilotTests {
    /// Forty cars, every fourth from Japan, the others from the USA or Europe.
    static let cars =
      "["
      + (0..<40).map {
        #"{"Name": "car \#($0)", "Origin": "\#(["USA", "Europe", "USA", "Japan"][$0 % 4])", "Year": "1970", "#
          + #""parts": {"engine": {"cyl": 8}, "wheels": 4}}"#
      }.joined(separator: ", ") + "]"

    @Test(arguments: [PresentationKind.grid, .tree, .table])
    func aFilterKeepsTheFocusedRecord(_ kind: PresentationKind) throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 30), presentation: kind)
      goTo(pilot, ".[12]")
      let before = pilot.focusedPath
      #expect(before.hasPrefix(".[12]"))
      pilot.press("f")
      pilot.type(#".Origin == "USA""#)
      pilot.press("Enter")
      #expect(
        pilot.statusLine.contains("20 of 40"),
        "\(kind): the filter keeps records, whatever cell is focused: \(pilot.statusLine)")
      #expect(pilot.focusedPath == before, "\(kind): still on the record, not on the 13th kept one")
      pilot.press("F")
      #expect(pilot.focusedPath == before, "\(kind): and after the filter ends")
    }

    @Test(arguments: [PresentationKind.grid, .tree, .table])
    func aFilterThatHidesTheFocusedRecordGoesToTheNearestItKeeps(_ kind: PresentationKind) throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 30), presentation: kind)
      goTo(pilot, ".[13]")
      pilot.press("f")
      pilot.type(#".Origin == "Japan""#)
      pilot.press("Enter")
      #expect(pilot.focusedPath.hasPrefix(".[15]"), "\(kind): the next Japanese car after .[13]: \(pilot.focusedPath)")
      pilot.press("F")
      goTo(pilot, ".[39]")
      pilot.press("f")
      pilot.type(#".Origin == "Europe""#)
      pilot.press("Enter")
      #expect(pilot.focusedPath.hasPrefix(".[37]"), "\(kind): none after .[39]: the one before: \(pilot.focusedPath)")
    }

    /// The status line's "going to …" is for a value the view will reach when it can (a
    /// record the timeline has not read yet), not for one it reached as far as it shows
    /// values: the table focusing a cell of the intended record (it said "going to .[0]…"
    /// for ever after a switch from the grid while the file was loading), the timeline
    /// focusing the record around an intended member.
    @Test func theIntendedValueIsReachedByAFocusInsideItOrOnTheItemHoldingIt() throws {
      let store = DocumentStore(document: try JSONDocument(parsing: Self.cars), name: "cars.json")
      func id(_ path: String) throws -> NodeID {
        try #require(store.document.node(at: try JSONPath(parsing: path)).map(store.id))
      }
      #expect(StatusArea.isReached(try id(".[0]"), focusedAt: try id(".[0].Name"), in: store))
      #expect(StatusArea.isReached(try id(".[0].parts.engine.cyl"), focusedAt: try id(".[0]"), in: store))
      #expect(StatusArea.isReached(try id(".[4]"), focusedAt: try id(".[4]"), in: store))
      #expect(!StatusArea.isReached(try id(".[1]"), focusedAt: try id(".[0].Name"), in: store))
      #expect(!StatusArea.isReached(try id(".[1].parts"), focusedAt: try id(".[0].parts"), in: store))
      #expect(!StatusArea.isReached(try id(".[1]"), focusedAt: nil, in: store))
    }

    @Test func backspaceInTheGridGoesToTheContainerOfTheFocusedValue() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 30))
      goTo(pilot, ".[5]")
      goTo(pilot, ".[30].Name")
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".[30]", "the card it came out of, not the focus before the go-to")
      pilot.press("d")
      #expect(!pilot.text.contains("\"car 30\""), "d right after acts on that card")
      #expect(pilot.text.contains("\"car 5\""))

      goTo(pilot, ".[5].parts.engine.cyl")
      for expected in [".[5].parts.engine", ".[5].parts", ".[5]"] {
        pilot.press("Backspace")
        #expect(pilot.focusedPath == expected)
      }
      pilot.press("Backspace")
      #expect(pilot.statusLine.contains("already at the top"))
    }

    @Test func backspaceAfterASearchGoesUpFromTheMatch() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 30))
      pilot.press("/")
      pilot.type("car 33")
      pilot.press("Enter")
      #expect(pilot.focusedPath.hasPrefix(".[33]"))
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".[33]", "passing cards while typing leaves no trail: \(pilot.focusedPath)")
    }

    @Test func backspaceInTheTableGoesBackToTheCellItOpened() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 30), presentation: .table)
      goTo(pilot, ".[7].parts")
      pilot.press("Enter")
      #expect(pilot.focusedPath.hasPrefix(".[7].parts."), "opened as a table: \(pilot.focusedPath)")
      pilot.press("Backspace")
      #expect(pilot.focusedPath == ".[7].parts", "the cell it was opened from: \(pilot.focusedPath)")
      #expect(pilot.statusLine.contains("row 8/40"))
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
  /// A cut that empties a container leaves the focus on it (issue 28.10): `x` then `P` puts
  /// the value back, byte for byte, as `dd` then `P` does in vim.
  @Suite struct CutAndPutBackPilotTests {
    @Test(arguments: [
      (#"{"x": {"only": 1}, "y": {"only": 2, "other": 3}}"#, ".x.only", PresentationKind.grid),
      (#"{"x": {"only": 1}, "y": {"only": 2, "other": 3}}"#, ".x.only", PresentationKind.tree),
      (
        #"[{"name": "a", "photos": [{"id": 1}]}, {"name": "b", "photos": [{"id": 2}]}]"#, ".[0].photos[0]",
        PresentationKind.grid
      ),
      (#"{"a": {"k": 1}, "b": 2}"#, ".a.k", PresentationKind.schematic),
    ])
    func cuttingTheLastValueOfAContainerThenPasteBeforePutsItBack(
      _ json: String, _ path: String, _ kind: PresentationKind
    ) throws {
      let pilot = try Pilot(json: json, size: CellSize(columns: 120, rows: 30), presentation: kind)
      pilot.press(":")
      pilot.type(path)
      pilot.press("Enter")
      #expect(pilot.focusedPath == path, "\(kind): \(pilot.statusLine)")
      pilot.press("x")
      let emptied = String(path[..<path.lastIndex(where: { $0 == "." || $0 == "[" })!])
      #expect(
        pilot.focusedPath == emptied, "\(kind): the focus stays on the emptied container, not \(pilot.focusedPath)")
      pilot.press("P")
      #expect(pilot.text == json, "\(kind): put back byte for byte:\n\(pilot.text)")
    }
  }
}
