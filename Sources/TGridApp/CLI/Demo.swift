import ArgumentParser
import TGridJSON
import TermGrid

/// `tgrid demo [NAME]`: lists the datasets built into tgrid, or opens one.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the demo datasets built into tgrid, or open one: tgrid demo timeline.")

  @Argument(help: "The dataset to open (with or without .json); none lists them.")
  var name: String?

  @OptionGroup var view: ViewOptions

  @Flag(name: .long, help: "Do not animate changes.")
  var noAnimation = false

  @Option(name: .long, help: "Print the first screen as text at COLUMNSxROWS instead of opening the terminal.")
  var dump: ScreenSize?

  /// The embedded file a name stands for.
  static func file(named name: String) -> String? {
    DemoData.names.first { $0 == name || $0 == name + ".json" || $0.hasPrefix(name + ".") }
  }

  /// What `tgrid demo` prints: each dataset and the view it suits.
  static var listing: String {
    var text = "Demo datasets (tgrid demo NAME):\n"
    for name in DemoData.names {
      text += "  \(name + String(repeating: " ", count: max(1, 20 - name.count)))\(DemoData.summary(of: name))\n"
    }
    return text
  }

  func run() throws {
    guard let name else {
      print(Self.listing, terminator: "")
      return
    }
    guard let file = Self.file(named: name), let text = DemoData.text(named: file) else {
      printError("tgrid: no demo dataset named \(name)\n" + Self.listing)
      throw ExitCode(1)
    }
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: text, options: JSONParseOptions(mode: view.textMode))
    } catch {
      printError("tgrid: the demo data \(file) does not parse: \(error)")
      throw ExitCode(2)
    }
    var options = view
    if options.layout == .grid, !CommandLine.arguments.contains("--layout"),
      let suggested = DemoData.suggestedLayout(of: file)
    {
      options.layout = suggested
    }
    if let size = dump {
      let screen = CellSize(columns: size.columns, rows: size.rows)
      let session = BrowserSession(
        document: document, sourceName: "demo: " + file, size: screen, settings: options.settings(animates: false))
      let lines = session.firstScreen(size: screen)
      try StandardOutput.writeText(lines.map { $0 + "\n" }.joined())
      return
    }
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(enableMouse: true)
    } catch {
      printError("tgrid: \(error)")
      throw ExitCode(2)
    }
    let session = BrowserSession(
      document: document, sourceName: "demo: " + file, size: terminal.size,
      settings: options.settings(animates: !noAnimation))
    session.attach(to: terminal, keepsEditsOnSignals: false)
    session.run(on: terminal)
    terminal.shutdown()
  }
}
