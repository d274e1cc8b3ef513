/// Where values are in the current text (logical positions, through the piece list).
extension JSONStorage {
  /// Position of the value's first byte (0 for the synthetic root).
  func logicalStart(of index: Int) -> Int {
    if index == 0 { return 0 }
    return logicalOffset(ofPhysical: valueOffset(of: index)) ?? 0
  }

  /// Position just past the value's last byte (a container's closing bracket; the end of
  /// the text for the synthetic root).
  func logicalEnd(of index: Int) -> Int {
    if index == 0 { return logicalCount }
    if isContainer(index) { return logicalCloseOffset(ofContainer: index) + 1 }
    return logicalStart(of: index) + scalarToken(index).count
  }

  /// Position where the member starts: its key for an object member, else the value.
  func logicalMemberStart(of index: Int) -> Int {
    if let key = keyOffset(of: index), let start = logicalOffset(ofPhysical: key) { return start }
    return logicalStart(of: index)
  }

  /// The last child of a non-empty container.
  func lastChild(of index: Int) -> Int {
    childIndex(at: childCount(index) - 1, in: index)
  }

  /// Position of a container's closing bracket.
  ///
  /// The tape does not store it (that would cost 8 more bytes per container): it is found
  /// from the end of the last scalar or empty container down the chain of last children,
  /// past the closing brackets of the containers in between.
  func logicalCloseOffset(ofContainer index: Int) -> Int {
    var pending = 0
    var node = index
    var position: Int
    while true {
      if childCount(node) == 0 {
        position = logicalStart(of: node) + 1
        break
      }
      let last = lastChild(of: node)
      if !isContainer(last) {
        position = logicalStart(of: last) + scalarToken(last).count
        break
      }
      pending += 1
      node = last
    }
    var cursor = LogicalCursor(storage: self, position: position)
    while true {
      cursor.skipWhitespace()
      if pending == 0 { return cursor.position }
      cursor.advance()
      pending -= 1
    }
  }
}
