import TGridAppBenchmarks
import TGridSystem

/// `tgrid-bench keys [--view grid|tree] [--presses N] [--file NAME] [--data DIR] [--no-sharing] [--term NAME]`:
/// bytes the terminal receives per navigation key, the browser at 120×40 on the 10 MB
/// records file, each frame drawn through an offscreen ncurses terminal
/// (`TERM=xterm-256color`, or `--term NAME`: `tmux-256color` gives what `Scripts/key-bytes.py`
/// counts in tmux). The median of the presses, with their range.
/// `Scripts/key-bytes.py` measures the same keys in tmux, for tgrid and VisiData.
func runKeyBytesBenchmarks(arguments: [String]) {
  let path = BenchmarkFiles.prepare(arguments: arguments, defaultName: "records-10MB.json")
  var presses = 15
  if let index = arguments.firstIndex(of: "--presses"), index + 1 < arguments.count,
    let count = Int(arguments[index + 1])
  {
    presses = max(1, count)
  }
  var views = ["grid", "tree"]
  if let index = arguments.firstIndex(of: "--view"), index + 1 < arguments.count { views = [arguments[index + 1]] }
  let sharing = !arguments.contains("--no-sharing")
  var terminalType = "xterm-256color"
  if let index = arguments.firstIndex(of: "--term"), index + 1 < arguments.count { terminalType = arguments[index + 1] }
  print(
    "Bytes per key, 120×40, TERM=\(terminalType), \(path.split(separator: "/").last ?? ""), median of \(presses) (min–max)"
      + (sharing ? "" : ", blank styles not shared"))
  var columns: [(String, [(label: String, bytes: [Int])])] = []
  for view in views {
    guard
      let results = KeyBytesBenchmark.run(
        path: path, tree: view == "tree", presses: presses, sharesBlankStyles: sharing, terminalType: terminalType)
    else {
      print("cannot read \(path) or start ncurses")
      ProcessIdentity.exit(1)
    }
    columns.append((view, results))
  }
  print("| key | " + columns.map(\.0).joined(separator: " | ") + " |")
  print("|---|" + String(repeating: "---:|", count: columns.count))
  guard let labels = columns.first?.1.map(\.label) else { return }
  for (row, label) in labels.enumerated() {
    let cells = columns.map { column -> String in
      let bytes = column.1[row].bytes.sorted()
      guard let first = bytes.first, let last = bytes.last else { return "–" }
      return "\(grouped(bytes[bytes.count / 2])) (\(grouped(first))–\(grouped(last)))"
    }
    print("| \(label) | " + cells.joined(separator: " | ") + " |")
  }
}
