/// Editing: replace, remove and insert values, and revert edits.
///
/// ## How edits work
///
/// The document never re-parses its text for an edit. It keeps a *piece table*: the
/// current text is a list of stretches of the original bytes (never modified, possibly
/// memory-mapped) and of an append-only buffer holding the text that edits wrote. An edit
///
/// 1. validates the new value's text (parsing only that text),
/// 2. writes the new text (in the document's detected ``formatStyle``) to the buffer and
///    replaces one stretch of the piece list, so every untouched byte stays the same and an
///    unedited document saves byte for byte,
/// 3. splices the new value's tape words into the tape in place of the old ones. Tape words
///    point at physical bytes (original or buffer), which never move, and containers store
///    relative subtree sizes, so only the ancestors' info words change; the tail of the
///    tape just moves (one `memmove`).
///
/// Each edit returns a ``JSONEdit`` holding the splice that undoes it, so undo and redo
/// restore the exact previous text and tape. Node indices after the edit point shift; map
/// them with ``JSONEdit/updatedNode(_:)``.
extension JSONDocument {
  /// Replaces a value (keeping its key) with the JSON value in `text`.
  ///
  /// A scalar is written exactly as given; an array or object is laid out in the document's
  /// style at the value's indentation (on one line if the value it replaces, or its
  /// siblings, are on one line).
  @discardableResult
  public mutating func replace(_ node: JSONNode, withJSON text: String) throws(JSONEditError) -> JSONEdit {
    try checkEditable(node)
    let value = try JSONDocument.validatedValue(text)
    let index = node.index
    guard let parent = storage.parentIndex(of: index) else { throw .invalidNode(node) }
    let position = storage.position(ofChild: index, in: parent)
    let memberStart = storage.logicalMemberStart(of: index)
    let valueStart = storage.logicalStart(of: index)
    let valueEnd = storage.logicalEnd(of: index)

    var layout = childLayout(of: parent)
    // A container that spans lines keeps spanning lines (JSON Lines records never do).
    if storage.isContainer(index) && storage.childCount(index) > 0 && !(parent == 0 && storage.isLines) {
      layout.isMultiLine = storage.text(inLogical: valueStart..<valueEnd).contains(0x0A)
    }
    let indentation = leadingIndentation(at: memberStart) ?? lineIndentation(before: memberStart)
    let keyPrefix = storage.text(inLogical: memberStart..<valueStart)
    let valueText = value.laidOut(layout, indentation: indentation)
    let chunk = keyPrefix + valueText
    let physical = storage.appendAdded(chunk)
    let (words, longKeys) = JSONDocument.fragment(
      valueText, at: physical + UInt64(keyPrefix.count),
      keyOffset: storage.keyOffset(of: index) == nil ? nil : physical,
      keyEscaped: TapeWord.isKeyEscaped(storage.word(index)))
    let splice = TapeSplice(
      start: index, removedCount: storage.subtreeEnd(index) - index, insertedWords: words,
      insertedLongKeys: longKeys, parent: parent, childCountDelta: 0,
      pieces: storage.piecesReplacing(memberStart..<valueEnd, withPhysical: physical, length: chunk.count))
    return commit(splice, kind: .replaced, parent: parent, position: position)
  }

  /// Renames an object member: only the key's text changes; the value keeps every byte
  /// (and so do the spaces around the colon).
  @discardableResult
  public mutating func renameKey(of node: JSONNode, to key: String) throws(JSONEditError) -> JSONEdit {
    try checkEditable(node)
    let index = node.index
    guard let parent = storage.parentIndex(of: index) else { throw .invalidNode(node) }
    guard storage.keyOffset(of: index) != nil, let oldToken = rawKeyText(of: node) else { throw .keyNotAllowed }
    let position = storage.position(ofChild: index, in: parent)
    let memberStart = storage.logicalMemberStart(of: index)
    let valueStart = storage.logicalStart(of: index)
    let valueEnd = storage.logicalEnd(of: index)
    let keyPrefix = storage.text(inLogical: memberStart..<valueStart)
    let newToken = Array(JSONStringEncoder.quoted(key).utf8)
    let afterKey = Array(keyPrefix.dropFirst(oldToken.utf8.count))
    let valueText = storage.text(inLogical: valueStart..<valueEnd)
    let chunk = newToken + afterKey + valueText
    let physical = storage.appendAdded(chunk)
    let (words, longKeys) = JSONDocument.fragment(
      valueText, at: physical + UInt64(newToken.count + afterKey.count), keyOffset: physical,
      keyEscaped: newToken.contains(0x5C))
    let splice = TapeSplice(
      start: index, removedCount: storage.subtreeEnd(index) - index, insertedWords: words,
      insertedLongKeys: longKeys, parent: parent, childCountDelta: 0,
      pieces: storage.piecesReplacing(memberStart..<valueEnd, withPhysical: physical, length: chunk.count))
    return commit(splice, kind: .replaced, parent: parent, position: position)
  }

