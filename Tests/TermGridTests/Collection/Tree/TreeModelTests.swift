import TermGrid
import TestSupport
import Testing

@testable import TermGridCollection

/// The tree model: depth sections, collapse and expand as batch updates.
@Suite struct TreeModelTests {
  @Test func sectionsListTheNodesOfEachDepthInDepthFirstOrder() {
    let model = TreeModel(provider: TreeOutline.store(Self.tree))
    #expect(Self.labels(model) == [["r"], ["a", "b", "c"], ["a1", "a2", "c1"], ["a11"]])
    #expect(model.childItems(ofItemAt: IndexPath(item: 0, section: 0)) == 0..<3)
    #expect(model.childItems(ofItemAt: IndexPath(item: 1, section: 1)) == 2..<2)
    #expect(model.childItems(ofItemAt: IndexPath(item: 2, section: 1)) == 2..<3)
    #expect(model.parentIndexPath(ofItemAt: IndexPath(item: 2, section: 2)) == IndexPath(item: 2, section: 1))
    #expect(model.parentIndexPath(ofItemAt: IndexPath(item: 1, section: 2)) == IndexPath(item: 0, section: 1))
    #expect(model.parentIndexPath(ofItemAt: IndexPath(item: 0, section: 0)) == nil)
    #expect(model.indexPath(forNode: model.node(at: IndexPath(item: 0, section: 3))) == IndexPath(item: 0, section: 3))
  }

