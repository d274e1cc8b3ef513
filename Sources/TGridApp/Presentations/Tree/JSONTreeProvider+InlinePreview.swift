import TGridJSON
import TermGrid

/// The text of a collapsed object or array row, as jless shows it: the node's name, then
/// its content on one line in the columns the row has, cut with `…`:
///
/// ```
/// [0]: {Name: "chevrolet chevelle malibu", Miles_per_Gallon: 18, Cylinders: 8, …}
/// numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …]
/// ```
///
/// The name and the content are joined by `: ` as a scalar's row is (`Cylinders: 8`): the
/// content is the value. (With a space only, `[1] [3]`, the array holding 3 would read as
/// the tree's count notation for an array of three.)
///
/// Keys are bare, strings are written as JSON strings (an inner quote or backslash escaped,
/// so the closing quote is the last one; control characters stay data, drawn visibly by
/// the canvas), nested containers are `{…}` and `[…]` (`{}` and `[]` when empty). A
/// container is cut at a member when the next one does not fit (`, …` marks the rest), a
/// first member too long for the row is cut inside it (a string keeps its closing quote).
///
/// **Cost.** A preview reads its container's children one by one from the first and stops
/// when the row is full, after at most ``inlinePreviewChildLimit`` of them; a string, key
/// or number is escaped and measured only as far as the row could show it (a string is
/// still decoded whole, as for any label). A collapsed array of a million elements costs
/// what one of forty does. The layout asks for a row's text at each pass and the cell at
/// each frame, so previews are kept until the document changes (the presentation calls
/// ``forgetInlinePreviews()``): a row whose first member is a string of megabytes decodes
/// it once, not at every key.
///
/// **Stable widths.** The layout sizes a row by the text for the columns it has, and the
/// cell draws the text for the columns it was given; both are the same text, because the
/// text for a width is the text for its own width again (members are added in order while
/// they fit, and a member cut inside keeps the longest start that fits).
extension JSONTreeProvider {
  /// The most children one preview reads, however wide the row.
  static let inlinePreviewChildLimit = 40

  /// The fewest columns a member cut inside is shown in; below that the preview is `{…}`.
  static let inlinePreviewShortestCut = 4

  /// The text a collapsed node's row shows in at most `columns` columns (marker and badge
  /// aside): its name, `: ` and its preview (`[0]: {Name: "chevelle", …}`), or its name
  /// alone when no preview fits. Nil for a node shown without a preview: a scalar, a group
  /// (not a value), a hierarchy node (its label is its name and its children are named).
  /// A value with a diff's marks shows them (its label) rather than a preview.
  func inlinePreviewLabel(ofNode node: Int, fitting columns: Int) -> String? {
    if node >= 0, store.diff?.marks[NodeID(node)] != nil { return nil }
    let key = InlinePreviewKey(node: node, columns: columns)
    if let known = inlinePreviews[key] { return known }
    let made = makeInlinePreviewLabel(ofNode: node, fitting: columns)
    // A row's text is asked for at a few widths (the columns it has, then its own width; a
    // width at each frame while it grows): a screenful of rows never needs this many.
    if inlinePreviews.count >= Self.inlinePreviewsKept { inlinePreviews.removeAll(keepingCapacity: true) }
    inlinePreviews[key] = made
    return made
  }

  /// Previews made are forgotten: the document changed (an edit, undo, a filter, more of
  /// the file loaded).
  func forgetInlinePreviews() {
    inlinePreviews.removeAll()
    tableColumnCache.removeAll()
    tableRoles.removeAll()
  }

  /// A node and the columns its preview was made for.
  struct InlinePreviewKey: Hashable {
    var node: Int
    var columns: Int
  }

  /// The most previews kept at once.
  static let inlinePreviewsKept = 1_024

  private func makeInlinePreviewLabel(ofNode node: Int, fitting columns: Int) -> String? {
    guard let value = value(node), store.document.isContainer(value), !isHierarchyNode(value) else { return nil }
    let name = previewName(of: value)
    let room = columns - TextWidth.displayWidth(of: name) - 2
    guard let preview = inlinePreview(of: value, fitting: room) else { return name }
    return name + ": " + preview
  }

  /// A node's name as its row starts: `(root)`, its key, or `[index]` in an array.
  private func previewName(of value: JSONNode) -> String {
    let document = store.document
    if value == document.root { return "(root)" }
    if let key = document.key(of: value) { return key }
    return "[\(document.position(of: value) ?? 0)]"
  }

