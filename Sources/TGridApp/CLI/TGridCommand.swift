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
    abstract: "Browse, edit and save a JSON dataset in the terminal: a grid of cards or a tree.",
    discussion:
      "With no FILE, tgrid reads standard input when it is a pipe (curl … | tgrid) and opens its built-in demo data when it is a terminal. Keys are read from the terminal even when the data comes from standard input. Press ? in tgrid for the keys.",
    version: TGridCommand.version,
    subcommands: [Browse.self, Dump.self, Check.self, Demo.self],
    defaultSubcommand: Browse.self)

  /// The version `--version` prints.
  public static let version = "0.3.0"

  public init() {}

  /// Runs tgrid with the process's arguments. `tgrid --help` shows the browser's options
  /// (what `tgrid FILE` takes) with the other subcommands, not just the subcommand list.
  public static func runFromCommandLine() {
    StandardInput.reserveIfClosed()
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments == ["--version"] {
      print(version)
      return
    }
    if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
      print(helpMessage(for: Browse.self))
      print("\nOTHER SUBCOMMANDS:\n  dump    \(Dump.configuration.abstract)\n  check   \(Check.configuration.abstract)\n  demo    \(Demo.configuration.abstract)")
      print("\n  See 'tgrid help <subcommand>' for detailed help.")
      return
    }
    main(arguments)
  }
}

/// The largest input read, shared by the app, `dump` and `check`: a file or stream over it
/// is refused with a message naming the option.
struct InputLimitOptions: ParsableArguments {
  @Option(help: "The largest input to read: 512M, 4G (default), 10G….")
  var maxSize: String = "4G"

  /// The limit in bytes.
  var maximumByteCount: Int {
    // Checked in `validate()`: never nil here.
    parseByteCount(maxSize) ?? JSONProgressiveParser.defaultMaximumStreamByteCount
  }

  mutating func validate() throws {
    guard parseByteCount(maxSize) != nil else {
      throw ValidationError("--max-size \(maxSize): expected a size such as 512M or 4G")
    }
  }
}

/// Options shared by the interactive app and `dump`.
struct ViewOptions: ParsableArguments {
  @Flag(name: .long, help: "Read the input as JSON Lines (one value per line).")
  var ndjson = false

  @Option(name: .long, help: "How to show the document: grid, tree, table, timeline or schematic.")
  var layout: LayoutChoice = .grid

  @Option(name: .long, help: ArgumentHelp("The timeline's date fields: START or START,END.", valueName: "start[,end]"))
  var timeField: String?

  @Option(name: .long, help: "The tree's shape: outline (one node per row) or columns (one column per depth).")
  var treeStyle: TreeStyleChoice = .outline

  @Option(name: .long, help: "Open with the focus on the value at PATH (jq .a.b[3], JSONPath $.a.b[3] or JSON Pointer /a/b/3).")
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
  var presentation: PresentationKind {
    switch layout {
    case .grid: return .grid
    case .tree: return .tree
    case .table: return .table
    case .timeline: return .timeline
    case .schematic: return .schematic
    }
  }

  /// `--time-field` as field names.
  var timeFields: [String]? {
    guard let timeField else { return nil }
    let fields = timeField.split(separator: ",", omittingEmptySubsequences: true).map { $0.trimmingPrefixAndSuffixSpaces() }
    return fields.isEmpty ? nil : Array(fields.prefix(2))
  }

  /// Applies the options that act on a browser once it exists: the path format, and the
  /// value to focus. - Returns: why `--path` failed, if it did.
  @discardableResult
  func configure(_ browser: BrowserController) -> String? {
    browser.pathFormat = PathFormat(rawValue: pathFormat.rawValue) ?? .jq
    if let timeFields { browser.timeFields = timeFields }
    if let label, !label.isEmpty { browser.setLabelField(label, announcing: false) }
    if let filter {
      let document = browser.store.document
      let container = browser.store.id(GridModel.mainContainer(of: document.root, in: document))
      _ = browser.applyFilter(filter, on: container, sliced: false)
    }
    guard let path else { return nil }
    if case .keepOpen(let reason) = browser.goTo(pathText: path) {
      browser.show(message: "--path \(path): \(reason)")
      return reason
    }
    return nil
  }

