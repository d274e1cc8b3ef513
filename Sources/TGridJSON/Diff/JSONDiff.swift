import TGridSystem

/// The structural difference between two documents: every value unchanged, added, removed,
/// changed (old → new) or moved (from → to).
///
/// Values are compared as JSON, not as text: whitespace and member order do not count,
/// strings compare by their decoded text, and numbers by their exact decimal value, so `1.0`
/// and `1` (and `1e0`, `10e-1`) are the same number, as in jd and
/// ``JSONDocument/isValue(_:equalTo:in:)``. Each side is hashed once, bottom-up (see
/// `SubtreeHashes`); subtrees with equal 64-bit hashes are taken as equal without being
/// walked (the chance that two different values collide is about 2⁻⁶⁴ a pair), except that a
/// move is paired only after checking that both subtrees really are the same value.
///
/// Objects compare by key (with duplicate keys, the last member counts, as in jq). Arrays are
/// aligned one of three ways, chosen per array (``alignments`` says which):
///
/// - by an **identity key** when every element on both sides is an object with a unique
///   string or number under `id`, `name` or `key` (in that order), or else under another
///   field that is unique in every element of both sides and pairs at least half of the
///   shorter side; elements that keep their key but not their place are moves, with their
///   own changes inside;
/// - else by the **longest common subsequence** of the elements' hashes (Hunt–Szymanski,
///   after the common head and tail are set aside); the elements left between two kept
///   ones are paired by position as changes, except those that reappear elsewhere (moves);
/// - else, when the LCS would examine more than ``JSONDiffOptions/alignmentBudget`` pairs of
///   equal elements (arrays of many repeated values), **by position**, which
///   ``ArrayAlignment/exceededBudget`` records so a screen can say so.
///
/// A removed and an added value with the same hash are paired as a move. Containers with
/// children move anywhere in the document; scalars and empty containers only within their
/// own array or object (a `true` that disappears here and a `true` that appears there are
/// more likely two edits than one move).
///
/// Nothing recurses: the comparison, the patches and the hashing loop over explicit stacks,
/// so documents of any depth compare.
public struct JSONDiff: Sendable {
  /// What happened to a value.
  public enum ChangeKind: Sendable, Hashable, CustomStringConvertible {
    /// Only in the new document.
    case added
    /// Only in the old document.
    case removed
    /// In both, with another value (a scalar changed, or the kind changed).
    case changed
    /// The same value (or, aligned by an identity key, the same element) in another place.
    case moved

    /// `added`, `removed`, `changed` or `moved`.
    public var description: String {
      switch self {
      case .added: "added"
      case .removed: "removed"
      case .changed: "changed"
      case .moved: "moved"
      }
    }
  }

  /// One difference between the documents.
  public struct Change: Sendable, Hashable {
    /// What happened.
    public var kind: ChangeKind
    /// The value in the old document (nil when added).
    public var oldNode: JSONNode?
    /// The value in the new document (nil when removed).
    public var newNode: JSONNode?
    /// Where the value was in the old document (nil when added).
    public var oldPath: JSONPath?
    /// Where the value is in the new document (nil when removed).
    public var newPath: JSONPath?
    /// For a move of an element aligned by an identity key: whether the element also
    /// changed; its changes follow this one in ``JSONDiff/changes``, with paths below
    /// ``newPath``.
    public var hasInnerChanges = false

    /// The path to show: where the value is now, or where it was for a removal.
    public var path: JSONPath { newPath ?? oldPath ?? JSONPath() }
  }

  /// How an array's elements were aligned.
  public enum Alignment: Sendable, Hashable, CustomStringConvertible {
    /// By the value of a member of every element: `id`, `name`, `key`, or a unique field.
    case identityKey(String)
    /// By the longest common subsequence of the elements' hashes.
    case longestCommonSubsequence
    /// Element by element, by position.
    case positional

    /// `by key "id"`, `by LCS` or `by position`.
    public var description: String {
      switch self {
      case .identityKey(let key): "by key \(JSONStringEncoder.quoted(key))"
      case .longestCommonSubsequence: "by LCS"
      case .positional: "by position"
      }
    }
  }

  /// The alignment chosen for one pair of arrays that differ.
  public struct ArrayAlignment: Sendable, Hashable {
    /// The array in the old document.
    public var oldNode: JSONNode
    /// The array in the new document.
    public var newNode: JSONNode
    /// How its elements were aligned.
    public var alignment: Alignment
    /// Whether the LCS alignment was given up for this array (too many equal pairs to
    /// examine: see ``JSONDiffOptions/alignmentBudget``) and the elements aligned by position.
    public var exceededBudget: Bool
  }

  /// How many values each kind of change concerns.
  public struct Counts: Sendable, Hashable {
    /// Values only in the new document.
    public var added = 0
    /// Values only in the old document.
    public var removed = 0
    /// Values in both with another value.
    public var changed = 0
    /// Values in another place.
    public var moved = 0

    /// All changes.
    public var total: Int { added + removed + changed + moved }
  }

  /// The old document (A).
  public let old: JSONDocument
  /// The new document (B).
  public let new: JSONDocument
  /// Every difference, in the order of the documents (a container's changes in its
  /// members' or elements' order, removals where the value was).
  public internal(set) var changes: [Change] = []
  /// The alignment of every pair of arrays that differ, outermost first.
  public internal(set) var alignments: [ArrayAlignment] = []
  /// The number of changes of each kind.
  public internal(set) var counts = Counts()

