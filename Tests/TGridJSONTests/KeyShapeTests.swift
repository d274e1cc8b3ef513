import Testing

@testable import TGridJSON

/// The readers that compare keys and read strings in place, in the text's bytes
/// (``JSONDocument/hasSameKeys(_:as:)`` and ``JSONDocument/hasSameKey(_:as:)``,
/// ``JSONDocument/withStringBytes(of:_:)``, the key
/// match of ``JSONDocument/child(forKey:of:)``), against the decoding readers.
@Suite struct KeyShapeTests {
  static let text = #"""
    [{"a": 1, "b": "x"}, {"a": 2, "b": "y"}, {"b": 1, "a": 2}, {"a\u0062": 1}, {"ab": 2}, {"a": 1, "bc": 2},
     {"a\"b": 1}, {"a": "\u00e9t\u00e9", "b": "plain"}, {"": 1}, {"a\\": 2}]
    """#

  @Test func keysAndStringsReadInPlaceAgreeWithTheDecodedOnes() throws {
    let document = try JSONDocument(parsing: Self.text)
    let records = Array(document.children(of: document.root))
    for first in records {
      for second in records {
        let decoded =
          document.childCount(of: first) == document.childCount(of: second)
          && zip(document.children(of: first), document.children(of: second)).allSatisfy {
            document.rawKeyText(of: $0) == document.rawKeyText(of: $1)
          }
        #expect(document.hasSameKeys(first, as: second) == decoded, "\(first) \(second)")
        for member in document.children(of: first) {
          for counterpart in document.children(of: second) {
            let same = document.rawKeyText(of: member) == document.rawKeyText(of: counterpart)
            #expect(document.hasSameKey(member, as: counterpart) == same, "\(member) \(counterpart)")
          }
        }
      }
      #expect(!document.hasSameKey(first, as: first), "an array's element has no key")
      for member in document.children(of: first) {
        let key = try #require(document.key(of: member))
        #expect(document.child(forKey: key, of: first) == member, "\(key)")
        #expect(document.child(forKey: key + "x", of: first) == nil)
        #expect(document.child(forKey: key + "\"", of: first) == nil, "a quote never matches in place")
        let string = document.withStringBytes(of: member) { String(decoding: $0, as: UTF8.self) }
        #expect(string == document.string(of: member))
      }
    }
    #expect(document.child(forKey: "ab", of: records[3]) != nil, "an escaped key by its decoded text")
    #expect(document.child(forKey: "a\"b", of: records[6]) != nil)
    #expect(document.child(forKey: "a", of: records[6]) == nil)
    #expect(document.child(forKey: "", of: records[8]) != nil)
  }

  @Test func readersInPlaceAnswerTheSameOnFourThreadsAtOnce() async throws {
    let document = try JSONDocument(
      parsing: "[" + (0..<2_000).map { #"{"id": \#($0), "name": "n\#($0)", "tags": [\#($0)]}"# }.joined(separator: ",")
        + "]")
    let records = Array(document.children(of: document.root))
    let results = await withTaskGroup(of: Bool.self) { group in
      for thread in 0..<4 {
        group.addTask {
          var same = true
          for index in stride(from: thread + 1, to: records.count, by: 1) {
            let record = records[index]
            if !document.hasSameKeys(record, as: records[index - 1]) { same = false }
            guard let name = document.child(forKey: "name", of: record) else {
              same = false
              continue
            }
            let text = document.withStringBytes(of: name) { String(decoding: $0, as: UTF8.self) }
            if text != "n\(index)" { same = false }
          }
          return same
        }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results == [true, true, true, true])
  }
}
