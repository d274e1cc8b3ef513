import TermGridCore

/// What the chart's supplementary and decoration views share (``ChartTickView``,
/// ``ChartTickLineView``, ``ChartAxisView``, ``ChartLegendView``, ``ChartSegmentView``): an
/// ``InfoView`` of the value of type `Info` the chart layout puts in their attributes' info.
public typealias ChartElementView<Info: Hashable & Sendable> = InfoView<Info>