  /// Removes an array element or object member (with its comma; an only child leaves
  /// `[]` or `{}`), or a JSON Lines record (with its line break).
  @discardableResult
  public mutating func remove(_ node: JSONNode) throws(JSONEditError) -> JSONEdit {
    try checkEditable(node)
    let index = node.index
    guard let parent = storage.parentIndex(of: index) else { throw .invalidNode(node) }
    if parent == 0 && !storage.isLines { throw .cannotRemoveRoot }
    let position = storage.position(ofChild: index, in: parent)
    let count = storage.childCount(parent)
    let range: Range<Int>
    if count == 1 {
      range =
        parent == 0
        ? storage.logicalStart(of: index)..<storage.logicalEnd(of: index)
        : (storage.logicalStart(of: parent) + 1)..<storage.logicalCloseOffset(ofContainer: parent)
    } else if position == 0 {
      range = storage.logicalMemberStart(of: index)..<storage.logicalMemberStart(of: storage.subtreeEnd(index))
    } else {
      let previous = storage.childIndex(at: position - 1, in: parent)
      range = storage.logicalEnd(of: previous)..<storage.logicalEnd(of: index)
    }
    let splice = TapeSplice(
      start: index, removedCount: storage.subtreeEnd(index) - index, insertedWords: [],
      insertedLongKeys: [:], parent: parent, childCountDelta: -1,
      pieces: storage.piecesReplacing(range, withPhysical: 0, length: 0))
    return commit(splice, kind: .removed, parent: parent, position: position)
  }

  /// Inserts the JSON value in `text` as a child of a container, at `position` (from 0 to
  /// the child count), laid out like its siblings.
  ///
  /// - Parameters:
  ///   - key: The member's key for an object; nil for an array or the JSON Lines list.
  ///   - verbatim: Write an array or object exactly as given (its own whitespace, from its
  ///     first to its last byte) instead of laying it out like its siblings: for a value
  ///     that moves or is renamed and must keep its bytes. (A JSON Lines record is always
  ///     laid out on one line.)
  @discardableResult
  public mutating func insert(
    json text: String, forKey key: String? = nil, at position: Int, in container: JSONNode, verbatim: Bool = false
  ) throws(JSONEditError) -> JSONEdit {
    try checkEditable(container)
    let parent = container.index
    guard storage.isContainer(parent) else { throw .notAContainer(container) }
    let isObject = TapeWord.kind(storage.word(parent)) == TapeWord.object
    if isObject && key == nil { throw .keyRequired }
    if !isObject && key != nil { throw .keyNotAllowed }
    let count = storage.childCount(parent)
    guard position >= 0 && position <= count else {
      throw .positionOutOfRange(position: position, childCount: count)
    }
    let value = try JSONDocument.validatedValue(text)
    let layout = childLayout(of: parent)
    let style = formatStyle

    var keyText: [UInt8] = []
    if let key {
      keyText = Array(JSONStringEncoder.quoted(key).utf8) + [0x3A]
      if layout.isMultiLine ? style.spaceAfterColon : layout.spaceAfterColon { keyText.append(0x20) }
    }
    let lineBreak = Array(style.lineBreak.utf8)
    var prefix: [UInt8] = []
    var suffix: [UInt8] = []
    var range: Range<Int>
    let insertionIndex: Int
    if parent == 0 {
      // A JSON Lines record: its own line.
      if position < count {
        let next = storage.childIndex(at: position, in: parent)
        range = storage.logicalStart(of: next)..<storage.logicalStart(of: next)
        suffix = lineBreak
        insertionIndex = next
      } else {
        let end =
          count > 0 ? storage.logicalEnd(of: storage.childIndex(at: count - 1, in: parent)) : storage.logicalCount
        range = end..<end
        if end > 0 { prefix = lineBreak } else { suffix = lineBreak }
        insertionIndex = storage.subtreeEnd(parent)
      }
    } else if count == 0 {
      let open = storage.logicalStart(of: parent)
      range = (open + 1)..<storage.logicalCloseOffset(ofContainer: parent)
      if layout.isMultiLine {
        prefix = lineBreak + layout.indentation
        suffix = lineBreak + lineIndentation(before: open)
      }
      insertionIndex = storage.firstChild(parent)
    } else if position == 0 {
      let first = storage.firstChild(parent)
      let start = storage.logicalMemberStart(of: first)
      range = start..<start
      suffix = [0x2C] + layout.separator
      insertionIndex = first
    } else {
      let previous = storage.childIndex(at: position - 1, in: parent)
      let end = storage.logicalEnd(of: previous)
      range = end..<end
      prefix = [0x2C] + layout.separator
      insertionIndex = storage.subtreeEnd(previous)
    }

    // A JSON Lines record must stay on its line, whatever its own whitespace.
    let keepsBytes = verbatim && !(parent == 0 && storage.isLines)
    let valueText = keepsBytes ? value.rawBytes(of: value.root) : value.laidOut(layout, indentation: layout.indentation)
    let chunk = prefix + keyText + valueText + suffix
    let physical = storage.appendAdded(chunk)
    let (words, longKeys) = JSONDocument.fragment(
      valueText, at: physical + UInt64(prefix.count + keyText.count),
      keyOffset: key == nil ? nil : physical + UInt64(prefix.count),
      keyEscaped: keyText.contains(0x5C))
    let splice = TapeSplice(
      start: insertionIndex, removedCount: 0, insertedWords: words, insertedLongKeys: longKeys,
      parent: parent, childCountDelta: 1,
      pieces: storage.piecesReplacing(range, withPhysical: physical, length: chunk.count))
    return commit(splice, kind: .inserted, parent: parent, position: position)
  }

