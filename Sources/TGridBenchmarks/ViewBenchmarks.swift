import TGridAppBenchmarks
import TGridSystem
import TermGrid

/// `tgrid-bench views [layouts|table|timeline|switch] [--data DIR] [--file NAME]`: the table and timeline
/// layouts alone (1,000,000 rows × 20 columns; 100,000 events), and switching views in the
/// app on the 100 MB records file, key to screen (in a child process, so its memory is its
/// own).
func runViewBenchmarks(arguments: [String]) {
  if let index = arguments.firstIndex(of: "--measure-switch"), index + 1 < arguments.count {
    var keys = ViewSwitchBenchmark.defaultKeys
    if let keyIndex = arguments.firstIndex(of: "--keys"), keyIndex + 1 < arguments.count {
      keys = arguments[keyIndex + 1].split(separator: ",").map(String.init)
    }
    let (switches, load) = ViewSwitchBenchmark.run(path: arguments[index + 1], keys: keys)
    print("load=\(load)")
    for item in switches {
      print(
        "switch \(item.name.split(separator: " ").joined(separator: "_")) first=\(item.firstFrame) whole=\(item.whole) "
          + "frames=\(item.frames) more=\(item.workAfterFirstFrame ? 1 : 0)")
    }
    print("peak=\(FlowBenchmark.peakResidentMegabytes())")
    return
  }
  let parts = arguments.filter { ["layouts", "table", "timeline", "switch"].contains($0) }
  if parts.isEmpty || parts.contains("layouts") || parts.contains("table") {
    TableBenchmark.run()
    print("")
  }
  if parts.isEmpty || parts.contains("layouts") || parts.contains("timeline") {
    TimelineBenchmark.run()
    print("")
  }
  if parts.isEmpty || parts.contains("switch") {
    var directory = JSONBenchmarks.defaultDataDirectory
    if let index = arguments.firstIndex(of: "--data"), index + 1 < arguments.count { directory = arguments[index + 1] }
    var name = "records-100MB.json"
    if let index = arguments.firstIndex(of: "--file"), index + 1 < arguments.count { name = arguments[index + 1] }
    try? SystemFile.makeDirectory(directory, permissions: 0o755)
    let path = directory + "/" + name
    if !SystemFile.isReadable(path) {
      print("generating \(path)…")
      _ = JSONBenchmarks.spawn(["json", "--generate", directory, name])
    }
    guard let text = JSONBenchmarks.spawn(["views", "--measure-switch", path]) else { return }
    print(
      "View switches — release build, \(name) (\(JSONBenchmarks.megabytes(Double(JSONBenchmarks.fileSize(path))))), 120×40, animated"
    )
    print(
      "switch".rightPadded(30), "key→screen".leftPadded(11), "animation".leftPadded(10), "frames".leftPadded(7),
      "  reading after the first frame")
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.first == "switch", fields.count >= 6 {
        func value(_ key: String) -> Double {
          fields.first { $0.hasPrefix(key + "=") }.flatMap { Double($0.dropFirst(key.count + 1)) } ?? .nan
        }
        let name = fields[1].split(separator: "_").joined(separator: " ")
        print(
          name.rightPadded(30), ((value("first") * 1000).formatted(1) + " ms").leftPadded(11),
          ((value("whole") * 1000).formatted(1) + " ms").leftPadded(10), String(Int(value("frames"))).leftPadded(7),
          value("more") > 0 ? "  yes" : "")
      } else if line.hasPrefix("load=") || line.hasPrefix("peak=") {
        let parts = line.split(separator: "=")
        let number = Double(parts[1]) ?? .nan
        print(
          parts[0] == "load"
            ? "load (parse): \((number * 1000).formatted(1)) ms" : "peak RSS: \(number.formatted(1)) MB")
      }
    }
  }
}

/// `TableLayout` over 1,000,000 rows × 20 columns: `prepare()` and visible-rect queries.
enum TableBenchmark {
  static let rows = 1_000_000
  static let columns = 20
  static let visible = CellSize(columns: 200, rows: 50)

  final class Widths: TableLayoutDelegate {
    func numberOfColumns(in tableLayout: TableLayout) -> Int { TableBenchmark.columns }
    func tableLayout(_ tableLayout: TableLayout, widthOfColumn column: Int) -> Int { 4 + (column * 7) % 23 }
    func widthOfRowHeaders(in tableLayout: TableLayout) -> Int { 7 }
  }

  static func run() {
    let host = StaticLayoutHost(
      itemCounts: [rows * columns],
      bounds: Rect(x: 0, y: 0, width: Double(visible.columns), height: Double(visible.rows)))
    let widths = Widths()
    let layout = TableLayout()
    layout.delegate = widths
    layout.collectionView = host
    layout.prepareIfNeeded()
    var prepareTimes: [Double] = []
    for _ in 0..<15 {
      layout.invalidateLayout()
      prepareTimes.append(FlowBenchmark.milliseconds { layout.prepareIfNeeded() })
    }
    let content = layout.collectionViewContentSize
    var generator = BenchmarkGenerator(seed: 11)
    var queryTimes: [Double] = []
    var counts: [Double] = []
    var sink = 0
    for _ in 0..<2_000 {
      let x = Double(Int.random(in: 0...max(0, Int(content.width) - visible.columns), using: &generator))
      let y = Double(Int.random(in: 0...max(0, Int(content.height) - visible.rows), using: &generator))
      let rect = Rect(x: x, y: y, width: Double(visible.columns), height: Double(visible.rows))
      host.bounds = rect
      var found = 0
      queryTimes.append(
        FlowBenchmark.milliseconds { found = layout.layoutAttributesForElements(in: rect).count } * 1_000)
      counts.append(Double(found))
      sink &+= found
    }
    print("Table layout: \(grouped(rows)) rows × \(columns) columns (\(grouped(rows * columns)) cells), row headers,")
    print("visible rect \(visible.columns)×\(visible.rows); medians (prepare of 15, queries at 2,000 random offsets).")
    print(
      "prepare \(FlowBenchmark.median(prepareTimes).formatted(3)) ms; query \(FlowBenchmark.median(queryTimes).formatted(1)) µs "
        + "(p99 \(FlowBenchmark.percentile(queryTimes, 0.99).formatted(1)) µs), \(Int(FlowBenchmark.median(counts))) elements; "
        + "peak \(FlowBenchmark.peakResidentMegabytes().formatted(1)) MB")
    if sink == 42 { print("") }
  }
}

