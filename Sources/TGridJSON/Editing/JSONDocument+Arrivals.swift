/// What one or more appends of records left (``JSONDocument/appendRecords(_:)``, or
/// ``JSONDocument/attachRecords(_:)``): enough to take those records off the end again,
/// back to the document exactly as it was before them.
///
/// A follower that lets the person edit keeps one for the records that arrived since each
/// edit: to undo an edit under them, it detaches them, reverts the edit, and attaches them
/// again. It holds no text or words, so keeping many costs nothing.
public struct JSONAppendedRecords: Sendable, Equatable {
  /// The position of the first appended record.
  public let position: Int
  /// The document states before and after the appends.
  let stampBefore: UInt64
  let stamp: UInt64
  /// The records as a group: attached on the state `groupBase` they make the state `group`
  /// again (the document exactly as it was then), so that every state an undo or redo step
  /// was made on can be reached again, whatever was undone and redone meanwhile.
  let group: UInt64
  let groupBase: UInt64

  init(position: Int, stampBefore: UInt64, stamp: UInt64, group: UInt64? = nil, groupBase: UInt64? = nil) {
    self.position = position
    self.stampBefore = stampBefore
    self.stamp = stamp
    self.group = group ?? stamp
    self.groupBase = groupBase ?? stampBefore
  }

  /// The appends of `self` and then `next` (which must follow it at once, with no other
  /// edit between) as one group.
  /// - Returns: nil when `next` does not start where `self` ended.
  public func followed(by next: JSONAppendedRecords) -> JSONAppendedRecords? {
    guard next.stampBefore == stamp else { return nil }
    return JSONAppendedRecords(position: position, stampBefore: stampBefore, stamp: next.stamp)
  }

  /// The state a group of records makes on `base`: the state they made when they were
  /// appended there, else one that depends only on the two (never one of ``JSONEdit``'s
  /// counter's, which stay below 2⁶³).
  static func stamp(ofGroup group: UInt64, groupBase: UInt64, on base: UInt64) -> UInt64 {
    guard base != groupBase else { return group }
    var mixed = (base &* 0x9E37_79B9_7F4A_7C15) ^ (group &+ 0x632B_E59B_D9B4_E019)
    mixed = (mixed ^ (mixed >> 31)) &* 0xBF58_476D_1CE4_E5B9
    return (mixed ^ (mixed >> 29)) | (1 << 63)
  }
}

/// Records taken off the end of a JSON Lines document by
/// ``JSONDocument/detachRecords(_:)``, to be put back with
/// ``JSONDocument/attachRecords(_:)``: their tape words and their text, which stays where it
/// is in the document's buffer meanwhile.
public struct JSONDetachedRecords: Sendable {
  /// The removal, for a map of node identities to follow (its inverse gives the ids back
  /// when the records are attached again).
  public let edit: JSONEdit
  /// How many records.
  public let count: Int
  /// Their group (see ``JSONAppendedRecords``).
  let group: UInt64
  let groupBase: UInt64
  let words: [UInt64]
  let longKeys: [UInt32: UInt64]
  /// The text from the end of the record before them: a line break and a record, each.
  let pieces: [Piece]
  /// The line break's length at the start of `pieces` (0 when they were the first records).
  let leadingLineBreakCount: Int
  /// The edit buffer's compactions when they were taken off (see ``TapeSplice/bufferOrigin``).
  let bufferOrigin: Int
}

extension JSONEdit {
  /// For an append of records (``JSONDocument/appendRecords(_:)``,
  /// ``JSONDocument/attachRecords(_:)``): what ``JSONDocument/detachRecords(_:)`` needs to
  /// take them off again; nil for any other edit.
  public var appendedRecords: JSONAppendedRecords? {
    guard kind == .inserted, parent.index == 0, removedCount == 0 else { return nil }
    return JSONAppendedRecords(position: position, stampBefore: stampBefore, stamp: stamp)
  }

  /// Whether this edit can be reverted now: the document is exactly as it left it.
  public func isLatest(in document: JSONDocument) -> Bool { document.storage.stamp == stamp }
}

extension JSONDocument {
  /// Whether ``revert(_:)`` can revert an edit now: the document is exactly as the edit
  /// left it, and the text it puts back is still held (an edit that removed records whose
  /// text was compacted away afterwards, see ``removeFirstRecords(_:)``, cannot).
  public func canRevert(_ edit: JSONEdit) -> Bool {
    guard edit.isLatest(in: self) else { return false }
    guard let origin = edit.undo.bufferOrigin else { return true }
    return storage.movedIntoEditBuffer(edit.undo, from: origin) != nil
  }
}

extension JSONDocument {
  /// Whether the document is exactly as `appended` left it (no edit since).
  public func isLatest(_ appended: JSONAppendedRecords) -> Bool { storage.stamp == appended.stamp }

