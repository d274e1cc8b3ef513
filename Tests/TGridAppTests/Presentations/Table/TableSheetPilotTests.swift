import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The table's frequency and summary sheets (issue 29), every key pressed through the real
  /// run loop on a headless terminal, and golden screens of both on car-like records.
  @Suite struct TableSheetPilotTests {
    /// Opens the cars in the table, on the column named `column`.
    func cars(on column: String, size: CellSize = CellSize(columns: 100, rows: 20)) throws -> Pilot {
      let pilot = try Pilot(json: Self.cars, size: size, presentation: .table)
      move(pilot, to: column)
      return pilot
    }

    /// Moves the focus right to a column, from the first.
    func move(_ pilot: Pilot, to column: String) {
      for _ in 0..<8 { pilot.press("h") }
      for _ in 0..<10 where !pilot.statusLine.contains(" \(column) ") { pilot.press("l") }
      #expect(pilot.statusLine.contains(" \(column) "), "\(pilot.statusLine)")
    }

    @Test func equalsShowsTheFrequencyOfTheColumnAndEnterFiltersToAValue() throws {
      let pilot = try cars(on: "Origin")
      pilot.press("=")
      #expect(pilot.lines[0].hasPrefix("Origin"), "\(pilot.screen)")
      #expect(pilot.lines[2].hasPrefix("USA "), "the most frequent first:\n\(pilot.screen)")
      #expect(pilot.screen.contains("(missing)"))
      #expect(pilot.statusLine.contains("frequency of Origin"))
      pilot.press("j", "Enter")
      #expect(pilot.statusLine.contains(#"filter: .Origin == "Japan""#), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("14 of 40"), "\(pilot.statusLine)")
      #expect(!pilot.screen.contains("USA"))
      pilot.press("F")
      #expect(pilot.statusLine.contains("filter cleared"), "F still shows every record again: \(pilot.statusLine)")
      #expect(pilot.statusLine.contains("/40 "))
      // F again, with no filter (VisiData's Shift-F habit): the frequency sheet's keys are named.
      pilot.press("F")
      #expect(pilot.statusLine.contains("no filter to clear · frequency: ="), "\(pilot.statusLine)")
    }

    @Test func altFAlsoOpensItAndAMissingValueFiltersToTheRecordsWithoutTheKey() throws {
      let pilot = try cars(on: "Origin")
      pilot.press("Alt-f", "G")
      #expect(pilot.statusLine.contains("frequency of Origin"))
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("2 of 40"), "\(pilot.statusLine)")
    }

    @Test func aFilterFromTheSheetNarrowsAFilterAlreadyOnTheTable() throws {
      let pilot = try cars(on: "Origin")
      pilot.press("f")
      pilot.type(".Cylinders == 4")
      pilot.press("Enter")
      move(pilot, to: "Origin")
      pilot.press("=")
      #expect(pilot.statusLine.contains("of 24 records"), "the sheet counts the rows shown: \(pilot.statusLine)")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains(#"filter: .Cylinders == 4 and .Origin"#), "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("9 of 40"), "the fours from the USA: \(pilot.statusLine)")
    }

    @Test func qEscBackspaceAndCtrlCGoBackToTheTableWhereItWas() throws {
      let pilot = try cars(on: "Horsepower", size: CellSize(columns: 100, rows: 12))
      pilot.press("j", "j", "j")
      let table = pilot.screen
      for key in ["q", "Esc", "Backspace", "Ctrl-C"] {
        pilot.press("=")
        #expect(pilot.statusLine.contains("frequency of Horsepower"))
        pilot.press(key)
        #expect(pilot.screen == table, "\(key) goes back")
        #expect(!pilot.didQuit)
      }
    }

    @Test func spaceInTheFrequencySheetSelectsTheRecordsTheTableThenShowsSelected() throws {
      let pilot = try cars(on: "Origin")
      pilot.press("=", "j", "Space")
      #expect(pilot.screen.contains("14 records of 1 value selected"), "\(pilot.screen)")
      pilot.press("j", "s")
      let europe = pilot.browser.message ?? ""
      #expect(europe.contains("of 2 values selected"), "\(europe)")
      pilot.press("s")
      #expect(pilot.browser.message?.contains("14 records of 1 value") == true, "s again leaves it")
      pilot.press("q")
      #expect(pilot.screen.contains("14 rows selected"), "\(pilot.screen)")
      // The selected rows are the Japanese cars, whole records: c r copies them.
      let selected = pilot.browser.collectionView.indexPathsForEditActions.compactMap(
        pilot.browser.presentation.nodeID(at:))
      #expect(Set(selected).count == 14)
      for id in Set(selected) {
        let record = try #require(pilot.store.node(id))
        let origin = pilot.store.document.child(forKey: "Origin", of: record)
        #expect(origin.flatMap(pilot.store.document.string(of:)) == "Japan")
      }
    }

    @Test func spaceInABinnedSheetSelectsTheNumbersInTheBin() throws {
      let pilot = try cars(on: "Horsepower")
      pilot.press("=", "Space", "q")
      let first = try #require(pilot.screen.split(separator: "\n").last)
      #expect(first.contains("selected"), "\(pilot.screen)")
      let ids = Set(
        pilot.browser.collectionView.indexPathsForEditActions.compactMap(pilot.browser.presentation.nodeID(at:)))
      #expect(!ids.isEmpty)
      for id in ids {
        let record = try #require(pilot.store.node(id))
        let horsepower = pilot.store.document.child(forKey: "Horsepower", of: record).flatMap(
          pilot.store.document.double(of:))
        #expect(horsepower.map { $0 >= 53 && $0 < 70.6 } == true, "\(String(describing: horsepower))")
      }
    }

    @Test func plusAndMinusChangeTheBinsOfAColumnOfNumbers() throws {
      let pilot = try cars(on: "Horsepower")
      pilot.press("=")
      #expect(pilot.statusLine.contains("10 bins"), "\(pilot.statusLine)")
      #expect(pilot.lines[2].hasPrefix("[53, 70.6)"), "\(pilot.screen)")
      pilot.press("-", "-")
      #expect(pilot.statusLine.contains("8 bins"))
      pilot.press("+")
      #expect(pilot.statusLine.contains("9 bins"))
      pilot.press("Enter")
      #expect(pilot.statusLine.contains(#"filter: (.Horsepower | type) == "nu"#), "\(pilot.statusLine)")
    }

    @Test func iShowsTheSummaryAndEnterGoesToThatColumn() throws {
      let pilot = try cars(on: "Name")
      pilot.press("I")
      #expect(pilot.lines[0].hasPrefix("column"), "\(pilot.screen)")
      #expect(pilot.statusLine.contains("summary of 6 columns"))
      pilot.press("j", "j", "Enter")
      #expect(pilot.statusLine.contains("column 3/6 Horsepower"), "\(pilot.statusLine)")
    }

    @Test func theSheetsKeysAreInTheHelp() throws {
      let pilot = try cars(on: "Origin", size: CellSize(columns: 100, rows: 120))
      pilot.press("?")
      #expect(helpText(pilot).contains("Frequency of the column"), "\(pilot.screen)")
      pilot.press("q", "=", "?")
      let sheetHelp = helpText(pilot)
      #expect(sheetHelp.contains("More bins") && sheetHelp.contains("Back to the table"), "\(sheetHelp)")
      pilot.press("q")
      #expect(pilot.statusLine.contains("frequency of Origin"), "q closes the help, not the sheet")
    }

    /// Every page of the help.
    func helpText(_ pilot: Pilot) -> String {
      var text = ""
      for _ in 0..<8 {
        text += pilot.screen
        pilot.press("Space")
      }
      return text
    }

    @Test func aLargeColumnIsCountedInSlicesAndEscStopsIt() throws {
      let records = (0..<300_000).map { #"{"k": \#($0 % 7)}"# }.joined(separator: ",")
      let pilot = try Pilot(json: "[" + records + "]", size: CellSize(columns: 80, rows: 12), presentation: .table)
      pilot.press("=")
      if pilot.statusLine.contains("counting") {
        pilot.press("Esc")
        #expect(
          pilot.statusLine.contains("stopped") || pilot.statusLine.contains("row 1/300000"), "\(pilot.statusLine)")
        #expect(pilot.lines[0].contains("k"))
      }
      pilot.press("=")
      #expect(pilot.waitForBackgroundWork { !$0.statusLine.contains("counting") })
      #expect(
        pilot.statusLine.contains("7 of 300000 records") || pilot.statusLine.contains("row 1/7"), "\(pilot.statusLine)")
    }

    @Test func aLargeTableIsSummarizedOnWorkerThreadsThroughTheRunLoop() throws {
      // More rows than TableSheet.backgroundRowCount: the summary runs on worker threads.
      let count = TableSheet.backgroundRowCount + 10_000
      let records = (0..<count).map { #"{"id": \#($0), "g": "g\#($0 % 7)"}"# }
      let pilot = try Pilot(
        json: "[" + records.joined(separator: ",") + "]", size: CellSize(columns: 120, rows: 8), presentation: .table)
      pilot.press("I")
      #expect(pilot.waitForBackgroundWork(seconds: 60) { $0.statusLine.contains("summary of 2 columns · row") })
      let id = try #require(pilot.lines.first { $0.hasPrefix("id") }, "\(pilot.screen)")
      #expect(id.contains("≈"), "\(count) distinct ids are past the exact bound: \(id)")
      #expect(id.contains("29999") && id.contains("14999.5"), "min, max and mean exact: \(id)")
      let group = try #require(pilot.lines.first { $0.hasPrefix("g ") || $0.hasPrefix("g│") }, "\(pilot.screen)")
      #expect(group.contains("│       7│"), "seven groups, counted exactly: \(group)")
      pilot.press("q")
      #expect(pilot.statusLine.contains("row 1/\(count)"), "\(pilot.statusLine)")
    }

    // MARK: - Golden screens

    @Test func goldenScreensOfTheFrequencyAndSummaryOfTheCars() throws {
      let pilot = try cars(on: "Origin")
      pilot.press("=")
      expectSnapshot(pilot.screen, named: "table-sheet-cars-origin-frequency-100x20")
      pilot.press("q", "h", "h", "h", "=")
      expectSnapshot(pilot.screen, named: "table-sheet-cars-horsepower-frequency-100x20")
      pilot.press("q", "I")
      expectSnapshot(pilot.screen, named: "table-sheet-cars-summary-100x20")
    }

    @Test func goldenScreenOfTheCountriesSummary() throws {
      let pilot = try Pilot(
        json: "", path: demoDataPath("countries.json"), size: CellSize(columns: 120, rows: 12), presentation: .table)
      pilot.press("I")
      expectSnapshot(pilot.screen, named: "table-sheet-countries-summary-120x12")
    }

    // MARK: - Fixtures

    /// Forty cars in the shape of Vega's cars.json: a null horsepower, two without an origin.
    static let cars: String = {
      let makes = ["chevrolet", "ford", "toyota", "datsun", "volkswagen", "peugeot", "amc", "honda"]
      let origins = ["USA", "USA", "Japan", "Japan", "Europe", "Europe", "USA", "Japan"]
      var random = SplitMix64(seed: 1970)
      var records: [String] = []
      for index in 0..<40 {
        let make = index % makes.count
        let cylinders = [4, 4, 6, 8, 4][Int(random.next() % 5)]
        let horsepower = index == 7 ? "null" : String(46 + Int(random.next() % 185))
        let origin = index == 13 || index == 31 ? "" : #", "Origin": "\#(origins[make])""#
        let mpg = Double(Int(random.next() % 300) + 90) / 10
        records.append(
          #"{"Name": "\#(makes[make]) \#(index)", "Miles_per_Gallon": \#(mpg), "Horsepower": \#(horsepower), "#
            + #""Cylinders": \#(cylinders), "Year": "\#(1970 + Int(random.next() % 13))-01-01"\#(origin)}"#)
      }
      return "[" + records.joined(separator: ",\n") + "]"
    }()
  }
}
