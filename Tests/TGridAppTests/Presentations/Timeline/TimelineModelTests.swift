import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

/// A timeline that has read every record follows edits by reading again only the records
/// an edit touched, and ends up with what reading everything again would give.
@Suite struct TimelineModelTests {
  static func record(_ random: inout SeededRandom, index: Int) -> String {
    var members: [String] = []
    switch random.next(below: 5) {
    case 0: break  // no date: counted as undated
    case 1: members.append("\"start\": \"not a date\"")
    default:
      members.append("\"start\": \"2024-0\(1 + random.next(below: 9))-1\(random.next(below: 9))\"")
      if random.next(below: 2) == 0 { members.append("\"end\": \"2024-1\(random.next(below: 3))-01\"") }
    }
    if random.next(below: 2) == 0 { members.append("\"title\": \"task \(index)\"") }
    members.append("\"tags\": [\(random.next(below: 100)), {\"x\": \(index)}]")
    return "{" + members.joined(separator: ", ") + "}"
  }

  static func expectSame(_ followed: TimelineModel, _ fresh: TimelineModel, in store: DocumentStore, step: Int) {
    #expect(followed.events.map(\.id) == fresh.events.map(\.id), "step \(step): events")
    #expect(followed.events.map(\.start) == fresh.events.map(\.start), "step \(step): starts")
    #expect(followed.events.map(\.end) == fresh.events.map(\.end), "step \(step): ends")
    #expect(
      followed.events.map { followed.label(of: $0, in: store) } == fresh.events.map { fresh.label(of: $0, in: store) },
      "step \(step): labels")
    #expect(followed.events.map(\.labelWidth) == fresh.events.map(\.labelWidth), "step \(step): label widths")
    #expect(followed.undatedCount == fresh.undatedCount, "step \(step): undated")
    #expect(followed.isRead)
  }

  @Test(arguments: [1, 2, 3])
  func followingEditsGivesWhatReadingEverythingAgainGives(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed) &* 7919)
    let text = "[" + (0..<60).map { Self.record(&random, index: $0) }.joined(separator: ",") + "]"
    let store = DocumentStore(document: try JSONDocument(parsing: text), name: "t.json")
    var model = TimelineModel(store: store, root: store.root, fields: ["start", "end"])
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
            try editor.insert(
              json: Self.record(&random, index: 1000 + step), at: random.next(below: records + 1), in: root)
          case 3:
            if let record, records > 1 { try editor.remove(record) }
          case 4:
            if let record { try editor.replace(record, withJSON: Self.record(&random, index: 2000 + step)) }
          case 5:
            // A change deep inside a record: its date is read again, nothing else.
            if let record, let node = store.node(record), let tags = store.document.child(forKey: "tags", of: node) {
              try editor.insert(json: "\(step)", at: 0, in: store.id(tags))
            }
          default:
            if let record, let node = store.node(record), let start = store.document.child(forKey: "start", of: node) {
              try editor.replace(store.id(start), withJSON: "\"2025-0\(1 + random.next(below: 9))-02\"")
            }
          }
          return .init()
        }
      }
      for change in changes where model.follow(change, in: store) { followedCount += 1 }
      changes.removeAll()
      var fresh = TimelineModel(store: store, root: store.root, fields: ["start", "end"])
      fresh.readAll(in: store)
      Self.expectSame(model, fresh, in: store, step: step)
    }
    #expect(followedCount > 40, "most edits are followed, not rebuilt")
  }

  @Test func aModelStillReadingOrAReplacedDocumentIsNotFollowed() throws {
    let text = "[" + (0..<5000).map { "{\"date\": \"2024-01-0\(1 + $0 % 9)\"}" }.joined(separator: ",") + "]"
    let store = DocumentStore(document: try JSONDocument(parsing: text), name: "t.json")
    var model = TimelineModel(store: store, root: store.root, fields: nil)
    #expect(!model.isRead)
    var change: DocumentChange?
    store.onChange = { change = $0 }
    try store.perform("delete", selection: .init()) { editor in
      if let first = store.document.child(at: 0, of: store.document.root) { try editor.remove(store.id(first)) }
      return .init()
    }
    let edit = try #require(change)
    let followedWhileReading = model.follow(edit, in: store)
    #expect(!followedWhileReading)
    model.readAll(in: store)
    let followedReplacement = model.follow(DocumentChange(reason: .replaced, steps: []), in: store)
    #expect(!followedReplacement)
  }
}
