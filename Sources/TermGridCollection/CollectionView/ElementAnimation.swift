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
    let linear = min(1, max(0, Double(now - start) / Double(duration)))
    // Ease in and out, so movement starts and stops gently.
    return linear < 0.5 ? 4 * linear * linear * linear : 1 - pow3(-2 * linear + 2) / 2
  }

  private func pow3(_ value: Double) -> Double { value * value * value }

  func isFinished(now: Int) -> Bool { now - start >= duration }

  /// What to draw now, given what the layout says now.
  func frameAttributes(current: [LayoutAttributes], now: Int) -> [LayoutAttributes] {
    let progress = progress(now: now)
    var result: [LayoutAttributes] = []
    result.reserveCapacity(current.count + transient.count)
    var present = Set<ElementKey>()
    for element in current {
      present.insert(element.key)
      if let start = from[element.key] {
        result.append(start.interpolated(to: element, progress: progress))
      } else {
        result.append(element)
      }
    }
    for key in transientOrder where !present.contains(key) {
      guard let motion = transient[key] else { continue }
      var moving = motion.from.interpolated(to: motion.to, progress: progress)
      moving.isHidden = false
      result.append(moving)
    }
    return result
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
