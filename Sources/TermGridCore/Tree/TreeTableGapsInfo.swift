/// What a ``TreeLayout`` tells the view of a table row's gaps (the columns the row has no
/// cell in, such as a record without the key): the mark and where it goes.
public struct TreeTableGapsInfo: Hashable, Sendable {
  /// The mark drawn in each gap (`·`).
  public var mark: String
  /// Where each mark goes, in columns from the frame's left edge.
  public var offsets: [Int]

  /// Creates gaps info.
  public init(mark: String, offsets: [Int]) {
    self.mark = mark
    self.offsets = offsets
  }
}
