import TGridJSON
import TermGrid

/// What a card shows for one JSON value: a title and a few `key value` rows.
struct CardContent: Equatable {
  /// One row of a card.
  struct Row: Equatable {
    /// The member name or array index, if any.
    var key: String?
    /// The value's one-line preview.
    var value: String
    /// The value's kind, which picks its colour.
    var kind: JSONKind
  }

  /// The card's title (an object's name or title, else its key or index).
  var title: String
  /// The rows shown.
  var rows: [Row]
  /// Rows that did not fit.
  var hiddenRowCount: Int
  /// The kind of the value the card stands for.
  var kind: JSONKind
  /// When the title starts with the value's index in its array (`[3] · 2 items`), what
  /// follows the index: the index changes when values are inserted or removed before it,
  /// so the grid writes the title from the item's position (see ``titled(atPosition:)``).
  var positionalTitleSuffix: String?

  /// The most rows a card shows on a small screen; a taller one gives cards more
  /// (``GridPresentation/cardRowLimit(forScreenRows:)``).
  static let maximumRows = 6
  /// The narrowest and widest a card gets, in columns.
  static let widthRange = 16...48
  /// The widest a key column gets.
  static let maximumKeyWidth = 16

  /// What the title says after itself (a diff's ` · 3 changes`), kept when the title is
  /// written again for another position.
  var titleBadge = ""

  /// - Parameter rowMarker: what a row's key starts with (a diff's `~ `, `+ `, `→ `), by the
  ///   member or element it shows.
  init(
    node: JSONNode, in document: JSONDocument, previewDepth: Int = 0, labelField: String? = nil,
    maximumRows: Int = CardContent.maximumRows, rowMarker: (JSONNode) -> String? = { _ in nil }
  ) {
    kind = document.kind(of: node)
    let label = JSONPreview.label(of: node, in: document)
    let isElement = document.key(of: node) == nil && document.parent(of: node) != nil
    var rows: [Row] = []
    var hidden = 0
    switch kind {
    case .object:
      // A member is named by its key; a record (an element, the root) by its title member.
      let titleMember =
        document.key(of: node) == nil ? JSONPreview.titleMember(of: node, in: document, field: labelField) : nil
      title = titleMember.map { JSONPreview.inline($0, in: document) } ?? label
      if titleMember == nil, isElement { positionalTitleSuffix = "" }
      // A title from a title key (or the chosen field) is not repeated below it; a record
      // named by its first short string keeps that row, whose key says what the title is.
      let hiddenMember = titleMember.flatMap { member in
        labelField != nil || document.key(of: member).flatMap(JSONPreview.titleRank(of:)) != nil ? member : nil
      }
      for member in document.children(of: node) where member != hiddenMember {
        if rows.count == maximumRows {
          hidden += 1
          continue
        }
        rows.append(
          Row(
            key: document.key(of: member).map { (rowMarker(member) ?? "") + $0 },
            value: JSONPreview.inline(member, in: document, depth: previewDepth), kind: document.kind(of: member)))
      }
      if document.childCount(of: node) == 0 { rows.append(Row(key: nil, value: "{}", kind: .object)) }
    case .array:
      title = "\(label) · \(JSONPreview.countPhrase(node, in: document))"
      if isElement { positionalTitleSuffix = " · \(JSONPreview.countPhrase(node, in: document))" }
      for (index, element) in document.children(of: node).enumerated() {
        if rows.count == maximumRows {
          hidden = document.childCount(of: node) - index
          break
        }
        rows.append(
          Row(
            key: (rowMarker(element) ?? "") + String(index),
            value: JSONPreview.inline(element, in: document, depth: previewDepth), kind: document.kind(of: element)))
      }
      if rows.isEmpty { rows.append(Row(key: nil, value: "[]", kind: .array)) }
    default:
      title = label
      if isElement { positionalTitleSuffix = "" }
      rows.append(Row(key: nil, value: JSONPreview.inline(node, in: document, limit: 200), kind: kind))
    }
    self.rows = rows
    hiddenRowCount = hidden
  }

  /// The content with its title written for the value at `position` of its array.
  func titled(atPosition position: Int) -> CardContent {
    guard let suffix = positionalTitleSuffix else { return self }
    var copy = self
    copy.title = "[\(position)]" + suffix + titleBadge
    return copy
  }

  /// The width of the key column.
  var keyWidth: Int {
    min(Self.maximumKeyWidth, rows.map { $0.key.map { TextWidth.displayWidth(of: $0) } ?? 0 }.max() ?? 0)
  }

  /// The card's size in cells: borders, one column of padding each side, the rows.
  var size: CellSize {
    let keys = keyWidth
    var widest = TextWidth.displayWidth(of: title) + 4
    for row in rows {
      let value = TextWidth.displayWidth(of: row.value)
      widest = max(widest, (row.key == nil ? 0 : keys + 1) + value + 4)
    }
    let width = min(Self.widthRange.upperBound, max(Self.widthRange.lowerBound, widest))
    return CellSize(columns: width, rows: rows.count + 2)
  }
}
