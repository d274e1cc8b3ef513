import TermGridCore
import TermGridViews

/// What one drawing of the collection view showed, so that the next one can copy the cells
/// that did not change (``CollectionView/reusesDrawingOfUnchangedCells``).
struct DrawingMemory {
  /// The canvas as the collection view left it.
  var canvas: Canvas
  /// The collection view's frame, content offset in cells and cell metrics then.
  var frame: CellRect
  var offset: CellPoint
  var cellMetrics: CellMetrics
  /// Each view drawn, with its attributes and the screen cells it covered.
  var drawn: [ObjectIdentifier: (attributes: LayoutAttributes, clip: CellRect)]
  /// Whether anything was drawn over the views (an animation's frame, the edit menu, an
  /// item being moved): nothing of that drawing is copied.
  var hadOverlay: Bool
}

extension CollectionView {
  /// Asks for a frame after a layout change without counting it as a change of what views
  /// show: the next drawing compares what the pass placed with what it drew last.
  func requestFrameForLayout() {
    let stale = isDrawingStale
    needsDisplay = true
    isDrawingStale = stale
  }

  /// Whether anything is drawn over the views now (see ``DrawingMemory/hadOverlay``).
  private var hasOverlay: Bool {
    animation != nil || scrollAnimation != nil || interactiveMovement != nil || editMenuState.menu != nil
  }

  /// The views whose cells this drawing may copy from the last: cells (not supplementary or
  /// decoration views) drawn last time with the same attributes, neither made, configured
  /// nor given another state since, fully opaque, and overlapping no other element drawn
  /// now or then (whose pixels a copy would bring back or cover).
  func reusableCells(canvasSize: CellSize) -> Set<ObjectIdentifier> {
    guard reusesDrawingOfUnchangedCells, !isDrawingStale, let last = lastDrawing, !last.hadOverlay, !hasOverlay,
      backgroundView == nil, last.canvas.size == canvasSize, last.frame == frame,
      last.offset == contentOffsetInCells, last.cellMetrics == cellMetrics
    else { return [] }
    var candidates: [(id: ObjectIdentifier, clip: CellRect)] = []
    var others: [CellRect] = []
    for (element, view) in zip(displayedAttributes, displayedViews) where !element.isHidden && element.alpha > 0 {
      let clip = screenRect(for: element.frame).intersection(frame)
      guard !clip.isEmpty else { continue }
      let id = ObjectIdentifier(view)
      if element.category == .cell, !element.key.isGhost, element.alpha == 1, !viewsChangedSinceDrawing.contains(id),
        let old = last.drawn[id], old.attributes == element, old.clip == clip
      {
        candidates.append((id, clip))
      } else {
        others.append(clip)
      }
    }
    guard !candidates.isEmpty else { return [] }
    let kept = Set(candidates.map(\.id))
    for (id, old) in last.drawn where !kept.contains(id) { others.append(old.clip) }
    var reusable = Set<ObjectIdentifier>()
    for (index, candidate) in candidates.enumerated() {
      if others.contains(where: { $0.intersects(candidate.clip) }) { continue }
      let overlapsAnother = candidates.indices.contains { other in
        other != index && candidates[other].clip.intersects(candidate.clip)
      }
      if !overlapsAnother { reusable.insert(candidate.id) }
    }
    return reusable
  }

  /// Keeps what this drawing showed for the next one (only while
  /// ``reusesDrawingOfUnchangedCells`` is on).
  func rememberDrawing(_ canvas: Canvas, reusedCount: Int) {
    viewsChangedSinceDrawing.removeAll(keepingCapacity: true)
    reusedCellCount = reusedCount
    guard reusesDrawingOfUnchangedCells else {
      lastDrawing = nil
      return
    }
    var drawn: [ObjectIdentifier: (attributes: LayoutAttributes, clip: CellRect)] = [:]
    drawn.reserveCapacity(displayedViews.count)
    for (element, view) in zip(displayedAttributes, displayedViews) where !element.isHidden && element.alpha > 0 {
      let clip = screenRect(for: element.frame).intersection(frame)
      if !clip.isEmpty { drawn[ObjectIdentifier(view)] = (element, clip) }
    }
    lastDrawing = DrawingMemory(
      canvas: canvas, frame: frame, offset: contentOffsetInCells, cellMetrics: cellMetrics, drawn: drawn,
      hadOverlay: hasOverlay)
  }
}
