/// What one change of a ``DocumentStore`` did, announced to every presentation so it can
/// update its items with a batch update.
///
/// A command (a paste of ten values, a move) is one change made of several steps, in the
/// order they happened: positions in a step are those after the steps before it.
struct DocumentChange: Sendable {
  /// One primitive change to the document's values.
  enum Step: Hashable, Sendable {
    /// `node` was inserted as the child at `position` of `parent`.
    case inserted(parent: NodeID, position: Int, node: NodeID)
    /// `node`, the child at `position` of `parent`, was removed with everything inside it.
    case removed(parent: NodeID, position: Int, node: NodeID)
    /// The value of `node` (at `position` of `parent`) was replaced; it keeps its id, but
    /// what was inside it is new.
    case replaced(parent: NodeID, position: Int, node: NodeID)

    /// The container whose children changed.
    var parent: NodeID {
      switch self {
      case .inserted(let parent, _, _), .removed(let parent, _, _), .replaced(let parent, _, _): parent
      }
    }

    /// The value inserted, removed or replaced.
    var node: NodeID {
      switch self {
      case .inserted(_, _, let node), .removed(_, _, let node), .replaced(_, _, let node): node
      }
    }

    /// The step that undoes this one.
    var inverse: Step {
      switch self {
      case .inserted(let parent, let position, let node): .removed(parent: parent, position: position, node: node)
      case .removed(let parent, let position, let node): .inserted(parent: parent, position: position, node: node)
      case .replaced: self
      }
    }
  }

  /// Why the document changed.
  enum Reason: Hashable, Sendable {
    /// A command edited it (its name, as the undo menu would show it: "Cut", "Paste").
    case edit(String)
    /// An edit was undone.
    case undo(String)
    /// An undone edit was made again.
    case redo(String)
    /// The whole document was replaced by a more complete one (a load grew): every id of
    /// the old one still names the same value, and more values exist.
    case grew
    /// Records arrived at the end of a followed stream (`--follow`): the steps insert them
    /// after the last record; nothing else changed, and no undo step was recorded.
    case arrived
    /// The whole document was replaced by another (reloaded from disk, restored from a
    /// recovery file): no id of the old one means anything now.
    case replaced
    /// The other side of a diff is shown in the document's place (A for B, or B again):
    /// a value both sides hold keeps its id, the others are gone or new. Views compare
    /// what they show before and after, as one batch update.
    case sideSwitched
  }

  /// Why.
  var reason: Reason
  /// The steps, in order (empty when the document ``Reason/grew``).
  var steps: [Step]
  /// Whether every value of the document before it ``Reason/grew`` is unchanged, and so is
  /// how views show it: a load read more values (the preview's values were complete), where
  /// a filter, a label field or a diff's marks that changed are announced as
  /// ``Reason/grew`` too without it. What a view measured for values it knew still holds.
  var keepsValues = false

  /// Every container whose children changed.
  var changedParents: Set<NodeID> { Set(steps.map(\.parent)) }
}
