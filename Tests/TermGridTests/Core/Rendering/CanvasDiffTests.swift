import TermGrid
import Testing

/// What a terminal writes between two frames: the cells whose character, continuation flag
/// or output style changed, row by row, never a continuation.
@Suite struct CanvasDiffTests {
  private let grey = Style(foreground: .indexed(240))
  private let key = Style(foreground: .indexed(75), attributes: [.bold])

  @Test func identicalCanvasesGiveNoChange() {
    let before = canvas(["ab日 ", "c  d"], style: key)
    let after = canvas(["ab日 ", "c  d"], style: key)
    #expect(changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after)) == [])
  }

  @Test func oneChangedCharacterIsTheOnlyChange() {
    let before = canvas(["abcd", "efgh"])
    let after = canvas(["abcd", "efXh"])
    #expect(changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after)) == [change(2, 1, "X")])
  }

  @Test func aChangeOfStyleAloneIsAChange() {
    let before = canvas(["abcd"])
    var after = before
    after.restyle(CellRect(column: 1, row: 0, columns: 2, rows: 1)) { _ in key }
    #expect(
      changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after)) == [
        change(1, 0, "b", key), change(2, 0, "c", key),
      ])
  }

  @Test func aWideCharacterReplacedByTwoNarrowOnesWritesBoth() {
    let before = canvas(["日x"])
    #expect(
      changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(canvas(["abx"]))) == [
        change(0, 0, "a"), change(1, 0, "b"),
      ])
    // The blank goes out too: the right half of the wide character is still on screen.
    #expect(
      changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(canvas(["a x"]))) == [
        change(0, 0, "a"), change(1, 0, " "),
      ])
  }

  @Test func twoNarrowCharactersReplacedByAWideOneWriteItOnce() {
    let before = canvas(["abx"])
    #expect(changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(canvas(["日x"]))) == [change(0, 0, "日")])
    // Over two blanks: the continuation (a blank too) is still not written.
    #expect(
      changes(from: CanvasDiff.Frame(canvas(["  x"])), to: CanvasDiff.Frame(canvas(["日x"]))) == [
        change(0, 0, "日")
      ])
  }

  @Test func aContinuationIsNeverWrittenEvenWhenItsStyleChanges() {
    let before = canvas(["日x"])
    var after = before
    after.restyle(CellRect(column: 1, row: 0, columns: 1, rows: 1)) { _ in key }
    #expect(after[1, 0].isContinuation)
    #expect(changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after)) == [])
  }

  @Test func aSizeChangeGivesEveryCell() {
    // Smaller: the cells at the same indices in the larger frame before are the same ones.
    let shrunk = CanvasDiff(
      from: CanvasDiff.Frame(canvas(["abcd", "efgh"])), to: CanvasDiff.Frame(canvas(["ab", "cd"])))
    #expect(shrunk.redrawsEveryCell)
    #expect(shrunk.changes() == [change(0, 0, "a"), change(1, 0, "b"), change(0, 1, "c"), change(1, 1, "d")])
    let before = canvas(["ab", "cd"])
    let after = canvas(["ab日", "cd  "])
    let diff = CanvasDiff(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after))
    #expect(diff.redrawsEveryCell)
    #expect(
      diff.changes() == [
        change(0, 0, "a"), change(1, 0, "b"), change(2, 0, "日"),
        change(0, 1, "c"), change(1, 1, "d"), change(2, 1, " "), change(3, 1, " "),
      ])
  }

  @Test func withoutAFrameBeforeEveryCellIsNew() {
    let after = canvas(["a日"])
    let diff = CanvasDiff(from: nil, to: CanvasDiff.Frame(after))
    #expect(diff.redrawsEveryCell)
    #expect(diff.changes() == [change(0, 0, "a"), change(1, 0, "日")])
    #expect(!CanvasDiff(from: CanvasDiff.Frame(after), to: CanvasDiff.Frame(after)).redrawsEveryCell)
  }

  @Test func sharedBlankStylesAreComparedByOutputStyleNotCanvasStyle() {
    // "|  |": the gap between two grey borders goes out grey, whatever its canvas style.
    let before = canvas(["|  |"], styles: [grey, .plain, .plain, grey])
    let after = canvas(["|  |"], styles: [grey, key, key, grey])
    let sharedGap = [grey, grey, grey, grey]
    #expect(
      changes(
        from: CanvasDiff.Frame(before, styles: sharedGap), to: CanvasDiff.Frame(after, styles: sharedGap)) == [])
    // The same canvas, the gap sent plain after it was sent grey: written, in the output style.
    let plainGap = [grey, .plain, .plain, grey]
    #expect(
      changes(from: CanvasDiff.Frame(before, styles: sharedGap), to: CanvasDiff.Frame(before, styles: plainGap)) == [
        change(1, 0, " ", .plain), change(2, 0, " ", .plain),
      ])
    #expect(
      changes(from: CanvasDiff.Frame(before, styles: plainGap), to: CanvasDiff.Frame(after, styles: sharedGap)) == [
        change(1, 0, " ", grey), change(2, 0, " ", grey),
      ])
  }

  @Test func changesComeInRowMajorOrder() {
    let before = canvas(["abcd", "efgh", "ijkl"])
    let after = canvas(["abcD", "EfgH", "iJkl"])
    let found = changes(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after))
    #expect(found == [change(3, 0, "D"), change(0, 1, "E"), change(3, 1, "H"), change(1, 2, "J")])
  }

  @Test func aLimitKeepsTheChangesInsideIt() {
    let before = canvas(["abcd", "efgh", "ijkl"])
    let after = canvas(["ABCD", "EFGH", "IJKL"])
    let diff = CanvasDiff(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after))
    #expect(
      diff.changes(within: CellSize(columns: 2, rows: 2)) == [
        change(0, 0, "A"), change(1, 0, "B"), change(0, 1, "E"), change(1, 1, "F"),
      ])
    #expect(diff.changes(within: CellSize(columns: 9, rows: 9)).count == 12)
    #expect(diff.changes(within: CellSize(columns: 0, rows: 3)) == [])
  }

  @Test func forEachChangeHandsOverWhatChangesLists() {
    let before = canvas(["ab日", "cdef"])
    let after = canvas(["a日x", "cDeF"])
    let diff = CanvasDiff(from: CanvasDiff.Frame(before), to: CanvasDiff.Frame(after))
    var handed: [CanvasDiff.Change] = []
    diff.forEachChange { handed.append($0) }
    #expect(handed == diff.changes())
    #expect(handed == [change(1, 0, "日"), change(3, 0, "x"), change(1, 1, "D"), change(3, 1, "F")])
  }

  // MARK: - Fixtures

  /// A canvas with one line of text per row, every cell in `style`.
  private func canvas(_ lines: [String], style: Style = .plain) -> Canvas {
    let columns = lines.map { TextWidth.displayWidth(of: $0) }.max() ?? 0
    var canvas = Canvas(size: CellSize(columns: columns, rows: lines.count), style: style)
    for (row, line) in lines.enumerated() { canvas.draw(line, at: CellPoint(column: 0, row: row), style: style) }
    return canvas
  }

  /// A canvas of `lines` whose first row takes `styles`, one per cell from the left.
  private func canvas(_ lines: [String], styles: [Style]) -> Canvas {
    var styled = canvas(lines)
    for (column, style) in styles.enumerated() {
      styled.restyle(CellRect(column: column, row: 0, columns: 1, rows: 1)) { _ in style }
    }
    return styled
  }

  private func changes(from before: CanvasDiff.Frame?, to after: CanvasDiff.Frame) -> [CanvasDiff.Change] {
    CanvasDiff(from: before, to: after).changes()
  }

  private func change(_ column: Int, _ row: Int, _ character: Character, _ style: Style = .plain) -> CanvasDiff.Change {
    CanvasDiff.Change(column: column, row: row, character: character, style: style)
  }
}
