import TermGrid

extension CommandIdentifier {
  /// Back to where the last jump left from (`Ctrl-O`, as in vim).
  static let jumpBack: CommandIdentifier = "jumpBack"
  /// Forward again after ``jumpBack`` (`Ctrl-T`; Ctrl-I is Tab in a terminal).
  static let jumpForward: CommandIdentifier = "jumpForward"
  /// The first key of `''` (back to the place before the last jump, and again to return).
  static let markPrefix: CommandIdentifier = "markPrefix"
}

/// Where the person is, and where they have been: the one model every move of the focus
/// by value goes through.
///
/// A place is a value, by ``NodeID``, and the view it was seen in; positions are never
/// kept, so a place survives filters, edits elsewhere, views reading in slices and
/// documents that grow. Two things are kept:
///
/// - the **intended focus**: the value a move by id (a go-to, a view switch, a jump, a
///   search) asked for, while the view cannot show it yet (a timeline still reading dates,
///   a document still loading). The focus goes to it as soon as it can; any other move by
///   the person drops it.
/// - the **jump list**, as vim keeps it: go-to, search jumps, `g`/`G`, drilling in and
///   out and view switches each remember the place they left. `Ctrl-O` goes back,
///   `Ctrl-T` forward, `''` to the place before the last jump (and back again).
struct Navigation {
  /// A value as seen in one view.
  struct Place: Equatable {
    var id: NodeID
    var kind: PresentationKind
  }

  /// The value the focus should be on once the view can show it.
  var intended: NodeID?
  /// Places left by jumps, oldest first.
  private(set) var back: [Place] = []
  /// Places gone back from, nearest last.
  private(set) var forward: [Place] = []

  /// The most places kept (vim keeps 100).
  static let capacity = 100

  /// A jump left `place`: it becomes the newest to go back to; what was ahead is dropped.
  mutating func recordJump(from place: Place) {
    forward = []
    back.removeAll { $0 == place }
    back.append(place)
    if back.count > Self.capacity { back.removeFirst(back.count - Self.capacity) }
  }

  /// `Ctrl-O`: the place to go back to from `current`, skipping places whose value is gone
  /// (`exists` says); `current` is kept for `Ctrl-T`.
  mutating func stepBack(from current: Place?, exists: (Place) -> Bool) -> Place? {
    while let target = back.popLast() {
      guard exists(target), target != current else { continue }
      if let current { forward.append(current) }
      return target
    }
    return nil
  }

  /// `Ctrl-T`: the place gone back from, if any.
  mutating func stepForward(from current: Place?, exists: (Place) -> Bool) -> Place? {
    while let target = forward.popLast() {
      guard exists(target), target != current else { continue }
      if let current { back.append(current) }
      return target
    }
    return nil
  }

  /// `''`: the place before the last jump; `current` takes its place, so `''` again
  /// returns.
  mutating func swapWithLastJump(from current: Place?, exists: (Place) -> Bool) -> Place? {
    while let target = back.popLast() {
      guard exists(target), target != current else { continue }
      if let current {
        forward = []
        back.append(current)
      }
      return target
    }
    return nil
  }
}
