extension TreeLayoutCache {
  /// Reads the tree from the data source and places every node.
  ///
  /// Unlike the guide's Listing 6-5, which leaves room below every parent "in case" and
  /// ends up as tall as the whole tree in every column, a subtree here takes exactly the
  /// rows its leaves need: leaves take the next free row in depth-first order, a parent
  /// takes its first child's row (or the middle of its children's rows), and the next
  /// sibling's subtree starts below the last row of the one before. Subtrees never share a
  /// row, so nothing overlaps and no row is wasted.
  init(
    parameters: Parameters, sectionCounts: [Int], dataSource: any TreeLayoutDataSource
  ) {
    self.init(parameters: parameters)
    readStructure(sectionCounts: sectionCounts, dataSource: dataSource)
    place()
    measureContent()
  }

  /// Numbers the nodes, asks each for its children and size, and checks the tree's shape.
  private mutating func readStructure(sectionCounts: [Int], dataSource: any TreeLayoutDataSource) {
    var starts = [Int](repeating: 0, count: sectionCounts.count + 1)
    for (section, count) in sectionCounts.enumerated() { starts[section + 1] = starts[section] + count }
    sectionStarts = starts
    let total = starts[sectionCounts.count]
    depths = [Int32](repeating: 0, count: total)
    parents = [Int32](repeating: -1, count: total)
    firstChildren = [Int32](repeating: 0, count: total)
    childCounts = [Int32](repeating: 0, count: total)
    labelWidths = [Int32](repeating: 0, count: total)
    widths = [Int32](repeating: 0, count: total)
    markers = [UInt8](repeating: 0, count: total)
    hiddenCounts = [:]
    let maximumWidth = max(1, parameters.maximumNodeWidth)
    let marksExpanded = parameters.marksExpandedNodes

    for section in 0..<sectionCounts.count {
      let start = starts[section]
      let hasNextSection = section + 1 < sectionCounts.count
      let nextStart = hasNextSection ? starts[section + 1] : 0
      let nextCount = hasNextSection ? sectionCounts[section + 1] : 0
      for item in 0..<sectionCounts[section] {
        let global = start + item
        let indexPath = IndexPath(item: item, section: section)
        depths[global] = Int32(section)
        let children = dataSource.childItems(ofItemAt: indexPath)
        if !children.isEmpty {
          precondition(
            hasNextSection && children.lowerBound >= 0 && children.upperBound <= nextCount,
            "TreeLayoutDataSource: the children \(children) of item \(indexPath) must be items of section \(section + 1), which has \(nextCount) items"
          )
          firstChildren[global] = Int32(nextStart + children.lowerBound)
          childCounts[global] = Int32(children.count)
          for child in (nextStart + children.lowerBound)..<(nextStart + children.upperBound) {
            precondition(
              parents[child] < 0,
              "TreeLayoutDataSource: item [\(section + 1), \(child - nextStart)] is a child of two nodes, \(parents[child] >= 0 ? "item \(Int(parents[child]) - start) of section \(section)" : "?") and \(indexPath)"
            )
            parents[child] = Int32(global)
          }
        }
        let labelWidth = max(0, dataSource.labelWidth(ofItemAt: indexPath))
        labelWidths[global] = Int32(clamping: labelWidth)
        var natural = labelWidth
        if dataSource.isItemCollapsed(at: indexPath) {
          markers[global] = 1
          let hidden = dataSource.hiddenDescendantCount(ofItemAt: indexPath)
          if hidden > 0 { hiddenCounts[global] = hidden }
          natural += 2 + TreeNodeInfo.badgeWidth(forHiddenCount: hidden)
        } else if marksExpanded && !children.isEmpty {
          markers[global] = 2
          natural += 2
        }
        widths[global] = Int32(clamping: max(1, min(maximumWidth, natural)))
      }
    }
    // Every node below the roots hangs from exactly one parent.
    if sectionCounts.count > 1 {
      for global in starts[1]..<total where parents[global] < 0 {
        let section = Int(depths[global])
        preconditionFailure(
          "TreeLayoutDataSource: item [\(section), \(global - starts[section])] is in section \(section) but is no node's child: every item past section 0 must be the child of one item of the section before"
        )
      }
    }
  }

