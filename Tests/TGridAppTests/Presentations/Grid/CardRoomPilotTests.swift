import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Cards show as many values as the screen has room for (issue 29): a car's nine fields on
  /// a tall screen, six on a small one, measured again on a resize.
  @Suite struct CardRoomPilotTests {
    static let cars =
      "["
      + (0..<12).map {
        #"{"Name": "car \#($0)", "Miles_per_Gallon": 18, "Cylinders": 8, "Displacement": 307, "Horsepower": 130, "#
          + #""Weight_in_lbs": 3504, "Acceleration": 12, "Year": "1970-01-01", "Origin": "USA"}"#
      }.joined(separator: ", ") + "]"

    @Test func aTallScreenShowsEveryFieldOfACar() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 40))
      let cards = pilot.lines.dropLast().joined(separator: "\n")
      #expect(cards.contains("Origin") && cards.contains("Year"), "\(cards)")
      #expect(!cards.contains("more ╯"), "nothing hidden:\n\(cards)")
      pilot.resize(to: CellSize(columns: 120, rows: 20))
      let small = pilot.lines.dropLast().joined(separator: "\n")
      #expect(small.contains("+2 more"), "six rows on a small screen:\n\(small)")
      pilot.resize(to: CellSize(columns: 120, rows: 40))
      #expect(!pilot.lines.dropLast().joined().contains("more ╯"), "and all again")
    }
  }
}
