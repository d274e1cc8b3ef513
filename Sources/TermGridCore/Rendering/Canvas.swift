/// One character cell of a ``Canvas``.
public struct CanvasCell: Hashable, Sendable {
  /// The grapheme drawn in the cell; a space for an empty cell.
  public var character: Character
  /// How the cell looks.
  public var style: Style
  /// True for every cell but the first of a character more than one column wide; the first
  /// holds the character, the ones after it (one per extra column) are continuations.
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
/// outside the canvas). A grapheme cluster takes as many cells as ``TextWidth`` says it is
/// wide (`日` two, `न्दी` three, `👍🏽` four): the first cell holds it, the others are
/// continuations. Zero-width marks join the cell before them; control characters are drawn
/// as their visible forms.
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
      precondition(
        bounds.contains(CellPoint(column: column, row: row)), "Canvas cell (\(column), \(row)) is outside \(size)")
      return cells[row * size.columns + column]
    }
  }

  /// Blanks every cell.
  public mutating func clear(style: Style = .plain) {
    let blank = CanvasCell.blank(style)
    for index in cells.indices { cells[index] = blank }
  }

  /// Fills a rectangle with one character (a space by default) in `style`.
  ///
  /// A character wider than one column is repeated side by side; columns left over at the
  /// right, too few for one more, are spaces, as are the cells of a zero-width character
  /// or one that would be drawn as a visible form.
  public mutating func fill(_ rect: CellRect, with character: Character = " ", style: Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let width = TextWidth.visibleForm(of: character) == nil ? TextWidth.width(of: character) : 0
    let fillCharacter: Character = width == 0 ? " " : character
    let continuation = CanvasCell(character: " ", style: style, isContinuation: true)
    for row in area.row..<area.maxRow {
      breakCluster(atColumn: area.column, row: row)
      breakCluster(atColumn: area.maxColumn, row: row)
      let start = row * size.columns
      var column = area.column
      while column < area.maxColumn {
        if width <= 1 {
          cells[start + column] = CanvasCell(character: fillCharacter, style: style)
          column += 1
        } else if column + width <= area.maxColumn {
          cells[start + column] = CanvasCell(character: fillCharacter, style: style)
          for offset in 1..<width { cells[start + column + offset] = continuation }
          column += width
        } else {
          cells[start + column] = CanvasCell(character: " ", style: style)
          column += 1
        }
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

  /// Draws one character at `position`, clipped to `clip` and the canvas: what
  /// ``draw(_:at:style:clip:)`` does with a one-character text, without making a string of
  /// it and, for a character of one code point in the symbol blocks a view draws with
  /// (arrows, box drawing, blocks, shapes, braille: U+2190–U+2BFF, but for the few wide
  /// ones there) or printable ASCII, without measuring it. Anything else is measured and made visible as text is.
  /// - Returns: the column just after the character.
  @discardableResult
  public mutating func drawGlyph(_ glyph: Character, at position: CellPoint, style: Style, clip: CellRect? = nil)
    -> Int
  {
    let scalars = glyph.unicodeScalars
    guard let first = scalars.first, scalars.count == 1,
      (first.value >= 0x20 && first.value < 0x7F)
        || (first.value >= 0x2190 && first.value <= 0x2BFF && !TextWidth.isWide(first.value))
    else { return draw(String(glyph), at: position, style: style, clip: clip) }
    let area = (clip ?? bounds).intersection(bounds)
    guard position.row >= area.row, position.row < area.maxRow else { return position.column + 1 }
    put(glyph, width: 1, column: position.column, row: position.row, style: style, area: area)
    return position.column + 1
  }

  /// Draws text on one row starting at `position`, clipped to `clip` and the canvas.
  ///
  /// Text never wraps: what passes the clip's right edge is cut, and a wide character that
  /// only partly fits is drawn as the spaces it would have covered inside the clip. Line
  /// feeds and other controls are drawn visibly.
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
        for replacement in visible { column = put(replacement, column: column, row: row, style: style, area: area) }
      } else {
        column = put(character, column: column, row: row, style: style, area: area)
      }
      if column >= area.maxColumn && column > position.column { break }
    }
    return column
  }

  /// Places a cluster drawn as itself at a cell, inside `area`, and returns the column after it.
  private mutating func put(_ character: Character, column: Int, row: Int, style: Style, area: CellRect) -> Int {
    let width = TextWidth.width(of: character)
    if width > 0, let first = character.unicodeScalars.first, TextWidth.scalarWidth(first) == 0 {
      // Marks before a spacing mark (a lone U+0301 then U+093F) make one cluster whose first
      // code point has no column: a terminal puts them in the cell before, so does this.
      var marks = ""
      var rest = ""
      for scalar in character.unicodeScalars {
        if rest.isEmpty, TextWidth.scalarWidth(scalar) == 0 {
          marks.unicodeScalars.append(scalar)
        } else {
          rest.unicodeScalars.append(scalar)
        }
      }
      var next = column
      for mark in marks { next = put(mark, column: next, row: row, style: style, area: area) }
      for part in rest { next = put(part, column: next, row: row, style: style, area: area) }
      return next
    }
    put(character, width: width, column: column, row: row, style: style, area: area)
    return column + width
  }

  /// Places one cluster of `width` columns at a cell, inside `area`.
  private mutating func put(
    _ character: Character, width: Int, column: Int, row: Int, style: Style, area: CellRect
  ) {
    if width == 0 {
      attachMark(character, column: column, row: row, style: style, area: area)
      return
    }
    let end = column + width
    let first = max(column, area.column)
    let last = min(end, area.maxColumn)
    guard first < last else { return }
    let start = row * size.columns
    if width == 1 {
      breakCluster(atColumn: column, row: row)
      breakCluster(atColumn: end, row: row)
      cells[start + column] = CanvasCell(character: character, style: style)
      return
    }
    breakCluster(atColumn: first, row: row)
    breakCluster(atColumn: last, row: row)
    guard first == column, last == end else {
      // Only part of the cluster is inside the clip: show the spaces it would have covered
      // there, so no piece of a character is ever drawn.
      for index in (start + first)..<(start + last) { cells[index] = CanvasCell(character: " ", style: style) }
      return
    }
    cells[start + column] = CanvasCell(character: character, style: style)
    for index in (start + column + 1)..<(start + end) {
      cells[index] = CanvasCell(character: " ", style: style, isContinuation: true)
    }
  }

  /// Joins a zero-width cluster (a combining mark with no base) to the cell before it.
  private mutating func attachMark(_ mark: Character, column: Int, row: Int, style: Style, area: CellRect) {
    let start = row * size.columns
    var target = column - 1
    while target > area.column, target < area.maxColumn, cells[start + target].isContinuation { target -= 1 }
    if target >= area.column, target < area.maxColumn, !cells[start + target].isContinuation {
      let base = cells[start + target].character
      let joined = String(base) + String(mark)
      // The mark must stay in the cell and leave its width alone (a full cell drops it).
      if joined.count == 1, let combined = joined.first, TextWidth.width(of: combined) == TextWidth.width(of: base) {
        cells[start + target].character = combined
      }
    } else if column >= area.column, column < area.maxColumn {
      // Nothing to attach to inside the clip: give the mark a space to sit on, in its
      // own cell, so it is still seen.
      let joined = " " + String(mark)
      breakCluster(atColumn: column, row: row)
      breakCluster(atColumn: column + 1, row: row)
      if joined.count == 1, let combined = joined.first {
        cells[start + column] = CanvasCell(character: combined, style: style)
      }
    }
  }

  /// When a cluster of two or more columns straddles the boundary just left of `column`,
  /// replaces all of its cells with spaces, so no piece of a wide character is left behind.
  private mutating func breakCluster(atColumn column: Int, row: Int) {
    guard column > 0, column < size.columns else { return }
    let start = row * size.columns
    guard cells[start + column].isContinuation else { return }
    var first = column - 1
    while first > 0, cells[start + first].isContinuation { first -= 1 }
    var end = column + 1
    while end < size.columns, cells[start + end].isContinuation { end += 1 }
    for index in (start + first)..<(start + end) {
      cells[index] = CanvasCell(character: " ", style: cells[index].style)
    }
  }

  /// Writes a box-drawing glyph with the exact directions it stands for.
  mutating func putLine(_ directions: LineDirections, at point: CellPoint, style: Style) {
    guard bounds.contains(point) else { return }
    breakCluster(atColumn: point.column, row: point.row)
    breakCluster(atColumn: point.column + 1, row: point.row)
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

  /// The cells of `rect` copied from `other`, a canvas of the same size, to the same place.
  ///
  /// A wide character of this canvas cut by the rectangle's edge, or one of `other`'s that
  /// the edge cuts, becomes spaces.
  public mutating func copy(_ rect: CellRect, from other: Canvas) {
    precondition(other.size == size, "Canvas.copy(_:from:) needs a canvas of the same size: \(other.size), not \(size)")
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for row in area.row..<area.maxRow {
      breakCluster(atColumn: area.column, row: row)
      breakCluster(atColumn: area.maxColumn, row: row)
      let start = row * size.columns
      for column in area.column..<area.maxColumn { cells[start + column] = other.cells[start + column] }
      // Pieces of `other`'s clusters whose first cell lies left of the rectangle, or whose
      // last lies right of it.
      var column = area.column
      while column < area.maxColumn, cells[start + column].isContinuation {
        cells[start + column] = CanvasCell(character: " ", style: cells[start + column].style)
        column += 1
      }
      if area.maxColumn < size.columns, other.cells[start + area.maxColumn].isContinuation {
        column = area.maxColumn - 1
        while column > area.column, cells[start + column].isContinuation { column -= 1 }
        for index in (start + column)..<(start + area.maxColumn) {
          cells[index] = CanvasCell(character: " ", style: cells[index].style)
        }
      }
    }
  }

  /// A copy of `other` drawn into this canvas at `origin`, clipped to this canvas.
  ///
  /// A wide character cut by this canvas's edge, or one of this canvas's cut by the copied
  /// rectangle's edge, becomes spaces.
  public mutating func blit(_ other: Canvas, at origin: CellPoint) {
    let target = CellRect(column: origin.column, row: origin.row, columns: other.size.columns, rows: other.size.rows)
      .intersection(bounds)
    guard !target.isEmpty else { return }
    for targetRow in target.row..<target.maxRow {
      let row = targetRow - origin.row
      breakCluster(atColumn: target.column, row: targetRow)
      breakCluster(atColumn: target.maxColumn, row: targetRow)
      let start = targetRow * size.columns
      let sourceStart = row * other.size.columns - origin.column
      for targetColumn in target.column..<target.maxColumn {
        cells[start + targetColumn] = other.cells[sourceStart + targetColumn]
      }
      // Pieces of clusters whose other cells fell outside.
      var column = target.column
      while column < target.maxColumn, cells[start + column].isContinuation {
        cells[start + column] = CanvasCell(character: " ", style: cells[start + column].style)
        column += 1
      }
      let sourceEnd = target.maxColumn - origin.column
      if sourceEnd < other.size.columns, other.cells[row * other.size.columns + sourceEnd].isContinuation {
        column = target.maxColumn - 1
        while column > target.column, cells[start + column].isContinuation { column -= 1 }
        for index in (start + column)..<(start + target.maxColumn) {
          cells[index] = CanvasCell(character: " ", style: cells[index].style)
        }
      }
    }
  }
}
