import TermGrid

extension CommandIdentifier {
  static let expandAll: CommandIdentifier = "expandAll"
  static let collapseAll: CommandIdentifier = "collapseAll"
}

/// A file or a folder of the outline.
struct Entry: Hashable, Sendable {
  var path: String
  var size: Int?
  var isFolder: Bool { size == nil }
  var name: String { String(path.split(separator: "/").last ?? "") }
}

/// The outline: a project's folders and files as one section snapshot, in a list.
///
/// Keys: the standard ones (arrows move, Space selects, `q` quits); Right expands the
/// focused folder, Left collapses it (or goes to its parent folder), a click on a folder's
/// `▸` opens or closes it; `E` expands every folder, `C` collapses them all. Each change is a
/// section snapshot applied to the data source, which animates the rows in and out.
final class Outline: RunLoopRoot {
  let collectionView: CollectionView
  let layout = FlowLayout()
  private(set) var dataSource: DiffableDataSource<String, Entry>!
  /// Folders opened or closed, in order: the section snapshot handlers record them.
  private(set) var log: [String] = []
  let keys = KeyBindings.standard.merging(
    KeyBindings([
      KeyBinding(keyNames: ["E"], .expandAll, help: "Expand every folder", group: "Outline"),
      KeyBinding(keyNames: ["C"], .collapseAll, help: "Collapse every folder", group: "Outline"),
    ]))

  let registration = CellRegistration<ListCell, Entry> { cell, _, entry in
    var content = ListContentConfiguration.cell()
    content.text = entry.isFolder ? entry.name + "/" : entry.name
    if let size = entry.size {
      // Files line up under their folder's name, past the disclosure's two columns.
      content.indentation = 2
      content.accessories = [.label(Outline.formatted(size))]
    } else {
      content.accessories = [.outlineDisclosure()]
    }
    cell.contentConfiguration = content
  }

  init(size: CellSize) {
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    layout.itemSize = Size(width: Double(size.columns), height: 1)
    layout.minimumLineSpacing = 0
    let registration = registration
    dataSource = DiffableDataSource(collectionView: collectionView) { collectionView, indexPath, entry in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: entry)
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned self] in log.append("open \($0.path)") }
    dataSource.sectionSnapshotHandlers.willCollapseItem = { [unowned self] in log.append("close \($0.path)") }
    var outline = Outline.project()
    outline.expand(outline.rootItems.filter(\.isFolder))
    dataSource.apply(outline, to: "files", animatingDifferences: false)
  }

  /// The sample project, every folder collapsed.
  static func project() -> SectionSnapshot<Entry> {
    let paths: [(String, Int?)] = [
      ("Sources", nil), ("Sources/App", nil), ("Sources/App/main.swift", 412),
      ("Sources/App/Settings.swift", 2_310), ("Sources/Model", nil), ("Sources/Model/Store.swift", 8_934),
      ("Sources/Model/Record.swift", 1_207), ("Sources/Model/Parsing", nil),
      ("Sources/Model/Parsing/Lexer.swift", 15_880), ("Sources/Model/Parsing/Parser.swift", 23_411),
      ("Tests", nil), ("Tests/StoreTests.swift", 6_120), ("Tests/ParserTests.swift", 9_842),
      ("Package.swift", 1_034), ("README.md", 3_998),
    ]
    var outline = SectionSnapshot<Entry>()
    var folders: [String: Entry] = [:]
    for (path, size) in paths {
      let entry = Entry(path: path, size: size)
      let parent = path.split(separator: "/").dropLast().joined(separator: "/")
      outline.append([entry], to: folders[parent])
      if entry.isFolder { folders[path] = entry }
    }
    return outline
  }

  static func formatted(_ size: Int) -> String {
    size < 1_000 ? "\(size) B" : "\(size / 1_000).\(size % 1_000 / 100) kB"
  }

  // MARK: - RunLoopRoot

  func willRun(in runLoop: TerminalRunLoop) { collectionView.displayHost = runLoop }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    if case .resize(let size) = event {
      layout.itemSize = Size(width: Double(size.columns), height: 1)
      collectionView.resize(to: CellRect(size: size))
      return .changed
    }
    let command = keys.command(for: event)
    switch command {
    case .quit?: return .quit
    case .expandAll?, .collapseAll?:
      var outline = dataSource.snapshot(for: "files")
      let folders = outline.items.filter(\.isFolder)
      if command == .expandAll { outline.expand(folders) } else { outline.collapse(folders) }
      dataSource.apply(outline, to: "files")
      return .changed
    default:
      return collectionView.handle(event, command: command) ? .changed : .unchanged
    }
  }

  var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }

  func draw(into canvas: inout Canvas) { collectionView.draw(into: &canvas) }
}
