/// The cells a terminal writes to turn the frame on screen into the next one.
///
/// A pure function of two frames, so what a terminal sends can be tested without one. A cell
/// is written when the frame before had another character there, another continuation flag
/// (a blank where the right half of a wide character was is written, so the terminal clears
/// that half) or another output style. Continuation cells are never written: the wide
/// character before them covers them. Without a frame before, or with one of another size,
/// every cell is new.
///
/// Cells are compared in the style they are sent in (``Frame/styles``), not the canvas's own:
/// a terminal may send a run of blanks in a neighbour's style when that looks the same, and
/// then two blanks that differ only in the canvas are the same on screen.
///
/// ``forEachChange(within:_:)`` hands the changes to a closure row by row, left to right,
/// and builds no array, so a terminal can run it every frame.
public struct CanvasDiff: Sendable {
  /// A canvas as a terminal sends it: every cell with the style it goes out in.
  public struct Frame: Hashable, Sendable {
    /// The characters, continuation flags and canvas styles.
    public let canvas: Canvas
    /// The style each cell is sent in, row by row, one per cell of ``canvas``.
    public let styles: [Style]

    /// A frame whose cells go out in `styles` rather than their own.
    ///
    /// - Parameter styles: one style per cell of `canvas`, row by row.
    public init(_ canvas: Canvas, styles: [Style]) {
      precondition(
        styles.count == canvas.cells.count,
        "A frame needs one output style per cell: \(styles.count) styles for \(canvas.cells.count) cells")
      self.canvas = canvas
      self.styles = styles
    }

    /// A frame whose cells go out in their own styles.
    public init(_ canvas: Canvas) {
      self.init(canvas, styles: canvas.cells.map(\.style))
    }
  }

  /// One cell to write: where, the character, and the style to send it in.
  public struct Change: Hashable, Sendable {
    /// The cell's column, counted from 0 at the left.
    public var column: Int
    /// The cell's row, counted from 0 at the top.
    public var row: Int
    /// The grapheme to write; one wider than a column covers the cells after it.
    public var character: Character
    /// The output style (``Frame/styles``), not necessarily the canvas cell's own.
    public var style: Style

    /// Creates a change.
    public init(column: Int, row: Int, character: Character, style: Style) {
      self.column = column
      self.row = row
      self.character = character
      self.style = style
    }
  }

  /// The frame on screen, or `nil` when nothing is known of the screen.
  public let previous: Frame?
  /// The frame to show.
  public let next: Frame

  /// The changes that turn `previous` into `next`.
  ///
  /// - Parameter previous: what is on screen; `nil` makes every cell of `next` new.
  public init(from previous: Frame?, to next: Frame) {
    self.previous = previous
    self.next = next
  }

  /// Whether every cell of ``next`` is new: there is no frame before, or it has another size.
  public var redrawsEveryCell: Bool {
    previous?.canvas.size != next.canvas.size
  }

  /// Calls `body` with each cell to write, row by row and left to right.
  ///
  /// - Parameters:
  ///   - limit: only the cells of the first `limit.columns` columns and `limit.rows` rows (a
  ///     screen smaller than the canvas); `nil` for the whole canvas.
  ///   - body: called once per cell to write.
  @inlinable
  public func forEachChange(within limit: CellSize? = nil, _ body: (Change) throws -> Void) rethrows {
    // Inlinable: a terminal calls it every frame, and inlined into the caller the closure is
    // too, so the walk costs what a loop written there would (through a call and a closure,
    // `NcursesTerminal.present` ran 9% more instructions under callgrind).
    let size = next.canvas.size
    let rows = max(0, min(size.rows, limit?.rows ?? size.rows))
    let columns = max(0, min(size.columns, limit?.columns ?? size.columns))
    guard rows > 0, columns > 0 else { return }
    let before = redrawsEveryCell ? nil : previous
    let beforeCells = before?.canvas.cells ?? []
    let beforeStyles = before?.styles ?? []
    try next.canvas.cells.withUnsafeBufferPointer { cells in
      try next.styles.withUnsafeBufferPointer { styles in
        try beforeCells.withUnsafeBufferPointer { beforeCells in
          try beforeStyles.withUnsafeBufferPointer { beforeStyles in
            let compares = before != nil
            for row in 0..<rows {
              let start = row * size.columns
              for column in 0..<columns {
                let index = start + column
                let cell = cells[index]
                if cell.isContinuation { continue }
                if compares, beforeCells[index].character == cell.character, !beforeCells[index].isContinuation,
                  beforeStyles[index] == styles[index]
                {
                  continue
                }
                try body(Change(column: column, row: row, character: cell.character, style: styles[index]))
              }
            }
          }
        }
      }
    }
  }

  /// The cells to write, row by row and left to right (``forEachChange(within:_:)`` without
  /// the array).
  ///
  /// - Parameter limit: only the cells of the first `limit.columns` columns and `limit.rows`
  ///   rows; `nil` for the whole canvas.
  public func changes(within limit: CellSize? = nil) -> [Change] {
    var changes: [Change] = []
    forEachChange(within: limit) { changes.append($0) }
    return changes
  }
}
