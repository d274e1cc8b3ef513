import TermGrid

/// What takes the screen above the status line for a while (the help, a long value, the
/// source text), as `less` does: it gets the keys until it closes.
protocol BrowserOverlay: AnyObject {
  /// Handles a key or the mouse wheel.
  func handle(_ event: InputEvent) -> OverlayResponse
  /// Draws into `region` (the screen above the status line).
  func draw(in canvas: inout Canvas, region: CellRect, context: DrawingContext)
  /// What the status line says while it shows.
  var statusText: String { get }
}

/// What an event did to an overlay.
enum OverlayResponse {
  case unchanged
  case changed
  case close
}

/// One line of a pager: its text, an optional gutter (a line number), and whether it is
/// marked (the value the source view is about).
struct PagerLine: Equatable {
  var gutter: String = ""
  var text: String
  var isMarked = false
}

/// Lines for a ``PagerView``, made on demand: a 50 MB value must open at once, so only the
/// lines on screen (and those before them) are ever made.
protocol PagerSource: AnyObject {
  /// Lines `range` for a width (fewer at the end).
  func lines(_ range: Range<Int>, width: Int) -> [PagerLine]
  /// How many lines there are at `width`, when known without making them all.
  func knownLineCount(width: Int) -> Int?
  /// Makes every line and counts them (for End).
  func lineCount(width: Int) -> Int
  /// The line to show first.
  func initialLine(width: Int) -> Int
}

extension PagerSource {
  func initialLine(width: Int) -> Int { 0 }
}

/// A scrollable page of text with a title line: the long-value viewer and the source view.
final class PagerView: BrowserOverlay {
  var title: String
  var source: any PagerSource
  /// The first line shown.
  private(set) var topLine = 0
  private var rows = 1
  private var width = 80
  private var placed = false
  /// Keys the pager answers to; the owner may add its own (``extraKeys``).
  var extraKeys: [KeyEvent: () -> Void] = [:]
  /// The status text.
  var statusText: String

  init(title: String, source: any PagerSource, statusText: String) {
    self.title = title
    self.source = source
    self.statusText = statusText
  }

  func handle(_ event: InputEvent) -> OverlayResponse {
    switch event {
    case .key(let key):
      if let action = extraKeys[key] {
        action()
        placed = false
        return .changed
      }
      let page = max(1, rows - 1)
      switch key.key {
      case .character("q"), .escape, .character("K"), .control("c"): return .close
      case .character("j"), .down, .enter: return scroll(by: 1)
      case .character("k"), .up: return scroll(by: -1)
      case .character(" "), .character("f"), .pageDown: return scroll(by: page)
      case .character("b"), .pageUp: return scroll(by: -page)
      case .control("f"): return scroll(by: page)
      case .control("b"): return scroll(by: -page)
      case .character("g"), .home:
        topLine = 0
        return .changed
      case .character("G"), .end:
        topLine = max(0, source.lineCount(width: width) - page)
        return .changed
      default: return .unchanged
      }
    case .mouse(let mouse):
      switch mouse.action {
      case .wheelDown: return scroll(by: 3)
      case .wheelUp: return scroll(by: -3)
      default: return .unchanged
      }
    default:
      return .unchanged
    }
  }

  private func scroll(by lines: Int) -> OverlayResponse {
    var next = max(0, topLine + lines)
    if let count = source.knownLineCount(width: width) {
      next = min(next, max(0, count - max(1, rows - 1)))
    } else if lines > 0, source.lines(next..<(next + 1), width: width).isEmpty {
      return .unchanged
    }
    guard next != topLine else { return .unchanged }
    topLine = next
    return .changed
  }

  func draw(in canvas: inout Canvas, region: CellRect, context: DrawingContext) {
    canvas.fill(region, style: context.theme.normal)
    guard region.rows > 0, region.columns > 0 else { return }
    rows = region.rows - 1
    if width != region.columns || !placed {
      width = region.columns
      if !placed { topLine = source.initialLine(width: width) }
      placed = true
    }
    let header = CellRect(column: region.column, row: region.row, columns: region.columns, rows: 1)
    canvas.fill(header, style: context.theme.header)
    canvas.draw(
      TextWidth.truncated(" " + title, toWidth: region.columns), at: CellPoint(column: region.column, row: region.row),
      style: context.theme.header, clip: header)
    guard rows > 0 else { return }
    let lines = source.lines(topLine..<(topLine + rows), width: region.columns)
    for (offset, line) in lines.enumerated() {
      let row = region.row + 1 + offset
      let clip = CellRect(column: region.column, row: row, columns: region.columns, rows: 1)
      var column = region.column
      if !line.gutter.isEmpty {
        canvas.draw(line.gutter, at: CellPoint(column: column, row: row), style: context.theme.dim, clip: clip)
        column += TextWidth.displayWidth(of: line.gutter)
      }
      let style = line.isMarked ? context.theme.focused : context.theme.normal
      canvas.draw(
        TextWidth.truncated(line.text, toWidth: region.maxColumn - column), at: CellPoint(column: column, row: row),
        style: style, clip: clip)
    }
  }
}

/// Text wrapped to the width, line by line as they are needed: paragraphs (split at line
/// breaks) cut into lines of at most `width` columns, at a space when there is one.
final class WrappedTextSource: PagerSource {
  private(set) var text: String
  private var width = 0
  /// Where each line made so far starts, and whether the whole text is made.
  private var starts: [String.Index] = []
  private var isComplete = false

  init(text: String) {
    self.text = text
  }

  /// Shows other text (raw ↔ decoded).
  func replace(with newText: String) {
    text = newText
    width = 0
  }

  func knownLineCount(width: Int) -> Int? {
    reset(width)
    return isComplete ? starts.count : nil
  }

  func lineCount(width: Int) -> Int {
    reset(width)
    while !isComplete { makeLine() }
    return starts.count
  }

  func lines(_ range: Range<Int>, width: Int) -> [PagerLine] {
    reset(width)
    while !isComplete && starts.count <= range.upperBound { makeLine() }
    var result: [PagerLine] = []
    for index in range where index < starts.count {
      let end = index + 1 < starts.count ? starts[index + 1] : text.endIndex
      var line = String(text[starts[index]..<end])
      if line.hasSuffix("\n") { line.removeLast() }
      result.append(PagerLine(text: line))
    }
    return result
  }

  private func reset(_ newWidth: Int) {
    guard newWidth != width else { return }
    width = max(1, newWidth)
    starts = []
    isComplete = text.isEmpty
    if text.isEmpty { starts = [text.startIndex] }
  }

  /// Makes the next line.
  private func makeLine() {
    let start = starts.last.map { lineEnd(from: $0) } ?? text.startIndex
    if !starts.isEmpty && start == text.endIndex {
      isComplete = true
      return
    }
    starts.append(start)
    if lineEnd(from: start) == text.endIndex { isComplete = true }
  }

  /// Where the line starting at `start` ends (the next line's start).
  private func lineEnd(from start: String.Index) -> String.Index {
    var columns = 0
    var index = start
    var lastSpace: String.Index?
    while index < text.endIndex {
      let character = text[index]
      if character == "\n" || character == "\r\n" { return text.index(after: index) }
      let characterWidth = max(1, TextWidth.displayWidth(of: String(character)))
      if columns + characterWidth > width {
        if let lastSpace, lastSpace > start { return text.index(after: lastSpace) }
        return index == start ? text.index(after: index) : index
      }
      if character == " " { lastSpace = index }
      columns += characterWidth
      index = text.index(after: index)
    }
    return text.endIndex
  }
}
