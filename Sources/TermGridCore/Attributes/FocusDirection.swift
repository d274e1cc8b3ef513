/// A direction the keyboard focus moves in.
public enum FocusDirection: Hashable, Sendable, CaseIterable {
  /// Towards smaller y.
  case up
  /// Towards larger y.
  case down
  /// Towards smaller x.
  case left
  /// Towards larger x.
  case right
}
