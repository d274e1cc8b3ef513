import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Open the command line (`:`).
  static let commandLine: CommandIdentifier = "commandLine"
}

/// What the command line reaches of the browser: the feature controllers its commands
/// belong to, and the status line it asks in.
protocol CommandLineContext: AnyObject {
  /// The document.
  var store: DocumentStore { get }
  /// The presentation on screen (`:w FILE.csv` exports what the table shows).
  var presentation: any Presentation { get }
  /// What the status line asks.
  var prompt: StatusPrompt? { get set }
  /// Set when the app should end.
  var wantsToQuit: Bool { get set }
  /// Paths, labels, options.
  var reading: ReadingController { get }
  /// Saving, reading the file again, quitting.
  var files: FileController { get }
  /// Search highlights and filters.
  var finding: FindingController { get }
  /// Asks for a frame.
  func setNeedsDisplay()
}

/// The `:` command line: one dispatcher for every feature's commands (files, finding,
/// labels, options, paths).
final class CommandLineController {
  /// The browser.
  private unowned let context: any CommandLineContext

  init(context: any CommandLineContext) {
    self.context = context
  }

  private var store: DocumentStore { context.store }
  private var presentation: any Presentation { context.presentation }
  private var reading: ReadingController { context.reading }
  private var files: FileController { context.files }
  private var finding: FindingController { context.finding }
  private var prompt: StatusPrompt? {
    get { context.prompt }
    set { context.prompt = newValue }
  }
  private var wantsToQuit: Bool {
    get { context.wantsToQuit }
    set { context.wantsToQuit = newValue }
  }

  /// Opens the `:` command line.
  func openCommandLine() {
    let cycle = PathCompletionCycle()
    let hooks = StatusPrompt.FieldHooks(key: { [unowned self] key, field in
      switch key.key {
      case .tab: return cycle.complete(in: field, document: self.store.document, forward: true)
      case .backTab: return cycle.complete(in: field, document: self.store.document, forward: false)
      default: return false
      }
    })
    prompt = .field(":", hooks: hooks) { [unowned self] line in self.runCommandLine(line) }
    context.setNeedsDisplay()
  }

  /// Runs one command line: `w`, `w PATH`, `w! PATH`, `q`, `q!`, `wq`, `x`.
  func runCommandLine(_ line: String) -> StatusPrompt.FieldResult {
    let trimmed = line.trimmingSpaces
    let (command, argument) = Self.split(trimmed)
    if let first = trimmed.first, first == "." || first == "$" || first == "/" {
      return reading.goTo(pathText: trimmed)
    }
    switch command {
    case "":
      return .close
    case "w", "write", "sav", "saveas", "w!", "write!", "sav!", "saveas!":
      prompt = nil
      // `:w!` without a path saves as `:w` does (a file changed on disk still asks);
      // `:w PATH` writes a copy, `:saveas PATH` moves the document to PATH (as in vim).
      let rebinding = command.hasPrefix("sav")
      // `:w FILE.csv` in the table exports what it shows (Presentation.export(forPath:)).
      if let argument, !rebinding, let export = presentation.export(forPath: argument) {
        return files.export(
          export.text, described: export.description, toTypedPath: argument, overwriting: command.hasSuffix("!"))
      }
      if let argument {
        return files.save(toTypedPath: argument, overwriting: command.hasSuffix("!"), rebinding: rebinding)
      }
      if rebinding, store.path != nil { return .keepOpen(":saveas needs a file name") }
      files.save()
      return .close
    case "q", "quit":
      prompt = nil
      files.requestQuit()
      return .close
    case "set":
      return reading.setOption(argument ?? "")
    case "noh", "nohlsearch":
      finding.hideHighlights()
      return .close
    case "label":
      reading.setLabelField(argument)
      return .close
    case "filter":
      guard let container = finding.filterTarget() else { return .keepOpen("focus an element of the array to filter") }
      return finding.applyFilter(argument ?? "", on: container)
    case "e", "edit", "e!", "edit!":
      guard store.path != nil else { return .keepOpen("there is no file to read again") }
      if store.isModified, !command.hasSuffix("!") {
        return .keepOpen("reading the file again drops your edits: :e! does, :w saves them first")
      }
      files.reload()
      return .close
    case "q!", "quit!":
      files.discardAndQuit()
      return .close
    case "wq", "x", "exit", "wq!", "x!", "exit!":
      prompt = nil
      if let argument {
        return files.save(toTypedPath: argument, overwriting: command.hasSuffix("!"), rebinding: true) {
          self.wantsToQuit = true
        }
      } else if command == "x" || command == "x!", !store.isModified {
        wantsToQuit = true
      } else {
        files.save { self.wantsToQuit = true }
      }
      return .close
    default:
      return .keepOpen(
        "not a command: \(command) (w, w PATH, w! PATH, saveas PATH, q, q!, wq, e, e!, set path=…, filter EXPR, label FIELD, noh, or a path)"
      )
    }
  }

  /// `w path/to/file` → ("w", "path/to/file").
  static func split(_ line: String) -> (String, String?) {
    guard let space = line.firstIndex(of: " ") else { return (line, nil) }
    let argument = String(line[line.index(after: space)...]).trimmingSpaces
    return (String(line[..<space]), argument.isEmpty ? nil : argument)
  }
}

extension String {
  /// Without spaces at either end.
  var trimmingSpaces: String {
    var slice = Substring(self)
    while slice.first == " " { slice = slice.dropFirst() }
    while slice.last == " " { slice = slice.dropLast() }
    return String(slice)
  }
}
