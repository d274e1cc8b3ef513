import TermGrid

/// The batch update that turns one arrangement of identified items into another: which
/// items were deleted, inserted, moved or need drawing again, in UIKit's terms (deletes and
/// reloads at index paths before the update, inserts after it, moves one of each).
///
/// Presentations keep their items as lists of ids per section; after a document change
/// they compute the new lists and let this diff tell the collection view, so every edit
/// animates the same way whatever the view. Ids must be unique across all sections.
///
/// Large sections stay cheap: the common prefix and suffix of a section are skipped with a
/// plain comparison, and only what lies between is hashed (an edit touches a few items of
/// a million-item section).
struct ItemDiff: Equatable {
  var deletedSections: [Int] = []
  var insertedSections: [Int] = []
  var deletedItems: [IndexPath] = []
  var insertedItems: [IndexPath] = []
  var movedItems: [Move] = []
  var reloadedItems: [IndexPath] = []

  struct Move: Equatable {
    var from: IndexPath
    var to: IndexPath
  }

  var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && deletedItems.isEmpty && insertedItems.isEmpty
      && movedItems.isEmpty && reloadedItems.isEmpty
  }

  /// The diff from `old` to `new`: sections are matched by their ids (sections whose id is
  /// in both keep their order), items by theirs; items in `changed` that stay are reloaded.
  ///
  /// `locate` gives a changed item's index path *after* the change, when the caller knows it
  /// cheaply: then only the changed items are looked at, not every item of the common ends
  /// (a million-item section with one changed card costs one lookup, not a million).
  init(
    oldSections: [Int], oldItems: [[Int]], newSections: [Int], newItems: [[Int]], changed: Set<Int> = [],
    locate: ((Int) -> IndexPath?)? = nil
  ) {
    precondition(oldSections.count == oldItems.count && newSections.count == newItems.count)
    var oldSectionIndex: [Int: Int] = [:]
    for (index, id) in oldSections.enumerated() { oldSectionIndex[id] = index }
    var newSectionIndex: [Int: Int] = [:]
    for (index, id) in newSections.enumerated() { newSectionIndex[id] = index }
    // Matched sections must keep their relative order; the rest are deleted and inserted.
    var matched: [(old: Int, new: Int)] = []
    var lastOld = -1
    for (newIndex, id) in newSections.enumerated() {
      if let oldIndex = oldSectionIndex[id], oldIndex > lastOld {
        matched.append((oldIndex, newIndex))
        lastOld = oldIndex
      } else {
        insertedSections.append(newIndex)
      }
    }
    let keptOld = Set(matched.map(\.old))
    deletedSections = oldSections.indices.filter { !keptOld.contains($0) }

    // Items of matched sections: skip the common ends, hash the middles.
    var oldPositions: [Int: IndexPath] = [:]
    var newPositions: [Int: IndexPath] = [:]
    for pair in matched {
      let before = oldItems[pair.old]
      let after = newItems[pair.new]
      var prefix = 0
      let shorter = min(before.count, after.count)
      before.withUnsafeBufferPointer { a in
        after.withUnsafeBufferPointer { b in
          while prefix < shorter && a[prefix] == b[prefix] { prefix += 1 }
        }
      }
      var suffix = 0
      before.withUnsafeBufferPointer { a in
        after.withUnsafeBufferPointer { b in
          while suffix < shorter - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        }
      }
      for item in prefix..<(before.count - suffix) {
        oldPositions[before[item]] = IndexPath(item: item, section: pair.old)
      }
      for item in prefix..<(after.count - suffix) {
        newPositions[after[item]] = IndexPath(item: item, section: pair.new)
      }
      // Unmoved items at the ends may still need drawing again.
      if !changed.isEmpty, let locate {
        let shift = after.count - before.count
        for id in changed {
          guard let place = locate(id), place.section == pair.new else { continue }
          if place.item < prefix {
            reloadedItems.append(IndexPath(item: place.item, section: pair.old))
          } else if place.item >= after.count - suffix {
            reloadedItems.append(IndexPath(item: place.item - shift, section: pair.old))
          }
        }
      } else if !changed.isEmpty {
        for item in 0..<prefix where changed.contains(before[item]) {
          reloadedItems.append(IndexPath(item: item, section: pair.old))
        }
        for offset in 0..<suffix where changed.contains(before[before.count - 1 - offset]) {
          reloadedItems.append(IndexPath(item: before.count - 1 - offset, section: pair.old))
        }
      }
    }

    // Items that stay: in order within a section they are untouched; out of order, moved.
    var staying: [(old: IndexPath, new: IndexPath, id: Int)] = []
    for (id, old) in oldPositions {
      if let new = newPositions[id] {
        staying.append((old, new, id))
      } else {
        deletedItems.append(old)
      }
    }
    for (id, new) in newPositions where oldPositions[id] == nil { insertedItems.append(new) }
    staying.sort { $0.old < $1.old }
    var bySection: [Int: [(old: IndexPath, new: IndexPath, id: Int)]] = [:]
    var matchedNewSection: [Int: Int] = [:]
    for pair in matched { matchedNewSection[pair.old] = pair.new }
    for entry in staying {
      if matchedNewSection[entry.old.section] == entry.new.section {
        bySection[entry.old.section, default: []].append(entry)
      } else {
        movedItems.append(Move(from: entry.old, to: entry.new))
      }
    }
    for (_, entries) in bySection {
      let inOrder = Self.longestIncreasingRun(entries.map(\.new.item))
      for (index, entry) in entries.enumerated() {
        if inOrder.contains(index) {
          if changed.contains(entry.id) { reloadedItems.append(entry.old) }
        } else if changed.contains(entry.id) {
          // A moved item that also changed: out and in again, so it is drawn anew.
          deletedItems.append(entry.old)
          insertedItems.append(entry.new)
        } else {
          movedItems.append(Move(from: entry.old, to: entry.new))
        }
      }
    }
    deletedItems.sort()
    insertedItems.sort()
    reloadedItems.sort()
    movedItems.sort { $0.from < $1.from }
  }

  /// Tells the collection view, inside `performBatchUpdates`.
  func record(in collectionView: CollectionView) {
    if !deletedSections.isEmpty { collectionView.deleteSections(deletedSections) }
    if !insertedSections.isEmpty { collectionView.insertSections(insertedSections) }
    if !deletedItems.isEmpty { collectionView.deleteItems(at: deletedItems) }
    if !insertedItems.isEmpty { collectionView.insertItems(at: insertedItems) }
    for move in movedItems { collectionView.moveItem(at: move.from, to: move.to) }
    if !reloadedItems.isEmpty { collectionView.reloadItems(at: reloadedItems) }
  }

  /// The indexes of a longest strictly increasing subsequence (patience sorting).
  static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []  // index into values of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result = Set<Int>()
    var current = tails.last ?? -1
    while current >= 0 {
      result.insert(current)
      current = previous[current]
    }
    return result
  }
}