/// `TimelineLayout` over 100,000 events (ranges and moments over ten years): `prepare()`
/// fitting the width and zoomed in, and visible-rect queries.
enum TimelineBenchmark {
  static let events = 100_000
  static let visible = CellSize(columns: 200, rows: 50)

  final class Events: TimelineLayoutDelegate {
    var ranges: [TimelineRange] = []
    var widths: [Int] = []

    init(count: Int) {
      var generator = BenchmarkGenerator(seed: 5)
      let start = 1_600_000_000.0
      for _ in 0..<count {
        let time = start + Double(Int.random(in: 0..<315_360_000, using: &generator))
        // A third are moments (markers with a label), the rest last an hour to a month.
        if Int.random(in: 0..<3, using: &generator) == 0 {
          ranges.append(TimelineRange(start: time))
          widths.append(Int.random(in: 6..<24, using: &generator))
        } else {
          ranges.append(
            TimelineRange(start: time, end: time + Double(Int.random(in: 3_600..<2_592_000, using: &generator))))
          widths.append(2)
        }
      }
    }

    func timelineLayout(_ layout: TimelineLayout, rangeForItemAt indexPath: IndexPath) -> TimelineRange? {
      ranges[indexPath.item]
    }

    func timelineLayout(_ layout: TimelineLayout, minimumWidthForItemAt indexPath: IndexPath) -> Int {
      widths[indexPath.item]
    }
  }

  static func run() {
    let events = Events(count: events)
    print("Timeline layout: \(grouped(Self.events)) events over ten years (a third moments), visible rect")
    print("\(visible.columns)×\(visible.rows); medians (prepare of 9, queries at 2,000 random offsets).")
    for (name, scale) in [("fit", nil), ("zoomed (1 column a day)", 1.0 / 86_400)] as [(String, Double?)] {
      let host = StaticLayoutHost(
        itemCounts: [Self.events],
        bounds: Rect(x: 0, y: 0, width: Double(visible.columns), height: Double(visible.rows)))
      // A full pass: a fresh layout each time (a layout given the same items again keeps
      // its lanes, measured apart as "again").
      var prepareTimes: [Double] = []
      var layout = TimelineLayout(pointsPerSecond: scale)
      for _ in 0..<9 {
        layout = TimelineLayout(pointsPerSecond: scale)
        layout.delegate = events
        layout.collectionView = host
        prepareTimes.append(FlowBenchmark.milliseconds { layout.prepareIfNeeded() })
      }
      var againTimes: [Double] = []
      for _ in 0..<9 {
        layout.invalidateLayout()
        againTimes.append(FlowBenchmark.milliseconds { layout.prepareIfNeeded() })
      }
      let content = layout.collectionViewContentSize
      var generator = BenchmarkGenerator(seed: 13)
      var queryTimes: [Double] = []
      var counts: [Double] = []
      for _ in 0..<2_000 {
        let x = Double(Int.random(in: 0...max(0, Int(content.width) - visible.columns), using: &generator))
        let y = Double(Int.random(in: 0...max(0, Int(content.height) - visible.rows), using: &generator))
        let rect = Rect(x: x, y: y, width: Double(visible.columns), height: Double(visible.rows))
        host.bounds = rect
        var found = 0
        queryTimes.append(
          FlowBenchmark.milliseconds { found = layout.layoutAttributesForElements(in: rect).count } * 1_000)
        counts.append(Double(found))
      }
      print(
        "\(name): prepare \(FlowBenchmark.median(prepareTimes).formatted(2)) ms (again, same items: "
          + "\(FlowBenchmark.median(againTimes).formatted(2)) ms), \(grouped(layout.laneCount)) lanes, "
          + "\(grouped(Int(content.width))) columns; query \(FlowBenchmark.median(queryTimes).formatted(1)) µs "
          + "(p99 \(FlowBenchmark.percentile(queryTimes, 0.99).formatted(1)) µs), \(Int(FlowBenchmark.median(counts))) elements"
      )
    }
    print("peak \(FlowBenchmark.peakResidentMegabytes().formatted(1)) MB")
  }
}

extension String {
  /// The string left-aligned in `width` columns.
  func rightPadded(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// `1000000` as `1,000,000`.
func grouped(_ value: Int) -> String {
  let digits = Array(String(value.magnitude))
  var text = ""
  for (index, digit) in digits.enumerated() {
    if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
    text.append(digit)
  }
  return value < 0 ? "-" + text : text
}
