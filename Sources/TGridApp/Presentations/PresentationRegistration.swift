import TermGrid

/// How one view declares itself to the rest of tgrid, once, in its own folder: its name,
/// its key and command-line name, what the help screen calls it, the command that shows
/// it, its key table and how to make it.
///
/// ``PresentationRegistry/all`` lists every registration; the browser, the key tables, the
/// help screen and the command line read that list and never name a presentation's type.
///
/// A view declares itself in its folder (`Presentations/Map/MapPresentation+Registration.swift`
/// for a map, say) and is listed once in ``PresentationRegistry/all``:
/// ```swift
/// extension PresentationKind {
///   static let map: PresentationKind = "map"
/// }
/// extension CommandIdentifier {
///   static let showMap: CommandIdentifier = "showMap"
/// }
/// extension BrowserKeys {
///   static let map = makeTable(for: .map) { keys in
///     keys.add(KeyBinding(keyNames: ["b"], .toggleBorders, help: "Borders or none", group: "Map"))
///   }
/// }
/// extension MapPresentation {
///   static let registration = PresentationRegistration(
///     kind: .map, digitKey: "7", commandLineName: "map", helpTitle: "a map",
///     switchingCommand: .showMap, keyBindings: { BrowserKeys.map },
///     make: { host, options in MapPresentation(host: host) })
/// }
/// ```
struct PresentationRegistration: Sendable {
  /// Which presentation this is.
  let kind: PresentationKind
  /// The key that shows it from any view (`1`–`9`); Tab and Shift-Tab follow the registry's order.
  let digitKey: Character
  /// Its name for `--layout`.
  let commandLineName: String
  /// What the help screen calls it, after "Show as" (`a grid of cards`).
  let helpTitle: String
  /// The command that shows it (bound to ``digitKey`` in every view's key table).
  let switchingCommand: CommandIdentifier
  /// Its key table: the keys every view shares, its own, and the switching keys
  /// (``BrowserKeys/makeTable(for:adding:)``). A function: the switching keys read the registry,
  /// so a table is made only once the registry is.
  private let keyTable: @Sendable () -> KeyBindings
  /// Makes the presentation for a browser.
  private let make: @Sendable (any PresentationHost, PresentationOptions) -> any Presentation

  /// Declares a view.
  /// - Parameters:
  ///   - keyBindings: returns its key table (keep it in a `static let`: it is asked for often).
  ///   - make: makes the presentation for a browser, with the options it was opened with.
  init(
    kind: PresentationKind, digitKey: Character, commandLineName: String, helpTitle: String,
    switchingCommand: CommandIdentifier, keyBindings: @escaping @Sendable () -> KeyBindings,
    make: @escaping @Sendable (any PresentationHost, PresentationOptions) -> any Presentation
  ) {
    self.kind = kind
    self.digitKey = digitKey
    self.commandLineName = commandLineName
    self.helpTitle = helpTitle
    self.switchingCommand = switchingCommand
    keyTable = keyBindings
    self.make = make
  }

  /// Its key table.
  var keyBindings: KeyBindings { keyTable() }

  /// A new presentation of this kind, shown by `host`.
  func makePresentation(host: any PresentationHost, options: PresentationOptions) -> any Presentation {
    let made = make(host, options)
    precondition(made.kind == kind, "the registration of \(kind) made a presentation of kind \(made.kind)")
    return made
  }
}

/// The browser's choices that presentations are made with (from the command line); each
/// view reads what concerns it.
struct PresentationOptions: Equatable, Sendable {
  /// The tree's shape (`--tree-style`).
  var treeOrientation: TreeLayout.Orientation = .outline
  /// The timeline's date fields (`--time-field START[,END]`); `nil` finds them by name and
  /// content.
  var timeFields: [String]?
  /// The field whose values group the timeline's lanes (`--lane FIELD`); `nil` for none.
  var laneField: String?
  /// The member whose value colours the schematic's boxes (`--kind FIELD`).
  var kindField: String?
  /// The chart's x field (`--x`; empty: the record's index), or `nil` to choose from the data.
  var chartX: String?
  /// The chart's y fields, a series each (`--y A,B`), or `nil` to choose from the data.
  var chartY: [String]?
}
