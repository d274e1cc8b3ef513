import Foundation
import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

@Suite struct DocumentStoreTests {
  @Test func idsAndNodesAgreeBeforeAnyEdit() throws {
    let store = try makeStore(#"{"a": [1, 2, 3], "b": {"c": true}}"#)
    for (node, _) in store.document.descendants(of: store.document.root) {
      #expect(store.id(node) == NodeID(node.index))
      #expect(store.node(NodeID(node.index)) == node)
    }
  }

  @Test func anIdSurvivesInsertionsAndRemovalsBeforeIt() throws {
    let store = try makeStore(#"[10, 20, 30, {"x": 40}]"#)
    let root = store.root
    let forty = try need(
      store.document.child(forKey: "x", of: try need(store.document.child(at: 3, of: store.document.root))))
    let fortyID = store.id(forty)
    try store.perform("Insert", selection: .init()) { editor in
      try editor.insert(json: "[1, [2, 3]]", at: 0, in: root)
      try editor.remove(store.id(try need(store.document.child(at: 2, of: store.document.root))))
      return .init()
    }
    let now = try need(store.node(fortyID))
    #expect(store.document.rawText(of: now) == "40")
    #expect(store.document.serializedText() == #"[[1, [2, 3]], 10, 30, {"x": 40}]"#)
  }

  @Test func aRemovedValueNoLongerResolvesAndUndoBringsItBackWithTheSameIds() throws {
    let store = try makeStore(#"[{"a": 1}, {"b": 2}, {"c": 3}]"#)
    let middle = try need(store.document.child(at: 1, of: store.document.root))
    let middleID = store.id(middle)
    let innerID = store.id(try need(store.document.child(at: 0, of: middle)))
    try store.perform("Delete", selection: .init(focus: middleID, selected: [middleID])) { editor in
      try editor.remove(middleID)
      return .init()
    }
    #expect(store.node(middleID) == nil)
    #expect(store.node(innerID) == nil)
    let undone = try need(store.undo())
    #expect(undone.before.focus == middleID)
    #expect(store.document.rawText(of: try need(store.node(middleID))) == #"{"b": 2}"#)
    #expect(store.document.rawText(of: try need(store.node(innerID))) == "2")
    #expect(store.document.serializedText() == #"[{"a": 1}, {"b": 2}, {"c": 3}]"#)
  }

  @Test func redoGivesInsertedValuesTheirIdsAgain() throws {
    let store = try makeStore("[1, 2]")
    let root = store.root
    var inserted: NodeID?
    try store.perform("Paste", selection: .init()) { editor in
      inserted = try editor.insert(json: #"{"k": [true]}"#, at: 1, in: root)
      return .init()
    }
    let id = try need(inserted)
    let text = store.document.rawText(of: try need(store.node(id)))
    let whole = store.document.serializedText()
    #expect(text.filter { $0 != " " } == #"{"k":[true]}"#)
    store.undo()
    #expect(store.node(id) == nil)
    store.redo()
    #expect(store.document.rawText(of: try need(store.node(id))) == text)
    #expect(store.document.serializedText() == whole)
  }

  @Test func aReplacedValueKeepsItsId() throws {
    let store = try makeStore(#"{"name": "old", "n": 1}"#)
    let name = store.id(try need(store.document.child(forKey: "name", of: store.document.root)))
    let n = store.id(try need(store.document.child(forKey: "n", of: store.document.root)))
    try store.perform("Edit", selection: .init()) { editor in
      try editor.replace(name, withJSON: #"["a", "much", "longer", "value"]"#)
      return .init()
    }
    #expect(store.document.rawText(of: try need(store.node(name))) == #"["a", "much", "longer", "value"]"#)
    #expect(store.document.rawText(of: try need(store.node(n))) == "1")
  }

  @Test func aCommandThatFailsHalfwayLeavesTheDocumentAsItWas() throws {
    let store = try makeStore("[1, 2, 3]")
    let root = store.root
    #expect(throws: DocumentStore.EditError.self) {
      try store.perform("Paste", selection: .init()) { editor in
        try editor.insert(json: "4", at: 3, in: root)
        try editor.insert(json: "not json", at: 0, in: root)
        return .init()
      }
    }
    #expect(store.document.serializedText() == "[1, 2, 3]")
    #expect(store.undoStack.isEmpty)
    #expect(!store.isModified)
  }

  @Test func theChangeListsTheStepsAndUndoAnnouncesTheirInverse() throws {
    let store = try makeStore("[1, 2, 3]")
    var announced: [DocumentChange] = []
    store.onChange = { announced.append($0) }
    let root = store.root
    let two = store.id(try need(store.document.child(at: 1, of: store.document.root)))
    var new: NodeID?
    try store.perform("Move", selection: .init()) { editor in
      try editor.remove(two)
      new = try editor.insert(json: "2", at: 2, in: root)
      return .init()
    }
    let moved = try need(new)
    #expect(
      announced.last?.steps == [
        .removed(parent: root, position: 1, node: two), .inserted(parent: root, position: 2, node: moved),
      ])
    store.undo()
    #expect(
      announced.last?.steps == [
        .removed(parent: root, position: 2, node: moved), .inserted(parent: root, position: 1, node: two),
      ])
    #expect(announced.last?.reason == .undo("Move"))
  }

  @Test func modifiedFollowsUndoRedoAndSaving() throws {
    let store = try makeStore("[1]")
    let root = store.root
    #expect(!store.isModified)
    try store.perform("Paste", selection: .init()) {
      try $0.insert(json: "2", at: 1, in: root)
      return .init()
    }
    #expect(store.isModified)
    store.undo()
    #expect(!store.isModified)
    store.redo()
    #expect(store.isModified)
    store.markSaved()
    #expect(!store.isModified)
    store.undo()
    #expect(store.isModified, "undo across a save differs from the saved file")
    store.redo()
    #expect(!store.isModified)
  }

  /// Random edits, undone and redone: every value that was not edited keeps its id and its
  /// text throughout, and undo/redo return to exactly the same text.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomEditsKeepEveryUntouchedIdOnItsValue(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let store = try makeStore(Self.randomArray(&random, depth: 3))
    var texts: [String] = [store.document.serializedText()]
    for _ in 0..<12 {
      let before = snapshot(store)
      let containers = store.document.descendants(of: store.document.root).map(\.node).filter {
        store.document.kind(of: $0) == .array
      }
      let container = containers[random.next(below: containers.count)]
      let containerID = store.id(container)
      let count = store.document.childCount(of: container)
      var touched: Set<NodeID> = [containerID]
      try store.perform("Random", selection: .init()) { editor in
        if count > 0, random.next(below: 2) == 0 {
          let victim = store.id(try need(store.document.child(at: random.next(below: count), of: container)))
          for (node, _) in store.document.descendants(of: try editor.node(victim)) { touched.insert(store.id(node)) }
          try editor.remove(victim)
        } else {
          try editor.insert(
            json: Self.randomArray(&random, depth: 2), at: random.next(below: count + 1), in: containerID)
        }
        return .init()
      }
      // Untouched values: same id, same text. Ancestors of the change hold more or less.
      let ancestors = Set(store.ancestry(of: containerID))
      for (id, text) in before where !touched.contains(id) && !ancestors.contains(id) {
        #expect(store.node(id).map(store.document.rawText(of:)) == text, "\(id)")
      }
      texts.append(store.document.serializedText())
    }
    for expected in texts.reversed().dropFirst() {
      store.undo()
      #expect(store.document.serializedText() == expected)
    }
    for expected in texts.dropFirst() {
      store.redo()
      #expect(store.document.serializedText() == expected)
    }
  }

  @Test func aMovedValueKeepsItsIdsAndItsBytes() throws {
    let store = try makeStore("[\n  1,\n  {\"a\":   [2,3]},\n  4\n]")
    let root = store.root
    let object = store.id(try need(store.document.child(at: 1, of: store.document.root)))
    let inner = store.id(try need(store.document.child(forKey: "a", of: try need(store.node(object)))))
    try store.perform("Move", selection: .init()) { editor in
      try editor.move(object, to: 2, in: root)
      return .init()
    }
    #expect(store.document.serializedText() == "[\n  1,\n  4,\n  {\"a\":   [2,3]}\n]")
    #expect(store.document.rawText(of: try need(store.node(inner))) == "[2,3]")
    #expect(store.document.position(of: try need(store.node(object))) == 2)
    store.undo()
    #expect(store.document.serializedText() == "[\n  1,\n  {\"a\":   [2,3]},\n  4\n]")
    #expect(store.document.rawText(of: try need(store.node(inner))) == "[2,3]")
  }

  @Test func renamingAKeyChangesOnlyTheKeysBytes() throws {
    let text = "{\n  \"first\": {\n    \"x\":  1,\n    \"y\": [ 2 ]\n  },\n  \"second\": true\n}\n"
    let store = try makeStore(text)
    let first = store.id(try need(store.document.child(forKey: "first", of: store.document.root)))
    try store.perform("Rename", selection: .init()) { editor in
      try editor.rename(first, to: "renamed")
      return .init()
    }
    #expect(store.document.serializedText() == text.replacingOccurrences(of: "\"first\"", with: "\"renamed\""))
    #expect(store.document.key(of: try need(store.node(first))) == "renamed")
  }

  // MARK: - Fixtures

  func makeStore(_ text: String) throws -> DocumentStore {
    DocumentStore(document: try JSONDocument(parsing: text), name: "test.json")
  }

  func snapshot(_ store: DocumentStore) -> [NodeID: String] {
    var result: [NodeID: String] = [:]
    for entry in store.document.descendants(of: store.document.root) {
      result[store.id(entry.node)] = store.document.rawText(of: entry.node)
    }
    return result
  }

  static func randomArray(_ random: inout SeededRandom, depth: Int) -> String {
    let count = random.next(below: 4)
    var parts: [String] = []
    for _ in 0..<count {
      if depth > 0, random.next(below: 3) == 0 {
        parts.append(randomArray(&random, depth: depth - 1))
      } else {
        parts.append(String(random.next(below: 1000)))
      }
    }
    return "[" + parts.joined(separator: ", ") + "]"
  }
}

/// The value, or a test failure that says which value was missing (unlike `#require`, it nests).
func need<Value>(_ value: Value?, _ what: String = "a value", sourceLocation: SourceLocation = #_sourceLocation) throws
  -> Value
{
  guard let value else {
    Issue.record("expected \(what), found nil", sourceLocation: sourceLocation)
    throw MissingValue()
  }
  return value
}

struct MissingValue: Error {}
