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
/// A run between text and a line (a box-drawing character: a border) takes the text's
/// style; any other run takes its right neighbour's style when it can, else its left one's.
/// Which neighbour costs the same when a row is written whole (the colour changes once,
/// before or after the run), but not when only a card's border changes (a focus move):
/// the padding inside a card, between its border and its text, then keeps the text's
/// style, which a focus move leaves alone, so only the border cells are sent again and
/// ncurses moves between them in their own attributes. Borrowing from the left made the
/// padding after a card's left border follow the border (grey, then the plain style beside
/// a focused border's background), so every row of both cards went out again with an
/// attribute reset around it: a focus move within a 120×40 screen of cards cost 1,234
/// bytes in tmux, 747 with this. The gap between two cards takes the right card's border
/// style, or the left card's when the right one shows a background (it has the focus), so
/// it stays grey whichever of the two has the focus.
///
/// A frame's styles never depend on the frame before (keeping a blank's earlier style would
/// make moved lines differ from their old selves, and ncurses would no longer see that they
/// moved).
///
/// Runs at the start or end of a row keep their own style (ncurses erases a plain tail with
/// one `el`), and so do runs longer than ``maximumSharedRun`` (ncurses erases them with `ech`
/// and a cursor move, or skips them where the screen shows blanks already, which is cheaper
/// than printing them).
enum OutputStyles {
  /// The longest run of blanks that takes a neighbour's style. Measured on a grid of cards
  /// (bytes per key through ncurses): 8 sends 2% less for a scrolling focus move, but up to 7%
  /// more for a jump to the end (runs of 9 to 16 blanks are erased in their own colour).
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
          while end < columns, isBlank(cells[start + end]), cells[start + end].style.background == background {
            end += 1
          }
          defer { column = end }
          guard column > 0, end < columns, end - column <= maximumSharedRun else { continue }
          // Text before lines: a run between text and a border keeps to the text.
          let leftFirst = isLine(cells[start + end]) && !isLine(cells[first - 1])
          let neighbours = leftFirst ? [first - 1, start + end] : [start + end, first - 1]
          guard let chosen = neighbours.first(where: { canShare(styles[$0], background: background) }) else { continue }
          let shared = styles[chosen]
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

  /// A box-drawing character: a border or a line, whose style marks focus and selection.
  private static func isLine(_ cell: CanvasCell) -> Bool {
    guard let scalar = cell.character.unicodeScalars.first else { return false }
    return (0x2500...0x257F).contains(scalar.value)
  }

  /// Whether a blank on `background` may be drawn in `style` and look the same.
  private static func canShare(_ style: Style, background: Color) -> Bool {
    style.background == background && style.attributes.isDisjoint(with: visibleOnBlanks)
  }

  /// The attributes that show on a space: a line under it, or the colours swapped.
  private static let visibleOnBlanks: TextAttributes = [.underline, .reverse]
}
