import TGridJSON
import TermGrid

/// A card for one JSON value: a rounded box with the title in the top border, `key value`
/// rows inside, and how many rows did not fit in the bottom border.
///
/// Focus shows on the border and title, selection on the inside, so both can be seen at once.
final class CardCell: Cell {
  /// What the card shows.
  var content: CardContent?
  /// Value colours by JSON kind.
  var palette = ValuePalette.standard

  required init() {
    super.init()
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    content = nil
  }

  override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let theme = context.theme
    let inside: Style = isSelected || isHighlighted ? stateStyle(theme: theme) : theme.normal
    let border: Style = isFocused ? (isSelected ? theme.selectedFocused : theme.focused) : theme.border
    guard let content else {
      canvas.fill(clip, style: inside)
      return
    }
    // Cards of a large section share one slot size: a card is only as tall as its content,
    // at the top of its slot (no empty rows inside the border).
    var region = region
    if region.rows > content.size.rows {
      canvas.fill(clip, style: theme.normal)
      region = CellRect(column: region.column, row: region.row, columns: region.columns, rows: content.size.rows)
    }
    let clip = clip.intersection(region)
    canvas.fill(clip, style: inside)
    guard region.columns >= 2, region.rows >= 1 else { return }
    drawBorder(in: &canvas, region: region, clip: clip, style: border, content: content)
    let keyWidth = content.keyWidth
    let innerWidth = region.columns - 4
    guard innerWidth > 0 else { return }
    for (index, row) in content.rows.enumerated() {
      let y = region.row + 1 + index
      guard y < region.maxRow - 1 else { break }
      var x = region.column + 2
      if let key = row.key {
        let shownKey = TextWidth.padded(key, toWidth: min(keyWidth, innerWidth))
        canvas.draw(shownKey, at: CellPoint(column: x, row: y), style: palette.key.over(inside), clip: clip)
        x += TextWidth.displayWidth(of: shownKey) + 1
      }
      let room = region.column + 2 + innerWidth - x
      guard room > 0 else { continue }
      let value = TextWidth.truncated(row.value, toWidth: room)
      canvas.draw(value, at: CellPoint(column: x, row: y), style: palette.style(for: row.kind).over(inside), clip: clip)
    }
  }

  private func drawBorder(in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, content: CardContent)
  {
    let top = region.row
    let bottom = region.maxRow - 1
    let left = region.column
    let right = region.maxColumn - 1
    let horizontal = String(repeating: "─", count: max(0, region.columns - 2))
    canvas.draw("╭" + horizontal + "╮", at: CellPoint(column: left, row: top), style: style, clip: clip)
    if bottom > top {
      canvas.draw("╰" + horizontal + "╯", at: CellPoint(column: left, row: bottom), style: style, clip: clip)
    }
    if bottom - top > 1 {
      for row in (top + 1)..<bottom {
        canvas.draw("│", at: CellPoint(column: left, row: row), style: style, clip: clip)
        canvas.draw("│", at: CellPoint(column: right, row: row), style: style, clip: clip)
      }
    }
    // The title sits in the top border: ╭─ Title ───╮
    let titleRoom = region.columns - 5
    if titleRoom > 0 {
      let title = " " + TextWidth.truncated(content.title, toWidth: titleRoom - 1) + " "
      canvas.draw(title, at: CellPoint(column: left + 1, row: top), style: style.adding(.bold), clip: clip)
    }
    if content.hiddenRowCount > 0, bottom > top {
      let more = " +\(content.hiddenRowCount) more "
      let width = TextWidth.displayWidth(of: more)
      if width < region.columns - 2 {
        canvas.draw(more, at: CellPoint(column: right - width, row: bottom), style: style, clip: clip)
      }
    }
  }
}

/// Colours for JSON values by kind; attributes only when the terminal has no colour.
struct ValuePalette {
  var key: Style
  var string: Style
  var number: Style
  var boolean: Style
  var null: Style
  var container: Style

  static let standard = ValuePalette(
    key: Style(foreground: .indexed(110)),
    string: Style(foreground: .indexed(114)),
    number: Style(foreground: .indexed(215)),
    boolean: Style(foreground: .indexed(176)),
    null: Style(foreground: .indexed(244), attributes: [.italic]),
    container: Style(foreground: .indexed(250)))

  static let monochrome = ValuePalette(
    key: Style(attributes: [.bold]), string: .plain, number: .plain, boolean: .plain,
    null: Style(attributes: [.dim]), container: Style(attributes: [.dim]))

  func style(for kind: JSONKind) -> Style {
    switch kind {
    case .string: return string
    case .number: return number
    case .true, .false: return boolean
    case .null: return null
    case .object, .array: return container
    }
  }
}
