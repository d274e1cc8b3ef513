import TermGrid

extension PresentationKind {
  /// Records' numbers plotted against a field, a date or their index.
  static let chart: PresentationKind = "chart"
}

extension CommandIdentifier {
  /// Show the document as a chart.
  static let showChart: CommandIdentifier = "showChart"
  /// The next kind of chart: scatter, line, bar, histogram.
  static let nextChartKind: CommandIdentifier = "nextChartKind"
  /// Choose the x field (a prompt listing the records' fields).
  static let chooseChartX: CommandIdentifier = "chooseChartX"
  /// Choose the y fields (a prompt listing the records' fields).
  static let chooseChartY: CommandIdentifier = "chooseChartY"
  /// More bins in a histogram.
  static let moreChartBins: CommandIdentifier = "moreChartBins"
  /// Fewer bins in a histogram.
  static let fewerChartBins: CommandIdentifier = "fewerChartBins"
  /// Open the focused point's record whole.
  static let openChartPoint: CommandIdentifier = "openChartPoint"
}

extension BrowserKeys {
  /// Keys on the chart.
  static let chart = makeTable(for: .chart) { keys in
    keys.add(
      KeyBinding(
        keyNames: ["C"], .nextChartKind, help: "Scatter, line, bar or histogram (the bar kind with bins)",
        group: "Chart"))
    // x and y stay cut and copy, as in every view: the fields are X and Y.
    keys.add(
      KeyBinding(
        keyNames: ["X"], .chooseChartX, help: "Choose the x field (Tab: the fields; empty: the index)",
        group: "Chart"))
    keys.add(
      KeyBinding(
        keyNames: ["Y"], .chooseChartY, help: "Choose the y fields, a series each (a,b,c; Tab: the fields)",
        group: "Chart"))
    keys.add(KeyBinding([], .zoomIn, help: "Zoom in (Ctrl-wheel too)", group: "Chart"))
    keys.rebind([KeyEvent(.character("+")), KeyEvent(.character("="))], to: .zoomIn)
    keys.add(KeyBinding(keyNames: ["-"], .zoomOut, help: "Zoom out", group: "Chart"))
    keys.add(KeyBinding(keyNames: ["0"], .zoomToFit, help: "Fit every point in the width", group: "Chart"))
    // < and > change a histogram's bins here; a diff's sides are taken in the other views.
    keys.unbind(KeyEvent(.character("<")))
    keys.unbind(KeyEvent(.character(">")))
    keys.add(KeyBinding(keyNames: [">"], .moreChartBins, help: "More bins in the histogram", group: "Chart"))
    keys.add(KeyBinding(keyNames: ["<"], .fewerChartBins, help: "Fewer bins in the histogram", group: "Chart"))
    keys.add(KeyBinding([], .openChartPoint, help: "Open the point's record whole", group: "Chart"))
    keys.rebind([KeyEvent(.enter)], to: .openChartPoint)
  }
}

extension ChartPresentation {
  /// The chart, as ``PresentationRegistry`` lists it: `6`, `--layout chart`, on the fields
  /// `--x` and `--y` name.
  static let registration = PresentationRegistration(
    kind: .chart, digitKey: "6", commandLineName: "chart", helpTitle: "a chart",
    switchingCommand: .showChart, keyBindings: { BrowserKeys.chart },
    make: { host, options in ChartPresentation(host: host, x: options.chartX, y: options.chartY) })
}
