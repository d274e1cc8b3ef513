/// The children of the containers at tape index 0 (the synthetic root: the records of JSON
/// Lines) and 2 (a JSON text's root), noted by the parser as each child starts, so the
/// finished document has the root's child table without a walk over its children
/// (internal).
///
/// Every position in the root, and the grid's list of the root's children, read the
/// root's child table (``JSONStorage/childTable(of:)``). Made after the parse, it steps from
/// child to child through the tape, a cache miss each: about 0.2 s for the 2.6 M records
/// of a gigabyte of JSON Lines, on the run loop's thread once the load ends. The parser
/// passes every child's first word anyway.
struct RootChildren {
  /// The children of one container, each as its tape index minus the container's.
  struct List {
    var offsets: [UInt32] = []
    /// Whether one of the children is a container (children that are all scalars need no
    /// table: see ``JSONStorage/hasOnlyScalarChildren(_:)``).
    var hasContainer = false
    /// Whether the list stopped being kept: the table is then made from the tape, as
    /// before, if it is ever asked for.
    var isAbandoned = false

    /// Notes the next child, at `offset` words from the container.
    mutating func append(_ offset: Int, isContainer: Bool) {
      guard !isAbandoned else { return }
      if isContainer {
        hasContainer = true
      } else if !hasContainer && offsets.count >= RootChildren.scalarLimit {
        // A long array of scalars: 4 bytes a child for a table it will never use.
        abandon()
        return
      }
      offsets.append(UInt32(truncatingIfNeeded: offset))
    }

    /// Appends another parser's list, its offsets moved by `delta`.
    mutating func append(_ other: List, movedBy delta: Int) {
      guard !isAbandoned else { return }
      guard !other.isAbandoned else { return abandon() }
      hasContainer = hasContainer || other.hasContainer
      guard hasContainer || offsets.count + other.offsets.count <= RootChildren.scalarLimit else { return abandon() }
      offsets.reserveCapacity(offsets.count + other.offsets.count)
      for offset in other.offsets { offsets.append(UInt32(truncatingIfNeeded: Int(offset) + delta)) }
    }

    mutating func abandon() {
      isAbandoned = true
      offsets = []
    }
  }

  /// Children of the container at tape index 0.
  var synthetic = List()
  /// Children of the container at tape index 2.
  var root = List()

  /// Scalars noted before a list without a container among them is given up.
  static let scalarLimit = 4096

  /// Notes a child at tape index `index` of the container at `container` (0, 1 or 2: a
  /// container's first word is never at 1, so 1 cannot come).
  @inline(__always)
  mutating func note(child index: Int, of container: Int, isContainer: Bool) {
    if container == 0 {
      synthetic.append(index, isContainer: isContainer)
    } else {
      root.append(index &- 2, isContainer: isContainer)
    }
  }

  /// Takes the list of a fragment parsed ahead whose tape goes on at tape index
  /// `offset` of this parser's, in the container at `container` (the array, or the
  /// synthetic root, the fragment's values belong to); the fragment's own list of its
  /// container at 0 holds them.
  mutating func take(_ fragment: RootChildren, of container: Int, placedAt offset: Int) {
    // A fragment's word at index k (k ≥ 2) goes to index offset + k - 2.
    switch container {
    case 0: synthetic.append(fragment.synthetic, movedBy: offset &- 2)
    case 2: root.append(fragment.synthetic, movedBy: offset &- 4)
    default: break
    }
  }
}

extension JSONParser {
  /// Gives the finished document the child table of its root (the synthetic root for JSON
  /// Lines) from the children noted while parsing, when the root uses one
  /// (``JSONStorage/usesChildTable(_:)``); call it once the whole text is parsed.
  func installRootChildTable() {
    let noted = rootChildren
    rootChildren = RootChildren()
    guard isFinished, !dropsFinishedValues, role == .document else { return }
    let container = storage.isLines ? 0 : 2
    let list = container == 0 ? noted.synthetic : noted.root
    guard !list.isAbandoned, storage.wordCount > container + 1, TapeWord.isContainer(storage.word(container)),
      storage.usesChildTable(container), list.offsets.count == storage.childCount(container)
    else { return }
    storage.caches.withLock { $0.childTables[UInt32(container)] = ChildTable(list.offsets) }
  }
}
