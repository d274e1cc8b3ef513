import TermGrid

extension CommandIdentifier {
  static let nextKind: CommandIdentifier = "nextKind"
  static let zoomIn: CommandIdentifier = "zoomIn"
  static let zoomOut: CommandIdentifier = "zoomOut"
  static let fit: CommandIdentifier = "fit"
}

/// Monthly mean temperatures (°C) of two cities, one series each, and the keys that change
/// the chart's kind and zoom.
final class Chart: RunLoopRoot, CollectionViewDataSource, ChartLayoutDelegate {
  let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  let cities = [
    (name: "Oslo", temperatures: [-4.3, -4.0, -0.2, 4.5, 10.8, 15.2, 16.4, 15.2, 10.8, 6.3, 0.7, -3.1]),
    (name: "Lisbon", temperatures: [11.6, 12.6, 14.9, 16.0, 18.4, 21.7, 23.6, 24.0, 22.5, 19.3, 15.1, 12.5]),
  ]
  let collectionView: CollectionView
  let keys = KeyBindings.standard.merging(
    KeyBindings([
      KeyBinding(keyNames: ["c"], .nextKind, help: "Scatter, line or bar", group: "Chart"),
      KeyBinding(keyNames: ["+", "="], .zoomIn, help: "Zoom in", group: "Chart"),
      KeyBinding(keyNames: ["-"], .zoomOut, help: "Zoom out", group: "Chart"),
      KeyBinding(keyNames: ["0"], .fit, help: "Fit the year", group: "Chart"),
    ]))

  init(size: CellSize) {
    let layout = ChartLayout(kind: .scatter)
    layout.caption = "°C by month"
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    collectionView.registerChartViews()
    layout.delegate = self
    collectionView.dataSource = self
  }

  /// The current layout.
  var layout: ChartLayout? { collectionView.collectionViewLayout as? ChartLayout }

  /// Switches to the same chart of another kind or zoom; every reading slides to its place.
  func show(kind: ChartKind? = nil, zoom: Double? = nil) {
    guard let layout else { return }
    collectionView.setCollectionViewLayout(layout.copy(kind: kind, zoom: zoom), animated: true)
  }

  // MARK: - Data source and layout delegate

  func xAxisKind(for layout: ChartLayout) -> ChartAxisKind { .category(months) }

  func chartLayout(_ layout: ChartLayout, xValueForItemAt indexPath: IndexPath) -> Double? {
    Double(indexPath.item)
  }

  func chartLayout(_ layout: ChartLayout, yValueForItemAt indexPath: IndexPath) -> Double? {
    cities[indexPath.section].temperatures[indexPath.item]
  }

  func chartLayout(_ layout: ChartLayout, titleOfSeries series: Int) -> String { cities[series].name }

  func numberOfSections(in collectionView: CollectionView) -> Int { cities.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    cities[section].temperatures.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    collectionView.dequeueChartPointCell(for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    collectionView.dequeueChartSupplementaryView(ofKind: kind, at: indexPath)
  }

  // MARK: - RunLoopRoot

  func willRun(in runLoop: TerminalRunLoop) {
    collectionView.displayHost = runLoop
  }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    if case .resize(let size) = event { collectionView.resize(to: CellRect(size: size)) }
    let command = keys.command(for: event)
    switch command {
    case .quit: return .quit
    case .nextKind: show(kind: layout?.kind.next)
    case .zoomIn: show(zoom: min(16, (layout?.zoom ?? 1) * 2))
    case .zoomOut: show(zoom: max(1, (layout?.zoom ?? 1) / 2))
    case .fit: show(zoom: 1)
    default:
      return collectionView.handle(event, command: command) ? .changed : .unchanged
    }
    return .changed
  }

  func draw(into canvas: inout Canvas) {
    collectionView.draw(into: &canvas)
  }

  var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }
}