  /// The tree's shape, whenever the tree shows.
  var treeOrientation: TreeLayout.Orientation { treeStyle == .columns ? .columns : .outline }
}

/// `--layout`.
enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
  case grid, tree, table, timeline, schematic
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

/// The interactive browser (the default subcommand: `tgrid FILE` is `tgrid browse FILE`).
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse, edit and save FILE (or standard input, or the demo data) in the terminal.",
    usage: "tgrid [<file>] [--layout <layout>] [--tree-style <tree-style>] [--ndjson] [--max-size <size>] [--no-mouse] [--no-animation] [--clipboard-command <command>]",
    discussion:
      "With no FILE, tgrid reads standard input when it is a pipe or a file (curl … | tgrid, tgrid < data.json) and opens its built-in demo data otherwise (a terminal, /dev/null). Keys are read from the terminal even when the data comes from standard input. Press ? in tgrid for the keys. A file whose index will not fit in memory keeps it in a temporary file in TGRID_INDEX_DIR (else ~/.cache/tgrid, /var/tmp or /tmp; never a folder in memory).")

  @Argument(help: "The JSON file to open; - for standard input.")
  var file: String?

  @OptionGroup var view: ViewOptions

  @OptionGroup var limit: InputLimitOptions

  @Flag(name: .long, help: "Do not capture the mouse (keeps the terminal's own text selection).")
  var noMouse = false

  @Flag(name: .long, help: "Do not animate changes.")
  var noAnimation = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A command that receives copied text on its standard input (for example 'xclip -selection clipboard').",
      discussion: "Without it, \(Browse.clipboardCommandVariable) is used, else the terminal's OSC 52."))
  var clipboardCommand: String?

  /// The environment variable naming a clipboard command.
  static let clipboardCommandVariable = "TGRID_CLIPBOARD_COMMAND"
  /// The environment variable asking for a deliberate crash after the first frame (tests).
  static let debugCrashVariable = "TGRID_DEBUG_CRASH"

  func run() throws {
    let options = JSONParseOptions(mode: view.textMode)
    let load: DocumentLoad
    if let file, file != "-" {
      load = DocumentLoad(
        path: file, name: DocumentLoader.baseName(file), options: options, maximumByteCount: limit.maximumByteCount,
        yieldsToFirstScreen: true)
    } else if file == "-" || DocumentLoader.standardInputHasData() {
      if StandardInput.wasClosed {
        printError(StandardInput.closedMessage)
        throw ExitCode(2)
      }
      load = DocumentLoad(path: nil, name: "(stdin)", options: options, maximumByteCount: limit.maximumByteCount)
    } else {
      // The demo data is in the binary: no loading to show.
      let loaded: DocumentLoader.Loaded
      do {
        loaded = try DocumentLoader.load(path: nil, mode: view.textMode)
      } catch {
        printError(error.message)
        throw ExitCode(error.exitCode)
      }
      try browse(store: DocumentStore(document: loaded.document, name: loaded.name))
      return
    }
    load.start()
    // Most files load in a blink, and an invalid one is reported without touching the
    // terminal at all; a large one opens as soon as its first screenful is parsed, and
    // the same browser grows it into the whole document.
    // A screenful: more values than any screen shows at once as rows or cards.
    if load.waitForFirstScreen(children: DocumentLoad.firstScreenChildren, milliseconds: 200) {
      switch load.phase {
      case .finished:
        // Straight into the store: a copy held here would make the first edit copy the tape.
        guard let store = load.takeDocument().map({ DocumentStore(document: $0, name: load.name, path: load.path) })
        else { throw ExitCode(1) }
        try browse(store: store)
      case .failed(let failure):
        printError(failure.message)
        throw ExitCode(failure.exitCode)
      default: throw ExitCode(1)
      }
      return
    }
    let terminal = try openTerminal()
    let store: DocumentStore
    if let preview = load.preview {
      store = DocumentStore(document: preview, name: load.name, path: load.path, isLoading: true)
    } else {
      store = DocumentStore.waitingForLoad(name: load.name, path: load.path)
    }
    let browser = makeBrowser(store: store, size: terminal.size, terminal: terminal)
    browser.load = load
    let exit = TerminalRunLoop(
      terminal: terminal, root: browser, debugCrash: .requested(byEnvironmentVariable: Self.debugCrashVariable)
    ).run()
    load.cancel()
    finish(exit, browser: browser, terminal: terminal)
    if let failure = browser.loadFailure {
      printError(failure.message)
      throw ExitCode(failure.exitCode)
    }
  }

  private func browse(store: DocumentStore) throws {
    let terminal = try openTerminal()
    let browser = makeBrowser(store: store, size: terminal.size, terminal: terminal)
    let exit = TerminalRunLoop(
      terminal: terminal, root: browser, debugCrash: .requested(byEnvironmentVariable: Self.debugCrashVariable)
    ).run()
    finish(exit, browser: browser, terminal: terminal)
  }

  /// Ends a session: when it did not end by a quit (a signal, a terminal that hung up),
  /// unsaved edits go to a recovery file first, while nothing can cut the writing short
  /// (``TerminalSignals/beginTermination()``: a closed terminal's second SIGHUP, or a
  /// second SIGTERM, is ignored now); then the terminal is restored, standard error says
  /// where the edits are, and tgrid leaves the way the signal would have, so the shell
  /// sees an honest status.
  private func finish(_ exit: RunLoopExit, browser: BrowserController?, terminal: NcursesTerminal) {
    guard TerminalSignals.beginTermination() else {
      // The termination watchdog is writing the recovery file and ends the process.
      while true { pause() }
    }
    var note: String?
    if exit != .quit, let browser, browser.store.isModified {
      note = browser.writeRecovery()
    }
    terminal.shutdown()
    if let note { printError(note) }
    if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
  }

  /// Starts the thread that keeps the edits when a signal comes while the run loop is busy
  /// (one long computation) and does not take it in time: it writes the recovery file from
  /// its own thread, restores the terminal and ends tgrid by the signal.
  private func startTerminationWatchdog(for browser: BrowserController) {
    let access = RescueAccess(store: browser.store, recovery: browser.recovery, fallback: browser.recoveryFallbackDirectory)
    TerminationWatchdog.start { _ in access.rescue() }
  }

  private func openTerminal() throws -> NcursesTerminal {
    do {
      return try NcursesTerminal(enableMouse: !noMouse)
    } catch {
      var message = "tgrid: \(error)"
      if case TerminalError.noTerminal = error {
        message += "; run tgrid in a terminal, or use `tgrid dump` for text output"
      }
      printError(message)
      throw ExitCode(2)
    }
  }

  private func makeBrowser(
    document: JSONDocument, name: String, path: String?, size: CellSize, terminal: NcursesTerminal
  ) -> BrowserController {
    let store = DocumentStore(document: document, name: name, path: path)
    if let path { store.fileStatus = (try? POSIXFileSystem.shared.status(ofPath: path)) ?? nil }
    return makeBrowser(store: store, size: size, terminal: terminal)
  }

  private func makeBrowser(store: DocumentStore, size: CellSize, terminal: NcursesTerminal) -> BrowserController {
    let path = store.path
    if let path, store.fileStatus == nil { store.fileStatus = (try? POSIXFileSystem.shared.status(ofPath: path)) ?? nil }
    let browser = BrowserController(
      store: store, size: size, presentation: view.presentation, treeOrientation: view.treeOrientation,
      animates: !noAnimation)
    browser.terminal = terminal
    browser.applyColorCount(terminal.colorCount)
    browser.collectionView.pasteboard = Pasteboard(
      systemClipboard: .chosen(commandOption: clipboardCommand, environmentVariable: Self.clipboardCommandVariable),
      terminal: terminal)
    view.configure(browser)
    startTerminationWatchdog(for: browser)
    if let path {
      AbandonedSaves.remove(besides: path)
      browser.offerRecovery(for: path)
    }
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

/// `tgrid check`: validate files.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check that each FILE is valid JSON; print a summary or the first error with its line and column.")

  @Argument(help: "The files to check; - for standard input.")
  var files: [String]

  @OptionGroup var limit: InputLimitOptions

  @OptionGroup var view: ViewOptions

  func run() throws {
    let maximum = limit.maximumByteCount
    try StandardOutput.requireOpen()
    var writeError: StandardOutput.WriteError?
    let status = runCheck(
      paths: files, mode: view.textMode, maximumByteCount: maximum,
      standardOutput: { line in
        guard writeError == nil else { return }
        do throws(StandardOutput.WriteError) {
          try StandardOutput.writeLine(terminalSafe(line))
        } catch {
          writeError = error
        }
      },
      standardError: { printError($0) })
    if let writeError {
      printError(writeError.description)
      throw ExitCode(max(status, StandardOutput.failureExitCode))
    }
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

  var defaultValueDescription: String { "\(columns)x\(rows)" }
}

/// Standard output for `dump` and `check`, written with `write` so that every failure is
/// seen: a full disk (`> /dev/full`), a closed descriptor (`>&-`), a pipe whose reader has
/// gone while SIGPIPE is ignored. Buffered `print` would lose such an error at exit and
/// leave the status 0.
enum StandardOutput {
  /// The exit status when standard output cannot be written (as for a file that cannot be read).
  static let failureExitCode: Int32 = 2

  /// Why standard output could not be written.
  struct WriteError: Error, CustomStringConvertible {
    var code: Int32

    var description: String {
      if code == EBADF { return "tgrid: cannot write the output: standard output is closed" }
      return "tgrid: cannot write the output: \(String(cString: strerror(code)))"
    }
  }

  /// Fails, with the message on standard error, when standard output is closed.
  static func requireOpen() throws {
    guard fcntl(STDOUT_FILENO, F_GETFL) < 0, errno == EBADF else { return }
    printError(WriteError(code: EBADF).description)
    throw ExitCode(failureExitCode)
  }

  /// Writes all of `text`, or fails with the message on standard error.
  static func writeText(_ text: String) throws {
    do throws(WriteError) {
      try writeBytes(Array(text.utf8))
    } catch {
      printError(error.description)
      throw ExitCode(failureExitCode)
    }
  }

  /// Writes `line` and a line break.
  static func writeLine(_ line: String) throws(WriteError) {
    try writeBytes(Array((line + "\n").utf8))
  }

  private static func writeBytes(_ bytes: [UInt8]) throws(WriteError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(STDOUT_FILENO, base + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        throw WriteError(code: written < 0 ? errno : EIO)
      }
    }
  }
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
    if options.layout == .grid, !CommandLine.arguments.contains("--layout"), let suggested = DemoData.suggestedLayout(of: file) {
      options.layout = suggested
    }
    if let size = dump {
      let screen = CellSize(columns: size.columns, rows: size.rows)
      let controller = BrowserController(
        document: document, sourceName: "demo: " + file, size: screen, presentation: options.presentation,
        treeOrientation: options.treeOrientation, animates: false)
      options.configure(controller)
      let terminal = HeadlessTerminal(size: screen)
      TerminalRunLoop(terminal: terminal, root: controller, debugCrash: nil).run()
      try StandardOutput.writeText(terminal.lines.map { $0 + "\n" }.joined())
      return
    }
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(enableMouse: true)
    } catch {
      printError("tgrid: \(error)")
      throw ExitCode(2)
    }
    let browser = BrowserController(
      document: document, sourceName: "demo: " + file, size: terminal.size, presentation: options.presentation,
      treeOrientation: options.treeOrientation, animates: !noAnimation)
    browser.terminal = terminal
    browser.applyColorCount(terminal.colorCount)
    options.configure(browser)
    _ = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil).run()
    terminal.shutdown()
  }
}

/// What the termination watchdog reads from its own thread: the store (only through
/// ``DocumentStore/readFromAnyThread(_:)``, which waits for a change in progress) and the
/// recovery keeper (itself locked). The store lives as long as the process.
private struct RescueAccess: @unchecked Sendable {
  unowned(unsafe) let store: DocumentStore
  let recovery: RecoveryKeeper
  let fallback: String?

  init(store: DocumentStore, recovery: RecoveryKeeper, fallback: String?) {
    self.store = store
    self.recovery = recovery
    self.fallback = fallback
  }

  /// Writes the unsaved edits, if any; returns what standard error should say.
  func rescue() -> String? {
    store.readFromAnyThread { document, path, name, isModified in
      guard isModified else { return nil }
      return recovery.write(document, documentPath: path, name: name, fallbackDirectory: fallback).message
    }
  }
}
