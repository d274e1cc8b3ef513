import Foundation
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Sorting as a data tool sorts (issue 29): numbers by value, strings that are numbers as
  /// numbers, and rows with nothing to order by (null, a missing key) last both ways.
  @Suite struct TableSortPilotTests {
    static let json = #"""
      [{"Name": "a", "Horsepower": 130, "pop": "8817650"},
       {"Name": "b", "Horsepower": null, "pop": "88111030"},
       {"Name": "c", "Horsepower": 95, "pop": "912"},
       {"Name": "d", "pop": "77"},
       {"Name": "e", "Horsepower": 220, "pop": "n/a"}]
      """#

    /// The Name column top to bottom.
    func names(_ pilot: Pilot) -> [String] {
      pilot.lines.dropLast(2).compactMap { line in
        let fields = line.split(separator: "│", omittingEmptySubsequences: false)
        guard fields.count > 2 else { return nil }
        let name = fields[1].trimmingCharacters(in: .whitespaces)
        return ["a", "b", "c", "d", "e"].contains(name) ? name : nil
      }
    }

    @Test func nullsAndMissingValuesStayLastInBothDirections() throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 80, rows: 12), presentation: .table)
      pilot.press("l")
      #expect(pilot.statusLine.contains("Horsepower"), "\(pilot.statusLine)")
      pilot.press("S")
      #expect(pilot.statusLine.contains("sorted by Horsepower ↓"))
      #expect(
        names(pilot) == ["e", "a", "c", "b", "d"], "largest first, the null and the missing one last:\n\(pilot.screen)")
      pilot.press("s")
      #expect(names(pilot) == ["c", "a", "e", "b", "d"], "smallest first, still last:\n\(pilot.screen)")
    }

    @Test func stringsThatAreNumbersSortAsNumbers() throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 80, rows: 12), presentation: .table)
      pilot.press("l", "l")
      #expect(pilot.statusLine.contains("pop"), "\(pilot.statusLine)")
      pilot.press("S")
      #expect(names(pilot) == ["b", "a", "c", "d", "e"], "88111030 above 8817650, the text last:\n\(pilot.screen)")
    }

    /// A large table takes its new order at once (no batch update moving every cell), with
    /// the same order, the selection carried by record and the focus on its value.
    @Test func aLargeTableIsReorderedWithoutAnimationKeepingSelectionAndFocus() throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 80, rows: 12), presentation: .table)
      let table = try #require(pilot.browser.presentation as? TablePresentation)
      table.animatedReorderLimit = 2
      pilot.press("j", "Space")
      #expect(pilot.focusedPath == ".[1].Name", "\(pilot.focusedPath)")
      pilot.press("l", "l")
      #expect(pilot.focusedPath == ".[1].pop")
      let framesBefore = pilot.frameCount
      pilot.press("S")
      #expect(names(pilot) == ["b", "a", "c", "d", "e"], "the order of the animated path:\n\(pilot.screen)")
      #expect(pilot.frameCount - framesBefore <= 2, "shown at once, not animated")
      #expect(pilot.focusedPath == ".[1].pop", "the focus stays on its value: \(pilot.focusedPath)")
      let selected = pilot.browser.collectionView.indexPathsForSelectedItems
      #expect(selected.count == 1)
      // Record b is on the first row now: its Name cell is the one selected.
      #expect(selected.first == IndexPath(item: 0 * table.model.columns.count + 0, section: 0), "\(selected)")
      pilot.press("s")
      #expect(names(pilot) == ["d", "c", "a", "b", "e"], "ascending, the text last:\n\(pilot.screen)")
    }
  }
}
