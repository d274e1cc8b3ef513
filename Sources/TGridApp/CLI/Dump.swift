import ArgumentParser
import TermGrid

/// `tgrid dump`: the first frame as plain text.
struct Dump: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the first screen of FILE as plain text (no escape sequences) and exit.")

  @Argument(help: "The JSON file to show; - for standard input; none for the demo data.")
  var file: String?

  @Option(name: .long, help: "The screen size as COLUMNSxROWS.")
  var size: ScreenSize = ScreenSize(columns: 80, rows: 24)

  @OptionGroup var view: ViewOptions

  @OptionGroup var limit: InputLimitOptions

  func run() throws {
    // Before opening anything: a closed standard output would be taken by the next file opened.
    try StandardOutput.requireOpen()
    let loaded: DocumentLoader.Loaded
    do {
      loaded = try DocumentLoader.load(
        path: file ?? (DocumentLoader.standardInputHasData() ? "-" : nil), mode: view.textMode,
        maximumByteCount: limit.maximumByteCount)
    } catch {
      printError(error.message)
      throw ExitCode(error.exitCode)
    }
    let screen = CellSize(columns: size.columns, rows: size.rows)
    let controller = BrowserController(
      document: loaded.document, sourceName: loaded.name, size: screen, presentation: view.presentation,
      treeOrientation: view.treeOrientation, animates: false)
    if let reason = view.configure(controller), let path = view.path {
      printError("tgrid: --path \(path): \(reason)")
      throw ExitCode(1)
    }
    // The same run loop as the app, on a terminal in memory: it draws the first frame, then
    // finds no input and returns.
    let terminal = HeadlessTerminal(size: screen)
    TerminalRunLoop(terminal: terminal, root: controller, debugCrash: nil).run()
    var output = ""
    for line in terminal.lines {
      output += line
      output += "\n"
    }
    try StandardOutput.writeText(output)
  }
}
