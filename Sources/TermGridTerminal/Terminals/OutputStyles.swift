import TermGridCore

/// The styles a frame is sent to the terminal with: the canvas's own, except that a short
/// run of blank cells between two others takes the style of a neighbour when that looks the
/// same, so the terminal is not told to change colours for cells nobody can tell apart.
///
/// A blank (a space, not underlined and not in reverse video) shows only its background:
/// its foreground, boldness, dimness and slant are invisible. A card's border, the space
/// after it and the next card's border can then go out in one colour; without this every
/// gap between two grey borders costs two colour changes (about 30 bytes with ncurses'
/// `xterm-256color` sequences), which made most of the bytes of a screen of cards.
///
/// Only the left neighbour is borrowed from, never the right: a run's style then changes
/// only when the cell just before it changes, which is sent anyway (ncurses prints on
/// through the run). Borrowing from the right too would resend the blanks before a card
/// each time the card's colours change (a focus move), and a frame's styles must not depend
/// on the frame before (keeping a blank's earlier style would make moved lines differ from
/// their old selves, and ncurses would no longer see that they moved).
///
/// Runs at the end of a row keep their own style (ncurses erases a plain tail with one
/// `el`), and so do runs longer than ``maximumSharedRun`` (ncurses erases them with `ech`
/// and a cursor move, which is cheaper than printing them).
enum OutputStyles {
  /// The longest run of blanks that takes a neighbour's style.
  static let maximumSharedRun = 16

  /// The style each cell of `canvas` is sent with, row by row.
  static func styles(for canvas: Canvas) -> [Style] {
    let columns = canvas.size.columns
    var styles = canvas.cells.map(\.style)
    guard columns > 0 else { return styles }
    canvas.cells.withUnsafeBufferPointer { cells in
      for row in 0..<canvas.size.rows {
        let start = row * columns
        var column = 0
        while column < columns {
          let first = start + column
          guard isBlank(cells[first]) else {
            column += 1
            continue
          }
          let background = cells[first].style.background
          var end = column + 1
          while end < columns, isBlank(cells[start + end]), cells[start + end].style.background == background { end += 1 }
          defer { column = end }
          guard end < columns, end - column <= maximumSharedRun else { continue }
          guard column > 0, canShare(styles[first - 1], background: background) else { continue }
          let shared = styles[first - 1]
          for index in first..<(start + end) { styles[index] = shared }
        }
      }
    }
    return styles
  }

  /// A space that shows nothing but its background.
  private static func isBlank(_ cell: CanvasCell) -> Bool {
    cell.character == " " && !cell.isContinuation && cell.style.attributes.isDisjoint(with: visibleOnBlanks)
  }

  /// Whether a blank on `background` may be drawn in `style` and look the same.
  private static func canShare(_ style: Style, background: Color) -> Bool {
    style.background == background && style.attributes.isDisjoint(with: visibleOnBlanks)
  }

  /// The attributes that show on a space: a line under it, or the colours swapped.
  private static let visibleOnBlanks: TextAttributes = [.underline, .reverse]
}
