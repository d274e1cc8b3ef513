import TermGridCore

/// What the common list cell shows: a line of text, secondary text after it, and
/// accessories at its edges; UIKit's `UIListContentConfiguration` with the list cell's
/// accessories, for a terminal row.
///
/// Set it on a ``ListCell`` (``ListCell/contentConfiguration``), usually in a
/// registration's handler:
///
/// ```swift
/// let registration = CellRegistration<ListCell, Node> { cell, _, node in
///   var content = ListContentConfiguration.cell()
///   content.text = node.name
///   content.secondaryText = "\(node.children.count)"
///   content.accessories = node.children.isEmpty ? [] : [.outlineDisclosure()]
///   cell.contentConfiguration = content
/// }
/// ```
///
/// In a section shown from a `SectionSnapshot`, the disclosure follows the item's expanded
/// state (``Cell/isExpanded``) and the content is indented by its level
/// (``Cell/indentationLevel`` times ``ListCell/indentationWidth``): nothing to set, and
/// nothing to reload when an item expands or collapses.
public struct ListContentConfiguration: Hashable, Sendable {
  /// The main text.
  public var text: String?
  /// Text after the main text, drawn dim (``Theme/dim``, over the cell's state style).
  public var secondaryText: String?
  /// Columns of indentation before everything, added to the cell's outline indentation
  /// (``Cell/indentationLevel`` times ``ListCell/indentationWidth``).
  public var indentation = 0
  /// Marks drawn before the text (an outline's disclosure triangle) or at the right edge
  /// (a disclosure indicator, a checkmark), in order.
  public var accessories: [ListCellAccessory] = []

  /// An empty configuration for a list cell.
  public init() {}

  /// The configuration for a list's common cell (UIKit's `.cell()`): empty, to fill in.
  public static func cell() -> ListContentConfiguration { ListContentConfiguration() }
}

/// A mark a list cell draws beside its content: UIKit's `UICellAccessory`.
public enum ListCellAccessory: Hashable, Sendable {
  /// `▸` or `▾` before the text: whether an outline item's children are shown. With
  /// `isExpanded` `nil` (UIKit's `.outlineDisclosure()`), the cell's own state decides
  /// (``Cell/isExpanded``, set from the section snapshot); a click on it, or Right and
  /// Left on the focused item, expand and collapse the item through the diffable data
  /// source's section snapshot handlers.
  case outlineDisclosure(isExpanded: Bool? = nil)
  /// `›` at the right edge: choosing the item shows more.
  case disclosureIndicator
  /// `✓` at the right edge: the item is chosen.
  case checkmark
  /// A short text at the right edge (a count, a shortcut).
  case label(String)

  /// Whether it is drawn before the text rather than at the right edge.
  public var isLeading: Bool {
    if case .outlineDisclosure = self { return true }
    return false
  }

  /// The characters drawn for it, for an item that is expanded or not.
  public func symbol(expanded: Bool = false) -> String {
    switch self {
    case .outlineDisclosure(let isExpanded): return (isExpanded ?? expanded) ? "▾" : "▸"
    case .disclosureIndicator: return "›"
    case .checkmark: return "✓"
    case .label(let text): return text
    }
  }
}

/// A cell that shows a ``ListContentConfiguration``: UIKit's `UICollectionViewListCell`.
///
/// One row: indentation, leading accessories, the text, the secondary text (dim), and the
/// trailing accessories against the right edge. Text that does not fit is cut at the
/// trailing accessories, which stay visible.
open class ListCell: Cell {
  /// What the cell shows.
  public var contentConfiguration = ListContentConfiguration()
  /// Columns of indentation per outline level (``Cell/indentationLevel``): UIKit's
  /// `indentationWidth`.
  public var indentationWidth = 2

  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    contentConfiguration = ListContentConfiguration()
  }

  /// Columns before the leading accessories: the configuration's indentation and the
  /// outline level's.
  public var leadingIndentation: Int {
    contentConfiguration.indentation + indentationLevel * indentationWidth
  }

  /// Whether a column of the cell (counted from its left edge) is on its outline
  /// disclosure: a click there expands or collapses the item instead of selecting it.
  public func isOutlineDisclosure(atColumn column: Int) -> Bool {
    let leading = contentConfiguration.accessories.filter(\.isLeading)
    guard let index = leading.firstIndex(where: { if case .outlineDisclosure = $0 { true } else { false } }) else {
      return false
    }
    var start = leadingIndentation
    for accessory in leading[..<index] { start += TextWidth.displayWidth(of: accessory.symbol()) + 1 }
    // The mark and the space after it, as a finger's target is wider than the glyph.
    return column >= start && column <= start + 1
  }

  open override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    let content = contentConfiguration
    let trailing = content.accessories.filter { !$0.isLeading }.map { $0.symbol() }.joined(separator: " ")
    let trailingWidth = TextWidth.displayWidth(of: trailing)
    let textEnd = trailing.isEmpty ? region.maxColumn : region.maxColumn - trailingWidth - 1
    let textClip = clip.intersection(
      CellRect(column: region.column, row: region.row, columns: max(0, textEnd - region.column), rows: 1))
    var column = region.column + leadingIndentation
    for accessory in content.accessories where accessory.isLeading {
      let symbol = accessory.symbol(expanded: isExpanded)
      column = canvas.draw(symbol, at: CellPoint(column: column, row: region.row), style: style, clip: textClip) + 1
    }
    if let text = content.text {
      column = canvas.draw(text, at: CellPoint(column: column, row: region.row), style: style, clip: textClip)
    }
    if let secondary = content.secondaryText, !secondary.isEmpty {
      let dim = style.adding(context.theme.dim.attributes)
      canvas.draw(secondary, at: CellPoint(column: column + 1, row: region.row), style: dim, clip: textClip)
    }
    if !trailing.isEmpty {
      canvas.draw(
        trailing, at: CellPoint(column: region.maxColumn - trailingWidth, row: region.row), style: style, clip: clip)
    }
  }
}
