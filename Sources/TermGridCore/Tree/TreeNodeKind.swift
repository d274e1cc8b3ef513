/// The node kinds the standard themes colour (the talk's Normal, Important and Critical).
public enum TreeNodeKind {
  /// An ordinary node.
  public static let normal = "normal"
  /// A node to notice.
  public static let important = "important"
  /// A node that needs attention now.
  public static let critical = "critical"
}
