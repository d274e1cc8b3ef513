import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Dragging a card with the mouse moves the value in the document (issue 10, "Move"): a
  /// ghost follows the pointer, the release drops it (one undo step), Esc cancels.
  @Suite struct DragPilotTests {
    static let json = #"[{"name": "alpha"}, {"name": "beta"}, {"name": "gamma"}, {"name": "delta"}]"#

    /// Where a text first shows on screen.
    func position(of text: String, in pilot: Pilot) -> CellPoint? {
      for (row, line) in pilot.lines.enumerated() {
        if let range = line.range(of: text) {
          return CellPoint(column: line.distance(from: line.startIndex, to: range.lowerBound), row: row)
        }
      }
      return nil
    }

    func drag(_ pilot: Pilot, from start: CellPoint, to end: CellPoint, release: Bool = true) {
      pilot.terminal.enqueue(.mouse(MouseEvent(.press(.left), at: start)))
      let middle = CellPoint(column: (start.column + end.column) / 2, row: (start.row + end.row) / 2)
      pilot.terminal.enqueue(.mouse(MouseEvent(.drag(.left), at: middle)))
      pilot.send(.mouse(MouseEvent(.drag(.left), at: end)))
      if release { pilot.send(.mouse(MouseEvent(.release(.left), at: end))) }
    }

    @Test func draggingACardOntoAnotherMovesTheValueThereAsOneUndoStep() throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 100, rows: 20))
      let alpha = try #require(position(of: "alpha", in: pilot))
      let gamma = try #require(position(of: "gamma", in: pilot))
      drag(pilot, from: alpha, to: gamma, release: false)
      #expect(pilot.browser.collectionView.isInteractivelyMoving)
      // Above the status line (which names the focused record too).
      let cards = pilot.lines.dropLast().joined(separator: "\n")
      #expect(cards.components(separatedBy: "alpha").count == 3, "the card and its ghost:\n\(pilot.screen)")
      pilot.send(.mouse(MouseEvent(.release(.left), at: gamma)))
      #expect(!pilot.browser.collectionView.isInteractivelyMoving)
      #expect(pilot.text == #"[{"name": "beta"}, {"name": "gamma"}, {"name": "alpha"}, {"name": "delta"}]"#)
      #expect(pilot.focusedPath == ".[2]", "the focus went with the card")
      #expect(pilot.store.isModified)
      pilot.press("u")
      #expect(pilot.text == Self.json, "one undo step")
    }

    @Test func escCancelsADragAndNothingMoves() throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 100, rows: 20))
      let alpha = try #require(position(of: "alpha", in: pilot))
      let delta = try #require(position(of: "delta", in: pilot))
      drag(pilot, from: alpha, to: delta, release: false)
      #expect(pilot.browser.collectionView.isInteractivelyMoving)
      pilot.press("Esc")
      #expect(!pilot.browser.collectionView.isInteractivelyMoving)
      pilot.send(.mouse(MouseEvent(.release(.left), at: delta)))
      #expect(pilot.text == Self.json)
      #expect(!pilot.store.isModified)
    }
  }
}
