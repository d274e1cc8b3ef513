import TermGrid

/// One command of the browser, as data: its id, the keys that run it in every view, its line
/// in the help, what kind of command it is, and what it runs.
///
/// ``BrowserCommand/all`` lists them; the key tables (``BrowserKeys``), the help screen made
/// from them, the browser's checks before a command runs (refused while loading, refused on
/// items without values, recorded as a jump) and the pilot tests' coverage all read that one
/// list. A view's own commands (sorting a table, the tree's shape) are in its key table, in
/// its folder, and run by the presentation.
///
/// Adding a command of the browser is one entry:
/// ```swift
/// BrowserCommand(
///   .viewSource, keys: ["V"], help: "Show the source text around the value", group: "Reading",
///   traits: [.actsOnValues, .keepsIntendedFocus], run: .action { $0.reading.viewSource() })
/// ```
struct BrowserCommand: Sendable {
  /// What kind of command it is: what the browser checks or records around it.
  struct Traits: OptionSet, Sendable {
    let rawValue: Int

    /// It changes the document: refused while the document loads.
    static let editsDocument = Traits(rawValue: 1 << 0)
    /// It acts on values: refused, with a note, when the items it would act on stand for
    /// no value (a tree's groups of elements).
    static let actsOnValues = Traits(rawValue: 1 << 1)
    /// It jumps: the place it leaves goes on the jump list (Ctrl-O comes back).
    static let jumps = Traits(rawValue: 1 << 2)
    /// It leaves an intended focus in place: it does not move the focus, or moves it by id
    /// itself. Any other command is a move of the person's own and takes over.
    static let keepsIntendedFocus = Traits(rawValue: 1 << 3)
  }

  /// What runs the command.
  enum Runner: Sendable {
    /// The browser's own handler, or one of its feature controllers', reached through the
    /// context. Its answer is the run loop's; nil: the screen changed.
    case browser(@Sendable (BrowserCommandContext) -> EventResponse?)
    /// The presentation on screen, else the collection view (moving, selecting, the edit
    /// menu's actions). The browser only checks and records it.
    case view

    /// A handler after which the screen is drawn again.
    static func action(_ run: @escaping @Sendable (BrowserCommandContext) -> Void) -> Runner {
      .browser { context in
        run(context)
        return nil
      }
    }
  }

  /// The command.
  let id: CommandIdentifier
  /// Its keys in every view (key names, as ``KeyEvent/init(name:)`` reads them). A key
  /// another command had is taken from it. Empty: it keeps the keys TermGrid's standard
  /// table gives it, or it has none (a view binds it, or only a prefix or menu reaches it).
  let keys: [String]
  /// Its line in the help, and the group it is listed under; nil for a command TermGrid's
  /// standard table already lists, or one only a view binds.
  let help: (text: String, group: String)?
  /// What the browser checks or records around it.
  let traits: Traits
  /// What runs it.
  let runner: Runner

  /// Declares a command.
  /// - Parameters:
  ///   - help: its line in the help screen; nil when TermGrid's standard table lists it, or
  ///     a view's key table does.
  ///   - group: the help's group for it.
  init(
    _ id: CommandIdentifier, keys: [String] = [], help: String? = nil, group: String = "", traits: Traits = [],
    run runner: Runner = .view
  ) {
    self.id = id
    self.keys = keys
    self.help = help.map { ($0, group) }
    self.traits = traits
    self.runner = runner
  }
}

/// What a command of the browser runs against: the browser, seen as the parts a command
/// needs (its feature controllers, the collection view, the run loop it was pressed in).
struct BrowserCommandContext {
  /// The browser the command was pressed in.
  unowned let browser: BrowserController
  /// The run loop, when there is one (a redraw asks it to repaint everything).
  let runLoop: TerminalRunLoop?

  /// The collection view.
  var collectionView: CollectionView { browser.collectionView }
  /// Cut, copy, paste, typing values, moving, undo.
  var editing: EditingController { browser.editing }
  /// Search and filter.
  var finding: FindingController { browser.finding }
  /// The viewer, the source, two-key commands, labels.
  var reading: ReadingController { browser.reading }
  /// Saving, reading the file again, quitting.
  var files: FileController { browser.files }
}

extension BrowserCommand {
  /// The browser's commands by id.
  static let byID: [CommandIdentifier: BrowserCommand] = Dictionary(
    all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

  /// The ids of the commands that have a trait.
  static func ids(with trait: Traits) -> Set<CommandIdentifier> {
    Set(all.filter { $0.traits.contains(trait) }.map(\.id))
  }

  /// The key table every view starts from: TermGrid's standard one, with each command of
  /// ``all`` added (or, for a standard command, given its keys) in the list's order.
  static func commonKeyBindings() -> KeyBindings {
    var table = KeyBindings.standard
    for command in all {
      let keys = command.keys.map { name -> KeyEvent in
        guard let key = KeyEvent(name: name) else {
          preconditionFailure("BrowserCommand \(command.id): no key \(name)")
        }
        return key
      }
      if table.binding(for: command.id) == nil {
        guard let help = command.help else {
          precondition(keys.isEmpty, "BrowserCommand \(command.id) has keys but no help line")
          continue
        }
        table.add(KeyBinding([], command.id, help: help.text, group: help.group))
      }
      if !keys.isEmpty { table.rebind(keys, to: command.id) }
    }
    return table
  }
}
