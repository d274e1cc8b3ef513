import TermGrid
import Testing

@testable import TermGridTerminal

/// Runs of blanks go out in a neighbour's style only where nobody can see the difference.
struct OutputStylesTests {
  private let grey = Style(foreground: .indexed(240))
  private let title = Style(foreground: .indexed(240), attributes: [.bold])

  private func row(_ pieces: [(String, Style)], columns: Int) -> Canvas {
    var canvas = Canvas(size: CellSize(columns: columns, rows: 1))
    var column = 0
    for (text, style) in pieces { column = canvas.draw(text, at: CellPoint(column: column, row: 0), style: style) }
    return canvas
  }

  @Test func aGapBetweenTwoBordersTakesTheLeftBordersStyle() {
    let canvas = row([("|", grey), ("  ", .plain), ("|", grey), ("x", .plain)], columns: 5)
    #expect(OutputStyles.styles(for: canvas) == [grey, grey, grey, grey, .plain])
  }

  @Test func blanksAtTheEndOfARowKeepTheirOwnStyle() {
    let canvas = row([("|", grey)], columns: 4)
    #expect(OutputStyles.styles(for: canvas) == [grey, .plain, .plain, .plain])
  }

  @Test func blanksAtTheStartOfARowKeepTheirOwnStyle() {
    let canvas = row([("  ", .plain), ("|", grey)], columns: 3)
    #expect(OutputStyles.styles(for: canvas) == [.plain, .plain, grey])
  }

  @Test func aBlankNeverTakesAnotherBackgroundAnUnderlineOrReverseVideo() {
    let blue = Style(foreground: .indexed(15), background: .indexed(24))
    let underlined = Style(attributes: [.underline])
    let reversed = Style(attributes: [.reverse])
    for neighbour in [blue, underlined, reversed] {
      let canvas = row([("|", neighbour), (" ", .plain), ("|", .plain)], columns: 3)
      #expect(OutputStyles.styles(for: canvas)[1] == .plain, "\(neighbour)")
    }
  }

  @Test func underlinedOrReversedBlanksKeepTheirStyle() {
    for style in [Style(attributes: [.underline]), Style(attributes: [.reverse])] {
      let canvas = row([("|", grey), (" ", style), ("|", grey)], columns: 3)
      #expect(OutputStyles.styles(for: canvas)[1] == style)
    }
  }

  @Test func aSharedStyleKeepsTheBlanksBackground() {
    let onBlue = Style(foreground: .indexed(110), background: .indexed(24))
    let boldOnBlue = Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold])
    let canvas = row([("a", onBlue), ("  ", onBlue), ("b", boldOnBlue)], columns: 4)
    let styles = OutputStyles.styles(for: canvas)
    #expect(styles[1] == boldOnBlue && styles[2] == boldOnBlue)
    #expect(styles.allSatisfy { $0.background == .indexed(24) })
  }

  @Test func aRunTakesItsRightNeighboursStyleBeforeItsLeftOnes() {
    let key = Style(foreground: .indexed(110))
    let canvas = row([("x", grey), (" ", .plain), ("id", key)], columns: 4)
    #expect(OutputStyles.styles(for: canvas) == [grey, key, key, key])
  }

  @Test func aRunBetweenTextAndABorderTakesTheTextsStyle() {
    let value = Style(foreground: .indexed(114))
    let canvas = row([("v", value), ("  ", .plain), ("│", grey)], columns: 4)
    #expect(OutputStyles.styles(for: canvas) == [value, value, value, grey])
  }

  @Test func aRunBeforeANeighbourWithABackgroundTakesItsLeftNeighboursStyle() {
    let focused = Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold])
    let canvas = row([("│", grey), (" ", .plain), ("│", focused)], columns: 3)
    #expect(OutputStyles.styles(for: canvas) == [grey, grey, focused])
  }

  @Test func thePaddingInsideACardDoesNotChangeWhenItsBorderTakesTheFocus() {
    let key = Style(foreground: .indexed(110))
    let focused = Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold])
    for border in [grey, focused] {
      let canvas = row(
        [("│", border), (" ", .plain), ("id", key), ("  ", .plain), ("│", border), (" ", .plain), ("│", grey)],
        columns: 9)
      let styles = OutputStyles.styles(for: canvas)
      #expect(styles[1] == key, "the padding after the left border, beside \(border)")
      #expect(styles[4] == key && styles[5] == key, "the padding before the right border, beside \(border)")
      #expect(styles[7] == grey, "the gap before the next card, after \(border)")
    }
  }

  @Test func aLongRunKeepsItsOwnStyle() {
    let run = String(repeating: " ", count: OutputStyles.maximumSharedRun + 1)
    let canvas = row([("|", title), (run, .plain), ("|", title)], columns: run.count + 2)
    #expect(OutputStyles.styles(for: canvas)[1] == .plain)
    let short = row([("|", title), (" ", .plain), ("|", title)], columns: 3)
    #expect(OutputStyles.styles(for: short)[1] == title)
  }

  @Test func wideCharactersAndTheirContinuationsAreNeverBlanks() {
    let canvas = row([("|", grey), ("日", .plain), ("|", grey)], columns: 4)
    #expect(OutputStyles.styles(for: canvas) == [grey, .plain, .plain, grey])
  }
}
