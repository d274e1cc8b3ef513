import TGridJSON

/// A value's identity in a ``DocumentStore``, stable across edits.
///
/// A `JSONNode` is a position on the document's tape, and every edit renumbers the
/// positions after it. A `NodeID` is not a position: it names the same value for as long
/// as the value exists, whatever is inserted, removed or moved around it. Focus,
/// selection, the pasteboard, search results, collapsed tree nodes and the undo history
/// hold ids, and ask the store for the value's current node when they need it.
///
/// The rule:
/// - Every value of the document as it was loaded has the id of its tape index then (so
///   before any edit, `NodeID` and `JSONNode` agree and nothing is translated).
/// - A value inserted by an edit gets a new id, never used before. Undo removes it; redo
///   brings it back with the same id.
/// - A value replaced in place (an edited value) keeps its id; what was inside the old
///   value (the members of a replaced object) is gone, and ids of it no longer resolve.
/// - A removed value's id no longer resolves; undoing the removal brings the value back
///   with the same id, and the same ids inside it.
/// - Moving a value is a removal and an insertion: the value at its new place has a new id
///   (the store maps the old id to the new one in the change it announces).
struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The raw number (a tape index for values as loaded; large numbers for inserted ones).
  let rawValue: Int

  init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }

  var description: String { "@\(rawValue)" }
}