  @Test func collapsingRemovesTheDescendantsFromEveryDepthBelow() {
    let model = TreeModel(provider: TreeOutline.store(Self.tree))
    let update = model.setCollapsed(true, at: IndexPath(item: 0, section: 1))
    #expect(
      update.deletedIndexPaths == [
        IndexPath(item: 0, section: 2), IndexPath(item: 1, section: 2), IndexPath(item: 0, section: 3),
      ])
    #expect(update.reloadedIndexPaths == [IndexPath(item: 0, section: 1)])
    #expect(Self.labels(model) == [["r"], ["a", "b", "c"], ["c1"], []])
    #expect(model.isCollapsed(at: IndexPath(item: 0, section: 1)))
    #expect(model.hiddenDescendantCount(ofItemAt: IndexPath(item: 0, section: 1)) == 3)
    #expect(model.childItems(ofItemAt: IndexPath(item: 2, section: 1)) == 0..<1)
  }

  @Test func expandingInsertsTheDescendantsAndKeepsTheirOwnCollapseStates() {
    let model = TreeModel(provider: TreeOutline.store(Self.tree))
    model.setCollapsed(true, at: IndexPath(item: 0, section: 2))  // a1
    model.setCollapsed(true, at: IndexPath(item: 0, section: 1))  // a
    #expect(Self.labels(model) == [["r"], ["a", "b", "c"], ["c1"], []])
    let update = model.setCollapsed(false, at: IndexPath(item: 0, section: 1))
    #expect(update.insertedIndexPaths == [IndexPath(item: 0, section: 2), IndexPath(item: 1, section: 2)])
    #expect(Self.labels(model) == [["r"], ["a", "b", "c"], ["a1", "a2", "c1"], []])
    #expect(model.isCollapsed(at: IndexPath(item: 0, section: 2)), "a1 stays collapsed")
  }

  @Test func anExpansionDeeperThanEverAddsSections() {
    let model = TreeModel(provider: TreeOutline.store(Self.tree), collapsesByDefault: { _, depth in depth == 1 })
    #expect(model.numberOfSections == 2)
    let update = model.setCollapsed(false, at: IndexPath(item: 0, section: 1))
    #expect(update.insertedSections == [2, 3])
    #expect(update.insertedIndexPaths.isEmpty)
    #expect(Self.labels(model) == [["r"], ["a", "b", "c"], ["a1", "a2"], ["a11"]])
  }

  @Test func leavesAndNodesAlreadyInTheStateAskedForDoNotChange() {
    let model = TreeModel(provider: TreeOutline.store(Self.tree))
    #expect(model.setCollapsed(true, at: IndexPath(item: 1, section: 1)).isEmpty, "b is a leaf")
    #expect(model.setCollapsed(false, at: IndexPath(item: 0, section: 1)).isEmpty, "a is already expanded")
    #expect(model.setCollapsed(true, at: IndexPath(item: 9, section: 9)).isEmpty)
  }

  /// The range of nodes with a state set by hand grows as states are set, whatever their
  /// order, and holds every one of them (readings skip the table for nodes outside it).
  @Test func collapseStatesKeepTheRangeOfTheirNodes() {
    var states = CollapseStates()
    #expect(states.nodeRange == nil)
    states[7] = false
    #expect(states.nodeRange == 7...7)
    states[3] = true
    states[12] = false
    states[5] = nil
    #expect(states.nodeRange == 3...12)
    #expect(states[3] == true && states[12] == false && states[7] == false && states[5] == nil)
    states[3] = nil
    #expect(states[3] == nil)
    #expect(states.nodeRange.map { $0.contains(7) && $0.contains(12) } == true)
  }

  @Test func theModelsUpdatesAgreeWithTheGenericHelperForAnyDataSource() {
    let store = RandomTree.store(count: 600, seed: 11)
    let model = TreeModel(provider: store)
    var random = SeededRandom(seed: 12)
    for _ in 0..<80 {
      let indexPath = Self.randomParent(in: model, random: &random)
      if model.isCollapsed(at: indexPath) {
        let before = model.numberOfSections
        let update = model.setCollapsed(false, at: indexPath)
        #expect(update == TreeUpdate.expanding(itemAt: indexPath, in: model, sectionCountBefore: before))
      } else {
        let expected = TreeUpdate.collapsing(itemAt: indexPath, in: model)
        #expect(model.setCollapsed(true, at: indexPath) == expected)
      }
    }
  }

  @Test func randomCollapsesAndExpansionsLeaveWhatAFreshBuildWouldShow() {
    for seed in UInt64(1)...UInt64(6) {
      let store = RandomTree.store(count: 1_500, seed: seed)
      let model = TreeModel(provider: store, collapsesByDefault: RandomTree.collapseRule(seed: seed, oneIn: 7))
      var random = SeededRandom(seed: seed &+ 100)
      for _ in 0..<60 {
        let indexPath = Self.randomParent(in: model, random: &random)
        model.toggleCollapsed(at: indexPath)
      }
      let fresh = TreeModel(provider: store, collapsesByDefault: RandomTree.collapseRule(seed: seed, oneIn: 7))
      fresh.explicitCollapse = model.explicitCollapse
      fresh.reload()
      let sections = fresh.numberOfSections
      #expect(model.numberOfSections >= sections)
      for section in 0..<model.numberOfSections {
        let level = model.levels[section]
        if section < sections {
          let expected = fresh.levels[section]
          #expect(level.nodes == expected.nodes, "seed \(seed) section \(section)")
          // Nodes past the reading limit are described when asked: compare the answers.
          for item in 0..<min(level.count, expected.count) {
            let indexPath = IndexPath(item: item, section: section)
            #expect(model.labelWidth(ofItemAt: indexPath) == fresh.labelWidth(ofItemAt: indexPath))
            #expect(model.hasChildren(at: indexPath) == fresh.hasChildren(at: indexPath))
            #expect(model.isCollapsed(at: indexPath) == fresh.isCollapsed(at: indexPath))
          }
          #expect(level.childStarts == expected.childStarts, "seed \(seed) section \(section)")
        } else {
          #expect(level.count == 0, "sections past the deepest shown node are empty")
        }
      }
    }
  }

  @Test func collapsingThroughTheCollectionViewKeepsTheFocusOnTheNode() {
    let harness = TreeHarness(Self.tree, orientation: .outline, size: CellSize(columns: 16, rows: 8))
    let a = harness.indexPath(of: "a")
    harness.collectionView.focusItem(at: harness.indexPath(of: "c1"))
    _ = harness.lines
    harness.model.setCollapsed(true, at: a, in: harness.collectionView)
    #expect(harness.collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 2), "c1 moved up")
    #expect(
      harness.model.node(at: IndexPath(item: 0, section: 2)) == harness.model.node(at: harness.indexPath(of: "c1")))
    harness.collectionView.focusItem(at: a)
    harness.model.setCollapsed(false, at: a, in: harness.collectionView)
    #expect(harness.collectionView.indexPathForFocusedItem == a)
    #expect(
      harness.lines == [
        "r               ",
        "├─ a            ",
        "│  ├─ a1        ",
        "│  │  └─ a11    ",
        "│  └─ a2        ",
        "├─ b            ",
        "└─ c            ",
        "   └─ c1        ",
      ])
  }

  @Test func collapsingAnAncestorOfTheFocusedNodeMovesTheFocusToIt() {
    let harness = TreeHarness(Self.tree, orientation: .columns, size: CellSize(columns: 30, rows: 5))
    harness.collectionView.focusItem(at: harness.indexPath(of: "a11"))
    _ = harness.lines
    let a = harness.indexPath(of: "a")
    harness.model.setCollapsed(true, at: a, in: harness.collectionView)
    #expect(harness.collectionView.indexPathForFocusedItem == a)
    #expect(harness.collectionView.numberOfItems(inSection: 2) == 1)
    #expect(harness.collectionView.numberOfItems(inSection: 3) == 0)
    #expect(
      harness.lines == [
        "r ─┬─ ▸ a (+3)                ",
        "   ├─ b                       ",
        "   └─ c ────────── c1         ",
        "                              ",
        "                              ",
      ])
  }

  @Test func randomBatchUpdatesValidateAndDrawLikeAFreshCollectionView() {
    for orientation in [TreeLayout.Orientation.columns, .outline] {
      let store = RandomTree.store(count: 400, seed: 21)
      let harness = TreeHarness(
        store: store, orientation: orientation, size: CellSize(columns: 60, rows: 20),
        collapsesByDefault: RandomTree.collapseRule(seed: 21, oneIn: 4))
      var random = SeededRandom(seed: 22)
      for step in 0..<40 {
        let indexPath = Self.randomParent(in: harness.model, random: &random)
        let node = harness.model.node(at: indexPath)
        harness.collectionView.focusItem(at: indexPath)
        harness.model.toggleCollapsed(at: indexPath, in: harness.collectionView)
        #expect(
          harness.collectionView.indexPathForFocusedItem == indexPath, "step \(step): the focus stays on the node")
        #expect(harness.model.node(at: indexPath) == node)
        for section in 0..<harness.model.numberOfSections {
          #expect(
            harness.collectionView.numberOfItems(inSection: section) == harness.model.numberOfItems(inSection: section))
        }
        let screen = harness.lines
        let fresh = TreeHarness(
          store: store, orientation: orientation, size: CellSize(columns: 60, rows: 20),
          collapsesByDefault: RandomTree.collapseRule(seed: 21, oneIn: 4))
        fresh.model.explicitCollapse = harness.model.explicitCollapse
        fresh.model.reload()
        fresh.collectionView.reloadData()
        fresh.collectionView.focusItem(at: indexPath)
        fresh.collectionView.contentOffset = harness.collectionView.contentOffset
        #expect(fresh.lines == screen, "step \(step)")
      }
    }
  }

  @Test func theStoreCountsDescendantsAndKeepsKinds() {
    let store = TreeOutline.store(Self.tree + "\nz #critical")
    #expect(store.count == 9)
    #expect(store.rootNodes == [0, 8])
    #expect(store.descendantCount(ofNode: 0) == 7)
    #expect(store.descendantCount(ofNode: 1) == 3)
    #expect(store.kind(ofNode: 8) == "critical")
    #expect(store.kind(ofNode: 1) == "normal")
    #expect(store.labelWidth(ofNode: 0) == 1)
  }

  // MARK: - Fixtures

  static let tree = """
    r
      a
        a1
          a11
        a2
      b
      c
        c1
    """

  static func labels(_ model: TreeModel) -> [[String]] {
    (0..<model.numberOfSections).map { section in
      (0..<model.numberOfItems(inSection: section)).map { model.label(ofItemAt: IndexPath(item: $0, section: section)) }
    }
  }

  /// A random shown node with children.
  static func randomParent(in model: TreeModel, random: inout SeededRandom) -> IndexPath {
    var parents: [IndexPath] = []
    for section in 0..<model.numberOfSections {
      for item in 0..<model.numberOfItems(inSection: section)
      where model.hasChildren(at: IndexPath(item: item, section: section)) {
        parents.append(IndexPath(item: item, section: section))
      }
    }
    return parents[random.int(in: 0...(parents.count - 1))]
  }
}

@Suite struct TreeModelOpeningTests {
  @Test func aLargeTreeOpensAsDeepAsFits() {
    let store = TreeOutline.store(TreeLayoutFocusTests.long)
    let fits = TreeModel(provider: store, collapsesByDefault: TreeModel.collapseRule(showingAtMost: 10, of: store))
    #expect(fits.numberOfShownNodes == 3)
    #expect(fits.isCollapsed(at: IndexPath(item: 0, section: 2)))
    #expect(fits.hiddenDescendantCount(ofItemAt: IndexPath(item: 0, section: 2)) == 20)
    let all = TreeModel(provider: store, collapsesByDefault: TreeModel.collapseRule(showingAtMost: 23, of: store))
    #expect(all.numberOfShownNodes == 23)
    let rootOnly = TreeModel(provider: store, collapsesByDefault: TreeModel.collapseRule(showingAtMost: 1, of: store))
    #expect(rootOnly.numberOfShownNodes == 1)
    #expect(rootOnly.isCollapsed(at: IndexPath(item: 0, section: 0)))
  }
}
