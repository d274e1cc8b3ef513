import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The filter prompt with jq's functions (issue 29.7): `//`, `select`, `tonumber`,
  /// `ascii_downcase`, `test`, `length`, `has`, `type`; an order comparison of a string with
  /// a number and a bad regular expression are reported with their column.
  @Suite struct FilterFunctionsPilotTests {
    static let cars = #"""
      [{"Name": "chevrolet chevelle", "Year": "1970", "Origin": "USA", "Horsepower": 130, "Tags": ["v8", "classic"]},
       {"Name": "Toyota Corona", "Year": "1982", "Origin": "Japan", "Horsepower": null, "Tags": []},
       {"Name": "VW Rabbit", "Year": 1980, "Origin": "Europe", "Horsepower": 71},
       {"Name": "ford pinto", "Year": "1976", "Origin": "USA", "Horsepower": 75, "Tags": ["compact"]}]
      """#

    /// Applies a filter typed in the prompt.
    private func filter(_ text: String, _ pilot: Pilot) {
      pilot.press("f")
      pilot.type(text)
      pilot.press("Enter")
    }

    @Test func functionsAndTheAlternativeFilterTheRecords() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 140, rows: 20))
      filter(#"(.Year | tonumber) >= 1980"#, pilot)
      #expect(pilot.statusLine.contains("· 2 of 4"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("Toyota Corona") && pilot.screen.contains("VW Rabbit"))
      #expect(!pilot.screen.contains("ford pinto"))
      pilot.press("F")
      filter(#"(.Horsepower // 0) < 100 and (.Name | ascii_downcase | test("^(vw|toyota)"))"#, pilot)
      #expect(pilot.statusLine.contains("· 2 of 4"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("Toyota Corona") && !pilot.screen.contains("chevelle"))
      pilot.press("F")
      filter(#"select(.Tags | length > 0) | has("Horsepower") and (.Origin | startswith("US"))"#, pilot)
      #expect(pilot.statusLine.contains("· 2 of 4"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("chevrolet chevelle") && pilot.screen.contains("ford pinto"))
      #expect(!pilot.screen.contains("VW Rabbit"), "no Tags: select gave nothing, which keeps nothing")
      pilot.press("F")
      filter(#".Year | type == "number""#, pilot)
      #expect(pilot.statusLine.contains("· 1 of 4"), "\(pilot.statusLine)")
      #expect(pilot.screen.contains("VW Rabbit"))
    }

    @Test func orderingAStringYearAgainstANumberSaysWhereAndHowToConvert() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 200, rows: 20))
      filter(".Year > 1975", pilot)
      #expect(pilot.statusLine.contains("· 1 of 4 · 3 errors"), "only the number year: \(pilot.statusLine)")
      #expect(pilot.screen.contains("VW Rabbit") && !pilot.screen.contains("ford pinto"))
      let status = pilot.statusLine
      #expect(
        status.contains(
          #"3 elements left out: column 7: .Year is a string ("1970") and 1975 a number: '>' does not order a string and a number"#
        ), "\(status)")
    }

    @Test func aFilterThatFailsOnEveryElementSaysWhyNotOnlyThatNothingMatched() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 200, rows: 20))
      filter(#"(.Tags | length) > "1""#, pilot)
      #expect(pilot.statusLine.contains("· 0 of 4"), "\(pilot.statusLine)")
      #expect(
        pilot.statusLine.contains(
          #"nothing matches, 4 errors: column 18: "1" is a string ("1") and (.Tags | length) a number"#),
        "\(pilot.statusLine)")
    }

    @Test func aBadRegularExpressionKeepsTheFieldOpenAtItsColumn() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 140, rows: 20))
      pilot.press("f")
      pilot.type(#".Name | test("(ford")"#)
      pilot.press("Enter")
      #expect(pilot.statusLine.hasPrefix(#"filter: .Name | test("(ford")"#), "still open: \(pilot.statusLine)")
      #expect(
        pilot.statusLine.contains("column 20: invalid regular expression in test: expected ')'"), "\(pilot.statusLine)")
      pilot.press("Esc")
      #expect(pilot.screen.contains("VW Rabbit") && pilot.screen.contains("ford pinto"), "nothing was filtered")
    }
  }
}
