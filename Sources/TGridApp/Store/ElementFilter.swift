import TGridJSON
import TermGrid

/// A filter on one container's elements (`f`, `--filter`): which of them every view shows.
///
/// A filter is a view, never an edit: the document keeps every element, and an edit made
/// while it is on applies to the real elements (the store evaluates it again after each
/// change, so a value edited out of the filter leaves the screen and one edited in joins).
struct ElementFilter {
  /// The container whose elements are filtered.
  let container: NodeID
  /// The predicate.
  let filter: JSONFilter
  /// The elements kept, in document order.
  private(set) var shown: [JSONNode] = []
  /// How many elements the container has.
  private(set) var elementCount = 0
  /// Elements on which the predicate stopped with an error (jq would stop there; the
  /// filter leaves them out and says how many).
  private(set) var errorCount = 0
  /// The first such error, for the status line.
  private(set) var firstError: String?

  init(container: NodeID, filter: JSONFilter) {
    self.container = container
    self.filter = filter
  }

  /// A filter already evaluated (a slice at a time: see ``FindingController/PendingFilter``).
  init(container: NodeID, filter: JSONFilter, result: JSONFilterResult) {
    self.container = container
    self.filter = filter
    take(result)
  }

  /// Evaluates the predicate on every element of the container again.
  /// - Returns: false when the container no longer exists, or `cancellation` stopped it.
  mutating func evaluate(in store: DocumentStore, cancellation: JSONCancellation? = nil) -> Bool {
    guard let node = store.node(container), store.document.isContainer(node) else { return false }
    guard let result = try? filter.filter(elementsOf: node, in: store.document, cancellation: cancellation) else {
      return false
    }
    take(result)
    return true
  }

  private mutating func take(_ result: JSONFilterResult) {
    shown = result.matches
    elementCount = result.elementCount
    errorCount = result.errorCount
    firstError = result.firstError?.description
  }

  /// What the status line says: `filter: .age > 30 · 1,204 of 241,798`.
  var statusText: String {
    // A long predicate is cut, so the path on the left keeps room (`f` opens it whole).
    let predicate = TextWidth.truncated("\(filter)", toWidth: 28)
    var text = "filter: \(predicate) · \(JSONPreview.grouped(shown.count)) of \(JSONPreview.grouped(elementCount))"
    if errorCount > 0 { text += " · \(JSONPreview.grouped(errorCount)) error\(errorCount == 1 ? "" : "s")" }
    return text
  }
}

/// The children a view shows of a container: all of them, or those a filter keeps.
struct ShownChildren: Sequence {
  fileprivate enum Base {
    case all(JSONChildren)
    case filtered([JSONNode])
  }

  fileprivate let base: Base

  /// How many.
  var count: Int {
    switch base {
    case .all(let children): children.count
    case .filtered(let nodes): nodes.count
    }
  }

  /// Iterates the children in document order.
  struct Iterator: IteratorProtocol {
    fileprivate var all: JSONChildren.Iterator?
    fileprivate var filtered: IndexingIterator<[JSONNode]>?

    mutating func next() -> JSONNode? {
      if all != nil { return all?.next() }
      return filtered?.next()
    }
  }

  func makeIterator() -> Iterator {
    switch base {
    case .all(let children): Iterator(all: children.makeIterator(), filtered: nil)
    case .filtered(let nodes): Iterator(all: nil, filtered: nodes.makeIterator())
    }
  }
}

extension DocumentStore {
  /// The elements the filter keeps when it filters `node`; nil when it does not.
  private func filteredChildren(of node: JSONNode) -> [JSONNode]? {
    guard let filter, self.node(filter.container) == node else { return nil }
    return filter.shown
  }

  /// How many values below `node` views show: all its descendants, less the elements the
  /// filter hides (and what is inside them) when the filtered container is `node` or lies
  /// below it. One count per kept element, from the container index.
  func shownDescendantCount(of node: JSONNode) -> Int {
    let all = document.descendantCount(of: node)
    guard let filter, let container = self.node(filter.container), document.isContainer(node) else { return all }
    guard container == node || ancestry(of: filter.container).contains(id(node)) else { return all }
    var kept = 0
    for element in filter.shown { kept += 1 + document.descendantCount(of: element) }
    return all - (document.descendantCount(of: container) - kept)
  }

  /// The children of `node` that views show: those the filter keeps when it filters
  /// `node`, else all of them.
  func shownChildren(of node: JSONNode) -> ShownChildren {
    if let kept = filteredChildren(of: node) { return ShownChildren(base: .filtered(kept)) }
    return ShownChildren(base: .all(document.children(of: node)))
  }

  /// Calls `body` with each child of `node` views show, in order; a large container's
  /// children come from its child table (``JSONDocument/forEachChild(of:_:)``).
  func forEachShownChild(of node: JSONNode, _ body: (JSONNode) -> Void) {
    if let kept = filteredChildren(of: node) {
      for child in kept { body(child) }
    } else {
      document.forEachChild(of: node, body)
    }
  }

  /// The child of `node` at a position among those views show.
  func shownChild(at position: Int, of node: JSONNode) -> JSONNode? {
    if let kept = filteredChildren(of: node) { return kept.indices.contains(position) ? kept[position] : nil }
    return document.child(at: position, of: node)
  }

  /// Where `child` stands among the children of `node` that views show; nil when it is
  /// not one of them (hidden by the filter, or not a child of `node`).
  func shownPosition(of child: JSONNode, in node: JSONNode) -> Int? {
    if let kept = filteredChildren(of: node) {
      // The kept elements are in document order.
      var low = 0
      var high = kept.count
      while low < high {
        let middle = (low + high) / 2
        if kept[middle] < child { low = middle + 1 } else { high = middle }
      }
      return low < kept.count && kept[low] == child ? low : nil
    }
    guard document.parent(of: child) == node else { return nil }
    return document.position(of: child)
  }

  /// The element the filter keeps nearest to `id` (or to the element of the filtered
  /// container holding it), after it when there is one, else before it; nil when no filter
  /// hides it.
  func nearestShown(to id: NodeID) -> NodeID? {
    filteredElement(holding: id).flatMap(nearestShown(toElement:))
  }

  /// The element of the filtered container that is `id` or holds it, if any.
  private func filteredElement(holding id: NodeID) -> NodeID? {
    guard let filter else { return nil }
    return ancestry(of: id).first { parent(of: $0) == filter.container }
  }

  /// ``nearestShown(to:)`` for an element of the filtered container.
  private func nearestShown(toElement elementID: NodeID) -> NodeID? {
    guard let filter, let container = node(filter.container), !filter.shown.isEmpty, let element = node(elementID)
    else { return nil }
    let kept = filter.shown
    var low = 0
    var high = kept.count
    while low < high {
      let middle = (low + high) / 2
      if kept[middle] < element { low = middle + 1 } else { high = middle }
    }
    guard document.parent(of: kept[min(low, kept.count - 1)]) == container else { return nil }
    return self.id(kept[min(low, kept.count - 1)])
  }

  /// Whether the filter hides the value (it is, or is inside, an element it does not keep).
  func isHiddenByFilter(_ id: NodeID) -> Bool {
    guard let element = filteredElement(holding: id), let nearest = nearestShown(toElement: element) else {
      return false
    }
    return element != nearest
  }

  /// How many children of `node` views show.
  func shownChildCount(of node: JSONNode) -> Int {
    filteredChildren(of: node)?.count ?? document.childCount(of: node)
  }
}
