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
///   content.accessories = node.children.isEmpty ? [] : [.outlineDisclosure(isExpanded: node.isExpanded)]
///   cell.contentConfiguration = content
/// }
/// ```
public struct ListContentConfiguration: Hashable, Sendable {
  /// The main text.
  public var text: String?
  /// Text after the main text, drawn dim (``Theme/dim``, over the cell's state style).
  public var secondaryText: String?
  /// Columns of indentation before everything (an outline's level times its indent).
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
  /// `▸` or `▾` before the text: whether an outline item's children are shown.
  case outlineDisclosure(isExpanded: Bool)
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

  /// The characters drawn for it.
  public var symbol: String {
    switch self {
    case .outlineDisclosure(let isExpanded): return isExpanded ? "▾" : "▸"
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

  public required init() {
    super.init()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    contentConfiguration = ListContentConfiguration()
  }

  open override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    let content = contentConfiguration
    let trailing = content.accessories.filter { !$0.isLeading }.map(\.symbol).joined(separator: " ")
    let trailingWidth = TextWidth.displayWidth(of: trailing)
    let textEnd = trailing.isEmpty ? region.maxColumn : region.maxColumn - trailingWidth - 1
    let textClip = clip.intersection(
      CellRect(column: region.column, row: region.row, columns: max(0, textEnd - region.column), rows: 1))
    var column = region.column + content.indentation
    for accessory in content.accessories where accessory.isLeading {
      column =
        canvas.draw(accessory.symbol, at: CellPoint(column: column, row: region.row), style: style, clip: textClip) + 1
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
