import TermGridCore

/// A one-line text view: section headers, footers, simple cells.
///
/// The text is cut with `…` when it does not fit; control characters are drawn visibly.
open class LabelView: ReusableView {
  /// The text shown.
  public var text = ""
  /// The text style; `nil` uses ``role``'s style from the theme.
  public var style: Style?
  /// Which theme style applies when ``style`` is `nil`.
  public var role: Role = .header
  /// Where the text sits in the view's width.
  public var alignment: Alignment = .leading
  /// A character to fill the rest of the line with (for example `─` for a rule).
  public var fill: Character = " "

  /// The theme styles a label can take.
  public enum Role: Sendable {
    /// The theme's header style.
    case header
    /// The theme's footer style.
    case footer
    /// The theme's normal style.
    case normal
    /// The theme's dim style.
    case dim
    /// The theme's status-line style.
    case status
  }

  /// Horizontal placement of the text.
  public enum Alignment: Sendable {
    /// At the left.
    case leading
    /// In the middle.
    case center
    /// At the right.
    case trailing
  }

  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    text = ""
    style = nil
    fill = " "
  }

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let theme = context.theme
    let resolved: Style
    switch role {
    case .header: resolved = style ?? theme.header
    case .footer: resolved = style ?? theme.footer
    case .normal: resolved = style ?? theme.normal
    case .dim: resolved = style ?? theme.dim
    case .status: resolved = style ?? theme.status
    }
    for row in clip.row..<clip.maxRow {
      canvas.fill(CellRect(column: clip.column, row: row, columns: clip.columns, rows: 1), with: fill, style: resolved)
    }
    let shown = TextWidth.truncated(text, toWidth: region.columns)
    let width = TextWidth.displayWidth(of: shown)
    let column: Int
    switch alignment {
    case .leading: column = region.column
    case .center: column = region.column + (region.columns - width) / 2
    case .trailing: column = region.maxColumn - width
    }
    canvas.draw(shown, at: CellPoint(column: column, row: region.row), style: resolved, clip: clip)
  }
}
