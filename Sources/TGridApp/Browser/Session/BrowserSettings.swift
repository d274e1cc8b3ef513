import TermGrid

/// What the command line asks of a browser (`--layout`, `--tree-style`, `--label`,
/// `--filter`, `--path` …), as plain values: the command-line types fill it in and a
/// ``BrowserSession`` applies it, so nothing outside the browser reaches into its state.
struct BrowserSettings {
  /// The view to open with.
  var presentation: PresentationKind = .grid
  /// The tree's shape, whenever the tree shows.
  var treeOrientation: TreeLayout.Orientation = .outline
  /// Whether changes animate.
  var animates = true
  /// How paths are written in the status line and copied.
  var pathFormat: PathFormat = .jq
  /// The timeline's date fields (START, or START and END), if given.
  var timeFields: [String]?
  /// The field that groups the timeline's lanes, if given.
  var laneField: String?
  /// The member that colours the schematic's boxes, if given.
  var kindField: String?
  /// The chart's x field (empty: the index) and y fields, if given.
  var chartX: String?
  var chartY: [String]?
  /// The member that labels records, if given.
  var labelField: String?
  /// A filter for the main array's records (a subset of jq), if given.
  var filter: String?
  /// The value to open with the focus on (jq, JSONPath or JSON Pointer), if given.
  var focusPath: String?
}
