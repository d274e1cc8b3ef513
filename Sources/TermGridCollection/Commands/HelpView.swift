import TermGridCore
import TermGridViews

/// A scrollable help screen generated from a key table: a title line, then each group's
/// heading and bindings with the keys in an aligned column.
///
/// The app shows it over (or instead of) its content while it is open, hands it events
/// with ``handle(_:)`` and draws it as every view is drawn,
/// ``draw(in:region:clip:context:)``, in the context's theme.
public final class HelpView: ReusableView {
  /// The line at the top.
  public var title: String
  /// The lines shown, generated from the table.
  public private(set) var lines: [HelpLine]
  /// The width of the keys column.
  public private(set) var keyColumnWidth: Int
  /// The first line shown (0 at the top); kept in range when drawn.
  public var scrollOffset = 0
  /// The keys the help screen itself answers to.
  public var keyBindings: KeyBindings
  /// How many lines the last drawing had room for.
  public private(set) var visibleLineCount = 1
  /// The rows drawn at the last drawing's width (``lines`` with long key lists and
  /// descriptions wrapped: ``KeyBindings/helpRows(_:keyColumnWidth:width:)``); scrolling
  /// counts these.
  public private(set) var rows: [HelpLine]
  private var rowsWidth: Int?
  /// The line each of ``rows`` belongs to.
  private var rowLines: [Int] = []

  /// What an event did to the help screen.
  public enum Response: Hashable, Sendable {
    /// Nothing (the event is not the help screen's).
    case unchanged
    /// It scrolled: draw again.
    case scrolled
    /// Close the help.
    case close
  }

  /// Creates a help screen for a key table.
  public convenience init(bindings: KeyBindings, title: String = "Keys", keyBindings: KeyBindings = .helpScreen) {
    self.init(tables: [bindings], title: title, keyBindings: keyBindings)
  }

  /// Creates an empty help screen (no table yet).
  public required convenience init() {
    self.init(tables: [])
  }

  /// Creates a help screen listing several key tables one after the other (the app's keys,
  /// then the edit menu's, say), which may bind the same keys in their own contexts.
  public init(tables: [KeyBindings], title: String = "Keys", keyBindings: KeyBindings = .helpScreen) {
    self.title = title
    self.keyBindings = keyBindings
    var lines: [HelpLine] = []
    for table in tables {
      let tableLines = table.helpLines
      guard !tableLines.isEmpty else { continue }
      if !lines.isEmpty { lines.append(.blank) }
      lines += tableLines
    }
    self.lines = lines
    rows = lines
    keyColumnWidth = tables.map { $0.helpKeyColumnWidth() }.max() ?? 0
    super.init()
  }

  /// The largest useful ``scrollOffset`` for the last drawn height.
  public var maximumScrollOffset: Int { max(0, rows.count - visibleLineCount) }

  /// Scrolls with keys (``KeyBindings/helpScreen``) and the mouse wheel; closes on its
  /// close keys. Other events are not the help screen's.
  public func handle(_ event: InputEvent) -> Response {
    switch event {
    case .key(let key):
      guard let command = keyBindings.command(for: key) else { return .unchanged }
      return perform(command)
    case .mouse(let mouse):
      switch mouse.action {
      case .wheelUp: return scroll(to: scrollOffset - 3)
      case .wheelDown: return scroll(to: scrollOffset + 3)
      default: return .unchanged
      }
    default:
      return .unchanged
    }
  }

  /// Carries out one of the help screen's commands.
  public func perform(_ command: CommandIdentifier) -> Response {
    let page = max(1, visibleLineCount - 1)
    switch command {
    case .menuPrevious: return scroll(to: scrollOffset - 1)
    case .menuNext: return scroll(to: scrollOffset + 1)
    case .menuPageUp: return scroll(to: scrollOffset - page)
    case .menuPageDown: return scroll(to: scrollOffset + page)
    case .menuFirst: return scroll(to: 0)
    case .menuLast: return scroll(to: maximumScrollOffset)
    case .menuClose: return .close
    default: return .unchanged
    }
  }

