import ArgumentParser
import TGridJSON
import TGridSystem
import TermGrid

/// The interactive browser (the default subcommand: `tgrid FILE` is `tgrid browse FILE`).
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse, edit and save FILE (or standard input, or the demo data) in the terminal.",
    usage:
      "tgrid [<file>] [--diff <new-file>] [--layout <layout>] [--tree-style <tree-style>] [--ndjson] [--follow] [--max-size <size>] [--no-mouse] [--no-animation] [--clipboard-command <command>]",
    discussion:
      "With no FILE, tgrid reads standard input when it is a pipe or a file (curl … | tgrid, tgrid < data.json) and opens its built-in demo data otherwise (a terminal, /dev/null). Keys are read from the terminal even when the data comes from standard input. Press ? in tgrid for the keys. A file whose index will not fit in memory keeps it in a temporary file in TGRID_INDEX_DIR (else ~/.cache/tgrid, /var/tmp or /tmp; never a folder in memory)."
  )

  @Argument(help: "The JSON file to open; - for standard input.")
  var file: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Compare FILE (the old side) with this newer file and browse the difference on it (tree by default).",
      valueName: "new-file"))
  var diff: String?

  /// `tgrid diff --budget` when it opens the browser.
  @Option(name: .long, help: .hidden)
  var diffBudget: Int = JSONDiffOptions().alignmentBudget

  /// `tgrid diff --no-keys` when it opens the browser.
  @Flag(name: .long, help: .hidden)
  var diffNoKeys = false

  @OptionGroup var view: ViewOptions

  @OptionGroup var limit: InputLimitOptions

  @Flag(
    name: [.short, .long],
    help:
      "Follow FILE (or standard input) as it grows, like tail -f: JSON Lines or concatenated JSON values; W pauses and resumes. A FILE can be edited meanwhile (standard input once :w PATH gave it a file)."
  )
  var follow = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "With --follow: the longest line read (64M by default); a longer one is reported and skipped.", valueName: "size"
    ))
  var maxLine: String = "64M"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "With --follow: the most records kept (1000000 by default); older ones leave as new ones arrive (not while edits are unsaved).",
      valueName: "n"))
  var keep: Int = FollowController.defaultKeptRecordCount

  @Flag(name: .long, help: "With --follow: a line that is not JSON is an error (by default it becomes a text record).")
  var strict = false

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

  mutating func validate() throws {
    guard parseByteCount(maxLine) != nil else {
      throw ValidationError("--max-line \(maxLine): expected a size such as 1M or 64M")
    }
    if keep < 1 { throw ValidationError("--keep \(keep): keep at least one record") }
    if follow, diff != nil { throw ValidationError("--follow cannot be used with --diff") }
    if follow, file == nil || file == "-", !DocumentLoader.standardInputHasData() {
      throw ValidationError("--follow: give a FILE to follow, or pipe a stream in (tail -f app.log | tgrid --follow)")
    }
  }

  func run() throws {
    if follow {
      try browseFollowing()
      return
    }
    if let diff {
      var browse = self
      // A diff reads best as a tree: its marks are on rows, its counts on collapsed ones.
      if !CommandLine.arguments.contains(where: { $0.hasPrefix("--layout") }) { browse.view.layout = .tree }
      try browse.browseDiff(old: file ?? "-", new: diff)
      return
    }
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
    let session = makeSession(store: store, terminal: terminal)
    session.follow(load)
    let exit = session.run(on: terminal, debugCrash: .requested(byEnvironmentVariable: Self.debugCrashVariable))
    load.cancel()
    session.finish(exit, terminal: terminal)
    if let failure = session.loadFailure {
      printError(failure.message)
      throw ExitCode(failure.exitCode)
    }
  }

  /// Opens the browser on the new document with the difference from the old one marked
  /// (`tgrid A --diff B`, `tgrid diff A B` on a terminal). A pair of a few megabytes is
  /// read and compared before the first screen; a larger one opens on B's first screenful
  /// while A is read and compared on a thread of its own (``DiffOpening``). A side that
  /// turns out not to be JSON ends the browser with its message and exit status 2.
  private func browseDiff(old: String, new: String) throws {
    var options = JSONDiffOptions()
    options.alignmentBudget = max(0, diffBudget)
    options.usesIdentityKeys = !diffNoKeys
    let opening: DiffOpening
    do {
      opening = try DiffOpening.open(
        old: old, new: new, mode: view.textMode, maximumByteCount: limit.maximumByteCount, options: options)
    } catch let error as LoadFailure {
      printError(error.message)
      throw ExitCode(error.exitCode)
    }
    let terminal = try openTerminal()
    let session = makeSession(store: opening.store, terminal: terminal)
    if let load = opening.load { session.follow(load) }
    let exit = session.run(on: terminal, debugCrash: .requested(byEnvironmentVariable: Self.debugCrashVariable))
    opening.load?.cancel()
    session.finish(exit, terminal: terminal)
    if let failure = session.loadFailure {
      printError(failure.message)
      // For diff, a side that is not JSON is trouble (2): 0 and 1 say same and different.
      throw ExitCode(2)
    }
  }

  /// Follows a file or standard input as it grows (`--follow`): the browser opens at once
  /// and shows records as they arrive.
  private func browseFollowing() throws {
    let path = file == "-" ? nil : file
    if path == nil, StandardInput.wasClosed {
      printError(StandardInput.closedMessage)
      throw ExitCode(2)
    }
    if let path, !SystemFile.isReadable(path) {
      printError("tgrid: \(path): cannot be read")
      throw ExitCode(2)
    }
    // A regular file's text is read where it is mapped (0.70x the file instead of 1.8x):
    // what the follower read is fingerprinted, and a truncation or a rewrite it never saw
    // shrink takes the records it changed out of the document, never onto the screen for
    // long nor into a save or a copy (see GrowingFileMapping). A pipe is read into memory.
    let isRegular = path.flatMap { try? SystemFile.status(ofPath: $0) }.map { $0?.kind == .regular } ?? false
    let stream = FollowedStream(
      path: path, maximumLineByteCount: parseByteCount(maxLine) ?? RecordSplitter.defaultMaximumLineByteCount,
      mapsFile: isRegular)
    let store = DocumentStore.waitingForLoad(name: stream.name, path: path)
    let terminal = try openTerminal()
    let provokesMappedFault = environmentValue(Self.debugCrashVariable) == "mappedfault"
    if provokesMappedFault {
      // A bus error in a mapping, guarded: no crash, and the terminal stays as it is.
      _ = GrowingFileMapping.provokeGuardedFault()
    }
    let session = makeSession(store: store, terminal: terminal)
    session.follow(stream, strict: strict, keep: keep)
    stream.start()
    let exit = session.run(
      on: terminal,
      debugCrash: provokesMappedFault ? nil : .requested(byEnvironmentVariable: Self.debugCrashVariable))
    stream.stop()
    session.finish(exit, terminal: terminal)
    if let failure = session.loadFailure {
      printError(failure.message)
      throw ExitCode(failure.exitCode)
    }
  }

  private func browse(store: DocumentStore) throws {
    let terminal = try openTerminal()
    let session = makeSession(store: store, terminal: terminal)
    let exit = session.run(on: terminal, debugCrash: .requested(byEnvironmentVariable: Self.debugCrashVariable))
    session.finish(exit, terminal: terminal)
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

  private func makeSession(store: DocumentStore, terminal: NcursesTerminal) -> BrowserSession {
    let session = BrowserSession(
      store: store, size: terminal.size, settings: view.settings(animates: !noAnimation))
    session.attach(
      to: terminal,
      clipboard: .chosen(commandOption: clipboardCommand, environmentVariable: Self.clipboardCommandVariable))
    return session
  }
}
