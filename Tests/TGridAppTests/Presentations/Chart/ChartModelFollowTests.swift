import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

/// A chart read whole follows edits in place, reading again only the records an edit
/// touched (issue 34, item 2), and ends up with what reading every record again gives.
@Suite struct ChartModelFollowTests {
  static func record(_ random: inout SeededRandom, index: Int) -> String {
    var members: [String] = []
    if random.next(below: 4) != 0 { members.append("\"a\": \(random.next(below: 1000))") }
    switch random.next(below: 4) {
    case 0: break
    case 1: members.append("\"v\": \"\(random.next(below: 50))\"")
    default: members.append("\"v\": \(random.next(below: 100)).5")
    }
    members.append("\"w\": \(index)")
    members.append("\"tags\": [\(random.next(below: 100))]")
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// Values compared as text: `nan` is a value too.
  static func texts(_ values: [Double]) -> [String] { values.map { $0.isNaN ? "nan" : "\($0)" } }

  static func expectSame(_ followed: ChartModel, _ fresh: ChartModel, step: Int, x: String) {
    #expect(followed.ids == fresh.ids, "\(x), step \(step): ids")
    #expect(texts(followed.x) == texts(fresh.x), "\(x), step \(step): x")
    #expect(followed.y.map(texts) == fresh.y.map(texts), "\(x), step \(step): y")
    #expect(followed.isRead && followed.readCount == fresh.readCount, "\(x), step \(step)")
  }

  @Test(arguments: [1, 2, 3])
  func followingEditsGivesWhatReadingEverythingAgainGives(seed: Int) throws {
    // With an x field, and with the record's index for x (renumbered by inserts and removals).
    for x in ["a", ""] {
      var random = SeededRandom(seed: UInt64(seed) &* 6151)
      let text = "[" + (0..<80).map { Self.record(&random, index: $0) }.joined(separator: ",") + "]"
      let store = DocumentStore(document: try JSONDocument(parsing: text), name: "c.json")
      var model = ChartModel(store: store, root: store.root, x: x, y: ["v", "w"])
      model.readAll(in: store)
      var changes: [DocumentChange] = []
      store.onChange = { changes.append($0) }
      var followedCount = 0
      for step in 0..<80 {
        let records = store.document.childCount(of: store.document.root)
        let choice = random.next(below: 7)
        if choice == 0 {
          _ = store.undo()
        } else if choice == 1 {
          _ = store.redo()
        } else {
          try store.perform("edit", selection: .init()) { editor in
            let root = store.root
            let position = random.next(below: max(1, records))
            let record = store.document.child(at: position, of: store.document.root).map(store.id)
            switch choice {
            case 2:
              // One record, or three at once (three splices, or one).
              for _ in 0..<(1 + 2 * random.next(below: 2)) {
                let count = store.document.childCount(of: store.document.root)
                try editor.insert(
                  json: Self.record(&random, index: 1000 + step), at: random.next(below: count + 1), in: root)
              }
            case 3:
              if let record, records > 1 { try editor.remove(record) }
            case 4:
              if let record { try editor.replace(record, withJSON: Self.record(&random, index: 2000 + step)) }
            case 5:
              if let record, let node = store.node(record), let tags = store.document.child(forKey: "tags", of: node) {
                try editor.insert(json: "\(step)", at: 0, in: store.id(tags))
              }
            default:
              if let record, let node = store.node(record), let value = store.document.child(forKey: "w", of: node) {
                try editor.replace(store.id(value), withJSON: "\(random.next(below: 9))")
              }
            }
            return .init()
          }
        }
        for change in changes where model.follow(change, in: store) { followedCount += 1 }
        changes.removeAll()
        var fresh = model.reread(in: store)
        fresh.readAll(in: store)
        Self.expectSame(model, fresh, step: step, x: x)
      }
      #expect(followedCount > 40, "most edits are followed, not read again")
    }
  }
}