  /// Takes the records of `appended` (and nothing else) off the end of a JSON Lines
  /// document: the document is then exactly as it was before them (its state included),
  /// so an edit made before them can be reverted. ``attachRecords(_:)`` puts them back.
  /// - Precondition: the document is exactly as the appends left it (``isLatest(_:)``).
  public mutating func detachRecords(_ appended: JSONAppendedRecords) -> JSONDetachedRecords {
    precondition(
      storage.stamp == appended.stamp, "detachRecords(_:) needs the document exactly as the appends left it")
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let total = storage.childCount(0)
    let position = appended.position
    precondition(position < total, "detachRecords(_:): no record was appended")
    let first = storage.childIndex(at: position, in: 0)
    let end = storage.logicalEnd(of: storage.childIndex(at: total - 1, in: 0))
    let lineBreak = Array(formatStyle.lineBreak.utf8).count
    let recordStart = storage.logicalStart(of: first)
    // An append writes a line break before its records, after the last record or after
    // whatever text precedes them (none when the text was empty).
    let start =
      position > 0
      ? storage.logicalEnd(of: storage.childIndex(at: position - 1, in: 0))
      : recordStart >= lineBreak + 1 ? recordStart - lineBreak : recordStart
    let pieces = storage.pieces(inLogical: start..<end)
    let splice = TapeSplice(
      start: first, removedCount: storage.subtreeEnd(0) - first, insertedWords: [], insertedLongKeys: [:],
      parent: 0, childCountDelta: -(total - position),
      pieces: storage.piecesReplacing(start..<end, withPhysical: 0, length: 0))
    let edit = commit(splice, kind: .removed, parent: 0, position: position, stamp: appended.stampBefore)
    return JSONDetachedRecords(
      edit: edit, count: total - position, group: appended.group, groupBase: appended.groupBase,
      words: edit.undo.insertedWords, longKeys: edit.undo.insertedLongKeys, pieces: pieces,
      leadingLineBreakCount: recordStart > start ? lineBreak : 0, bufferOrigin: storage.freedEditBufferByteCount)
  }

  /// Puts records taken off by ``detachRecords(_:)`` back at the end of the document (after
  /// whatever was done meanwhile), with the same text and tape words. On the state they
  /// were first appended to, the document is then in the state it was in after them.
  /// - Returns: the edit, and the records as appended (to detach them again).
  @discardableResult
  public mutating func attachRecords(_ records: JSONDetachedRecords) -> (
    edit: JSONEdit, appended: JSONAppendedRecords
  ) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let count = storage.childCount(0)
    let end = count > 0 ? storage.logicalEnd(of: storage.childIndex(at: count - 1, in: 0)) : storage.logicalCount
    guard
      let (words, longKeys, pieces) = storage.movedIntoEditBuffer(
        words: records.words, longKeys: records.longKeys, pieces: records.pieces, from: records.bufferOrigin)
    else { preconditionFailure("attachRecords(_:): their text was compacted away while they were off") }
    var inserted = pieces
    if end == 0, records.leadingLineBreakCount > 0 {
      // The first text now: no line break before it.
      inserted = Self.dropping(records.leadingLineBreakCount, from: inserted)
    } else if end > 0, records.leadingLineBreakCount == 0 {
      let lineBreak = Array(formatStyle.lineBreak.utf8)
      inserted.insert(Piece(physical: storage.appendAdded(lineBreak), length: lineBreak.count), at: 0)
    }
    let splice = TapeSplice(
      start: storage.subtreeEnd(0), removedCount: 0, insertedWords: words, insertedLongKeys: longKeys,
      parent: 0, childCountDelta: records.count, pieces: storage.piecesInserting(inserted, atLogical: end))
    let base = storage.stamp
    let stamp = JSONAppendedRecords.stamp(ofGroup: records.group, groupBase: records.groupBase, on: base)
    let edit = commit(splice, kind: .inserted, parent: 0, position: count, stamp: stamp)
    return (
      edit,
      JSONAppendedRecords(
        position: count, stampBefore: base, stamp: stamp, group: records.group, groupBase: records.groupBase)
    )
  }

  private static func dropping(_ count: Int, from pieces: [Piece]) -> [Piece] {
    var result = pieces
    var left = count
    while left > 0, let first = result.first {
      if first.length <= left {
        left -= first.length
        result.removeFirst()
      } else {
        result[0] = Piece(physical: first.physical + UInt64(left), length: first.length - left)
        left = 0
      }
    }
    return result
  }
}

extension JSONStorage {
  /// The piece list with `inserted` put in at a logical position (not applied).
  func piecesInserting(_ inserted: [Piece], atLogical position: Int) -> [Piece] {
    var result: [Piece] = []
    result.reserveCapacity(pieces.count + inserted.count + 1)
    var logical = 0
    var done = false
    for piece in pieces {
      let end = logical + piece.length
      if !done, position <= end, position >= logical {
        if position > logical { result.append(Piece(physical: piece.physical, length: position - logical)) }
        result += inserted
        if end > position {
          result.append(Piece(physical: piece.physical + UInt64(position - logical), length: end - position))
        }
        done = true
      } else {
        result.append(piece)
      }
      logical = end
    }
    if !done { result += inserted }
    return result
  }
}
