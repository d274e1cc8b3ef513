import TermGridCore
import TermGridLayout
import TermGridViews

extension CollectionView {
  /// The reuse identifier ``registerChartViews()`` registers the chart's views under.
  public static let chartReuseIdentifier = "chart"

  /// Registers the library's views for a ``ChartLayout``: ``ChartPointCell`` for the points
  /// (dequeue it with ``chartReuseIdentifier``), ``ChartTickView``, ``ChartTickLineView``,
  /// ``ChartAxisView`` and ``ChartSegmentView`` for its supplementary kinds.
  public func registerChartViews() {
    register(ChartPointCell.self, forCellWithReuseIdentifier: Self.chartReuseIdentifier)
    register(
      ChartTickView.self, forSupplementaryViewOfKind: ElementKind.chartTick,
      withReuseIdentifier: Self.chartReuseIdentifier)
    register(
      ChartTickLineView.self, forSupplementaryViewOfKind: ElementKind.chartTickLine,
      withReuseIdentifier: Self.chartReuseIdentifier)
    register(
      ChartAxisView.self, forSupplementaryViewOfKind: ElementKind.chartAxis,
      withReuseIdentifier: Self.chartReuseIdentifier)
    register(
      ChartSegmentView.self, forSupplementaryViewOfKind: ElementKind.chartSegment,
      withReuseIdentifier: Self.chartReuseIdentifier)
  }

  /// The view for one of a chart's supplementary kinds, as registered by
  /// ``registerChartViews()``; `nil` for any other kind. A data source's
  /// `viewForSupplementaryElementOfKind` can return it as it is.
  public func dequeueChartSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> ReusableView? {
    switch kind {
    case ElementKind.chartTick, ElementKind.chartTickLine, ElementKind.chartAxis, ElementKind.chartSegment:
      return dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.chartReuseIdentifier, for: indexPath)
    default:
      return nil
    }
  }

  /// A point cell for a chart's item, ready to return from `cellForItemAt`.
  public func dequeueChartPointCell(for indexPath: IndexPath) -> ChartPointCell {
    dequeueReusableCell(ChartPointCell.self, withReuseIdentifier: Self.chartReuseIdentifier, for: indexPath)
  }
}
