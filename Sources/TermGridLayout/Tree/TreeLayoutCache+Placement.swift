import TermGridCore

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
    let total = starts[sectionCounts.count]
    // Filled through buffers the per-node closure holds as constants: captured arrays would
    // cost an exclusivity check on every write, and this runs for every node.
    let depths = FillBuffer<Int32>(count: total, repeating: 0)
    let parents = FillBuffer<Int32>(count: total, repeating: -1)
    let firstChildren = FillBuffer<Int32>(count: total, repeating: 0)
    let childCounts = FillBuffer<Int32>(count: total, repeating: 0)
    let labelWidths = FillBuffer<Int32>(count: total, repeating: 0)
    let widths = FillBuffer<Int32>(count: total, repeating: 0)
    let markers = FillBuffer<UInt8>(count: total, repeating: 0)
    let hiddenCounts = FillBuffer<Int32>(count: total, repeating: 0)
    defer {
      for buffer in [depths, parents, firstChildren, childCounts, labelWidths, widths, hiddenCounts] {
        buffer.deallocate()
      }
      markers.deallocate()
    }
    var estimatedNodes: [Int] = []
    let parameters = parameters
    // Tables are rare: their titles and their cells' column hints are kept apart, so a
    // tree without any pays nothing per node.
    var tableDescriptions: [Int: TreeTableDescription] = [:]
    var columnHints: [Int: Int] = [:]
    let readsTables = parameters.orientation == .outline

    for section in 0..<sectionCounts.count {
      let start = starts[section]
      let count = sectionCounts[section]
      let hasNextSection = section + 1 < sectionCounts.count
      let nextStart = hasNextSection ? starts[section + 1] : 0
      let nextCount = hasNextSection ? sectionCounts[section + 1] : 0
      let depth = Int32(truncatingIfNeeded: section)
      dataSource.describeItems(inSection: section, count: count) { item, node in
        precondition(
          item >= 0 && item < count,
          "TreeLayoutDataSource.describeItems described item \(item) of section \(section), which has \(count) items")
        let global = start + item
        depths[global] = depth
        let children = node.childItems
        if !children.isEmpty {
          precondition(
            hasNextSection && children.lowerBound >= 0 && children.upperBound <= nextCount,
            "TreeLayoutDataSource: the children \(children) of item [\(section), \(item)] must be items of section \(section + 1), which has \(nextCount) items"
          )
          firstChildren[global] = Int32(truncatingIfNeeded: nextStart + children.lowerBound)
          childCounts[global] = Int32(truncatingIfNeeded: children.count)
          for child in (nextStart + children.lowerBound)..<(nextStart + children.upperBound) {
            precondition(
              parents[child] < 0,
              "TreeLayoutDataSource: item [\(section + 1), \(child - nextStart)] is a child of two nodes, items \(Int(parents[child]) - start) and \(item) of section \(section)"
            )
            parents[child] = Int32(truncatingIfNeeded: global)
          }
        }
        let size = Self.size(
          labelWidth: node.labelWidth, isCollapsed: node.isCollapsed, hiddenCount: node.hiddenDescendantCount,
          hasShownChildren: !children.isEmpty, parameters: parameters)
        labelWidths[global] = size.labelWidth
        markers[global] = size.marker
        hiddenCounts[global] = size.hiddenCount
        widths[global] = size.width
        if node.isEstimated { estimatedNodes.append(global) }
        if readsTables {
          if let table = node.table, !children.isEmpty { tableDescriptions[global] = table }
          if let column = node.tableColumn, section >= 2 { columnHints[global] = column }
        }
      }
    }
    // Every node below the roots hangs from exactly one parent.
    if sectionCounts.count > 1 {
      for global in starts[1]..<total where parents[global] < 0 {
        let section = sectionOf(global, starts: starts)
        preconditionFailure(
          "TreeLayoutDataSource: item [\(section), \(global - starts[section])] is in section \(section) but is no node's child: every item past section 0 must be the child of one item of the section before"
        )
      }
    }
    self.sectionStarts = starts
    self.depths = depths.array
    self.parents = parents.array
    self.firstChildren = firstChildren.array
    self.childCounts = childCounts.array
    self.labelWidths = labelWidths.array
    self.widths = widths.array
    self.markers = markers.array
    self.hiddenCounts = hiddenCounts.array
    if !tableDescriptions.isEmpty { readTables(tableDescriptions, columnHints: columnHints) }
    if !estimatedNodes.isEmpty {
      estimated = [Bool](repeating: false, count: total)
      for global in estimatedNodes { estimated[global] = true }
      estimatedCount = estimatedNodes.count
      // Columns are as wide as their widest node: every size must be known before placing.
      // An outline places rows without widths, so its nodes are measured as they come into
      // view (``measure(_:dataSource:)``).
      if parameters.orientation == .columns {
        for global in estimatedNodes { measure(global, dataSource: dataSource) }
      }
    }
    // A table's columns are sized from its first rows: those are measured now.
    for table in tableNodes {
      for global in sampledTableNodes(ofTable: table) { measure(global, dataSource: dataSource) }
    }
  }

  /// A node's label width, marker, badge count and laid-out width.
  static func size(
    labelWidth: Int, isCollapsed: Bool, hiddenCount: Int, hasShownChildren: Bool, parameters: Parameters
  ) -> (labelWidth: Int32, marker: UInt8, hiddenCount: Int32, width: Int32) {
    let labelWidth = max(0, labelWidth)
    var natural = labelWidth
    var marker: UInt8 = 0
    var hidden: Int32 = 0
    if isCollapsed {
      marker = 1
      hidden = Int32(clamping: max(0, hiddenCount))
      natural += 2 + TreeNodeInfo.badgeWidth(forHiddenCount: Int(hidden))
    } else if parameters.marksExpandedNodes && hasShownChildren {
      marker = 2
      natural += 2
    }
    let width = max(1, min(max(1, parameters.maximumNodeWidth), natural)) + max(0, parameters.nodePadding)
    return (Int32(clamping: labelWidth), marker, hidden, Int32(clamping: width))
  }

  /// Asks the data source for the real size of a node laid out with an estimate, and widens
  /// the content if it needs more room. Rows never move: in an outline a node's row does
  /// not depend on its width.
  mutating func measure(_ global: Int, dataSource: any TreeLayoutDataSource) {
    guard estimatedCount > 0, global >= 0, global < estimated.count, estimated[global] else { return }
    estimated[global] = false
    estimatedCount -= 1
    let indexPath = indexPath(ofGlobal: global)
    let isCollapsed = dataSource.isItemCollapsed(at: indexPath)
    let size = Self.size(
      labelWidth: dataSource.labelWidth(ofItemAt: indexPath), isCollapsed: isCollapsed,
      hiddenCount: isCollapsed ? dataSource.hiddenDescendantCount(ofItemAt: indexPath) : 0,
      hasShownChildren: childCounts[global] > 0, parameters: parameters)
    labelWidths[global] = size.labelWidth
    markers[global] = size.marker
    hiddenCounts[global] = size.hiddenCount
    widths[global] = size.width
    if estimatedCount == 0 { estimated = [] }
    if !tables.isEmpty, isTablePart(global) {
      dropBadgeOfCell(global)
      return
    }
    if parameters.orientation == .outline {
      contentColumns = max(contentColumns, Int(depths[global]) * parameters.indentWidth + Int(size.width))
    }
  }

  /// The section a global number falls in.
  private func sectionOf(_ global: Int, starts: [Int]) -> Int {
    Self.firstIndex(in: 0..<(starts.count - 1)) { starts[$0 + 1] > global }
  }

  /// Gives every node its row, in one depth-first walk without recursion (any depth works).
  private mutating func place() {
    let total = count
    let rows = FillBuffer<Int32>(count: total, repeating: 0)
    let order = FillBuffer<Int32>(count: total, repeating: 0)
    let orderIndex = FillBuffer<Int32>(count: total, repeating: 0)
    let isOutline = parameters.orientation == .outline
    // Columns read in depth-first order, which is not their row order per depth; the
    // outline's order already is depth-first.
    let depthFirst = FillBuffer<Int32>(count: isOutline ? 0 : total, repeating: 0)
    let depthFirstIndex = FillBuffer<Int32>(count: isOutline ? 0 : total, repeating: 0)
    var enteredCount = 0
    defer {
      self.rows = rows.array
      self.order = order.array
      self.orderIndex = orderIndex.array
      self.depthFirstOrder = depthFirst.array
      self.depthFirstIndex = depthFirstIndex.array
      for buffer in [rows, order, orderIndex, depthFirst, depthFirstIndex] { buffer.deallocate() }
    }
    guard total > 0 else {
      totalRows = 0
      return
    }
    let centred = parameters.parentAlignment == .centered
    let centredSpan = Int32(clamping: parameters.maximumCenteredSpan)
    let spacing = Int32(clamping: max(0, parameters.siblingSpacing))
    let height = Int32(clamping: max(1, parameters.nodeHeight))
    let sectionStarts = sectionStarts
    let depths = depths
    let firstChildren = firstChildren
    let childCounts = childCounts
    // Next free slot of `order` per depth (columns) or overall (outline).
    var cursors = isOutline ? [sectionStarts[0]] : Array(sectionStarts.dropLast())
    var nextRow: Int32 = 0
    var stackNodes: [Int32] = []
    var stackNext: [Int32] = []
    stackNodes.reserveCapacity(64)
    stackNext.reserveCapacity(64)
    var pending = sectionStarts[0]
    let hasTables = isOutline && !tables.isEmpty
    let rowTables = rowTables
    var isTable = [Bool](repeating: false, count: hasTables ? total : 0)
    for table in tables.keys where hasTables { isTable[table] = true }
    var tableEnds: [Int: Int] = [:]

    // Each step either enters a node (the next root, or the next child of the node on top
    // of the stack) or leaves the node on top once all its children are placed.
    while true {
      var entered = -1
      if let top = stackNodes.last {
        let node = Int(top)
        let next = stackNext[stackNext.count - 1]
        if next < childCounts[node] {
          stackNext[stackNext.count - 1] = next + 1
          if next > 0 { nextRow += spacing }
          entered = Int(firstChildren[node] + next)
        } else {
          stackNodes.removeLast()
          stackNext.removeLast()
          if hasTables, isTable[node] { tableEnds[node] = Int(nextRow) - 1 }
          if !isOutline {
            let children = childCounts[node]
            if children == 0 {
              rows[node] = nextRow
              nextRow += height
            } else {
              let first = rows[Int(firstChildren[node])]
              let last = rows[Int(firstChildren[node] + children - 1)]
              rows[node] = centred && last - first < centredSpan ? first + (last - first) / 2 : first
            }
          }
          continue
        }
      } else {
        guard pending < sectionStarts[1] else { break }
        if pending > sectionStarts[0] { nextRow += spacing }
        entered = pending
        pending += 1
      }
      // Entering: the node takes the next place of its depth (or of the outline).
      let slot = isOutline ? 0 : Int(depths[entered])
      let position = cursors[slot]
      cursors[slot] += 1
      order[position] = Int32(truncatingIfNeeded: entered)
      orderIndex[entered] = Int32(truncatingIfNeeded: position - (isOutline ? 0 : sectionStarts[slot]))
      if !isOutline {
        depthFirst[enteredCount] = Int32(truncatingIfNeeded: entered)
        depthFirstIndex[entered] = Int32(truncatingIfNeeded: enteredCount)
        enteredCount += 1
      }
      if isOutline {
        rows[entered] = nextRow
        nextRow += height
      }
      stackNodes.append(Int32(truncatingIfNeeded: entered))
      stackNext.append(0)
      guard hasTables else { continue }
      // A table takes a row more, for its header; a table's row puts its cells on its own
      // line, all at once, and what a cell shows below it (a cell expanded in place) comes
      // after them, so rows still grow along `order`.
      if isTable[entered], childCounts[entered] > 0 { nextRow += 1 }
      guard rowTables[entered] >= 0, childCounts[entered] > 0 else { continue }
      let first = Int(firstChildren[entered])
      let cells = Int(childCounts[entered])
      stackNext[stackNext.count - 1] = Int32(cells)
      for cell in first..<(first + cells) {
        let position = cursors[0]
        cursors[0] += 1
        order[position] = Int32(truncatingIfNeeded: cell)
        orderIndex[cell] = Int32(truncatingIfNeeded: position)
        rows[cell] = rows[entered]
      }
      for cell in (first..<(first + cells)).reversed() {
        stackNodes.append(Int32(truncatingIfNeeded: cell))
        stackNext.append(0)
      }
    }
    totalRows = Int(nextRow)
    for (table, end) in tableEnds {
      tables[table]?.headerRow = Int(rows[table]) + Int(height)
      tables[table]?.lastRow = end
    }
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
      // Nodes still estimated do not count: each widens the content when it is measured
      // (``measure(_:dataSource:)``), so the content is as wide as what has been seen.
      let hasEstimates = estimatedCount > 0
      let hasTables = !tables.isEmpty
      for global in 0..<count where !hasEstimates || !estimated[global] {
        if hasTables, isTablePart(global) { continue }
        let end = Int(depths[global]) * indent + Int(widths[global])
        if end > widest { widest = end }
      }
      if hasTables {
        measureTables()
        for table in tables.values { widest = max(widest, table.left + table.width) }
      }
      contentColumns = widest
    }
  }

  /// Re-reads the label widths of some nodes and re-measures columns, keeping every row:
  /// a label that changed size moves nothing up or down.
  mutating func remeasure(_ globals: [Int], dataSource: any TreeLayoutDataSource) {
    for global in globals {
      if estimatedCount > 0, estimated[global] {
        measure(global, dataSource: dataSource)
        continue
      }
      // Same marker and badge, new label.
      let size = Self.size(
        labelWidth: dataSource.labelWidth(ofItemAt: indexPath(ofGlobal: global)), isCollapsed: markers[global] == 1,
        hiddenCount: Int(hiddenCounts[global]), hasShownChildren: markers[global] == 2, parameters: parameters)
      labelWidths[global] = size.labelWidth
      widths[global] = size.width
      if !tables.isEmpty, isTablePart(global) { dropBadgeOfCell(global) }
    }
    measureContent()
  }
}

/// A fixed-size buffer filled in place by the full pass, then copied into an array.
///
/// Its subscript setter does not mutate the value, so a closure that holds the buffer as a
/// constant writes through it without the exclusivity check a captured `var` array costs.
struct FillBuffer<Element> {
  private let storage: UnsafeMutableBufferPointer<Element>

  init(count: Int, repeating value: Element) {
    storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: count)
    storage.initialize(repeating: value)
  }

  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < storage.count, "FillBuffer index \(index) is outside 0..<\(storage.count)")
      return storage[index]
    }
    nonmutating set {
      precondition(index >= 0 && index < storage.count, "FillBuffer index \(index) is outside 0..<\(storage.count)")
      storage[index] = newValue
    }
  }

  /// The contents as an array.
  var array: [Element] { Array(storage) }

  /// Frees the buffer; it must not be used afterwards.
  func deallocate() {
    storage.deinitialize()
    storage.deallocate()
  }
}
