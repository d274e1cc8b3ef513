import TermGridCore
import TermGridViews

/// A data source that is told what the data is, not how it changed: give it snapshots of
/// section and item identifiers, and it works out and animates the batch update between
/// them.
///
/// UIKit's `UICollectionViewDiffableDataSource`. It makes itself the collection view's data
/// source, asks `cellProvider` for each visible item's cell (dequeued as usual), and answers
/// the counts from the snapshot it last applied:
///
/// ```swift
/// let dataSource = DiffableDataSource<String, Int>(collectionView: collectionView) {
///   collectionView, indexPath, photo in
///   let cell = collectionView.dequeueReusableCell(PhotoCell.self, withReuseIdentifier: "photo", for: indexPath)
///   cell.title = photos[photo].title
///   return cell
/// }
/// var snapshot = DiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["Holidays"])
/// snapshot.appendItems([1, 2, 3])
/// dataSource.apply(snapshot, animatingDifferences: false)
/// ```
///
/// Each ``apply(_:animatingDifferences:completion:)`` diffs the new snapshot against the
/// current one (``SnapshotDifference``), then runs one
/// ``CollectionView/performBatchUpdates(_:completion:)``: cells move to their items' new
/// places, new items fade in, deleted ones fade out, selection and focus follow their
/// items, and a layout's initial and final attributes shape the animation as for any batch
/// update.
///
/// Keep a strong reference to the data source: the collection view holds it weakly, as it
/// holds every data source. Use it on the run loop's thread, like the collection view.
public final class DiffableDataSource<SectionIdentifier: Hashable & Sendable, ItemIdentifier: Hashable & Sendable>:
  CollectionViewDataSource
{
  /// The snapshot type this data source applies.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>

  /// Makes the cell for an item: dequeue it from the collection view and configure it.
  public typealias CellProvider = (
    _ collectionView: CollectionView, _ indexPath: IndexPath, _ itemIdentifier: ItemIdentifier
  ) -> Cell

  /// Makes a supplementary view (a header, a footer): dequeue it and configure it, or
  /// return `nil` to show nothing there.
  public typealias SupplementaryViewProvider = (
    _ collectionView: CollectionView, _ elementKind: String, _ indexPath: IndexPath
  ) -> ReusableView?

  /// The collection view it serves.
  @usableFromInline weak var collectionView: CollectionView?
  /// Makes cells.
  @usableFromInline let cellProvider: CellProvider
  /// Makes headers, footers and other supplementary views; `nil` shows none.
  public var supplementaryViewProvider: SupplementaryViewProvider?
  /// The snapshot the collection view shows.
  @usableFromInline var current = Snapshot()
  /// Where each item is in ``current``, built when first asked after an apply.
  @usableFromInline var itemLocations: [ItemIdentifier: IndexPath]?
  /// The outlines of the sections shown from section snapshots, by section.
  @usableFromInline var sectionSnapshots: [SectionIdentifier: SectionSnapshot<ItemIdentifier>] = [:]
  /// What happens when a person expands or collapses an item of a section shown from a
  /// section snapshot (see ``SectionSnapshotHandlers``).
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifier>()

  /// Creates a data source for a collection view and makes itself the collection view's
  /// data source. It starts empty: apply a first snapshot.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  // MARK: - Snapshots

  /// A copy of the current snapshot, to edit and apply (free until it is changed).
  public func snapshot() -> Snapshot {
    var copy = current
    copy.reloadedItemSet = []
    copy.reloadedSectionSet = []
    return copy
  }

  /// Shows a new snapshot: computes the difference from the current one and applies it to
  /// the collection view as one batch update.
  ///
  /// - Parameters:
  ///   - snapshot: what the data is now.
  ///   - animatingDifferences: whether the changes animate (when the collection view's
  ///     ``CollectionView/animatesChanges`` allows); `false` puts everything in place at
  ///     once, still keeping selection and focus on their items.
  ///   - completion: called when the animation ends, or at once without one.
  ///
  /// In debug builds this checks that every identifier in the snapshot is unique (which
  /// costs a hash of every item); release builds find duplicates only among the items the
  /// difference hashes.
  @inlinable
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
    assert(snapshot.hasUniqueIdentifiers, "DiffableDataSource.apply: an identifier appears twice in the snapshot")
    guard let collectionView else {
      replaceCurrent(with: snapshot)
      completion?()
      return
    }
    precondition(
      collectionView.dataSource === self,
      "DiffableDataSource.apply: the collection view's data source is another object; a diffable data source must stay its data source"
    )
    keepSectionSnapshots(matching: snapshot)
    let difference = SnapshotDifference(from: current, to: snapshot)
    let animates = collectionView.animatesChanges
    if !animatingDifferences { collectionView.animatesChanges = false }
    collectionView.performBatchUpdates(
      {
        self.replaceCurrent(with: snapshot)
        difference.record(in: collectionView)
      },
      completion: { _ in completion?() })
    collectionView.animatesChanges = animates
  }

  /// Shows a new snapshot without working out a difference: the collection view reloads
  /// everything (``CollectionView/reloadData()``). Selection and focus keep the index paths
  /// that still exist, not their items.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    keepSectionSnapshots(matching: snapshot)
    replaceCurrent(with: snapshot)
    collectionView?.reloadData()
    completion?()
  }

  @usableFromInline
  func replaceCurrent(with snapshot: Snapshot) {
    current = snapshot
    current.reloadedItemSet = []
    current.reloadedSectionSet = []
    itemLocations = nil
  }

  // MARK: - Identifiers and index paths

  /// The item shown at an index path, or `nil` when there is none.
  @inlinable
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
    current.itemIdentifier(at: indexPath)
  }

  /// Where an item is shown, or `nil` when it is not in the current snapshot. The first
  /// call after an apply builds a table of every item (a hash of each); later calls look
  /// it up.
  @inlinable
  public func indexPath(for itemIdentifier: ItemIdentifier) -> IndexPath? {
    if itemLocations == nil {
      var table = [ItemIdentifier: IndexPath](minimumCapacity: current.numberOfItems)
      for (section, items) in current.itemStorage.enumerated() {
        for (item, identifier) in items.enumerated() { table[identifier] = IndexPath(item: item, section: section) }
      }
      itemLocations = table
    }
    return itemLocations?[itemIdentifier]
  }

  /// The section shown at an index, or `nil` when there is none.
  public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
    current.sectionStorage.indices.contains(index) ? current.sectionStorage[index] : nil
  }

  /// Where a section is shown, or `nil` when it is not in the current snapshot.
  public func index(for sectionIdentifier: SectionIdentifier) -> Int? {
    current.indexOfSection(sectionIdentifier)
  }

  // MARK: - CollectionViewDataSource

  /// The number of sections in the current snapshot.
  public func numberOfSections(in collectionView: CollectionView) -> Int {
    current.sectionStorage.count
  }

  /// The number of items in a section of the current snapshot.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    current.itemStorage.indices.contains(section) ? current.itemStorage[section].count : 0
  }

  /// The cell from ``CellProvider`` for the item at `indexPath`.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    guard let identifier = current.itemIdentifier(at: indexPath) else {
      fatalError(
        "DiffableDataSource: the collection view asked for a cell at \(indexPath), which the snapshot does not have")
    }
    let cell = cellProvider(collectionView, indexPath, identifier)
    if !sectionSnapshots.isEmpty, let outline = sectionSnapshots[current.sectionStorage[indexPath.section]],
      outline.contains(identifier)
    {
      cell.isExpanded = outline.isExpanded(identifier)
      cell.indentationLevel = outline.level(of: identifier)
    } else if cell.isExpanded || cell.indentationLevel != 0 {
      // A cell kept by reconfigureItems, from a section that is no longer an outline.
      cell.isExpanded = false
      cell.indentationLevel = 0
    }
    return cell
  }

  /// The view from ``supplementaryViewProvider``, or `nil` without one.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    supplementaryViewProvider?(collectionView, kind, indexPath)
  }
}
