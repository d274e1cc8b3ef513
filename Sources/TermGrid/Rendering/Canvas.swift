/// One character cell of a ``Canvas``.
public struct CanvasCell: Hashable, Sendable {
  /// The grapheme drawn in the cell; a space for an empty cell.
  public var character: Character
  /// How the cell looks.
  public var style: Style
  /// True for the right half of a two-column character; the left half holds the character.
  public var isContinuation: Bool
  /// The line directions a ``LineCanvas`` drew through this cell, kept exactly so that a
  /// line end (drawn as a full line) still merges into the right junction later.
  public var lineDirections: LineDirections = []

  /// A blank cell in `style`.
  public static func blank(_ style: Style = .plain) -> CanvasCell {
    CanvasCell(character: " ", style: style, isContinuation: false)
  }

  /// Creates a cell.
  public init(character: Character, style: Style, isContinuation: Bool = false) {
    self.character = character
    self.style = style
    self.isContinuation = isContinuation
  }
}

/// A grid of styled character cells that views draw into; terminals show it.
///
/// Every drawing call takes a clip rectangle and never touches a cell outside it (nor
/// outside the canvas). Wide characters take two cells; zero-width marks join the cell
/// before them; control characters are drawn as their visible forms (``TextWidth``).
public struct Canvas: Hashable, Sendable {
  /// The number of columns and rows.
  public let size: CellSize
  /// The cells, row by row.
  public private(set) var cells: [CanvasCell]

  /// A blank canvas.
  public init(size: CellSize, style: Style = .plain) {
    precondition(size.columns >= 0 && size.rows >= 0, "Canvas size must not be negative: \(size)")
    self.size = size
    cells = Array(repeating: .blank(style), count: size.columns * size.rows)
  }

  /// The whole canvas as a cell rectangle.
  public var bounds: CellRect { CellRect(size: size) }

  /// The cell at a position; the position must be inside the canvas.
  public subscript(column: Int, row: Int) -> CanvasCell {
    get {
      precondition(bounds.contains(CellPoint(column: column, row: row)), "Canvas cell (\(column), \(row)) is outside \(size)")
      return cells[row * size.columns + column]
    }
  }

  /// Blanks every cell.
  public mutating func clear(style: Style = .plain) {
    let blank = CanvasCell.blank(style)
    for index in cells.indices { cells[index] = blank }
  }

  /// Fills a rectangle with one character (a space by default) in `style`.
  public mutating func fill(_ rect: CellRect, with character: Character = " ", style: Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let width = TextWidth.visibleForm(of: character) == nil ? TextWidth.width(of: character) : 1
    let fillCharacter: Character = width == 1 ? character : " "
    for row in area.row..<area.maxRow {
      breakWideCharacter(atColumn: area.column, row: row)
      breakWideCharacter(atColumn: area.maxColumn, row: row)
      let start = row * size.columns
      for column in area.column..<area.maxColumn {
        cells[start + column] = CanvasCell(character: fillCharacter, style: style)
      }
    }
  }

  /// Changes the style of every cell in a rectangle, keeping the characters.
  public mutating func restyle(_ rect: CellRect, _ transform: (Style) -> Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.row..<area.maxRow {
      let start = row * size.columns
      for column in area.column..<area.maxColumn {
        cells[start + column].style = transform(cells[start + column].style)
      }
    }
  }