  /// The content of a container in at most `columns` columns, brackets included; nil when
  /// not even `{…}` fits.
  func inlinePreview(of container: JSONNode, fitting columns: Int) -> String? {
    let document = store.document
    let isObject = document.kind(of: container) == .object
    let (open, close) = isObject ? ("{", "}") : ("[", "]")
    let count = store.shownChildCount(of: container)
    if count == 0 { return columns >= 2 ? open + close : nil }
    guard columns >= 3 else { return nil }
    // Members are read until the row is full: `used` is the width of `{` and the members so
    // far with their separators; `fitting` counts the members that fit with `, …}` after them.
    var parts: [String] = []
    var used = 1
    var fitting = 0
    // A record's label leads (the chosen field, or its name), whatever its place: the
    // tree names records as the other views do.
    let lead =
      isObject && document.key(of: container) == nil && document.parent(of: container) != nil
      ? JSONPreview.titleMember(of: container, in: document, field: store.labelField) : nil
    let others = store.shownChildren(of: container).lazy.filter { $0 != lead }
    let ordered = AnySequence(
      lead.map { [$0] + others.prefix(Self.inlinePreviewChildLimit - 1) }
        ?? Array(others.prefix(Self.inlinePreviewChildLimit)))
    for child in ordered {
      guard parts.count < Self.inlinePreviewChildLimit else { break }
      let part = previewPart(child, isMember: isObject, columns: columns)
      used += (parts.isEmpty ? 0 : 2) + TextWidth.displayWidth(of: part)
      parts.append(part)
      if used + 4 <= columns { fitting = parts.count }
      if used + 1 > columns { break }
    }
    if parts.count == count, used + 1 <= columns {
      return open + parts.joined(separator: ", ") + close
    }
    let rest = ", …" + close
    if fitting > 0 { return open + parts.prefix(fitting).joined(separator: ", ") + rest }
    // Not even the first member fits whole: it is cut inside, in the room it leaves.
    let tail = count > 1 ? rest : close
    let room = columns - 1 - TextWidth.displayWidth(of: tail)
    guard room >= Self.inlinePreviewShortestCut, let first = lead ?? store.shownChild(at: 0, of: container) else {
      return open + "…" + close
    }
    let cut = previewPart(first, isMember: isObject, columns: columns, cutTo: room)
    // A member cut to almost nothing says less than `…` does.
    guard TextWidth.displayWidth(of: cut) >= Self.inlinePreviewShortestCut else { return open + "…" + close }
    return open + cut + tail
  }

  /// One member (`key: value`) or element of a preview, written out as far as `columns`
  /// could show it; cut to `cutTo` columns when given (a string keeps its closing quote).
  private func previewPart(_ child: JSONNode, isMember: Bool, columns: Int, cutTo room: Int? = nil) -> String {
    let document = store.document
    var key = ""
    if isMember {
      let name = document.key(of: child) ?? ""
      // Bare as jless writes keys, but an empty key would read as nothing at all.
      key = (name.isEmpty ? "\"\"" : Self.bounded(name, columns: columns)) + ": "
    }
    let value: String
    var string: String?
    switch document.kind(of: child) {
    case .string:
      string = Self.bounded(document.string(of: child) ?? "", columns: columns)
      value = JSONPreview.quoted(string ?? "")
    case .number: value = Self.bounded(document.numberText(of: child) ?? "?", columns: columns)
    case .true: value = "true"
    case .false: value = "false"
    case .null: value = "null"
    case .object: value = document.childCount(of: child) == 0 ? "{}" : "{…}"
    case .array: value = document.childCount(of: child) == 0 ? "[]" : "[…]"
    }
    guard let room else { return key + value }
    let keyWidth = TextWidth.displayWidth(of: key)
    if let string, room - keyWidth - 2 >= 1 {
      // Cut inside the quotes, so the string still ends with one.
      return key + "\"" + Self.quotedContent(of: string, cutTo: room - keyWidth - 2) + "\""
    }
    return TextWidth.truncated(key + value, toWidth: room)
  }

  /// What ``JSONPreview/quoted(_:)`` writes between the quotes, cut to `columns` with `…`
  /// (`text` is known not to fit): never between a backslash and what it escapes.
  private static func quotedContent(of text: String, cutTo columns: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let piece = character == "\"" || character == "\\" ? "\\" + String(character) : String(character)
      let width = TextWidth.displayWidth(of: piece)
      if used + width > columns - 1 { break }
      result += piece
      used += width
    }
    return result + "…"
  }

  /// `text`, or its first characters and `…` when it is longer than `columns` could ever
  /// show (so a megabyte string is not escaped and measured for a row of 80 columns).
  private static func bounded(_ text: String, columns: Int) -> String {
    // A character takes at least one column, but for the rare one of none: twice the
    // columns (and a few more) always overflow the row when the text goes on.
    let limit = 2 * max(0, columns) + 8
    var end = text.startIndex
    var taken = 0
    while end < text.endIndex, taken < limit {
      text.formIndex(after: &end)
      taken += 1
    }
    return end == text.endIndex ? text : text[..<end] + "…"
  }
}
