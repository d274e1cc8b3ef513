import TGridSystem
import TermGrid

/// `tgrid-bench terminal`: bytes the terminal receives per frame, ours against ncurses
/// drawing the same frames itself.
///
/// A 200×60 screen full of coloured JSON-like text is scrolled by one line, by a page, and
/// the focus highlight moves one row, through an offscreen ``NcursesTerminal`` writing to a
/// file (TERM=xterm-256color). "ours" hands ncurses only the cells our canvas diff found
/// changed; the baseline hands ncurses every cell of every frame (a program drawing the
/// whole screen each time) and lets ncurses' own optimisation find the changes.
func runTerminalBenchmarks(arguments: [String]) {
  let size = CellSize(columns: 200, rows: 60)
  let steps = Int(arguments.first ?? "") ?? 30
  let document = TerminalBenchmarkDocument(lineCount: 60 + 60 * (steps + 2), width: size.columns)
  print("Terminal output: \(size.columns)×\(size.rows), TERM=xterm-256color, \(steps) steps each, bytes per frame")
  print("")
  let scenarios: [(String, (Int) -> Canvas)] = [
    ("one-line scroll", { document.frame(size: size, firstLine: $0, focusedRow: 10) }),
    ("page scroll (59 lines)", { document.frame(size: size, firstLine: $0 * 59, focusedRow: 10) }),
    ("focus moves one row", { document.frame(size: size, firstLine: 0, focusedRow: $0 % 60) }),
  ]
  let setups: [(String, Bool)] = [
    ("ours: changed cells only", true),
    ("ncurses alone: every cell", false),
  ]
  print(
    "| change | " + setups.map(\.0).joined(separator: " | ")
      + " | ours ÷ ncurses | ms per frame (ours / ncurses alone) |")
  print("|---|" + String(repeating: "---:|", count: setups.count + 2))
  for (name, frame) in scenarios {
    var figures: [Double] = []
    var times: [Double] = []
    for (_, changedOnly) in setups {
      let (bytes, milliseconds) = measure(size: size, steps: steps, changedOnly: changedOnly, frame: frame)
      figures.append(bytes)
      times.append(milliseconds)
    }
    let cells = figures.map { formatBytes($0) }
    let ratio = figures[0] / max(1, figures[1])
    print(
      "| \(name) | " + cells.joined(separator: " | ")
        + " | \(format(ratio, digits: 2))× | " + times.map { format($0, digits: 2) }.joined(separator: " / ") + " |")
  }
  print("")
  measurePinnedScrolls(size: size, steps: steps, document: document)
  let full = measureFirstFrame(size: size, frame: document.frame(size: size, firstLine: 0, focusedRow: 10))
  print("")
  print("First (full) frame: \(formatBytes(full)) bytes")
}

/// A one-line and a three-line scroll under a pinned header row and above a status line
/// (as the app's screens are), three ways: ours (a canvas, changed cells only), ncurses alone
/// (every cell), and the floor: curses told of the scroll (`wscrl` on the content's scroll
/// region, then only the new rows and the status line written).
private func measurePinnedScrolls(size: CellSize, steps: Int, document: TerminalBenchmarkDocument) {
  func frame(_ step: Int, by lines: Int) -> Canvas {
    var canvas = document.frame(size: size, firstLine: step * lines, focusedRow: -1)
    canvas.fill(CellRect(column: 0, row: 0, columns: size.columns, rows: 1), style: .plain)
    canvas.draw(" header: pinned", at: CellPoint(column: 0, row: 0), style: Style(attributes: [.bold]))
    canvas.fill(
      CellRect(column: 0, row: size.rows - 1, columns: size.columns, rows: 1), style: Style(attributes: [.reverse]))
    canvas.draw(" status \(step)", at: CellPoint(column: 0, row: size.rows - 1), style: Style(attributes: [.reverse]))
    return canvas
  }
  print("| scroll under a pinned header and above a status line | ours | ncurses alone | wscrl floor | ours ÷ floor |")
  print("|---|---:|---:|---:|---:|")
  for lines in [1, 3] {
    var figures: [Double] = []
    for mode in 0..<3 {
      let output = temporaryOutputFile()
      defer { SystemFile.release(output) }
      guard let terminal = try? NcursesTerminal(recordingTo: output, size: size) else { ProcessIdentity.exit(1) }
      terminal.presentsChangedCellsOnly = mode != 1
      terminal.present(frame(0, by: lines))
      let start = fileSize(output)
      for step in 1...steps {
        if mode == 2 {
          terminal.presentScrollingWithCurses(frame(step, by: lines), rows: 1..<(size.rows - 1), by: lines)
        } else {
          terminal.present(frame(step, by: lines))
        }
      }
      figures.append(Double(fileSize(output) - start) / Double(steps))
      terminal.shutdown()
    }
    print(
      "| \(lines) line\(lines == 1 ? "" : "s") | " + figures.map(formatBytes).joined(separator: " | ")
        + " | \(format(figures[0] / max(1, figures[2]), digits: 2))× |")
  }
}

