/// What a ``RuleView`` draws: a straight line along or down its frame, carried in
/// ``LayoutAttributes/info`` by layouts that draw separators and axes as decoration views.
///
/// Rules drawn into the same canvas join where they cross (`┼`, `┬`, `├`), since lines merge
/// cell by cell (``LineCanvas``).
public struct RuleInfo: Hashable, Sendable {
  /// Which way the rule runs.
  public enum Axis: Hashable, Sendable {
    /// Along the frame's first row.
    case horizontal
    /// Down the frame's first column.
    case vertical
  }

  /// What the rule stands for, which picks its style from the theme.
  public enum Role: Hashable, Sendable {
    /// A separator between rows or columns (the theme's border style).
    case separator
    /// An axis (the theme's connector style).
    case axis
    /// A marked position, such as "now" on a time axis (the theme's badge style).
    case marker
  }

  /// Which way the rule runs.
  public var axis: Axis
  /// What it stands for.
  public var role: Role

  /// Creates a rule.
  public init(axis: Axis, role: Role = .separator) {
    self.axis = axis
    self.role = role
  }
}

/// What a ``BandView`` shades: every other period of a time axis, say.
public struct BandInfo: Hashable, Sendable {
  /// The band's position in its series (even and odd bands can look different).
  public var index: Int

  /// Creates a band.
  public init(index: Int) {
    self.index = index
  }
}