  /// Gives every node its row, in one depth-first walk without recursion (any depth works).
  private mutating func place() {
    let total = count
    rows = [Int32](repeating: 0, count: total)
    order = [Int32](repeating: 0, count: total)
    orderIndex = [Int32](repeating: 0, count: total)
    guard total > 0 else {
      totalRows = 0
      return
    }
    let isOutline = parameters.orientation == .outline
    let centred = parameters.parentAlignment == .centered
    let spacing = Int32(max(0, parameters.siblingSpacing))
    // Next free slot of `order` per depth (columns) or overall (outline).
    var cursors = isOutline ? [sectionStarts[0]] : Array(sectionStarts.dropLast())
    var nextRow: Int32 = 0
    var stackNodes: [Int32] = []
    var stackNext: [Int32] = []
    stackNodes.reserveCapacity(64)
    stackNext.reserveCapacity(64)

    func visit(_ node: Int) {
      let slot = isOutline ? 0 : Int(depths[node])
      let position = cursors[slot]
      cursors[slot] += 1
      order[position] = Int32(node)
      orderIndex[node] = Int32(position - (isOutline ? 0 : sectionStarts[slot]))
      if isOutline {
        rows[node] = nextRow
        nextRow += 1
      }
    }

    for root in sectionStarts[0]..<sectionStarts[1] {
      if root > sectionStarts[0] { nextRow += spacing }
      visit(root)
      stackNodes.append(Int32(root))
      stackNext.append(0)
      while let top = stackNodes.last {
        let node = Int(top)
        let next = stackNext[stackNext.count - 1]
        if next < childCounts[node] {
          stackNext[stackNext.count - 1] = next + 1
          if next > 0 { nextRow += spacing }
          let child = Int(firstChildren[node] + next)
          visit(child)
          stackNodes.append(Int32(child))
          stackNext.append(0)
        } else {
          stackNodes.removeLast()
          stackNext.removeLast()
          guard !isOutline else { continue }
          let children = childCounts[node]
          if children == 0 {
            rows[node] = nextRow
            nextRow += 1
          } else {
            let first = rows[Int(firstChildren[node])]
            let last = rows[Int(firstChildren[node] + children - 1)]
            rows[node] = centred ? first + (last - first) / 2 : first
          }
        }
      }
    }
    totalRows = Int(nextRow)
  }

  /// Column widths and positions, and the content's width.
  private mutating func measureContent() {
    let sections = sectionCount
    switch parameters.orientation {
    case .columns:
      columnWidths = [Int](repeating: 0, count: sections)
      columnX = [Int](repeating: 0, count: sections + 1)
      let spacing = max(3, parameters.columnSpacing)
      var lastNonEmpty = -1
      for section in 0..<sections {
        var widest: Int32 = 0
        for global in sectionStarts[section]..<sectionStarts[section + 1] where widths[global] > widest {
          widest = widths[global]
        }
        columnWidths[section] = Int(widest)
        if sectionStarts[section + 1] > sectionStarts[section] { lastNonEmpty = section }
        columnX[section + 1] = columnX[section] + Int(widest) + spacing
      }
      contentColumns = lastNonEmpty >= 0 ? columnX[lastNonEmpty] + columnWidths[lastNonEmpty] : 0
    case .outline:
      columnWidths = []
      columnX = []
      let indent = parameters.indentWidth
      var widest = 0
      for global in 0..<count {
        let end = Int(depths[global]) * indent + Int(widths[global])
        if end > widest { widest = end }
      }
      contentColumns = widest
    }
  }

  /// Re-reads the label widths of some nodes and re-measures columns, keeping every row:
  /// a label that changed size moves nothing up or down.
  mutating func remeasure(_ globals: [Int], dataSource: any TreeLayoutDataSource) {
    let maximumWidth = max(1, parameters.maximumNodeWidth)
    for global in globals {
      let indexPath = indexPath(ofGlobal: global)
      let labelWidth = max(0, dataSource.labelWidth(ofItemAt: indexPath))
      labelWidths[global] = Int32(clamping: labelWidth)
      var natural = labelWidth + marker(ofGlobal: global).width
      if markers[global] == 1 { natural += TreeNodeInfo.badgeWidth(forHiddenCount: hiddenCounts[global] ?? 0) }
      widths[global] = Int32(clamping: max(1, min(maximumWidth, natural)))
    }
    measureContent()
  }
}
