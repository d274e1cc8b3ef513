/// Where a part of a filter begins in its text (in Unicode scalars from 0), for the column
/// of an evaluation error. Not part of the filter's identity: two filters that differ only
/// in spacing are equal and hash alike.
struct FilterColumn: Hashable, Sendable {
  var position: Int

  init(_ position: Int) { self.position = position }

  static func == (lhs: FilterColumn, rhs: FilterColumn) -> Bool { true }

  func hash(into hasher: inout Hasher) {}
}
