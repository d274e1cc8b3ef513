import TermGridCore
import TermGridLayout
import TermGridViews

extension TreeModel: CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { numberOfSections }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    numberOfItems(inSection: section)
  }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(
      TreeNodeCell.self, withReuseIdentifier: nodeCellReuseIdentifier, for: indexPath)
    // Asked about an index path this model no longer has (mid-update), show nothing rather
    // than stop: the collection view asks again once the update is applied.
    guard isValid(indexPath) else { return cell }
    let node = node(at: indexPath)
    cell.configure(label: provider.label(ofNode: node), kind: provider.kind(ofNode: node))
    configureCell?(cell, node, indexPath)
    return cell
  }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    switch kind {
    case ElementKind.connector:
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.connectorReuseIdentifier, for: indexPath)
    case ElementKind.pinnedAncestor:
      guard isValid(indexPath) else { return nil }
      let row = collectionView.dequeueReusableSupplementaryView(
        TreeNodeCell.self, ofKind: kind, withReuseIdentifier: Self.nodeReuseIdentifier, for: indexPath)
      let node = node(at: indexPath)
      row.configure(label: provider.label(ofNode: node), kind: provider.kind(ofNode: node))
      configureCell?(row, node, indexPath)
      return row
    default:
      return nil
    }
  }
}

extension TreeModel: TreeLayoutDataSource {
  public func childItems(ofItemAt indexPath: IndexPath) -> Range<Int> {
    guard isValid(indexPath) else { return 0..<0 }
    let starts = levels[indexPath.section].childStarts
    return Int(starts[indexPath.item])..<Int(starts[indexPath.item + 1])
  }

  public func label(ofItemAt indexPath: IndexPath) -> String {
    isValid(indexPath) ? provider.label(ofNode: node(at: indexPath)) : ""
  }

  public func labelWidth(ofItemAt indexPath: IndexPath) -> Int {
    isValid(indexPath) ? measuredWidth(at: indexPath) : 0
  }

  public func kind(ofItemAt indexPath: IndexPath) -> String {
    isValid(indexPath) ? provider.kind(ofNode: node(at: indexPath)) : TreeNodeKind.normal
  }

  public func isItemCollapsed(at indexPath: IndexPath) -> Bool { isCollapsed(at: indexPath) }

  public func hiddenDescendantCount(ofItemAt indexPath: IndexPath) -> Int {
    isCollapsed(at: indexPath) ? hiddenCount(ofNode: node(at: indexPath)) : 0
  }

  public func describeItems(inSection section: Int, count: Int, _ body: (_ item: Int, TreeNodeDescription) -> Void) {
    let level = levels.indices.contains(section) ? levels[section] : Level()
    let shown = min(count, level.count)
    // Nodes not measured yet are described by the mean width of those that are.
    var measuredTotal = 0
    var measuredCount = 0
    var unmeasured = 0
    for width in level.widths {
      if width >= 0 {
        measuredTotal += Int(width)
        measuredCount += 1
      } else {
        unmeasured += 1
      }
    }
    let estimate = unmeasured == 0 ? 0 : measuredCount > 0 ? measuredTotal / measuredCount : 16
    level.childStarts.withUnsafeBufferPointer { starts in
      level.widths.withUnsafeBufferPointer { widths in
        level.flags.withUnsafeBufferPointer { flags in
          for item in 0..<shown {
            let childItems = Int(starts[item])..<Int(starts[item + 1])
            if widths[item] < 0 || flags[item] & Flags.unresolved != 0 {
              body(
                item,
                TreeNodeDescription(
                  childItems: childItems, labelWidth: widths[item] < 0 ? estimate : Int(widths[item]),
                  isCollapsed: flags[item] & (Flags.collapsed | Flags.unresolved) != 0, isEstimated: true))
              continue
            }
            let isCollapsed = flags[item] & Flags.collapsed != 0
            body(
              item,
              TreeNodeDescription(
                childItems: childItems, labelWidth: Int(widths[item]), isCollapsed: isCollapsed,
                hiddenDescendantCount: isCollapsed ? hiddenCount(ofNode: level.nodes[item]) : 0))
          }
        }
      }
    }
    // Items the collection view has and this model does not (never, when both agree).
    for item in shown..<max(shown, count) { body(item, TreeNodeDescription(childItems: 0..<0, labelWidth: 0)) }
  }
}
