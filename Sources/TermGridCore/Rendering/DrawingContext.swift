/// What a view needs to know, beyond its attributes, to draw itself.
public struct DrawingContext: Sendable {
  /// The styles to draw with.
  public var theme: Theme
  /// How points map to cells.
  public var cellMetrics: CellMetrics

  /// Creates a drawing context.
  public init(theme: Theme = .standard, cellMetrics: CellMetrics = .identity) {
    self.theme = theme
    self.cellMetrics = cellMetrics
  }
}
