import TermGridCore

/// Frames in flight: each element moves from where it was to where the layout now puts it,
/// over a short time, by interpolating its attributes.
struct ElementAnimation {
  /// When it started, in milliseconds.
  var start: Int
  /// How long it lasts, in milliseconds.
  var duration: Int
  /// Starting attributes of elements that are in the current layout, by their current key.
  var from: [ElementKey: LayoutAttributes]
  /// Elements drawn only during the animation: deleted ones fading out (under ghost keys)
  /// and ones moving out of the visible area. Each goes from one set of attributes to another.
  var transient: [ElementKey: (from: LayoutAttributes, to: LayoutAttributes)]
  /// Called with `true` when the animation finishes, `false` when it is cut short.
  var completions: [(Bool) -> Void]
  /// The content offset moving with the elements (a layout switch), from and to; `nil`
  /// when the offset stays where it is.
  var offsetMotion: (from: Point, to: Point)?
  /// Elements that would pass over another opaque element on their way (a grid item
  /// wrapping to the row above, across the items moving along it): they fade out where they
  /// were in the first half and fade in where they go in the second, beneath the opaque
  /// ones, instead of sliding (a terminal cannot show one card through another).
  var jumps: Set<ElementKey> = []
  /// Items the app moved (``CollectionView/moveItem(at:to:)``): they slide all the way,
  /// drawn over the other opaque elements, so the eye can follow them.
  var raised: Set<ElementKey> = []
  /// The transient elements in a fixed order (by index path, then kind), so frames drawn
  /// during an animation never depend on a dictionary's order.
  let transientOrder: [ElementKey]

  init(
    start: Int, duration: Int, from: [ElementKey: LayoutAttributes],
    transient: [ElementKey: (from: LayoutAttributes, to: LayoutAttributes)], completions: [(Bool) -> Void]
  ) {
    self.start = start
    self.duration = duration
    self.from = from
    self.transient = transient
    self.completions = completions
    transientOrder = transient.keys.sorted {
      $0.indexPath != $1.indexPath ? $0.indexPath < $1.indexPath : $0.kind < $1.kind
    }
  }

  /// How far along it is, eased (0 to 1).
  func progress(now: Int) -> Double {
    guard duration > 0 else { return 1 }
    return Self.eased(min(1, max(0, Double(now - start) / Double(duration))))
  }

  /// Eases in and out, so movement starts and stops gently.
  static func eased(_ linear: Double) -> Double {
    linear < 0.5 ? 4 * linear * linear * linear : 1 - pow3(-2 * linear + 2) / 2
  }

  private static func pow3(_ value: Double) -> Double { value * value * value }

  /// The moves that would pass over another opaque element on the way, where neither
  /// overlapped it at the start nor at the end: the ones to make ``jumps``.
  ///
  /// Checked at nine points of the animation, longest moves first; a move made a jump is no
  /// longer in anyone's way.
  /// - Parameters:
  ///   - moves: opaque elements that change place, with their start and end frames.
  ///   - still: frames of opaque elements that stay where they are.
  ///   - diagonalOnly: checks only moves that change row and column at once. True for batch
  ///     updates, where items keep their order along the rows and a slide along a row or
  ///     column never crosses a neighbour; false for layout switches, where frames change
  ///     size and order and any move may cross another card.
  ///   - keeping: moves that slide whatever they cross (the focused item of a layout switch,
  ///     which the eye follows and which must stay on screen): the ones they would cross
  ///     jump instead.
  static func crossingMoves(
    _ moves: [(key: ElementKey, from: Rect, to: Rect)], still: [Rect], diagonalOnly: Bool = true,
    keeping: Set<ElementKey> = []
  ) -> Set<ElementKey> {
    guard moves.count > 1 || (!moves.isEmpty && !still.isEmpty) else { return [] }
    let samples = (1..<10).map { eased(Double($0) / 10) }
    func distance(_ move: (key: ElementKey, from: Rect, to: Rect)) -> Double {
      abs(move.to.minX - move.from.minX) + abs(move.to.minY - move.from.minY)
    }
    let order = moves.indices.sorted { distance(moves[$0]) > distance(moves[$1]) }
    var jumped = Set<Int>()
    for index in order where !keeping.contains(moves[index].key) {
      let move = moves[index]
      // Sliding along a row never crosses a neighbour moving with it; only a change of
      // row or column at once (a diagonal) can.
      guard !diagonalOnly || (move.from.minX != move.to.minX && move.from.minY != move.to.minY) else { continue }
      var crosses = false
      check: for progress in samples {
        let place = move.from.interpolated(to: move.to, progress: progress)
        for other in moves.indices where other != index && !jumped.contains(other) {
          let (from, to) = (moves[other].from, moves[other].to)
          if from.intersects(move.from) || to.intersects(move.to) { continue }
          if place.intersects(from.interpolated(to: to, progress: progress)) {
            crosses = true
            break check
          }
        }
        for frame in still where !frame.intersects(move.from) && !frame.intersects(move.to) {
          if place.intersects(frame) {
            crosses = true
            break check
          }
        }
      }
      if crosses { jumped.insert(index) }
    }
    return Set(jumped.map { moves[$0].key })
  }

