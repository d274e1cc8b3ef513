import Foundation
import TermGrid
import Testing

/// The demo files `demo-data/classes.json` and `demo-data/schematic.json` drawn as trees:
/// nodes are objects with a `name`, an optional `kind` and optional `children`.
@Suite struct TreeDemoDataTests {
  @Test func theSchematicShowsItsKindsInBothOrientations() throws {
    let store = try Self.store(named: "schematic")
    let columns = TreeHarness(store: store, orientation: .columns, size: CellSize(columns: 132, rows: 23))
    try Snapshot.expect(columns.lines, named: "tree-schematic-columns")
    let canvas = columns.render()
    let critical = Theme.standard.kinds[TreeNodeKind.critical]
    #expect(canvas.cells.contains { $0.character == "R" && $0.style == critical }, "Rack 05 is drawn as critical")
    let outline = TreeHarness(
      store: store, orientation: .outline, size: CellSize(columns: 44, rows: 40),
      configure: { $0.marksExpandedNodes = true })
    try Snapshot.expect(outline.lines, named: "tree-schematic-outline")
  }

  @Test func theClassHierarchyOpensCollapsedToFitAScreen() throws {
    let store = try Self.store(named: "classes")
    let harness = TreeHarness(
      store: store, orientation: .outline, size: CellSize(columns: 52, rows: 14),
      collapsesByDefault: TreeModel.collapseRule(showingAtMost: 14, of: store))
    try Snapshot.expect(harness.lines, named: "tree-classes-fit")
    #expect(harness.model.numberOfShownNodes <= 14)
  }

  // MARK: - Fixtures

  static func store(named name: String) throws -> TreeNodeStore {
    // Tests/TermGridTests/Collection/Tree/ → the repository.
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { url.deleteLastPathComponent() }
    url.appendPathComponent("demo-data/\(name).json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    let store = TreeNodeStore()
    var pending: [(node: Any, parent: Int?)] = [(object, nil)]
    while !pending.isEmpty {
      let (value, parent) = pending.removeFirst()
      guard let node = value as? [String: Any], let label = node["name"] as? String else {
        throw DemoDataError.notANode("\(value)")
      }
      let added = store.append(label: label, kind: node["kind"] as? String ?? TreeNodeKind.normal, parent: parent)
      for child in node["children"] as? [Any] ?? [] { pending.append((child, added)) }
    }
    return store
  }

  enum DemoDataError: Error {
    case notANode(String)
  }
}