  /// Appends a child at the end of a container (see ``insert(json:forKey:at:in:)``).
  @discardableResult
  public mutating func append(json text: String, forKey key: String? = nil, to container: JSONNode)
    throws(JSONEditError) -> JSONEdit
  {
    try insert(json: text, forKey: key, at: childCount(of: container), in: container)
  }

  /// Appends records at the end of a JSON Lines document, as one edit: each of `lines` is
  /// one JSON value on a line of its own (no line break in it), written exactly as given.
  ///
  /// The lines are parsed together, once, and their tape words spliced in after the last
  /// record: a follower that appends a thousand records pays for one edit, not a thousand.
  /// - Throws: ``JSONEditError/notAContainer(_:)`` when the document is not JSON Lines,
  ///   ``JSONEditError/invalidValue(_:)`` when a line is not exactly one JSON value.
  @discardableResult
  public mutating func appendRecords(_ lines: [[UInt8]]) throws(JSONEditError) -> JSONEdit {
    if storage.isPartial { throw .partialDocument }
    guard storage.isLines else { throw .notAContainer(root) }
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let lineBreak = Array(formatStyle.lineBreak.utf8)
    var text: [UInt8] = []
    text.reserveCapacity(lines.reduce(0) { $0 + $1.count + lineBreak.count })
    for (index, line) in lines.enumerated() {
      if index > 0 { text += lineBreak }
      text += line
    }
    let value: JSONDocument
    do {
      value = try JSONDocument(parsing: text, options: JSONParseOptions(mode: .lines))
    } catch {
      throw .invalidValue(error)
    }
    let added = value.storage
    guard added.childCount(0) == lines.count else {
      throw .positionOutOfRange(position: added.childCount(0), childCount: lines.count)
    }
    let count = storage.childCount(0)
    let end = count > 0 ? storage.logicalEnd(of: storage.childIndex(at: count - 1, in: 0)) : storage.logicalCount
    let prefix = end > 0 ? lineBreak : []
    let physical = storage.appendAdded(prefix + text)
    let shift = physical + UInt64(prefix.count)
    let first = added.firstChild(0)
    var words = added.wordArray(from: first, count: added.subtreeEnd(0) - first)
    var longKeys: [UInt32: UInt64] = [:]
    var index = 0
    while index < words.count {
      let word = words[index]
      words[index] = TapeWord.replacingPayload(word, with: TapeWord.payload(word) + shift)
      if let offset = added.longKeyOffsets[UInt32(first + index)] { longKeys[UInt32(index)] = offset + shift }
      index += TapeWord.isContainer(word) ? 2 : 1
    }
    let splice = TapeSplice(
      start: storage.subtreeEnd(0), removedCount: 0, insertedWords: words, insertedLongKeys: longKeys,
      parent: 0, childCountDelta: lines.count,
      pieces: storage.piecesReplacing(end..<end, withPhysical: physical, length: prefix.count + text.count))
    return commit(splice, kind: .inserted, parent: 0, position: count)
  }