  func isFinished(now: Int) -> Bool { now - start >= duration }

  /// Where the content offset is now, when it moves with the elements.
  func contentOffset(now: Int) -> Point? {
    guard let motion = offsetMotion else { return nil }
    let progress = progress(now: now)
    return Point(
      x: motion.from.x + (motion.to.x - motion.from.x) * progress,
      y: motion.from.y + (motion.to.y - motion.from.y) * progress)
  }

  /// What to draw now, given what the layout says now, in the order to draw it.
  ///
  /// A terminal cannot blend two cells, so the order stands in for transparency: elements
  /// fading in or out are drawn beneath the opaque ones (a survivor sliding over a deleted
  /// item stays readable), the fainter first; where a deleted and an inserted element share
  /// a place, the deleted one is on top until half way and the inserted one from then on.
  /// (``LayoutAttributes/zIndex`` still decides first: the collection view sorts by it,
  /// keeping this order among equals.)
  /// - Parameter cellMetrics: the collection view's, for payloads in cells
  ///   (``Interpolatable``).
  func frameAttributes(
    current: [LayoutAttributes], now: Int, cellMetrics: CellMetrics = .identity
  ) -> [LayoutAttributes] {
    let progress = progress(now: now)
    var opaque: [LayoutAttributes] = []
    opaque.reserveCapacity(current.count + transient.count)
    var fading: [LayoutAttributes] = []
    var present = Set<ElementKey>()
    for element in current {
      present.insert(element.key)
      if let start = from[element.key] {
        if !jumps.isEmpty, jumps.contains(element.key) {
          // Half way out where it was, half way in where it goes.
          var shown = progress < 0.5 ? start : element
          shown.alpha = progress < 0.5 ? start.alpha * (1 - 2 * progress) : element.alpha * (2 * progress - 1)
          shown.indexPath = element.indexPath
          shown.zIndex = max(start.zIndex, element.zIndex)
          fading.append(shown)
          continue
        }
        let shown = start.interpolated(to: element, progress: progress, cellMetrics: cellMetrics)
        if shown.alpha < 1, start.alpha != element.alpha { fading.append(shown) } else { opaque.append(shown) }
      } else {
        opaque.append(element)
      }
    }
    for key in transientOrder where !present.contains(key) {
      guard let motion = transient[key] else { continue }
      if !jumps.isEmpty, jumps.contains(key) {
        // Moving out of sight across other cards (a layout switch): it jumps as well.
        var shown = progress < 0.5 ? motion.from : motion.to
        shown.alpha = progress < 0.5 ? motion.from.alpha * (1 - 2 * progress) : motion.to.alpha * (2 * progress - 1)
        shown.isHidden = false
        fading.append(shown)
        continue
      }
      var moving = motion.from.interpolated(to: motion.to, progress: progress, cellMetrics: cellMetrics)
      moving.isHidden = false
      if moving.alpha < 1 || key.isGhost { fading.append(moving) } else { opaque.append(moving) }
    }
    if !raised.isEmpty {
      // Stable: the moved items keep their order among themselves, over everything else.
      opaque = opaque.filter { !raised.contains($0.key) } + opaque.filter { raised.contains($0.key) }
    }
    guard !fading.isEmpty else { return opaque }
    // Fainter first; at equal alpha (half way) the disappearing one goes under.
    let order = fading.indices.sorted {
      let (left, right) = (fading[$0], fading[$1])
      if left.alpha != right.alpha { return left.alpha < right.alpha }
      if left.key.isGhost != right.key.isGhost { return left.key.isGhost }
      return $0 < $1
    }
    return order.map { fading[$0] } + opaque
  }
}

extension ElementKey {
  /// The prefix of the kind the collection view gives deleted elements while they fade out.
  static let ghostPrefix: Character = "\u{1}"

  /// True for a deleted element still drawn while its disappearing animation runs: it has a
  /// view but no longer stands for any item of the data. (Checked on the UTF-8 bytes: it is
  /// asked for every element of every frame, and `first` would segment graphemes.)
  var isGhost: Bool { kind.utf8.first == 1 }
}
