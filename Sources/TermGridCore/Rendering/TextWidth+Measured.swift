extension TextWidth {
  /// `text` cut to at most `width` columns as ``truncated(_:toWidth:ellipsis:)`` cuts it,
  /// with the columns the result takes: what `displayWidth(of: truncated(text, …))` gives,
  /// without reading the result again.
  ///
  /// A view that draws every row at every frame (a tree's nodes) asks for both; a label
  /// that fits is then read once (printable ASCII from its bytes), as `truncated` reads it.
  package static func measuredTruncation(of text: String, toWidth width: Int) -> (text: String, columns: Int) {
    guard width > 0 else { return ("", 0) }
    if let columns = text.utf8.withContiguousStorageIfAvailable(printableASCIIWidth(ofBytes:)) ?? nil {
      if columns <= width { return (text, columns) }
    } else {
      // Read as `truncated` reads it (controls replaced, then measured), once: a label
      // that fits is not measured again.
      let visible = visibleText(text)
      let columns = displayWidth(of: visible)
      if columns <= width { return (visible, columns) }
    }
    let shown = truncated(text, toWidth: width)
    return (shown, displayWidth(of: shown))
  }
}
