extension TreeLayoutCache {
  /// Calls `node` for every node and `connector` for every parent whose connector may meet
  /// the cells `columns` × `rows`, without looking at the others: columns are found by
  /// position and the nodes of a column (or of the outline) by binary search on their rows,
  /// which increase in ``order``. The caller filters the candidates by their exact frames.
  func forEachCandidate(
    columns: Range<Int>, rows: Range<Int>, node: (Int) -> Void, connector: (Int) -> Void
  ) {
    guard count > 0, !columns.isEmpty, !rows.isEmpty else { return }
    switch parameters.orientation {
    case .columns: forEachColumnsCandidate(columns: columns, rows: rows, node: node, connector: connector)
    case .outline: forEachOutlineCandidate(columns: columns, rows: rows, node: node, connector: connector)
    }
  }

  private func forEachColumnsCandidate(
    columns: Range<Int>, rows: Range<Int>, node: (Int) -> Void, connector: (Int) -> Void
  ) {
    let sections = sectionCount
    // The first depth column that can reach `columns`: column edges increase with depth.
    var section = Self.firstIndex(in: 0..<sections) { columnX[$0 + 1] > columns.lowerBound }
    while section < sections, columnX[section] < columns.upperBound {
      let slice = sectionStarts[section]..<sectionStarts[section + 1]
      if columnX[section] + columnWidths[section] > columns.lowerBound {
        let height = parameters.nodeHeight
        var position = Self.firstIndex(in: slice) { Int(self.rows[Int(order[$0])]) + height > rows.lowerBound }
        while position < slice.upperBound {
          let global = Int(order[position])
          guard Int(self.rows[global]) < rows.upperBound else { break }
          node(global)
          position += 1
        }
      }
      // Connectors of this depth lie between this column and the next.
      if section + 1 < sections {
        let middle = lineOffset
        var position = Self.firstIndex(in: slice) {
          self.lastChildRow(ofGlobal: Int(order[$0])) + middle >= rows.lowerBound
        }
        while position < slice.upperBound {
          let global = Int(order[position])
          let top =
            childCounts[global] > 0
            ? min(Int(self.rows[global]), Int(self.rows[Int(firstChildren[global])])) : Int(self.rows[global])
          guard top + middle < rows.upperBound else { break }
          if childCounts[global] > 0 { connector(global) }
          position += 1
        }
      }
      section += 1
    }
  }

  private func forEachOutlineCandidate(
    columns: Range<Int>, rows: Range<Int>, node: (Int) -> Void, connector: (Int) -> Void
  ) {
    let all = 0..<count
    let first: Int
    let height = parameters.nodeHeight
    if parameters.siblingSpacing <= 0 && height == 1 && tables.isEmpty {
      // Without spacing the row is the position: a direct range.
      first = min(max(0, rows.lowerBound), count)
    } else {
      first = Self.firstIndex(in: all) { Int(self.rows[Int(order[$0])]) + height > rows.lowerBound }
    }
    var position = first
    while position < count {
      let global = Int(order[position])
      guard Int(self.rows[global]) < rows.upperBound else { break }
      node(global)
      if childCounts[global] > 0, !hasConnectorlessChildren(global) { connector(global) }
      position += 1
    }
    // Connectors that run down through the rows from above belong to ancestors of the node
    // just before the first row (in a depth-first order, the parent of the first node
    // in view is that node or one of its ancestors).
    guard first > 0 else { return }
    var ancestor = Int(order[first - 1])
    while ancestor >= 0 {
      if childCounts[ancestor] > 0, !hasConnectorlessChildren(ancestor),
        lastChildRow(ofGlobal: ancestor) + lineOffset >= rows.lowerBound
      {
        connector(ancestor)
      }
      ancestor = Int(parents[ancestor])
    }
  }

  /// Whether a node's children are drawn without lines to them: a table's row, whose
  /// children are the cells on its own line.
  @inline(__always)
  func hasConnectorlessChildren(_ global: Int) -> Bool {
    !tables.isEmpty && table(ofRow: global) != nil
  }

  /// The first index in `range` for which `isPast` holds, `range.upperBound` when none
  /// does; `isPast` must be false and then true along the range.
  @inline(__always)
  static func firstIndex(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
