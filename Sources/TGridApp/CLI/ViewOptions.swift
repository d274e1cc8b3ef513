import ArgumentParser
import TGridJSON
import TermGrid

/// Options shared by the interactive app and `dump`.
struct ViewOptions: ParsableArguments {
  @Flag(name: .long, help: "Read the input as JSON Lines (one value per line).")
  var ndjson = false

  @Option(name: .long, help: "How to show the document: grid, tree, table, timeline, schematic or chart.")
  var layout: LayoutChoice = .grid

  @Option(name: .long, help: ArgumentHelp("The timeline's date fields: START or START,END.", valueName: "start[,end]"))
  var timeField: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The timeline's swim lanes: one group of lanes per value of FIELD (a category such as status or team), each under a header row.",
      valueName: "field"))
  var lane: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The schematic's colours: each record's box by the value of FIELD (critical: error, failed…; important: warning, degraded…; else normal).",
      valueName: "field"))
  var kind: String?

  @Option(
    name: .customLong("x"),
    help: ArgumentHelp(
      "The chart's x field (index: the record's position); by default a date field, else a number.", valueName: "field")
  )
  var chartX: String?

  @Option(
    name: .customLong("y"),
    help: ArgumentHelp(
      "The chart's y fields, a series each; by default the numeric fields.", valueName: "field[,field…]"))
  var chartY: String?

  @Option(name: .long, help: "The tree's shape: outline (one node per row) or columns (one column per depth).")
  var treeStyle: TreeStyleChoice = .outline

  @Option(
    name: .long,
    help: "Open with the focus on the value at PATH (jq .a.b[3], JSONPath $.a.b[3] or JSON Pointer /a/b/3).")
  var path: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The member that labels records in every view (cards, tree, timeline, schematic, status line); by default name, title, label, id or key in any case, else the first short string.",
      valueName: "field"))
  var label: String?

  @Option(name: .long, help: "How paths are written: jq, jsonpath or pointer.")
  var pathFormat: PathFormatChoice = .jq

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Show only the records (the elements of the main array) for which EXPR holds: a subset of jq, such as '.age > 30 and (.name | startswith(\"A\"))'.",
      valueName: "expr"))
  var filter: String?

  mutating func validate() throws {
    if let filter {
      do {
        _ = try JSONFilter(filter)
      } catch {
        throw ValidationError("--filter: \(error)")
      }
    }
  }

  var textMode: JSONTextMode { ndjson ? .lines : .automatic }

  /// The presentation to open with.
  var presentation: PresentationKind { layout }

  /// `--time-field` as field names.
  var timeFields: [String]? {
    guard let timeField else { return nil }
    let fields = timeField.split(separator: ",", omittingEmptySubsequences: true).map {
      $0.trimmingPrefixAndSuffixSpaces()
    }
    return fields.isEmpty ? nil : Array(fields.prefix(2))
  }

  /// `--x`: the field, or empty for the index.
  var chartXField: String? {
    guard let chartX else { return nil }
    let name = Substring(chartX).trimmingPrefixAndSuffixSpaces()
    return name == "index" ? "" : name
  }

  /// `--y` as field names.
  var chartYFields: [String]? {
    guard let chartY else { return nil }
    let fields = chartY.split(separator: ",", omittingEmptySubsequences: true).map {
      $0.trimmingPrefixAndSuffixSpaces()
    }.filter { !$0.isEmpty }
    return fields.isEmpty ? nil : fields
  }

  /// What the options ask of the browser.
  func settings(animates: Bool) -> BrowserSettings {
    BrowserSettings(
      presentation: presentation, treeOrientation: treeOrientation, animates: animates,
      pathFormat: PathFormat(rawValue: pathFormat.rawValue) ?? .jq, timeFields: timeFields,
      laneField: lane.flatMap { $0.isEmpty ? nil : $0 },
      kindField: kind.flatMap { $0.isEmpty ? nil : $0 }, chartX: chartXField, chartY: chartYFields, labelField: label,
      filter: filter, focusPath: path)
  }

  /// The tree's shape, whenever the tree shows.
  var treeOrientation: TreeLayout.Orientation { treeStyle == .columns ? .columns : .outline }
}

/// `--layout`: a view's command-line name, as its registration declares it.
typealias LayoutChoice = PresentationKind

extension PresentationKind: ExpressibleByArgument {
  package init?(argument: String) {
    guard let registration = PresentationRegistry.registration(commandLineName: argument) else { return nil }
    self = registration.kind
  }

  package static var allValueStrings: [String] { PresentationRegistry.all.map(\.commandLineName) }

  package var defaultValueDescription: String { registration.commandLineName }
}

extension Substring {
  func trimmingPrefixAndSuffixSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// `--path-format`.
enum PathFormatChoice: String, ExpressibleByArgument, CaseIterable {
  case jq, jsonpath, pointer
}

/// `--tree-style`.
enum TreeStyleChoice: String, ExpressibleByArgument, CaseIterable {
  case outline, columns
}
