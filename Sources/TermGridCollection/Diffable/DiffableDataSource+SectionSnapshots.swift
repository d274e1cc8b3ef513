import TermGridCore
import TermGridViews

/// What a diffable data source does when a person expands or collapses an item of a section
/// shown from a ``SectionSnapshot``: UIKit's `SectionSnapshotHandlers`.
///
/// A click on a ``ListCell``'s outline disclosure, or Right (expand) and Left (collapse) on
/// the focused item, asks ``shouldExpandItem`` (or ``shouldCollapseItem``), calls
/// ``willExpandItem`` (or ``willCollapseItem``), and applies the section snapshot with the
/// item expanded (or collapsed), animating the children in or out. When expanding,
/// ``snapshotForExpandingParent`` may supply the children first (a folder read only when
/// it is opened).
public struct SectionSnapshotHandlers<ItemIdentifier: Hashable & Sendable> {
  /// Whether the item may expand; `nil` lets every item.
  public var shouldExpandItem: ((ItemIdentifier) -> Bool)?
  /// Called before the item expands.
  public var willExpandItem: ((ItemIdentifier) -> Void)?
  /// Whether the item may collapse; `nil` lets every item.
  public var shouldCollapseItem: ((ItemIdentifier) -> Bool)?
  /// Called before the item collapses.
  public var willCollapseItem: ((ItemIdentifier) -> Void)?
  /// The children to show under a parent about to expand, given the parent and a section
  /// snapshot of its children now (``SectionSnapshot/snapshot(of:includingParent:)``);
  /// `nil` shows the children it has.
  public var snapshotForExpandingParent:
    ((_ parent: ItemIdentifier, _ children: SectionSnapshot<ItemIdentifier>) -> SectionSnapshot<ItemIdentifier>)?

  /// Handlers that let every item expand and collapse.
  public init() {}
}

extension DiffableDataSource {
  // MARK: - Section snapshots

  /// Shows a section snapshot in a section: the section's items become the snapshot's
  /// ``SectionSnapshot/visibleItems``, and the difference from what the section showed is
  /// applied as one batch update, so the children of an item that expands animate in and
  /// those of one that collapses animate out. A section the data source does not show yet
  /// is added at the end. Cells learn their item's level and expanded state
  /// (``Cell/indentationLevel``, ``Cell/isExpanded``); the cells of items whose state
  /// changed are configured again (``CollectionView/reconfigureItems(at:)``), so an outline
  /// disclosure turns without a reload.
  ///
  /// - Parameters:
  ///   - snapshot: the section's outline.
  ///   - section: the section it fills.
  ///   - animatingDifferences: whether the changes animate.
  ///   - completion: called when the animation ends, or at once without one.
  public func apply(
    _ snapshot: SectionSnapshot<ItemIdentifier>, to section: SectionIdentifier, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    var whole = self.snapshot()
    if whole.indexOfSection(section) == nil { whole.appendSections([section]) }
    let position = whole.position(ofSection: section, for: "apply(_:to:animatingDifferences:completion:)")
    let shown = snapshot.visibleItems
    let before = self.snapshot(for: section)
    let shownBefore = Set(whole.itemStorage[position])
    whole.itemStorage[position] = shown
    let kept = whole.itemStorage[...].enumerated().filter { $0.offset != position }.flatMap(\.element)
    let clash = Set(kept).intersection(shown)
    precondition(
      clash.isEmpty,
      "apply(_:to:animatingDifferences:completion:): the items \(clash) are in another section as well")
    // Set first: the cells the batch update makes learn their level from it.
    sectionSnapshots[section] = snapshot
    apply(whole, animatingDifferences: animatingDifferences, completion: completion)
    // The items still shown whose disclosure or indentation changed keep their cells.
    guard let collectionView else { return }
    var changed: [IndexPath] = []
    for (item, identifier) in shown.enumerated() where shownBefore.contains(identifier) {
      if before.isExpanded(identifier) != snapshot.isExpanded(identifier)
        || before.level(of: identifier) != snapshot.level(of: identifier)
      {
        changed.append(IndexPath(item: item, section: position))
      }
    }
    if !changed.isEmpty { collectionView.reconfigureItems(at: changed) }
  }

