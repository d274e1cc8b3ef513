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
    // The same run loop as the app, on a terminal in memory.
    let session = BrowserSession(
      document: loaded.document, sourceName: loaded.name, size: screen, settings: view.settings(animates: false))
    if let reason = session.focusProblem, let path = view.path {
      printError("tgrid: --path \(path): \(reason)")
      throw ExitCode(1)
    }
    session.drawWithoutColor()
    let lines = session.firstScreen(size: screen)
    var output = ""
    for line in lines {
      output += line
      output += "\n"
    }
    try StandardOutput.writeText(output)
  }
}