/// Average bytes (and milliseconds) per frame over `steps` changes after a first frame.
private func measure(size: CellSize, steps: Int, changedOnly: Bool, frame: (Int) -> Canvas)
  -> (Double, Double)
{
  let output = temporaryOutputFile()
  defer { SystemFile.release(output) }
  guard let terminal = try? NcursesTerminal(recordingTo: output, size: size) else {
    print("cannot start ncurses for xterm-256color")
    ProcessIdentity.exit(1)
  }
  terminal.presentsChangedCellsOnly = changedOnly
  let frames = (0...steps).map(frame)
  terminal.present(frames[0])
  let start = fileSize(output)
  let clockStart = MonotonicClock.nanoseconds()
  for index in 1...steps { terminal.present(frames[index]) }
  let elapsed = Double(MonotonicClock.nanoseconds() - clockStart) / 1e6
  let bytes = Double(fileSize(output) - start) / Double(steps)
  terminal.shutdown()
  return (bytes, elapsed / Double(steps))
}

private func measureFirstFrame(size: CellSize, frame: Canvas) -> Double {
  let output = temporaryOutputFile()
  defer { SystemFile.release(output) }
  guard let terminal = try? NcursesTerminal(recordingTo: output, size: size) else { return 0 }
  let start = fileSize(output)
  terminal.present(frame)
  let bytes = Double(fileSize(output) - start)
  terminal.shutdown()
  return bytes
}

private func temporaryOutputFile() -> Int32 {
  guard let file = try? SystemFile.makeUniqueFile(template: "/tmp/tgrid-bench-terminal-XXXXXX") else {
    print("cannot create a temporary file")
    ProcessIdentity.exit(1)
  }
  SystemFile.remove(file.path)
  return file.descriptor
}

private func fileSize(_ descriptor: Int32) -> Int {
  (try? SystemFile.status(of: descriptor))?.size ?? 0
}

private func format(_ value: Double, digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = "\(rounded)"
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
  }
  return text
}

private func formatBytes(_ value: Double) -> String {
  let whole = Int(value.rounded())
  var digits = Array(String(whole))
  var index = digits.count - 3
  while index > 0 {
    digits.insert(",", at: index)
    index -= 3
  }
  return String(digits)
}

/// Lines of JSON-like text in a few colours, as tgrid shows them.
private struct TerminalBenchmarkDocument {
  struct Span {
    var text: String
    var style: Style
  }

  let lines: [[Span]]

  init(lineCount: Int, width: Int) {
    let key = Style(foreground: .indexed(75))
    let string = Style(foreground: .indexed(143))
    let number = Style(foreground: .indexed(180))
    let punctuation = Style.plain
    let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
    var lines: [[Span]] = []
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: seed >> 33)
    }
    for line in 0..<lineCount {
      var spans: [Span] = [Span(text: String(repeating: " ", count: 2 + (line % 4) * 2), style: punctuation)]
      var used = spans[0].text.count
      while used < width - 20 {
        let name = "\"\(words[next() % words.count])_\(next() % 1000)\""
        let value: Span =
          next() % 2 == 0
          ? Span(text: "\"\(words[next() % words.count]) \(words[next() % words.count])\"", style: string)
          : Span(text: "\(next() % 100_000).\(next() % 100)", style: number)
        let piece = [
          Span(text: name, style: key), Span(text: ": ", style: punctuation), value,
          Span(text: ", ", style: punctuation),
        ]
        used += piece.reduce(0) { $0 + $1.text.count }
        spans += piece
      }
      lines.append(spans)
    }
    self.lines = lines
  }

  func frame(size: CellSize, firstLine: Int, focusedRow: Int) -> Canvas {
    var canvas = Canvas(size: size)
    for row in 0..<size.rows {
      let index = firstLine + row
      guard index < lines.count else { break }
      var column = 0
      let focused = row == focusedRow
      for span in lines[index] {
        let style =
          focused ? Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold]) : span.style
        column = canvas.draw(span.text, at: CellPoint(column: column, row: row), style: style)
      }
      if focused {
        canvas.fill(
          CellRect(column: column, row: row, columns: max(0, size.columns - column), rows: 1),
          style: Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold]))
      }
    }
    return canvas
  }
}
