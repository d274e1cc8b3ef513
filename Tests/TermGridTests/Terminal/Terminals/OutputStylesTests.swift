import Testing

import TermGrid
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
    let canvas = row([("a", boldOnBlue), ("  ", onBlue), ("b", onBlue)], columns: 4)
    let styles = OutputStyles.styles(for: canvas)
    #expect(styles[1] == boldOnBlue && styles[2] == boldOnBlue)
    #expect(styles.allSatisfy { $0.background == .indexed(24) })
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
