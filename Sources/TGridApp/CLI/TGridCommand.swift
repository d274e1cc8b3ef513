import ArgumentParser
import TGridJSON
import TermGrid

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tgrid`: browse a JSON dataset in the terminal. `browse` is the default subcommand, so
/// `tgrid FILE` opens FILE; `dump` and `check` are the others.
public struct TGridCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "tgrid",
    abstract: "Browse a JSON dataset in the terminal: a grid of cards or a tree.",
    discussion:
      "With no FILE, tgrid reads standard input when it is a pipe (curl … | tgrid) and opens its built-in demo data when it is a terminal. Keys are read from the terminal even when the data comes from standard input. Press ? in tgrid for the keys.",
    subcommands: [Browse.self, Dump.self, Check.self],
    defaultSubcommand: Browse.self)

  public init() {}

  /// Runs tgrid with the process's arguments. `tgrid --help` shows the browser's options
  /// (what `tgrid FILE` takes) with the other subcommands, not just the subcommand list.
  public static func runFromCommandLine() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
      print(helpMessage(for: Browse.self))
      print("\nOTHER SUBCOMMANDS:\n  dump    \(Dump.configuration.abstract)\n  check   \(Check.configuration.abstract)")
      print("\n  See 'tgrid help <subcommand>' for detailed help.")
      return
    }
    main(arguments)
  }
}

/// Options shared by the interactive app and `dump`.
struct ViewOptions: ParsableArguments {
  @Flag(name: .long, help: "Read the input as JSON Lines (one value per line).")
  var ndjson = false

  @Option(name: .long, help: "How to show the document: grid or tree.")
  var layout: LayoutChoice = .grid

  @Option(name: .long, help: "The tree's shape: outline (one node per row) or columns (one column per depth).")
  var treeStyle: TreeStyleChoice = .outline

  var textMode: JSONTextMode { ndjson ? .lines : .automatic }

  /// The presentation to open with.
  var presentation: PresentationKind {
    switch layout {
    case .grid: return .grid
    case .tree: return .tree
    }
  }

  /// The tree's shape, whenever the tree shows.
  var treeOrientation: TreeLayout.Orientation { treeStyle == .columns ? .columns : .outline }
}

/// `--layout`.
enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
  case grid, tree
}

/// `--tree-style`.
enum TreeStyleChoice: String, ExpressibleByArgument, CaseIterable {
  case outline, columns
}

/// The interactive browser (the default subcommand: `tgrid FILE` is `tgrid browse FILE`).
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Open FILE (or standard input, or the demo data) in the terminal; the default.",
    discussion:
      "With no FILE, tgrid reads standard input when it is a pipe (curl … | tgrid) and opens its built-in demo data when it is a terminal. Keys are read from the terminal even when the data comes from standard input. Press ? in tgrid for the keys.")

  @Argument(help: "The JSON file to open; - for standard input.")
  var file: String?

  @OptionGroup var view: ViewOptions

  @Flag(name: .long, help: "Do not capture the mouse (keeps the terminal's own text selection).")
  var noMouse = false

  @Flag(name: .long, help: "Do not animate changes.")
  var noAnimation = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A command that receives copied text on its standard input (for example 'xclip -selection clipboard').",
      discussion: "Without it, \(SystemClipboard.commandEnvironmentVariable) is used, else the terminal's OSC 52."))
  var clipboardCommand: String?

  func run() throws {
    let options = JSONParseOptions(mode: view.textMode)
    let load: DocumentLoad
    if let file, file != "-" {
      load = DocumentLoad(path: file, name: DocumentLoader.baseName(file), options: options)
    } else if file == "-" || isatty(STDIN_FILENO) == 0 {
      load = DocumentLoad(path: nil, name: "(stdin)", options: options)
    } else {
      // The demo data is in the binary: no loading to show.
      let loaded: DocumentLoader.Loaded
      do {
        loaded = try DocumentLoader.load(path: nil, mode: view.textMode)
      } catch {
        printError(error.message)
        throw ExitCode(error.exitCode)
      }
      try browse(document: loaded.document, name: loaded.name, path: nil)
      return
    }
    load.start()
    // Most files load in a blink: only a slow one gets a progress screen, and an invalid
    // one is reported without touching the terminal at all.
    if load.wait(milliseconds: 200) {
      switch load.phase {
      case .finished(let document): try browse(document: document, name: load.name, path: load.path)
      case .failed(let failure):
        printError(failure.message)
        throw ExitCode(failure.exitCode)
      default: throw ExitCode(1)
      }
      return
    }
    let terminal = try openTerminal()
    let root = LoadingRoot(load: load, size: terminal.size) { document, size in
      self.makeBrowser(document: document, name: load.name, path: load.path, size: size, terminal: terminal)
    }
    let exit = TerminalRunLoop(terminal: terminal, root: root).run()
    load.cancel()
    finish(exit, browser: root.browser, terminal: terminal)
    if let failure = root.failure {
      printError(failure.message)
      throw ExitCode(failure.exitCode)
    }
  }

  private func browse(document: JSONDocument, name: String, path: String?) throws {
    let terminal = try openTerminal()
    let browser = makeBrowser(document: document, name: name, path: path, size: terminal.size, terminal: terminal)
    let exit = TerminalRunLoop(terminal: terminal, root: browser).run()
    finish(exit, browser: browser, terminal: terminal)
  }

  /// Restores the terminal; after a signal (or a terminal that hung up), writes unsaved
  /// edits to a recovery file and says where, then leaves the way the signal would have,
  /// so the shell sees an honest status.
  private func finish(_ exit: RunLoopExit, browser: BrowserController?, terminal: NcursesTerminal) {
    terminal.shutdown()
    if exit != .quit, let browser, browser.store.isModified {
      switch RecoveryFile.write(browser.store, processID: getpid()) {
      case .success(let path):
        printError("tgrid: unsaved edits of \(browser.store.name) were written to \(path); open \(browser.store.path ?? "that file") again to restore them")
      case .failure(let error):
        printError("tgrid: unsaved edits of \(browser.store.name) are lost: the recovery file could not be written (\(error))")
      }
    }
    if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
  }

  private func openTerminal() throws -> NcursesTerminal {
    do {
      return try NcursesTerminal(enableMouse: !noMouse)
    } catch {
      printError("tgrid: \(error)")
      throw ExitCode(2)
    }
  }

  private func makeBrowser(
    document: JSONDocument, name: String, path: String?, size: CellSize, terminal: NcursesTerminal
  ) -> BrowserController {
    let browser = BrowserController(
      document: document, sourceName: name, path: path, size: size, presentation: view.presentation,
      treeOrientation: view.treeOrientation, animates: !noAnimation)
    browser.terminal = terminal
    browser.applyColorCount(terminal.colorCount)
    browser.collectionView.pasteboard = Pasteboard(
      systemClipboard: .chosen(commandOption: clipboardCommand), terminal: terminal)
    if let path { browser.offerRecovery(for: path) }
    return browser
  }
}

/// `tgrid dump`: the first frame as plain text.
struct Dump: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the first screen of FILE as plain text (no escape sequences) and exit.")

  @Argument(help: "The JSON file to show; - for standard input; none for the demo data.")
  var file: String?

  @Option(name: .long, help: "The screen size as COLUMNSxROWS.")
  var size: ScreenSize = ScreenSize(columns: 80, rows: 24)

  @OptionGroup var view: ViewOptions

  func run() throws {
    let loaded: DocumentLoader.Loaded
    do {
      loaded = try DocumentLoader.load(path: file ?? (isatty(STDIN_FILENO) == 0 ? "-" : nil), mode: view.textMode)
    } catch {
      printError(error.message)
      throw ExitCode(error.exitCode)
    }
    let screen = CellSize(columns: size.columns, rows: size.rows)
    let controller = BrowserController(
      document: loaded.document, sourceName: loaded.name, size: screen, presentation: view.presentation,
      treeOrientation: view.treeOrientation, animates: false)
    // The same run loop as the app, on a terminal in memory: it draws the first frame, then
    // finds no input and returns.
    let terminal = HeadlessTerminal(size: screen)
    TerminalRunLoop(terminal: terminal, root: controller, debugCrash: nil).run()
    var output = ""
    for line in terminal.lines {
      output += line
      output += "\n"
    }
    print(output, terminator: "")
  }
}

/// `tgrid check`: validate files.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check that each FILE is valid JSON; print a summary or the first error with its line and column.")

  @Argument(help: "The files to check; - for standard input.")
  var files: [String]

  @Option(help: "The largest input to read: 512M, 4G (default), 10G….")
  var maxSize: String = "4G"

  @OptionGroup var view: ViewOptions

  func run() throws {
    guard let maximum = parseByteCount(maxSize) else {
      throw ValidationError("--max-size \(maxSize): expected a size such as 512M or 4G")
    }
    let status = runCheck(
      paths: files, mode: view.textMode, maximumByteCount: maximum, standardOutput: { print(terminalSafe($0)) },
      standardError: { printError($0) })
    if status != 0 { throw ExitCode(status) }
  }
}

/// A `COLUMNSxROWS` size argument.
struct ScreenSize: ExpressibleByArgument {
  var columns: Int
  var rows: Int

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0,
      columns <= 10_000, rows <= 10_000
    else { return nil }
    self.init(columns: columns, rows: rows)
  }

  static var defaultValueDescription: String { "80x24" }
}

/// Writes a message to standard error (unbuffered, so it shows even if we exit next).
/// Control characters in it (a file name can hold an escape sequence) are made visible.
func printError(_ message: String) {
  let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(terminalSafe)
  let text = lines.joined(separator: "\n") + (message.hasSuffix("\n") ? "" : "\n")
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return -1 }
      return write(STDERR_FILENO, base + offset, buffer.count - offset)
    }
    if written <= 0 { break }
    offset += written
  }
}

/// One line of text with every control character drawn visibly, so that printing it can
/// never control the terminal.
func terminalSafe(_ line: some StringProtocol) -> String {
  TextWidth.visibleText(line)
}
