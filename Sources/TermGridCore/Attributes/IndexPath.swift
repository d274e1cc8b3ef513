/// The address of an item: its section and its position in that section.
///
/// Supplementary views use the same type; for a section header `item` is 0.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section.
  public var section: Int
  /// The item within the section.
  public var item: Int

  /// Creates an index path.
  @inlinable
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  @inlinable
  public static func == (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section == rhs.section && lhs.item == rhs.item
  }

  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(section)
    hasher.combine(item)
  }

  @inlinable
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }

  public var description: String { "[\(section), \(item)]" }
}