  /// Removes the first `count` records of a JSON Lines document, as one edit (a follower
  /// that keeps only the newest records).
  ///
  /// Memory stays bounded by the records kept: once the text no record reaches any more
  /// (at the front of the buffer edits and arrivals write to) is half of that buffer and
  /// over a megabyte, the buffer is compacted (see ``editBufferByteCount``). Every node, the
  /// text and the undo of other edits stay valid; but the returned edit can then no longer
  /// be reverted (``canRevert(_:)`` is false): the text it would put back is gone.
  @discardableResult
  public mutating func removeFirstRecords(_ count: Int) throws(JSONEditError) -> JSONEdit {
    if storage.isPartial { throw .partialDocument }
    guard storage.isLines else { throw .notAContainer(root) }
    let total = storage.childCount(0)
    guard count > 0, count < total else { throw .positionOutOfRange(position: count, childCount: total) }
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let first = storage.childIndex(at: 0, in: 0)
    let kept = storage.childIndex(at: count, in: 0)
    let range = storage.logicalStart(of: first)..<storage.logicalStart(of: kept)
    let splice = TapeSplice(
      start: first, removedCount: kept - first, insertedWords: [], insertedLongKeys: [:], parent: 0,
      childCountDelta: -count, pieces: storage.piecesReplacing(range, withPhysical: 0, length: 0))
    let edit = commit(splice, kind: .removed, parent: 0, position: 0)
    storage.compactEditBuffer(minimumFreedBytes: storage.editBufferCompactionMinimum)
    return edit
  }

  /// Undoes an edit; the document must be exactly as that edit left it (undo in reverse
  /// order), with the text it puts back still held (``canRevert(_:)``). Returns the edit
  /// that redoes it, which can itself be reverted.
  @discardableResult
  public mutating func revert(_ edit: JSONEdit) -> JSONEdit {
    precondition(
      storage.stamp == edit.stamp,
      "revert(_:) needs the document exactly as the edit left it: revert edits in reverse order")
    let kind: JSONEdit.Kind =
      switch edit.kind {
      case .replaced: .replaced
      case .removed: .inserted
      case .inserted: .removed
      }
    // Reverting returns to the earlier state, stamp included, so its redo can be reverted.
    return commit(edit.undo, kind: kind, parent: edit.parent.index, position: edit.position, stamp: edit.stampBefore)
  }

  // MARK: - Steps

  mutating func commit(
    _ splice: TapeSplice, kind: JSONEdit.Kind, parent: Int, position: Int, stamp: UInt64? = nil
  ) -> JSONEdit {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let undo = storage.apply(splice)
    let before = storage.stamp
    storage.stamp = stamp ?? JSONEdit.nextStamp()
    return JSONEdit(
      kind: kind, parent: JSONNode(index: parent), position: position,
      node: kind == .removed ? nil : JSONNode(index: splice.start),
      start: splice.start, removedCount: splice.removedCount, insertedCount: splice.insertedWords.count,
      undo: undo, stampBefore: before, stamp: storage.stamp)
  }

  private mutating func checkEditable(_ node: JSONNode) throws(JSONEditError) {
    if storage.isPartial { throw .partialDocument }
    guard contains(node) else { throw .invalidNode(node) }
    // Edits append to the shared buffer: make it ours first.
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
  }

  /// How the children of a container are laid out, for writing a new one like them.
  struct ChildLayout {
    /// Whether containers among the children span several lines.
    var isMultiLine: Bool
    /// The indentation of a child's line.
    var indentation: [UInt8]
    /// The whitespace after a comma between children.
    var separator: [UInt8]
    /// Whether a space follows a key's colon on one line.
    var spaceAfterColon: Bool
    var spaceAfterComma: Bool
    /// One level of indentation.
    var unit: [UInt8]
    var lineBreak: [UInt8]
  }