  private func scroll(to offset: Int) -> Response {
    let clamped = min(max(0, offset), maximumScrollOffset)
    guard clamped != scrollOffset else { return .unchanged }
    scrollOffset = clamped
    return .scrolled
  }

  /// Draws the help into `region` on `canvas` with `theme`: the same as
  /// ``draw(in:region:clip:context:)`` with the region's visible part as the clip.
  public func draw(into canvas: inout Canvas, region: CellRect, theme: Theme) {
    let area = region.intersection(canvas.bounds)
    draw(in: &canvas, region: area, clip: area, context: DrawingContext(theme: theme))
  }

  /// Draws the help in the visible part of `region`: the title (with the position when it
  /// scrolls) on its first row, lines below, in the context's theme. Anything that does not
  /// fit is cut; nothing is drawn outside `clip`, at any size.
  public override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let theme = context.theme
    let area = region.intersection(clip).intersection(canvas.bounds)
    guard !area.isEmpty else { return }
    canvas.fill(area, style: theme.normal)
    if rowsWidth != area.columns {
      // Wrapped for this width; the first line shown stays the first shown.
      let firstLine = lineIndex(ofRow: scrollOffset)
      rows = []
      rowLines = []
      for (index, line) in lines.enumerated() {
        let wrapped = KeyBindings.helpRows([line], keyColumnWidth: keyColumnWidth, width: area.columns)
        rows += wrapped
        rowLines += Array(repeating: index, count: wrapped.count)
      }
      rowsWidth = area.columns
      scrollOffset = rowIndex(ofLine: firstLine)
    }
    visibleLineCount = max(1, area.rows - 1)
    scrollOffset = min(max(0, scrollOffset), maximumScrollOffset)
    var heading = title
    if rows.count > visibleLineCount {
      let last = min(rows.count, scrollOffset + visibleLineCount)
      heading += " (\(scrollOffset + 1)–\(last) of \(rows.count))"
    }
    let titleRow = CellRect(column: area.column, row: area.row, columns: area.columns, rows: 1)
    canvas.fill(titleRow, style: theme.status)
    canvas.draw(
      TextWidth.truncated(heading, toWidth: area.columns), at: CellPoint(column: area.column, row: area.row),
      style: theme.status, clip: titleRow)
    guard area.rows > 1 else { return }
    for row in 0..<visibleLineCount {
      let index = scrollOffset + row
      guard index < rows.count else { break }
      let position = CellPoint(column: area.column, row: area.row + 1 + row)
      let clip = CellRect(column: area.column, row: position.row, columns: area.columns, rows: 1)
      switch rows[index] {
      case .blank:
        break
      case .heading(let text):
        canvas.draw(TextWidth.truncated(text, toWidth: area.columns), at: position, style: theme.header, clip: clip)
      case .entry(let keys, let help):
        let keyText = TextWidth.padded(keys, toWidth: min(keyColumnWidth, max(1, (area.columns - 4) / 2)))
        let afterKeys = canvas.draw(
          keyText, at: CellPoint(column: position.column + 2, row: position.row), style: theme.badge, clip: clip)
        let helpWidth = area.maxColumn - (afterKeys + 2)
        if helpWidth > 0, !help.isEmpty {
          canvas.draw(
            TextWidth.truncated(help, toWidth: helpWidth), at: CellPoint(column: afterKeys + 2, row: position.row),
            style: theme.normal, clip: clip)
        }
      }
    }
  }

  /// The line a drawn row belongs to.
  private func lineIndex(ofRow row: Int) -> Int {
    rowLines.indices.contains(row) ? rowLines[row] : min(row, max(0, lines.count - 1))
  }

  /// The first row drawn for a line.
  private func rowIndex(ofLine line: Int) -> Int {
    rowLines.firstIndex(of: line) ?? 0
  }
}