  /// Whether the documents are the same JSON.
  public var isEmpty: Bool { changes.isEmpty }

  let oldHashes: SubtreeHashes
  let newHashes: SubtreeHashes
  var record = Record()

  /// Compares two documents.
  ///
  /// Both sides are hashed first (on two threads when `options` allow it and the documents
  /// are large), then compared from the roots down, only where hashes differ.
  public init(old: JSONDocument, new: JSONDocument, options: JSONDiffOptions = JSONDiffOptions()) {
    self.old = old
    self.new = new
    let large = old.storage.wordCount + new.storage.wordCount > 1 << 16
    if options.allowsSecondThread && large {
      let box = HashesBox()
      let newDocument = new
      let worker = WorkerThread.start { box.hashes = SubtreeHashes(newDocument) }
      oldHashes = SubtreeHashes(old)
      worker?.join()
      newHashes = box.hashes ?? SubtreeHashes(new)
    } else {
      oldHashes = SubtreeHashes(old)
      newHashes = SubtreeHashes(new)
    }
    var builder = DiffBuilder(old: old, new: new, oldHashes: oldHashes, newHashes: newHashes, options: options)
    builder.run()
    builder.pairMoves()
    record = builder.record
    alignments = builder.alignments
    (changes, counts) = builder.changes()
  }

  /// Where an aligned array is in the new document.
  public func path(of alignment: ArrayAlignment) -> JSONPath {
    new.path(of: alignment.newNode)
  }

  /// The change that concerns a node of the old document (removed, changed, or the source
  /// of a move), if any; nodes inside a removed value have none of their own.
  public func change(forOld node: JSONNode) -> Change? {
    changes.first { $0.oldNode == node }
  }

  /// The container of the old document that a container of the new one was compared with,
  /// when the two differ (every container with a change inside is one); nil for a
  /// container that is the same on both sides or only in the new document.
  public func oldCounterpart(ofNew node: JSONNode) -> JSONNode? {
    record.pairs.first { $0.new == node }?.old
  }

  /// The change that concerns a node of the new document (added, changed, or the target of
  /// a move), if any.
  public func change(forNew node: JSONNode) -> Change? {
    changes.first { $0.newNode == node }
  }
}

/// Options for ``JSONDiff``.
public struct JSONDiffOptions: Sendable {
  /// The most pairs of equal elements the LCS alignment of one array may examine (the
  /// Hunt–Szymanski match count); past it the array is aligned by position and
  /// ``JSONDiff/ArrayAlignment/exceededBudget`` is set. Four million pairs take well under
  /// a second.
  public var alignmentBudget = 4_000_000
  /// Whether arrays of objects may be aligned by an identity key (`id`, `name`, `key`, or a
  /// unique field); false aligns every array by LCS.
  public var usesIdentityKeys = true
  /// Whether the two documents may be hashed on two threads.
  public var allowsSecondThread = true
  /// The alignment asked for particular arrays, by their path in the new document: by a
  /// given identity key (when every element on both sides has a unique one there; else the
  /// usual choice), by LCS, or by position. Arrays not named are aligned as the type's
  /// documentation says.
  public var alignmentChoices: [JSONPath: JSONDiff.Alignment] = [:]

  /// The default options.
  public init() {}
}

/// The new side's hashes, handed over from the thread that computed them (`join` orders
/// the write before the read).
private final class HashesBox: @unchecked Sendable {
  var hashes: SubtreeHashes?
}

// MARK: - The record the patches are written from

extension JSONDiff {
  /// Everything the comparison found, in the shape the patch writers need (internal).
  struct Record: Sendable {
    /// Pairs of containers of the same kind that differ, in document order (the roots first).
    var pairs: [Pair] = []
    var removals: [Removal] = []
    var additions: [Addition] = []
    var replacements: [Replacement] = []
    /// The whole document replaced (roots of different kinds, or scalars).
    var replacesRoot = false
  }

  /// Where a pair of containers sits in the pair around it.
  enum Link: Sendable {
    case root
    case member(String)
    /// An element at `old` in the old array and `new` in the new one.
    case element(old: Int, new: Int)
  }

  /// Two containers of the same kind, aligned with each other, that differ.
  struct Pair: Sendable {
    var old: JSONNode
    var new: JSONNode
    var parent: Int
    var link: Link
    var isObject: Bool
    /// For an element aligned by an identity key that moved: the addition that moves it.
    var moveAddition = -1
    /// For arrays: the aligned pairs of positions (old, new) that stay in place, ascending.
    var keptOld: [Int32] = []
    var keptNew: [Int32] = []
    var oldCount = 0
    var newCount = 0
    var removals: [Int] = []
    var additions: [Int] = []
    var replacements: [Int] = []
  }

  /// A value of the old document that is not in the new one at that place.
  struct Removal: Sendable {
    var pair: Int
    var key: String?
    var index: Int
    var node: JSONNode
    /// The addition this value moved to, if it did.
    var moveTo = -1
  }

  /// A value of the new document that is not in the old one at that place.
  struct Addition: Sendable {
    var pair: Int
    var key: String?
    var index: Int
    var node: JSONNode
    /// The removal this value moved from, if it did.
    var moveFrom = -1
    /// For an element moved by its identity key that also changed: its pair.
    var movedPair = -1
  }

  /// A value replaced by another in the same place.
  struct Replacement: Sendable {
    var pair: Int
    var key: String?
    var oldIndex: Int
    var newIndex: Int
    var old: JSONNode
    var new: JSONNode
  }
}
