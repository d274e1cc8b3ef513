import TGridSystem
import TermGrid

/// Runs the diffable data source benchmark: `tgrid-bench diff [ITEMS]`.
///
/// One section of ITEMS items (1,000,000 by default) takes a few changes: an insert, a
/// delete and a move in the middle, and (where marked) reloads of three items, one in the
/// changed middle and two in the untouched ends. It times ``SnapshotDifference`` on `Int`
/// and `String` identifiers, the snapshot edits that describe the change, and a whole
/// ``DiffableDataSource/apply(_:animatingDifferences:completion:)`` through a collection
/// view (difference, batch update plan, layout pass).
func runDiffBenchmarks(arguments: [String]) {
  var itemCount = 1_000_000
  for argument in arguments {
    guard let count = Int(argument.filter { $0 != "_" }), count >= 100 else {
      print("usage: tgrid-bench diff [ITEMS]")
      ProcessIdentity.exit(2)
    }
    itemCount = count
  }
  print("Diffable data source: one section of \(itemCount) items; an insert, a delete and a move near the middle.")
  print("")
  print("what".diffPadded(66, left: true), "median ms".diffPadded(10), "min ms".diffPadded(8))

  let old = Array(0..<itemCount)
  var new = old
  let middle = itemCount / 2
  new.insert(-1, at: middle)
  new.remove(at: middle + 10)
  let moved = new.remove(at: middle + 20)
  new.insert(moved, at: middle - 20)
  let reloads: Set<Int> = [middle + 5, 3, itemCount - 4]

  report("SnapshotDifference, Int identifiers") {
    let difference = SnapshotDifference(oldSections: [0], oldItems: [old], newSections: [0], newItems: [new])
    DiffBenchmarkSink.value &+= difference.insertedItems.count
  }
  report("SnapshotDifference, Int identifiers, 3 reloads") {
    let difference = SnapshotDifference(
      oldSections: [0], oldItems: [old], newSections: [0], newItems: [new], reloadedItems: reloads)
    DiffBenchmarkSink.value &+= difference.reloadedItems.count
  }
  let oldNames = old.map { "item \($0)" }
  let newNames = new.map { "item \($0)" }
  report("SnapshotDifference, String identifiers (\"item 123\")") {
    let difference = SnapshotDifference(oldSections: [0], oldItems: [oldNames], newSections: [0], newItems: [newNames])
    DiffBenchmarkSink.value &+= difference.insertedItems.count
  }

  var snapshot = DiffableDataSourceSnapshot<Int, Int>()
  snapshot.appendSections([0])
  snapshot.appendItems(old)
  report("snapshot edits: deleteItems, insertItems(afterItem:), reloadItems") {
    var edited = snapshot
    edited.deleteItems([middle + 10])
    edited.insertItems([-1], afterItem: middle - 1)
    edited.reloadItems([3, middle + 5])
    DiffBenchmarkSink.value &+= edited.numberOfItems
  }

  // A whole apply: a collection view of the items in a flow layout, 200×60.
  let layout = FlowLayout()
  layout.itemSize = Size(width: 10, height: 1)
  let collectionView = CollectionView(frame: CellRect(column: 0, row: 0, columns: 200, rows: 60), layout: layout)
  collectionView.animatesChanges = false
  collectionView.register(DiffBenchmarkCell.self, forCellWithReuseIdentifier: "cell")
  let dataSource = DiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, indexPath, item in
    let cell = collectionView.dequeueReusableCell(DiffBenchmarkCell.self, withReuseIdentifier: "cell", for: indexPath)
    cell.item = item
    return cell
  }
  dataSource.apply(snapshot)
  collectionView.layoutIfNeeded()
  var forward = true
  report("DiffableDataSource.apply + layout pass (3 changes, 1 reload)") {
    var edited = dataSource.snapshot()
    if forward {
      edited.deleteItems([middle + 10])
      edited.insertItems([-1], afterItem: middle - 1)
    } else {
      edited.deleteItems([-1])
      edited.insertItems([middle + 10], afterItem: middle + 9)
    }
    edited.reloadItems([3])
    forward.toggle()
    dataSource.apply(edited, animatingDifferences: false)
    collectionView.layoutIfNeeded()
  }
  print("")
  print("Medians and minimums of 21 runs. The difference compares the common start and end item by")
  print("item and hashes only the few items between; reloads in the ends are found by comparing.")
}

/// Times `body` 21 times, after one untimed run, and prints the median and minimum.
private func report(_ name: String, _ body: () -> Void) {
  body()
  let clock = ContinuousClock()
  var times: [Double] = []
  for _ in 0..<21 {
    let start = clock.now
    body()
    let elapsed = clock.now - start
    let (seconds, attoseconds) = elapsed.components
    times.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }
  times.sort()
  print(
    name.diffPadded(66, left: true), diffFormatted(times[times.count / 2]).diffPadded(10),
    diffFormatted(times[0]).diffPadded(8))
}

/// Keeps results alive so the optimizer cannot drop the work.
private enum DiffBenchmarkSink {
  nonisolated(unsafe) static var value = 0
}

/// A cell that shows nothing (the benchmark times the update, not drawing).
private final class DiffBenchmarkCell: Cell {
  var item = 0
}

private func diffFormatted(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  return String(rounded)
}

extension String {
  /// The string padded to `width` columns, on the right when `left` is true.
  fileprivate func diffPadded(_ width: Int, left: Bool = false) -> String {
    guard count < width else { return self }
    let padding = String(repeating: " ", count: width - count)
    return left ? self + padding : padding + self
  }
}
