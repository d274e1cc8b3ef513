import TGridJSON

/// Short, one-line descriptions of JSON values for cards, headers and the status line.
///
/// Everything returned is plain text; control characters inside strings are made visible
/// by the canvas when drawn (and by ``TextWidth`` when measured).
enum JSONPreview {
  /// Member names that make a good title for an object, in order of preference, in any
  /// case (`Name`, `TITLE`); after them, a key ending in "name" (`displayName`, `full_name`).
  static let titleKeys = ["name", "title", "label", "id", "key", "file", "caption", "type"]

  /// How many members are looked at for a title: a title comes first in a record, and an
  /// object of a million keys must not be walked for a label.
  static let titleSearchLimit = 256

  /// The member holding an object's title, if it has one that is a short scalar: the
  /// member named `field` when one is chosen (`--label`, `L`; exact, then in any case),
  /// else the best of ``titleKeys``, else (for an array's element) its first short string.
  /// One pass over its first ``titleSearchLimit`` members, whatever the object's size.
  static func titleMember(of node: JSONNode, in document: JSONDocument, field: String? = nil) -> JSONNode? {
    guard document.kind(of: node) == .object else { return nil }
    if let field {
      let lowered = field.lowercased()
      var inAnyCase: JSONNode?
      for member in document.children(of: node).prefix(titleSearchLimit) {
        guard let key = document.key(of: member), isTitleKind(member, in: document) else { continue }
        if key == field { return member }
        if inAnyCase == nil, key.lowercased() == lowered { inAnyCase = member }
      }
      return inAnyCase
    }
    var best: (rank: Int, member: JSONNode)?
    var firstShortString: JSONNode?
    for member in document.children(of: node).prefix(titleSearchLimit) {
      guard isTitleKind(member, in: document), let key = document.key(of: member) else { continue }
      if firstShortString == nil, document.kind(of: member) == .string,
        let text = document.string(of: member), !text.isEmpty, text.utf8.count <= shortStringLength
      {
        firstShortString = member
      }
      guard let rank = titleRank(of: key) else { continue }
      if best.map({ rank < $0.rank }) ?? true {
        best = (rank, member)
        if rank == 0 { break }
      }
    }
    // Only a record (an element of an array) is named by any short string it holds.
    guard best == nil, document.key(of: node) == nil, document.parent(of: node) != nil else { return best?.member }
    return firstShortString
  }

  /// The longest string (in bytes) that titles a record for want of a title key.
  static let shortStringLength = 40

  private static func isTitleKind(_ member: JSONNode, in document: JSONDocument) -> Bool {
    switch document.kind(of: member) {
    case .string, .number: return true
    default: return false
    }
  }

  /// Where a key stands among title keys (0 best), or nil when it is not one.
  static func titleRank(of key: String) -> Int? {
    guard key.utf8.count <= 32 else { return nil }
    let lowered = key.lowercased()
    if let index = titleKeys.firstIndex(of: lowered) { return index }
    if lowered.count > 4, lowered.hasSuffix("name") { return titleKeys.count }
    return nil
  }

  /// A string between quotes as JSON writes it where quotes matter: an inner quote or
  /// backslash escaped (`"chevy \"malibu\""`), so the quotes that end it are the last ones.
  /// Other characters stay as they are (control characters are drawn visibly anyway).
  static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.append(character)
      }
    }
    return result + "\""
  }

  /// The label of a node as seen from its parent: its key, or `[index]` in an array.
  static func label(of node: JSONNode, in document: JSONDocument) -> String {
    if let key = document.key(of: node) { return key }
    if let position = document.position(of: node) { return "[\(position)]" }
    return "(root)"
  }

  /// A one-line preview of a value, at most `limit` characters of source consulted.
  /// `depth` more levels of nested objects and arrays are written out (`{a: 1, b: [2]}`)
  /// instead of counted, as far as the limit allows.
  static func inline(_ node: JSONNode, in document: JSONDocument, limit: Int = 60, depth: Int) -> String {
    guard depth > 0, document.isContainer(node), document.childCount(of: node) > 0 else {
      return inline(node, in: document, limit: limit)
    }
    let isObject = document.kind(of: node) == .object
    var parts: [String] = []
    var length = 2
    let count = document.childCount(of: node)
    for child in document.children(of: node) {
      let value = inline(child, in: document, limit: limit, depth: depth - 1)
      let part = isObject ? "\(document.key(of: child) ?? ""): \(value)" : value
      length += part.count + 2
      if length > limit {
        // The first part is shown even when it is long (the drawing cuts it): `[1] …` says
        // nothing of the one element it stands for.
        if parts.isEmpty { parts.append(part) }
        if parts.count < count { parts.append("…") }
        break
      }
      parts.append(part)
    }
    return (isObject ? "{" : "[") + parts.joined(separator: ", ") + (isObject ? "}" : "]")
  }

  /// A one-line preview of a value, at most `limit` characters of source consulted.
  static func inline(_ node: JSONNode, in document: JSONDocument, limit: Int = 60, labelField: String? = nil) -> String
  {
    switch document.kind(of: node) {
    case .string:
      return String((document.string(of: node) ?? "").prefix(limit))
    case .number:
      return document.numberText(of: node) ?? "?"
    case .true: return "true"
    case .false: return "false"
    case .null: return "null"
    case .array:
      let count = document.childCount(of: node)
      if count == 0 { return "[]" }
      // Short arrays of scalars read better inline: [waterfall, morning].
      var parts: [String] = []
      var length = 2
      for child in document.children(of: node) {
        guard !document.kind(of: child).isContainer else { return count == 1 ? "[1 item]" : "[\(count) items]" }
        let part = inline(child, in: document, limit: limit)
        length += part.count + 2
        if length > limit { return count == 1 ? "[1 item]" : "[\(count) items]" }
        parts.append(part)
      }
      return "[" + parts.joined(separator: ", ") + "]"
    case .object:
      let count = document.childCount(of: node)
      if count == 0 { return "{}" }
      if let title = titleMember(of: node, in: document, field: labelField) {
        return "{" + inline(title, in: document, limit: limit) + "}"
      }
      return count == 1 ? "{1 key}" : "{\(count) keys}"
    }
  }

  /// A count phrase for a container: `7 items`, `3 keys`, `2,000 items`.
  static func countPhrase(_ node: JSONNode, in document: JSONDocument) -> String {
    countPhrase(document.childCount(of: node), of: document.kind(of: node))
  }

  /// `count` children of a container of `kind`: items of an array, keys of an object.
  static func countPhrase(_ count: Int, of kind: JSONKind) -> String {
    switch kind {
    case .array: return count == 1 ? "1 item" : "\(grouped(count)) items"
    case .object: return count == 1 ? "1 key" : "\(grouped(count)) keys"
    default: return ""
    }
  }

  /// A size in bytes as the status line says it (`512 B`, `3 KiB`, `12 MiB`).
  static func byteCount(_ count: Int) -> String {
    if count < 1024 { return "\(count) B" }
    if count < 1024 * 1024 { return "\(count / 1024) KiB" }
    return "\(count / (1024 * 1024)) MiB"
  }

  /// A count with thousands separated: `241,798`.
  static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return count < 0 ? "-" + result : result
  }
}
