import TermGridCore
import TermGridLayout

/// The collection-view changes that collapsing or expanding a node makes, for
/// ``CollectionView/performBatchUpdates(_:completion:)``.
///
/// With one section per depth, hiding a subtree removes a run of items from every section
/// below the node, and the items after each run move up: ``deletedIndexPaths`` lists them
/// depth by depth. Expanding inserts runs the same way; an expansion that reaches deeper
/// than the collection view has sections adds sections (their items come with them).
public struct TreeUpdate: Hashable, Sendable {
  /// Items removed, at their index paths before the update.
  public var deletedIndexPaths: [IndexPath] = []
  /// Items added, at their index paths after the update (not those of inserted sections).
  public var insertedIndexPaths: [IndexPath] = []
  /// Sections added at the end, for depths that had no section before.
  public var insertedSections: [Int] = []
  /// Items to draw again: the node itself, whose marker and badge changed.
  public var reloadedIndexPaths: [IndexPath] = []

  /// Creates an update.
  public init(
    deletedIndexPaths: [IndexPath] = [], insertedIndexPaths: [IndexPath] = [], insertedSections: [Int] = [],
    reloadedIndexPaths: [IndexPath] = []
  ) {
    self.deletedIndexPaths = deletedIndexPaths
    self.insertedIndexPaths = insertedIndexPaths
    self.insertedSections = insertedSections
    self.reloadedIndexPaths = reloadedIndexPaths
  }

  /// True when nothing changes.
  public var isEmpty: Bool {
    deletedIndexPaths.isEmpty && insertedIndexPaths.isEmpty && insertedSections.isEmpty && reloadedIndexPaths.isEmpty
  }

  /// Tells the collection view about the changes. Call it inside `performBatchUpdates`,
  /// after the data source has changed.
  public func record(in collectionView: CollectionView) {
    if !insertedSections.isEmpty { collectionView.insertSections(insertedSections) }
    if !deletedIndexPaths.isEmpty { collectionView.deleteItems(at: deletedIndexPaths) }
    if !insertedIndexPaths.isEmpty { collectionView.insertItems(at: insertedIndexPaths) }
    if !reloadedIndexPaths.isEmpty { collectionView.reloadItems(at: reloadedIndexPaths) }
  }

  /// The update for collapsing a node of any ``TreeLayoutDataSource``: ask before the data
  /// source hides the descendants, since it reads the ones shown now.
  public static func collapsing(itemAt indexPath: IndexPath, in dataSource: any TreeLayoutDataSource) -> TreeUpdate {
    TreeUpdate(
      deletedIndexPaths: dataSource.indexPathsOfDescendants(ofItemAt: indexPath), reloadedIndexPaths: [indexPath])
  }

  /// The update for expanding a node of any ``TreeLayoutDataSource``: ask after the data
  /// source shows the descendants, telling how many sections there were before and are now.
  public static func expanding(
    itemAt indexPath: IndexPath, in dataSource: any TreeLayoutDataSource, sectionCountBefore: Int
  ) -> TreeUpdate {
    var update = TreeUpdate(reloadedIndexPaths: [indexPath])
    var newSections = Set<Int>()
    for descendant in dataSource.indexPathsOfDescendants(ofItemAt: indexPath) {
      if descendant.section < sectionCountBefore {
        update.insertedIndexPaths.append(descendant)
      } else {
        newSections.insert(descendant.section)
      }
    }
    update.insertedSections = newSections.sorted()
    return update
  }
}
