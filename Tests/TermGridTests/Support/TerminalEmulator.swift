import TermGrid

@testable import TermGridTerminal

/// A small terminal emulator for checking what a program sent: it keeps a screen of cells
/// and lays text out the way tmux 3.3a does, per code point with the C library's `wcwidth`
/// (the process must be in a UTF-8 locale): a zero-width code point goes into the cell
/// before the cursor, so does a non-ASCII one after a zero width joiner, and one the C
/// library does not know is dropped.
///
/// It understands the control sequences ncurses sends for `xterm-256color` when drawing,
/// scrolling included (a scroll region, `CSI S`/`T`, `CSI L`/`M`, index and reverse index,
/// a line feed at the region's bottom); anything else is listed in ``unknownSequences`` so
/// a test can insist there is none.
struct TerminalEmulator {
  let columns: Int
  let rows: Int
  /// Each cell's code points; "" for the cells a wide character covers after its first.
  private(set) var cells: [[String]]
  private(set) var cursor = (column: 0, row: 0)
  /// Where `ESC 7` saved the cursor, for `ESC 8`.
  private var savedCursor = (column: 0, row: 0)
  private(set) var unknownSequences: [String] = []
  /// The scroll region's first and last rows (the whole screen unless a `CSI r` set one).
  private(set) var scrollRegion: (top: Int, bottom: Int)
  /// How many lines were scrolled, in either direction, by any of the scrolling sequences.
  private(set) var scrolledLineCount = 0
  /// Whether a code point after a zero width joiner goes into the joiner's cell (tmux 3.3a)
  /// or takes columns of its own (xterm).
  var joinsAfterJoiner = true
  private var lastPrinted: Unicode.Scalar?
  private var pending: [UInt8] = []

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    scrollRegion = (0, rows - 1)
  }

  /// One row as text, wide characters once.
  func line(_ row: Int) -> String { cells[row].joined() }

  /// Feeds bytes the program wrote.
  mutating func feed(_ bytes: some Sequence<UInt8>) {
    pending += bytes
    var index = 0
    while index < pending.count {
      guard let consumed = step(at: index) else { break }
      index += consumed
    }
    pending.removeFirst(index)
  }

  /// Handles what starts at `index`; returns how many bytes it took, or nil if more are needed.
  private mutating func step(at index: Int) -> Int? {
    let byte = pending[index]
    switch byte {
    case 0x1B: return escape(at: index)
    case 0x0D: cursor.column = 0
    case 0x0A: lineFeed()
    case 0x08: cursor.column = max(0, cursor.column - 1)
    case 0x07, 0x0E, 0x0F: break
    case 0x00..<0x20: unknownSequences.append("C0 \(byte)")
    case 0x20..<0x80: print(Unicode.Scalar(byte))
    default:
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      guard index + length <= pending.count else { return nil }
      let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
      for scalar in text.unicodeScalars { print(scalar) }
      return length
    }
    return 1
  }

  private mutating func escape(at index: Int) -> Int? {
    guard index + 1 < pending.count else { return nil }
    switch pending[index + 1] {
    case UInt8(ascii: "["):
      var end = index + 2
      while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
      guard end < pending.count else { return nil }
      let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
      controlSequence(parameters, final: Unicode.Scalar(pending[end]))
      return end - index + 1
    case UInt8(ascii: "("), UInt8(ascii: ")"):
      return index + 2 < pending.count ? 3 : nil
    case UInt8(ascii: "="), UInt8(ascii: ">"):
      return 2
    case UInt8(ascii: "7"):
      savedCursor = cursor
      return 2
    case UInt8(ascii: "8"):
      cursor = savedCursor
      return 2
    case UInt8(ascii: "D"):
      lineFeed()
      return 2
    case UInt8(ascii: "M"):
      if cursor.row == scrollRegion.top { scroll(by: -1) } else { cursor.row = max(0, cursor.row - 1) }
      return 2
    default:
      unknownSequences.append("ESC \(Unicode.Scalar(pending[index + 1]))")
      return 2
    }
  }

  private mutating func controlSequence(_ parameters: String, final: Unicode.Scalar) {
    if final == "h" || final == "l" { return }  // modes
    if parameters.hasPrefix("?") || parameters.hasPrefix(">") {
      unknownSequences.append("CSI \(parameters)\(final)")
      return
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    let first = max(1, numbers.first ?? 1)
    switch final {
    case "H", "f":
      cursor = (min(columns - 1, max(1, numbers.count > 1 ? numbers[1] : 1) - 1), min(rows - 1, first - 1))
    case "A": cursor.row = max(0, cursor.row - first)
    case "B": cursor.row = min(rows - 1, cursor.row + first)
    case "C": cursor.column = min(columns - 1, cursor.column + first)
    case "D": cursor.column = max(0, cursor.column - first)
    case "G": cursor.column = min(columns - 1, first - 1)
    case "d": cursor.row = min(rows - 1, first - 1)
    case "J":
      if numbers.first == 2 || numbers.first == 3 {
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
      } else {
        erase(row: cursor.row, from: cursor.column, to: columns)
        for row in (cursor.row + 1)..<rows { erase(row: row, from: 0, to: columns) }
      }
    case "K":
      switch numbers.first ?? 0 {
      case 1: erase(row: cursor.row, from: 0, to: cursor.column + 1)
      case 2: erase(row: cursor.row, from: 0, to: columns)
      default: erase(row: cursor.row, from: cursor.column, to: columns)
      }
    case "X": erase(row: cursor.row, from: cursor.column, to: min(columns, cursor.column + first))
    case "b":
      if let lastPrinted { for _ in 0..<first { print(lastPrinted) } }
    case "r":
      let top = max(1, numbers.first ?? 1) - 1
      let bottom = (numbers.count > 1 && numbers[1] > 0 ? min(rows, numbers[1]) : rows) - 1
      if top < bottom { scrollRegion = (top, bottom) }
      cursor = (0, 0)
    case "S": scroll(by: first)
    case "T": scroll(by: -first)
    case "L", "M":
      // Insert or delete lines at the cursor: scroll the part of the region below it.
      guard cursor.row >= scrollRegion.top, cursor.row <= scrollRegion.bottom else { break }
      let region = scrollRegion
      scrollRegion.top = cursor.row
      scroll(by: final == "M" ? first : -first)
      scrollRegion = region
      cursor.column = 0
    case "m", "t":
      break
    default:
      unknownSequences.append("CSI \(parameters)\(final)")
    }
  }

  /// A line feed: down a row, or at the scroll region's bottom, the region scrolls up.
  private mutating func lineFeed() {
    if cursor.row == scrollRegion.bottom { scroll(by: 1) } else { cursor.row = min(rows - 1, cursor.row + 1) }
  }

  /// Scrolls the region's lines up by `count` (down when negative); blank lines come in.
  private mutating func scroll(by count: Int) {
    let top = scrollRegion.top
    let bottom = scrollRegion.bottom
    let height = bottom - top + 1
    let shift = min(height, abs(count))
    guard shift > 0 else { return }
    scrolledLineCount += shift
    let blank = Array(repeating: " ", count: columns)
    var region = Array(cells[top...bottom])
    if count > 0 {
      region = Array(region.dropFirst(shift)) + Array(repeating: blank, count: shift)
    } else {
      region = Array(repeating: blank, count: shift) + Array(region.dropLast(shift))
    }
    cells.replaceSubrange(top...bottom, with: region)
  }

  private mutating func erase(row: Int, from start: Int, to end: Int) {
    guard start < end else { return }
    breakWideCharacter(row: row, at: start)
    breakWideCharacter(row: row, at: end)
    for column in start..<end { cells[row][column] = " " }
  }

  /// Clears a wide character that straddles the boundary just left of `column`.
  private mutating func breakWideCharacter(row: Int, at column: Int) {
    guard column > 0, column < columns, cells[row][column].isEmpty else { return }
    var first = column - 1
    while first > 0, cells[row][first].isEmpty { first -= 1 }
    var end = column
    while end < columns, cells[row][end].isEmpty { end += 1 }
    for index in first..<end { cells[row][index] = " " }
  }

  private mutating func print(_ scalar: Unicode.Scalar) {
    lastPrinted = scalar
    let width = NcursesTerminal.columnsInTheCLibrary(of: scalar)
    guard width >= 0 else { return }
    var previous = cursor.column - 1
    while previous > 0, cells[cursor.row][previous].isEmpty { previous -= 1 }
    let endsWithJoiner = previous >= 0 && cells[cursor.row][previous].unicodeScalars.last?.value == 0x200D
    if width == 0 || (joinsAfterJoiner && endsWithJoiner && scalar.value >= 0x80) {
      if previous >= 0 { cells[cursor.row][previous].unicodeScalars.append(scalar) }
      return
    }
    guard cursor.column + width <= columns else {
      unknownSequences.append("a character past the right edge at row \(cursor.row)")
      return
    }
    breakWideCharacter(row: cursor.row, at: cursor.column)
    breakWideCharacter(row: cursor.row, at: cursor.column + width)
    cells[cursor.row][cursor.column] = String(scalar)
    for offset in 1..<width { cells[cursor.row][cursor.column + offset] = "" }
    // The cursor stays on the last column after writing there, as terminals do.
    cursor.column = min(columns - 1, cursor.column + width)
  }
}