  private func childLayout(of parent: Int) -> ChildLayout {
    let style = formatStyle
    let unit = Array((style.isMultiLine ? style.indentation : .spaces(2)).unit.utf8)
    let lineBreak = Array(style.lineBreak.utf8)
    var layout = ChildLayout(
      isMultiLine: style.isMultiLine, indentation: [], separator: [], spaceAfterColon: style.spaceAfterColon,
      spaceAfterComma: style.spaceAfterComma, unit: unit, lineBreak: lineBreak)
    if parent == 0 {
      layout.isMultiLine = storage.isLines ? false : style.isMultiLine
      layout.indentation = storage.isLines ? [] : leadingIndentation(at: storage.logicalStart(of: root.index)) ?? []
      return layout
    }
    let count = storage.childCount(parent)
    let open = storage.logicalStart(of: parent)
    guard count > 0 else {
      layout.indentation = lineIndentation(before: open) + unit
      layout.separator = style.isMultiLine ? lineBreak + layout.indentation : (style.spaceAfterComma ? [0x20] : [])
      return layout
    }
    let first = storage.firstChild(parent)
    let firstStart = storage.logicalMemberStart(of: first)
    let ownLines = leadingIndentation(at: firstStart)
    layout.indentation = ownLines ?? lineIndentation(before: open) + unit
    if count >= 2 {
      let between = storage.text(
        inLogical: storage.logicalEnd(of: first)..<storage.logicalMemberStart(of: storage.subtreeEnd(first)))
      if let comma = between.firstIndex(of: 0x2C) { layout.separator = Array(between[(comma + 1)...]) }
    } else {
      // An only child shows the separator when it sits on its own line; on one line, the
      // space after a bracket says nothing about the space after a comma: the document's
      // style does.
      let leading = storage.text(inLogical: (open + 1)..<firstStart)
      layout.separator = leading.contains(0x0A) ? leading : (style.spaceAfterComma ? [0x20] : [])
    }
    // Siblings that are containers show whether values span lines here.
    var child = first
    layout.isMultiLine = ownLines != nil && style.isMultiLine
    for _ in 0..<min(count, 8) {
      if storage.isContainer(child) && storage.childCount(child) > 0 {
        layout.isMultiLine = storage.text(inLogical: storage.logicalStart(of: child)..<storage.logicalEnd(of: child))
          .contains(0x0A)
        break
      }
      child = storage.subtreeEnd(child)
    }
    return layout
  }

  /// Parses `text` as exactly one JSON value.
  private static func validatedValue(_ text: String) throws(JSONEditError) -> JSONDocument {
    do {
      return try JSONDocument(parsing: text, options: JSONParseOptions(mode: .json))
    } catch {
      throw .invalidValue(error)
    }
  }

  /// The value's text for insertion: a scalar exactly as written, a container laid out.
  private func laidOut(_ layout: ChildLayout, indentation: [UInt8]) -> [UInt8] {
    guard storage.isContainer(root.index) else { return rawBytes(of: root) }
    let unit = String(decoding: layout.unit, as: UTF8.self)
    let style = JSONFormatStyle(
      indentation: layout.isMultiLine ? (unit.first == "\t" ? .tabs : .spaces(unit.count)) : .none,
      lineBreak: String(decoding: layout.lineBreak, as: UTF8.self),
      spaceAfterColon: layout.spaceAfterColon, spaceAfterComma: layout.spaceAfterComma)
    return formattedBytes(of: root, style: style, indentation: indentation)
  }

  /// Tape words for a value whose text (valid JSON, no surrounding whitespace) will sit at
  /// physical offset `physical`, with its key (if any) at `keyOffset`.
  private static func fragment(
    _ text: [UInt8], at physical: UInt64, keyOffset: UInt64?, keyEscaped: Bool
  ) -> ([UInt64], [UInt32: UInt64]) {
    guard let value = try? JSONDocument(parsing: text, options: JSONParseOptions(mode: .json)) else {
      preconditionFailure("a laid-out JSON value must parse again")
    }
    let storage = value.storage
    let start = value.root.index
    let end = storage.subtreeEnd(start)
    var words = storage.wordArray(from: start, count: end - start)
    var longKeys: [UInt32: UInt64] = [:]
    var index = 0
    while index < words.count {
      let word = words[index]
      words[index] = TapeWord.replacingPayload(word, with: TapeWord.payload(word) + physical)
      if let offset = storage.longKeyOffsets[UInt32(start + index)] { longKeys[UInt32(index)] = offset + physical }
      index += TapeWord.isContainer(word) ? 2 : 1
    }
    var delta: UInt64 = 0
    if let keyOffset {
      delta = physical - keyOffset
      if delta >= TapeWord.longKeyDelta {
        longKeys[0] = keyOffset
        delta = TapeWord.longKeyDelta
      }
    }
    let rootWord = words[0]
    words[0] = TapeWord.make(
      kind: TapeWord.kind(rootWord), keyEscaped: keyOffset != nil && keyEscaped, keyDelta: delta,
      payload: TapeWord.payload(rootWord))
    return (words, longKeys)
  }
}
