import Testing

@testable import TGridJSON

@Suite struct KeyListTests {
  @Test func everyKeysMemberIsFoundInOnePass() throws {
    let document = try JSONDocument(
      parsing: #"{"a": 1, "b": [2], "c\u0041": 3, "a": 4, "é": 5, "": 6, "nested": {"a": 7}}"#)
    let root = document.root
    var found: [JSONNode?] = []
    document.members(JSONKeyList(["a", "b", "cA", "é", "", "missing", "a"]), of: root, into: &found)
    #expect(found.count == 7)
    #expect(found[0].map { document.rawText(of: $0) } == "4", "the last of a repeated key, as child(forKey:)")
    #expect(found[1].map { document.rawText(of: $0) } == "[2]")
    #expect(found[2].map { document.rawText(of: $0) } == "3", "a key written with an escape")
    #expect(found[3].map { document.rawText(of: $0) } == "5")
    #expect(found[4].map { document.rawText(of: $0) } == "6", "the empty key")
    #expect(found[5] == nil)
    #expect(found[6] == found[0], "a key listed twice is found for both places")
    // Not an object: nothing, and the array is reused.
    let array = try JSONDocument(parsing: #"[{"a": 1}]"#)
    array.members(JSONKeyList(["a", "b", "cA", "é", "", "missing", "a"]), of: array.root, into: &found)
    #expect(found.count == 7 && found.allSatisfy { $0 == nil })
  }

  @Test func itAgreesWithChildForKeyOnRandomObjects() throws {
    var random = RandomJSON(seed: 34)
    var compared = 0
    for _ in 0..<200 {
      let document = try JSONDocument(parsing: random.document())
      for (node, _) in document.descendants(of: document.root) where document.kind(of: node) == .object {
        let keys = document.children(of: node).compactMap { document.key(of: $0) } + ["absent", ""]
        var found: [JSONNode?] = []
        document.members(JSONKeyList(keys), of: node, into: &found)
        for (index, key) in keys.enumerated() {
          #expect(found[index] == document.child(forKey: key, of: node), "\(key) in \(document.rawText(of: node))")
          compared += 1
        }
      }
    }
    #expect(compared > 100)
  }
}
