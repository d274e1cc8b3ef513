import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Issue 33 item 2: zooming the timeline from years to minutes keeps the focused event
  /// where it is on the screen, as a pinch keeps what is under the fingers.
  @Suite struct TimelineZoomPilotTests {
    /// Forty events a week apart through 1999, each labelled by its name.
    static let events: String = {
      let records = (0..<40).map { index in
        let day = 1 + index * 7
        let month = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var rest = day
        var number = 1
        while rest > month[number - 1] {
          rest -= month[number - 1]
          number += 1
        }
        let date = "1999-\(number < 10 ? "0" : "")\(number)-\(rest < 10 ? "0" : "")\(rest)T12:00:00Z"
        return "{\"name\": \"event \(index)\", \"date\": \"\(date)\"}"
      }
      return "[" + records.joined(separator: ",\n") + "]"
    }()

    /// The focused event's screen column (its frame's left edge less the scroll offset).
    func focusedColumn(of pilot: Pilot) throws -> Int {
      let view = pilot.browser.collectionView
      view.finishAnimationsNow()
      let indexPath = try #require(view.indexPathForFocusedItem)
      let frame = try #require(view.collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame)
      return view.cellMetrics.column(forX: frame.minX) - view.contentOffsetInCells.column
    }

    /// From the fitted scale (months) in to hours and back: the event stays in its column at
    /// every step. (Zoomed out past the fit the content is narrower than the screen and
    /// starts at its left edge, so no step goes below it.)
    @Test func zoomingInAndOutKeepsTheFocusedEventInItsColumn() throws {
      let pilot = try Pilot(json: Self.events, size: CellSize(columns: 100, rows: 16), presentation: .timeline)
      // The focus on an event in the middle of the screen: event 20, about mid-year.
      pilot.press(":")
      pilot.type(".[20]")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("event 21/40"), "\(pilot.statusLine)")
      let start = try focusedColumn(of: pilot)
      #expect((30...70).contains(start), "the focused event is in the middle of the screen: \(start)")
      var steps: [String] = []
      for key in ["+", "+", "+", "+", "+", "+", "-", "-", "+", "-", "-", "-", "-", "-"] {
        pilot.press(key)
        steps.append(key)
        let column = try focusedColumn(of: pilot)
        #expect(
          abs(column - start) <= 1,
          "after \(steps.joined()) the focused event is at column \(column), not \(start):\n\(pilot.screen)")
        #expect(pilot.statusLine.contains("event 21/40"), "the focus stays on the event: \(pilot.statusLine)")
      }
    }
  }
}