  /// Draws text on one row starting at `position`, clipped to `clip` and the canvas.
  ///
  /// Text never wraps: what passes the clip's right edge is cut, and a wide character that
  /// only half fits is drawn as a space. Line feeds and other controls are drawn visibly.
  /// - Returns: the column just after the last drawn character (where more text would go).
  @discardableResult
  public mutating func draw(
    _ text: some StringProtocol, at position: CellPoint, style: Style, clip: CellRect? = nil
  ) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    var column = position.column
    let row = position.row
    guard row >= area.row, row < area.maxRow else { return column + TextWidth.displayWidth(of: text) }
    for character in text {
      if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
        put(character, width: 1, column: column, row: row, style: style, area: area)
        column += 1
      } else if let visible = TextWidth.visibleForm(of: character) {
        for replacement in visible {
          let width = TextWidth.width(of: replacement)
          put(replacement, width: width, column: column, row: row, style: style, area: area)
          column += width
        }
      } else {
        let width = TextWidth.width(of: character)
        put(character, width: width, column: column, row: row, style: style, area: area)
        column += width
      }
      if column >= area.maxColumn && column > position.column { break }
    }
    return column
  }

  /// Places one cluster of `width` columns at a cell, inside `area`.
  private mutating func put(
    _ character: Character, width: Int, column: Int, row: Int, style: Style, area: CellRect
  ) {
    if width == 0 {
      attachMark(character, column: column, row: row, style: style, area: area)
      return
    }
    guard column >= area.column, column < area.maxColumn else { return }
    let index = row * size.columns + column
    breakWideCharacter(atColumn: column, row: row)
    if width == 2 {
      guard column + 1 < area.maxColumn else {
        // Only half of a wide character fits: show the space it would have started.
        cells[index] = CanvasCell(character: " ", style: style)
        return
      }
      breakWideCharacter(atColumn: column + 2, row: row)
      cells[index] = CanvasCell(character: character, style: style)
      cells[index + 1] = CanvasCell(character: " ", style: style, isContinuation: true)
    } else {
      breakWideCharacter(atColumn: column + 1, row: row)
      cells[index] = CanvasCell(character: character, style: style)
    }
  }

  /// Joins a zero-width cluster (a combining mark with no base) to the cell before it.
  private mutating func attachMark(_ mark: Character, column: Int, row: Int, style: Style, area: CellRect) {
    var target = column - 1
    if target >= area.column, target < area.maxColumn, cells[row * size.columns + target].isContinuation {
      target -= 1
    }
    if target >= area.column, target < area.maxColumn {
      let index = row * size.columns + target
      let joined = String(cells[index].character) + String(mark)
      if joined.count == 1, let combined = joined.first { cells[index].character = combined }
    } else if column >= area.column, column < area.maxColumn {
      // Nothing to attach to inside the clip: give the mark a space to sit on, in its
      // own cell, so it is still seen.
      let joined = " " + String(mark)
      let index = row * size.columns + column
      breakWideCharacter(atColumn: column, row: row)
      breakWideCharacter(atColumn: column + 1, row: row)
      if joined.count == 1, let combined = joined.first {
        cells[index] = CanvasCell(character: combined, style: style)
      }
    }
  }

  /// When a two-column character straddles the boundary just left of `column`, replaces
  /// both of its halves with spaces, so no half of a wide character is left behind.
  private mutating func breakWideCharacter(atColumn column: Int, row: Int) {
    guard column > 0, column < size.columns else { return }
    let index = row * size.columns + column
    guard cells[index].isContinuation else { return }
    cells[index - 1] = CanvasCell(character: " ", style: cells[index - 1].style)
    cells[index] = CanvasCell(character: " ", style: cells[index].style)
  }

  /// Writes a box-drawing glyph with the exact directions it stands for.
  mutating func putLine(_ directions: LineDirections, at point: CellPoint, style: Style) {
    guard bounds.contains(point) else { return }
    breakWideCharacter(atColumn: point.column, row: point.row)
    breakWideCharacter(atColumn: point.column + 1, row: point.row)
    var cell = CanvasCell(character: directions.glyph, style: style)
    cell.lineDirections = directions
    cells[point.row * size.columns + point.column] = cell
  }

  // MARK: - Reading

  /// One row as plain text: every line is exactly `size.columns` columns wide.
  public func line(_ row: Int) -> String {
    var text = ""
    let start = row * size.columns
    for column in 0..<size.columns where !cells[start + column].isContinuation {
      text.append(cells[start + column].character)
    }
    return text
  }

  /// All rows as plain text.
  public var lines: [String] { (0..<size.rows).map(line) }

  /// The rows joined with line feeds, trailing spaces kept.
  public var text: String { lines.joined(separator: "\n") }

  /// A copy of `other` drawn into this canvas at `origin`, clipped to this canvas.
  public mutating func blit(_ other: Canvas, at origin: CellPoint) {
    for row in 0..<other.size.rows {
      let targetRow = origin.row + row
      guard targetRow >= 0, targetRow < size.rows else { continue }
      for column in 0..<other.size.columns {
        let targetColumn = origin.column + column
        guard targetColumn >= 0, targetColumn < size.columns else { continue }
        cells[targetRow * size.columns + targetColumn] = other.cells[row * other.size.columns + column]
      }
    }
  }
}
