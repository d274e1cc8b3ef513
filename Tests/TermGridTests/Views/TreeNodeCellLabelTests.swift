import TermGrid
import Testing

/// A tree cell cuts and measures its label in one reading (`TextWidth.measuredTruncation`):
/// labels that are not plain ASCII are placed as before, at the column's right edge in a
/// column of numbers, beside their badge, cut with `…`.
@Suite struct TreeNodeCellLabelTests {
  /// The cell's row drawn `columns` wide.
  func drawn(
    _ label: String, columns: Int, marker: TreeNodeInfo.Marker = .none, hidden: Int = 0, trailing: Bool = false
  ) -> String {
    let cell = TreeNodeCell()
    cell.configure(label: label, kind: TreeNodeKind.normal)
    var info = TreeNodeInfo(depth: 1, marker: marker, hiddenDescendantCount: hidden, labelWidth: 0, width: columns)
    info.isTableTrailing = trailing
    cell.apply(LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0), frame: .zero, info: LayoutInfo(info)))
    var canvas = Canvas(size: CellSize(columns: columns, rows: 1))
    let row = CellRect(column: 0, row: 0, columns: columns, rows: 1)
    cell.draw(in: &canvas, region: row, clip: row, context: DrawingContext())
    return canvas.lines[0]
  }

  @Test func labelsBeyondASCIIArePlacedAndCutAsTheyWereDrawn() {
    #expect(drawn("José", columns: 8) == "José    ")
    #expect(drawn("José", columns: 8, trailing: true) == "    José")
    #expect(drawn("Ngọc Silva", columns: 6) == "Ngọc …")
    #expect(drawn("Ngọc Silva", columns: 6, trailing: true) == "Ngọc …")
    #expect(drawn("漢字漢字", columns: 7, trailing: true) == "漢字漢…")
    #expect(drawn("漢字", columns: 7, trailing: true) == "   漢字")
    #expect(drawn("a\u{1B}b", columns: 5, trailing: true) == "  a␛b")
    #expect(drawn("Søren", columns: 14, marker: .collapsed, hidden: 12) == "▸ Søren (+12) ")
    #expect(drawn("Søren Yılmaz", columns: 14, marker: .collapsed, hidden: 12) == "▸ Søren… (+12)")
  }
}
