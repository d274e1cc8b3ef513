extension JSONDocument {
  /// The layout of the text, detected from its first lines: indentation (spaces or tabs,
  /// and how many), line breaks (`\n` or `\r\n`) and spacing around `:` and `,`. A text
  /// that shows no indentation (a scalar, `[]`) gets ``JSONFormatStyle/twoSpaces`` with
  /// its line break; a minified one gets `.none`.
  ///
  /// Detected once, when first asked for, and kept across edits (which follow it): every
  /// insertion asks for it, and detecting it walks the first values of a text whose
  /// pieces multiply with the edits (2,000 values duplicated at once took minutes).
  public var formatStyle: JSONFormatStyle {
    if let known = storage.caches.withLock({ $0.formatStyle }) { return known }
    let style = detectedFormatStyle
    storage.caches.withLock { $0.formatStyle = style }
    return style
  }

  /// The layout of the text as it is now (see ``formatStyle``).
  var detectedFormatStyle: JSONFormatStyle {
    var style = JSONFormatStyle.twoSpaces
    let sample = storage.text(inLogical: 0..<min(storage.logicalCount, 1 << 16))
    if let newline = sample.firstIndex(of: 0x0A) {
      style.lineBreak = newline > 0 && sample[newline - 1] == 0x0D ? "\r\n" : "\n"
    }
    // Look at the first few thousand values only: styles are set at the top of a text.
    var sawContainerWithChildren = false
    var sawLineBreakInContainer = false
    var foundIndentation = false
    var foundColon = false
    var foundComma = false
    var index = root.index
    let end = min(storage.words.count, root.index + 4096)
    while index < end && !(foundIndentation && foundColon && foundComma) {
      let isContainer = storage.isContainer(index)
      if !foundColon, index != root.index, let key = storage.keyOffset(of: index),
        let keyStart = storage.logicalOffset(ofPhysical: key)
      {
        let between = storage.text(inLogical: keyStart..<storage.logicalStart(of: index))
        if let colon = between.lastIndex(of: 0x3A) {
          style.spaceAfterColon = colon + 1 < between.count
          foundColon = true
        }
      }
      if isContainer && storage.childCount(index) > 0 && !(index == 0 && !storage.isLines) {
        sawContainerWithChildren = true
        let first = storage.firstChild(index)
        let open = index == 0 ? 0 : storage.logicalStart(of: index) + 1
        let inner = storage.text(inLogical: open..<storage.logicalMemberStart(of: first))
        if !foundIndentation && index != 0, let newline = inner.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
          sawLineBreakInContainer = true
          let childIndent = Array(inner[(newline + 1)...])
          let containerIndent = lineIndentation(before: storage.logicalStart(of: index))
          if childIndent.first == 0x09 {
            style.indentation = .tabs
            foundIndentation = true
          } else if childIndent.count > containerIndent.count {
            style.indentation = .spaces(childIndent.count - containerIndent.count)
            foundIndentation = true
          }
        }
        if !foundComma && storage.childCount(index) >= 2 {
          let second = storage.subtreeEnd(first)
          let between = storage.text(inLogical: storage.logicalEnd(of: first)..<storage.logicalMemberStart(of: second))
          if let comma = between.firstIndex(of: 0x2C), !between.contains(0x0A) {
            style.spaceAfterComma = comma + 1 < between.count
            foundComma = true
          }
        }
      }
      index += isContainer ? 2 : 1
    }
    if sawContainerWithChildren && !sawLineBreakInContainer {
      style.indentation = .none
      // Minified text without members: do not invent spaces either.
      if !foundColon { style.spaceAfterColon = false }
    }
    return style
  }

  /// The value's text laid out in `style`, with keys, strings and numbers exactly as
  /// written; nested lines are indented from `indentation` (the text of the line the value
  /// starts on). No recursion: the tape is walked with a stack of open containers.
  public func formattedText(of node: JSONNode, style: JSONFormatStyle, indentation: String = "") -> String {
    String(decoding: formattedBytes(of: node, style: style, indentation: Array(indentation.utf8)), as: UTF8.self)
  }

  func formattedBytes(of node: JSONNode, style: JSONFormatStyle, indentation: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    let unit = Array(style.indentation.unit.utf8)
    let lineBreak = Array(style.lineBreak.utf8)
    let multiLine = style.isMultiLine
    var open: [(end: Int, isObject: Bool)] = []
    var index = node.index
    let end = storage.subtreeEnd(node.index)
    var isFirstChild = true

    func newLine(depth: Int) {
      output.append(contentsOf: lineBreak)
      output.append(contentsOf: indentation)
      for _ in 0..<depth { output.append(contentsOf: unit) }
    }

    while true {
      while let last = open.last, index >= last.end {
        open.removeLast()
        if multiLine { newLine(depth: open.count) }
        output.append(last.isObject ? 0x7D : 0x5D)
        isFirstChild = false
      }
      guard index < end else { break }
      if let parent = open.last {
        if !isFirstChild {
          output.append(0x2C)
          if !multiLine && style.spaceAfterComma { output.append(0x20) }
        }
        if multiLine { newLine(depth: open.count) }
        if parent.isObject, let (pointer, count) = keyToken(JSONNode(index: index)) {
          output.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
          output.append(0x3A)
          if style.spaceAfterColon { output.append(0x20) }
        }
      }
      let word = storage.word(index)
      if TapeWord.isContainer(word) {
        let isObject = TapeWord.kind(word) == TapeWord.object
        output.append(isObject ? 0x7B : 0x5B)
        if storage.childCount(index) == 0 {
          output.append(isObject ? 0x7D : 0x5D)
          isFirstChild = false
        } else {
          open.append((storage.subtreeEnd(index), isObject))
          isFirstChild = true
        }
        index += 2
      } else {
        let token = storage.scalarToken(index)
        output.append(contentsOf: UnsafeBufferPointer(start: token.pointer, count: token.count))
        isFirstChild = false
        index += 1
      }
    }
    return output
  }

  /// The whitespace that starts the line holding the logical position (looking back at
  /// most 64 KiB).
  func lineIndentation(before position: Int) -> [UInt8] {
    let window = storage.text(inLogical: max(0, position - (1 << 16))..<position)
    let lineStart = (window.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }).map { $0 + 1 }) ?? 0
    var end = lineStart
    while end < window.count && (window[end] == 0x20 || window[end] == 0x09) { end += 1 }
    return Array(window[lineStart..<end])
  }

  /// The whitespace between the line start and a logical position, if only whitespace
  /// precedes it on its line (nil when the position is not at the start of its line).
  func leadingIndentation(at position: Int) -> [UInt8]? {
    let window = storage.text(inLogical: max(0, position - 4096)..<position)
    var start = window.count
    while start > 0 && (window[start - 1] == 0x20 || window[start - 1] == 0x09) { start -= 1 }
    if start == 0 { return position - window.count == 0 ? Array(window) : nil }
    return window[start - 1] == 0x0A || window[start - 1] == 0x0D ? Array(window[start...]) : nil
  }
}