  /// The outline a section shows: the section snapshot last applied to it, or, for a
  /// section filled by a plain snapshot, its items as root items. Empty for a section the
  /// data source does not show.
  public func snapshot(for section: SectionIdentifier) -> SectionSnapshot<ItemIdentifier> {
    if let outline = sectionSnapshots[section] { return outline }
    var flat = SectionSnapshot<ItemIdentifier>()
    if let position = current.indexOfSection(section) { flat.append(current.itemStorage[position]) }
    return flat
  }

  /// Forgets the outlines of sections a plain snapshot drops or fills with other items
  /// than the outline's visible ones.
  @usableFromInline
  func keepSectionSnapshots(matching snapshot: Snapshot) {
    guard !sectionSnapshots.isEmpty else { return }
    for (section, outline) in sectionSnapshots {
      guard let position = snapshot.indexOfSection(section), snapshot.itemStorage[position] == outline.visibleItems
      else {
        sectionSnapshots[section] = nil
        continue
      }
    }
  }

  // MARK: - Expanding by hand

  /// Expands (or collapses) an item of a section shown from a section snapshot as a click
  /// on its disclosure does: through ``sectionSnapshotHandlers``, animated.
  /// - Returns: whether the item changed (`false` when a handler refused, the item was
  ///   already so, or its section is not an outline).
  @discardableResult
  public func setExpanded(_ expanded: Bool, item: ItemIdentifier) -> Bool {
    guard let section = current.sectionIdentifier(containingItem: item), var outline = sectionSnapshots[section],
      outline.contains(item), outline.isExpanded(item) != expanded
    else { return false }
    let handlers = sectionSnapshotHandlers
    if expanded {
      guard handlers.shouldExpandItem?(item) ?? true else { return false }
      handlers.willExpandItem?(item)
      if let provide = handlers.snapshotForExpandingParent {
        outline.replace(childrenOf: item, using: provide(item, outline.snapshot(of: item)))
      }
      outline.expand([item])
    } else {
      guard handlers.shouldCollapseItem?(item) ?? true else { return false }
      handlers.willCollapseItem?(item)
      outline.collapse([item])
    }
    apply(outline, to: section)
    return true
  }
}

// MARK: - The collection view's side

/// What the collection view asks of a data source that shows outlines, for the keys and
/// clicks that expand and collapse.
protocol OutlineDataSource: AnyObject {
  /// The item's place in its section's outline, or `nil` when its section is not one.
  func outlineState(at indexPath: IndexPath) -> OutlineState?
  /// Expands or collapses the item through the handlers; whether it changed.
  func setExpanded(_ expanded: Bool, at indexPath: IndexPath) -> Bool
}

/// An item's place in an outline.
struct OutlineState {
  var isExpanded: Bool
  /// Whether it has children to show or hide (or children can be supplied on expanding).
  var isExpandable: Bool
  /// Where its parent is, or `nil` for a root item.
  var parent: IndexPath?
}

extension DiffableDataSource: OutlineDataSource {
  func outlineState(at indexPath: IndexPath) -> OutlineState? {
    guard !sectionSnapshots.isEmpty, let item = current.itemIdentifier(at: indexPath),
      let outline = sectionSnapshots[current.sectionStorage[indexPath.section]], outline.contains(item)
    else { return nil }
    let hasChildren = !outline.children(of: item).isEmpty
    return OutlineState(
      isExpanded: outline.isExpanded(item),
      isExpandable: hasChildren || sectionSnapshotHandlers.snapshotForExpandingParent != nil,
      parent: outline.parent(of: item).flatMap { self.indexPath(for: $0) })
  }

  func setExpanded(_ expanded: Bool, at indexPath: IndexPath) -> Bool {
    guard let item = current.itemIdentifier(at: indexPath) else { return false }
    return setExpanded(expanded, item: item)
  }
}
