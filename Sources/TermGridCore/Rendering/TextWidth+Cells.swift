extension TextWidth {
  /// The most code points one terminal cell holds: one spacing character and four after it,
  /// X/Open Curses' `CCHARW_MAX` as ncurses defines it.
  static let codePointsPerCell = 5

  /// Splits a grapheme cluster, one code point at a time, into the cells a terminal lays
  /// it out in (see ``TextWidth``). ``width(of:)`` counts with it and ``NcursesTerminal``
  /// writes with it, so the canvas and the terminal always agree.
  ///
  /// A code point starts a new cell when it takes columns, unless it follows a zero width
  /// joiner in the current cell; zero-width code points join the current cell. A full cell
  /// takes nothing more: zero-width code points are then dropped, and a joiner that would be
  /// a cell's last code point is dropped too (nothing could follow it into the cell), so the
  /// emoji after it starts a cell of its own instead of being pulled into a full one.
  package struct CellSplitter {
    /// What happens to one code point.
    package enum Step: Equatable {
      /// It starts a new cell, `width` columns wide (0 only for a cluster's first code point).
      case startsCell(width: Int)
      /// It goes into the current cell after the code points already there.
      case joinsCell
      /// It is not written: the current cell is full.
      case isDropped
    }

    private var count = 0
    private var endsWithJoiner = false
    /// Whether a code point after a joiner joins its cell (``TextWidth/EmojiSequences``),
    /// read once per cluster and only when it matters.
    private var joinsAfterJoiner: Bool?

    /// A splitter at the start of a cluster.
    package init() {}

    /// Places the next code point of the cluster.
    package mutating func step(_ scalar: Unicode.Scalar) -> Step {
      let width = TextWidth.scalarWidth(scalar)
      let isJoiner = scalar.value == 0x200D
      if count > 0 && (width == 0 || (endsWithJoiner && joinsAfterJoinerRule())) {
        // After a joiner the cell is at most four long (a joiner is never fifth), so a
        // spacing code point always fits.
        let fits = count < TextWidth.codePointsPerCell - (isJoiner ? 1 : 0)
        guard fits else { return .isDropped }
        count += 1
        endsWithJoiner = isJoiner
        return .joinsCell
      }
      count = 1
      endsWithJoiner = isJoiner
      return .startsCell(width: width)
    }

    private mutating func joinsAfterJoinerRule() -> Bool {
      if let joinsAfterJoiner { return joinsAfterJoiner }
      let joins = TextWidth.emojiSequences == .joined
      joinsAfterJoiner = joins
      return joins
    }
  }

  /// The cells a terminal draws a cluster in: each cell's code points and its width. For
  /// tests and diagnostics; drawing uses ``CellSplitter`` directly.
  package static func terminalCells(of character: Character) -> [(text: String, width: Int)] {
    var splitter = CellSplitter()
    var cells: [(text: String, width: Int)] = []
    for scalar in character.unicodeScalars {
      switch splitter.step(scalar) {
      case .startsCell(let width): cells.append((String(scalar), width))
      case .joinsCell: cells[cells.count - 1].text.unicodeScalars.append(scalar)
      case .isDropped: break
      }
    }
    return cells
  }
}
