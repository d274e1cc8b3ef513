import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Records arriving while a person filters, searches, reads a frequency sheet or looks at
  /// the timeline of a followed stream: what arrives joins what they are doing, and the
  /// focus stays on the record they were on.
  @Suite(.serialized) struct FollowArrivalsPilotTests {
    typealias Run = FollowPilotTests.Run

    @Test(arguments: [PresentationKind.table, .grid, .tree])
    func aFilterShowsTheArrivalsThatMatchItAndOnlyThose(kind: PresentationKind) throws {
      let run = try Run(records: 20, presentation: kind)
      run.pilot.press("f")
      run.pilot.type(".n <= 5 or .name == \"even\"")
      run.pilot.press("Enter")
      #expect(run.pilot.store.filter != nil, "\(kind): \(run.status)")
      run.pilot.press("g")
      if kind == .tree { run.pilot.press("j") }  // from the root to the first record
      let focused = run.pilot.focusedPath
      #expect(focused.hasPrefix(".[0]"), "\(kind): the first record shown: \(focused)")
      run.append([#"{"n":21,"name":"odd"}"#, #"{"n":22,"name":"even"}"#])
      #expect(run.count == 22)
      #expect(run.pilot.focusedPath == focused, "\(kind): the focus stays on its record")
      let shown = run.pilot.store.shownChildCount(of: run.pilot.store.document.root)
      #expect(shown == 6, "\(kind): five records and the arrival that matches, not the other: \(shown)")
      run.pilot.press("G")
      #expect(run.pilot.focusedPath.hasPrefix(".[21]"), "\(kind): the last shown is the arrival that matches")
    }

    @Test func aSearchFindsWhatArrivedAfterItAndTheFocusStays() throws {
      let run = try Run(records: 10, presentation: .table)
      run.pilot.press("g", "/")
      run.pilot.type("needle")
      run.pilot.press("Enter")
      #expect(run.pilot.focusedPath.hasPrefix(".[0]"), "nothing found yet: \(run.pilot.focusedPath) \(run.status)")
      run.append([#"{"n":11,"name":"a needle"}"#])
      #expect(run.pilot.focusedPath.hasPrefix(".[0]"), "an arrival moves no one: \(run.pilot.focusedPath)")
      run.pilot.press("n")
      #expect(
        run.pilot.focusedPath.hasPrefix(".[10]"), "n finds the new record: \(run.pilot.focusedPath) \(run.status)")
    }

    @Test func theFrequencySheetStaysWhileRecordsArriveAndCountsThem() throws {
      let run = try Run(records: 6, presentation: .table)
      run.append([#"{"n":7,"name":"record 1","time":"2024-05-01T00:07:00Z"}"#])
      run.pilot.press("g", "l")  // the name column, paused
      run.pilot.press("=")
      _ = run.pilot.waitForBackgroundWork { $0.statusLine.contains("frequency of name ·") }
      func count(of value: String) -> String? {
        run.pilot.lines.first { $0.hasPrefix(value + "│") }?.split(separator: "│").dropFirst().first.map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      }
      #expect(count(of: "record 1") == "2", "the arrival before the sheet is counted:\n\(run.pilot.screen)")
      run.pilot.press("j")
      run.append([#"{"n":8,"name":"record 1","time":"2024-05-01T00:08:00Z"}"#])
      #expect(run.count == 8)
      #expect(run.pilot.statusLine.contains("frequency of name"), "the sheet stays: \(run.pilot.statusLine)")
      #expect(count(of: "record 1") == "3", "the arrival is counted at once:\n\(run.pilot.screen)")
      #expect(run.pilot.statusLine.contains("row 2/"), "the focus stays on its row: \(run.pilot.statusLine)")
      #expect(run.pilot.statusLine.contains("of 8 records"), "\(run.pilot.statusLine)")
      run.pilot.press("q")
      #expect(run.pilot.statusLine.contains("row 1/8"), "the table lists the arrival: \(run.pilot.statusLine)")
      run.pilot.press("=")
      _ = run.pilot.waitForBackgroundWork { $0.statusLine.contains("frequency of name ·") }
      #expect(count(of: "record 1") == "3", "counted again the same:\n\(run.pilot.screen)")
    }

    @Test func aSortedTableTakesArrivalsInTheirPlacesAndTheFocusStaysOnItsRecord() throws {
      let run = try Run(records: 6, presentation: .table)
      run.pilot.press("g", "S")  // by n, descending: 6 first (the focus stays on n = 1)
      run.pilot.press("g", "j", "j")
      let focused = run.pilot.focusedPath
      #expect(focused.hasPrefix(".[3]"), "n = 4, the third row: \(focused)")
      run.append([#"{"n":100,"name":"top"}"#, #"{"n":0,"name":"bottom"}"#, #"{"n":5,"name":"middle"}"#])
      #expect(run.pilot.focusedPath == focused, "\(run.pilot.focusedPath)")
      #expect(run.status.contains("row 5/9"), "two more rows above it (100 and the new 5): \(run.status)")
      run.pilot.press("g")
      #expect(run.pilot.focusedPath.hasPrefix(".[6]"), "100 first: \(run.pilot.focusedPath)")
      run.pilot.press("G")
      #expect(run.pilot.focusedPath.hasPrefix(".[7]"), "0 last: \(run.pilot.focusedPath)")
    }

    @Test func theTimelinePlacesArrivalsOnTheAxisAndKeepsTheFocus() throws {
      let run = try Run(records: 10, presentation: .timeline)
      run.pilot.press("k")  // off the end: paused
      let focused = run.pilot.focusedPath
      run.append([#"{"n":11,"name":"late","time":"2024-05-01T00:30:00Z"}"#])
      #expect(run.pilot.focusedPath == focused, "\(run.pilot.focusedPath)")
      #expect(run.status.contains("/11"), "the new event is counted: \(run.status)")
      run.pilot.press("G")
      #expect(run.pilot.focusedPath.hasPrefix(".[10]"), "\(run.pilot.focusedPath)")
    }
  }
}
