import ArgumentParser
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The filter (issue 12): `f` shows the elements of the focused array a predicate keeps, in
  /// every view; `F` shows them all again; a filter never changes the document, and edits
  /// made through it apply to the real elements.
  @Suite struct FilterPilotTests {
    static let people = #"""
      [{"name": "Ada", "age": 36}, {"name": "Bob", "age": 25}, {"name": "Cleo", "age": 41},
       {"name": "Dan", "age": 19}, {"name": "Eve", "age": 33}]
      """#

    @Test func fShowsOnlyTheElementsThatMatchAndCapitalFShowsThemAll() throws {
      let pilot = try Pilot(json: Self.people, size: CellSize(columns: 100, rows: 20))
      pilot.press("f")
      #expect(pilot.statusLine.hasPrefix("filter: "))
      pilot.type(".age > 30")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("filter: .age > 30 · 3 of 5"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("Ada") && pilot.screen.contains("Cleo") && pilot.screen.contains("Eve"))
      #expect(!pilot.screen.contains("Bob") && !pilot.screen.contains("Dan"))
      #expect(pilot.lines[0].contains("3 of 5"), "\(pilot.lines[0])")
      #expect(pilot.text.contains("Bob"), "the document keeps every element")
      pilot.press("F")
      #expect(pilot.screen.contains("Bob") && pilot.screen.contains("Dan"))
      #expect(!pilot.statusLine.contains("filter: .age"))
    }

    @Test func theTreesRootCountsTheElementsTheFilterKeepsOfAll() throws {
      let pilot = try Pilot(json: Self.people, size: CellSize(columns: 100, rows: 20), presentation: .tree)
      #expect(pilot.lines[0].hasPrefix("(root) [5]"), "\(pilot.lines[0])")
      pilot.press("f")
      pilot.type(".age > 30")
      pilot.press("Enter")
      #expect(pilot.lines[0].hasPrefix("(root) [3 of 5]"), "\n\(pilot.screen)")
      pilot.press("F")
      #expect(pilot.lines[0].hasPrefix("(root) [5]"), "\n\(pilot.screen)")
      // A filter on a nested container: its own node counts what it keeps.
      let nested = try Pilot(
        json: #"{"people": \#(Self.people)}"#, size: CellSize(columns: 100, rows: 20), presentation: .tree)
      nested.press("j")
      #expect(nested.focusedPath == ".people")
      nested.press("f")
      nested.type(".age < 30")
      nested.press("Enter")
      #expect(nested.lines.contains { $0.contains("people [2 of 5]") }, "\n\(nested.screen)")
      #expect(nested.lines[0].hasPrefix("(root) {1}"), "\n\(nested.screen)")
    }

    @Test func aLargeContainerIsFilteredASlicePerFrameAndEscStopsIt() throws {
      let pilot = try Pilot(json: Self.people, size: CellSize(columns: 100, rows: 20))
      // As if five elements were too many to filter between two keys, one a frame.
      pilot.browser.finding.slicedFilterElementCount = 2
      pilot.browser.finding.filterSliceElementCount = 1
      pilot.press("f")
      pilot.type(".age > 30")
      pilot.press("Enter")
      #expect(pilot.browser.finding.pendingFilter == nil, "the frames went on until it was done")
      #expect(pilot.statusLine.contains("filter: .age > 30 · 3 of 5"), "\(pilot.statusLine)")
      #expect(!pilot.screen.contains("Bob"))
      pilot.press("F")
      // Enter and Esc before the first frame: the filter stops with nothing changed.
      pilot.press("f")
      pilot.type(".age < 30")
      pilot.terminal.enqueue(.key(KeyEvent(.enter)))
      pilot.terminal.enqueue(.key(KeyEvent(.escape)))
      pilot.resize(to: CellSize(columns: 100, rows: 20))
      #expect(pilot.browser.finding.pendingFilter == nil)
      #expect(pilot.store.filter == nil)
      #expect(pilot.statusLine.contains("filter stopped"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("Bob") && pilot.screen.contains("Ada"))
      let progress = FindingController.PendingFilter(
        container: pilot.store.root, filter: try JSONFilter(".age"), total: 200, next: 50)
      #expect(progress.statusText == "filtering 25% · 0 kept so far · Esc stops")
    }

    @Test func aFilterWithAnErrorKeepsTheFieldOpenWithTheColumn() throws {
      let pilot = try Pilot(json: Self.people, size: CellSize(columns: 100, rows: 20))
      pilot.press("f")
      pilot.type(".age >")
      pilot.press("Enter")
      #expect(pilot.statusLine.hasPrefix("filter: .age >"), "still open: \(pilot.statusLine)")
      #expect(pilot.statusLine.contains("column"), "\(pilot.statusLine)")
      pilot.press("Esc")
      #expect(pilot.screen.contains("Bob"), "nothing was filtered")
    }

    @Test func theFilterHoldsInEveryViewAndEditsThroughItApplyToTheRealElements() throws {
      let pilot = try Pilot(json: Self.people, size: CellSize(columns: 100, rows: 20))
      pilot.press("f")
      pilot.type(#"(.name | startswith("C")) or .age < 20"#)
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("2 of 5"), "\(pilot.statusLine)")
      for view in ["2", "3", "1"] {
        pilot.press(view)
        // The grid opens the record the table's focused cell is in: back to the records.
        if view == "1" { pilot.press("Backspace") }
        #expect(pilot.screen.contains("Cleo") && pilot.screen.contains("Dan"), "view \(view):\n\(pilot.screen)")
        #expect(!pilot.screen.contains("Ada") && !pilot.screen.contains("Eve"), "view \(view):\n\(pilot.screen)")
      }
      pilot.press("2", ":")
      pilot.type(".[2]")
      pilot.press("Enter", "d")
      #expect(!pilot.text.contains("Cleo"))
      #expect(pilot.text.contains("Ada") && pilot.text.contains("Bob"), "only the focused element went")
      #expect(pilot.statusLine.contains("1 of 4"), "\(pilot.statusLine)")
      pilot.press("u")
      #expect(pilot.text.contains("Cleo"))
      #expect(pilot.statusLine.contains("2 of 5"), "\(pilot.statusLine)")
    }

    @Test func anEditThatTakesAnElementOutOfTheFilterTakesItOffTheScreen() throws {
      let pilot = try Pilot(json: Self.people, size: CellSize(columns: 100, rows: 20), presentation: .tree)
      pilot.press("f")
      pilot.type(".age > 40")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("1 of 5"), "\(pilot.statusLine)")
      pilot.press(":")
      pilot.type(".[2].age")
      pilot.press("Enter")
      #expect(pilot.focusedPath == ".[2].age")
      pilot.press("e", "Ctrl-U")
      pilot.type("20")
      pilot.press("Enter")
      #expect(pilot.text.contains(#""name": "Cleo", "age": 20"#))
      #expect(pilot.statusLine.contains("0 of 5"), "\(pilot.statusLine)")
      #expect(!pilot.screen.contains("Cleo"))
      pilot.press("u")
      #expect(pilot.statusLine.contains("1 of 5"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("Cleo"))
    }

    @Test func theFilterOptionAppliesToTheMainArrayAndABadOneIsRefusedWithItsColumn() throws {
      var options = try ViewOptions.parse(["--filter", ".age < 30"])
      let document = try JSONDocument(parsing: #"{"people": \#(Self.people)}"#)
      let browser = BrowserController(document: document, sourceName: "x.json", size: CellSize(columns: 80, rows: 20))
      BrowserSession.configure(browser, with: options.settings(animates: false))
      #expect(browser.store.filter?.shown.count == 2)
      #expect(throws: (any Error).self) { try ViewOptions.parse(["--filter", ".age <"]) }
      do {
        _ = try ViewOptions.parse(["--filter", ".age < < 3"])
      } catch {
        let message = ViewOptions.message(for: error)
        #expect(message.contains("--filter") && message.contains("column"), "\("\(message)")")
      }
      options.filter = nil
    }
  }
}
