import TestSupport
import Testing

@testable import TGridJSON

/// Random edit sequences (insert, remove, replace, rename, undo, redo, copies shared and
/// edited) against a fresh parse of the serialized text after every step: the tape, the
/// text positions, parents, child positions, the container index and the child tables
/// must be exactly what parsing the text gives.
@Suite struct EditPropertyTests {
  // (Three seeds under ThreadSanitizer: edits have no threads, and the plain and address
  // runs take all six; the three cover the three styles.)
  @Test(arguments: Array(1...SanitizerBuild.samples(6, address: 6, thread: 3)))
  func randomEditSequencesMatchAReparseOfTheText(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9)
    let style = seed % 3
    var document = try JSONDocument(
      parsing: EditPropertyTests.randomDocument(&random, style: style),
      options: JSONParseOptions(mode: style == 2 ? .lines : .automatic))
    // Small blocks, so splices cross block boundaries, merge and split blocks.
    document.storage.containerIndexBlockSize = 1 + seed % 3
    document.storage.clearCaches()
    EditPropertyTests.warmCaches(document)
    var undo: [JSONEdit] = []
    var redo: [JSONEdit] = []
    var snapshots: [(JSONDocument, [UInt8])] = []
    for step in 0..<220 {
      let choice = random.next(below: 10)
      if choice == 0, let edit = undo.popLast() {
        redo.append(document.revert(edit))
      } else if choice == 1, let edit = redo.popLast() {
        undo.append(document.revert(edit))
      } else {
        guard let edit = EditPropertyTests.randomEdit(&document, &random) else { continue }
        undo.append(edit)
        redo.removeAll()
      }
      if random.next(below: 25) == 0 {
        // A copy shares the storage: the next edit copies it (with its caches), and the
        // copy must keep its text.
        snapshots.append((document, document.serializedBytes()))
      }
      if random.next(below: 4) == 0 { EditPropertyTests.warmCaches(document) }
      try EditPropertyTests.expectMatchesReparse(document, step: step)
    }
    for (snapshot, text) in snapshots {
      #expect(snapshot.serializedBytes() == text)
      try EditPropertyTests.expectMatchesReparse(snapshot, step: -1)
    }
    // Undo everything: back to the original text, byte for byte.
    while let edit = undo.popLast() { document.revert(edit) }
    #expect(!document.isEdited)
    #expect(document.serializedBytes() == document.originalBytes.array)
  }

  @Test func editsFarApartAndCloseTogetherMoveTheGapCorrectly() throws {
    var document = try JSONDocument(
      parsing: "[" + (0..<2000).map { "[\($0), {\"k\": \($0)}]" }.joined(separator: ",") + "]")
    var random = SeededRandom(seed: 99)
    var expected = (0..<2000).map { "[\($0), {\"k\": \($0)}]" }
    for step in 0..<SanitizerBuild.samples(300, address: 300, thread: 120) {
      let count = document.childCount(of: document.root)
      // Alternate between the two ends and the middle, so the gap travels both ways.
      let position = [0, count / 2, max(count - 1, 0), random.next(below: max(count, 1))][step % 4]
      if step % 3 == 0 {
        try document.insert(json: "[\(step)]", at: position, in: document.root)
        expected.insert("[\(step)]", at: position)
      } else if count > 0 {
        try document.remove(try #require(document[document.root, position]))
        expected.remove(at: position)
      }
    }
    #expect(document.children(of: document.root).map { document.rawText(of: $0) } == expected)
    try EditPropertyTests.expectMatchesReparse(document, step: 0)
  }

  // MARK: - Checking

  /// Compares every structure of `document` with those of a fresh parse of its text.
  static func expectMatchesReparse(_ document: JSONDocument, step: Int) throws {
    let text = document.serializedBytes()
    let reparsed = try JSONDocument(
      parsing: text, options: JSONParseOptions(mode: document.isJSONLines ? .lines : .automatic))
    let storage = document.storage
    let fresh = reparsed.storage
    try #require(storage.wordCount == fresh.wordCount, "step \(step): tape length")
    #expect(storage.containerCount == fresh.containerCount, "step \(step)")
    #expect(document.valueCount == reparsed.valueCount, "step \(step)")
    var index = 0
    var mismatches = 0
    while index < storage.wordCount {
      let word = storage.word(index)
      let other = fresh.word(index)
      if TapeWord.kind(word) != TapeWord.kind(other) || TapeWord.isKeyEscaped(word) != TapeWord.isKeyEscaped(other) {
        mismatches += 1
      }
      if index > 0 {
        if storage.logicalStart(of: index) != Int(fresh.valueOffset(of: index)) { mismatches += 1 }
        let key = storage.keyOffset(of: index).flatMap { storage.logicalOffset(ofPhysical: $0) }
        if key != fresh.keyOffset(of: index).map(Int.init) { mismatches += 1 }
      }
      if TapeWord.isContainer(word) {
        if storage.word(index + 1) != fresh.word(index + 1) { mismatches += 1 }
        index += 2
      } else {
        index += 1
      }
    }
    #expect(mismatches == 0, "step \(step): \(mismatches) tape words differ from a reparse")
    // The index, as kept up to date by the edits, against one built from the reparse.
    if let kept = storage.caches.withLock({ $0.containerIndex }) {
      #expect(kept == ContainerIndex(fresh), "step \(step): container index")
    }
    for (key, table) in storage.caches.withLock({ $0.childTables }) {
      var rebuilt: [UInt32] = []
      for child in document.children(of: JSONNode(index: Int(key))) { rebuilt.append(UInt32(child.index - Int(key))) }
      #expect(Array(table) == rebuilt, "step \(step): child table of #\(key)")
    }
    for (node, _) in document.descendants(of: JSONNode(index: 0)) where node.index > 0 || document.isJSONLines {
      #expect(document.parent(of: node) == reparsed.parent(of: node), "step \(step): parent of \(node)")
      #expect(document.position(of: node) == reparsed.position(of: node), "step \(step): position of \(node)")
      #expect(document.contains(node))
      if document.isContainer(node) {
        #expect(!document.contains(JSONNode(index: node.index + 1)), "step \(step): info word of \(node)")
        for position in 0..<document.childCount(of: node) {
          #expect(document.child(at: position, of: node) == reparsed.child(at: position, of: node))
        }
        // Counted from the kept container index, against a walk of the subtree.
        var walked = -1
        for _ in document.descendants(of: node) { walked += 1 }
        #expect(document.descendantCount(of: node) == walked, "step \(step): descendants of \(node)")
        // Any run of its children, counted from the tape, against their own counts.
        let count = document.childCount(of: node)
        let low = count == 0 ? 0 : abs(step * 7 + node.index) % count
        let high = Swift.min(count + 1, low + 1 + abs(step * 13 + node.index) % (count + 1))
        var expected = 0
        for position in low..<Swift.min(high, count) {
          if let child = document.child(at: position, of: node) { expected += 1 + document.descendantCount(of: child) }
        }
        #expect(
          document.descendantCount(ofChildrenAt: low..<high, of: node) == expected,
          "step \(step): descendants of children \(low)..<\(high) of \(node)")
      } else {
        #expect(document.descendantCount(of: node) == 0)
      }
    }
    if !document.isValue(document.root, equalTo: reparsed.root, in: reparsed) {
      var detail = ""
      for ((a, _), (b, _)) in zip(document.descendants(of: document.root), reparsed.descendants(of: reparsed.root)) {
        if document.keyBytes(of: a) != reparsed.keyBytes(of: b) || document.string(of: a) != reparsed.string(of: b)
          || document.rawText(of: a) != reparsed.rawText(of: b)
        {
          detail =
            "\(a): key \(String(describing: document.keyBytes(of: a))) vs \(String(describing: reparsed.keyBytes(of: b))) raw \(document.rawText(of: a)) vs \(reparsed.rawText(of: b))"
          break
        }
      }
      Issue.record("step \(step): values differ: \(detail) \(String(decoding: text, as: UTF8.self).prefix(300))")
    }
  }

  /// Builds the child tables and the container index, as browsing does.
  static func warmCaches(_ document: JSONDocument) {
    for (node, _) in document.descendants(of: document.root) where document.childCount(of: node) > 0 {
      _ = document.child(at: document.childCount(of: node) - 1, of: node)
      _ = document.parent(of: node)
    }
  }

  // MARK: - Random documents and edits

  /// A random document: compact (style 0), pretty (1) or JSON Lines (2), with some large
  /// containers (child tables) and some long keys (the long-key table).
  static func randomDocument(_ random: inout SeededRandom, style: Int) -> String {
    if style == 2 {
      return (0..<(40 + random.next(below: 20))).map { _ in randomValue(&random, depth: 1, compact: true) }
        .joined(separator: "\n") + "\n"
    }
    let wide = (0..<(40 + random.next(below: 40))).map { _ in randomValue(&random, depth: 2, compact: style == 0) }
    let separator = style == 0 ? "," : ",\n  "
    return style == 0
      ? "{\"wide\":[" + wide.joined(separator: separator) + "],\"b\":" + randomValue(&random, depth: 0, compact: true)
        + "}"
      : "{\n  \"wide\": [\n  " + wide.joined(separator: separator) + "\n  ],\n  \"b\": "
        + randomValue(&random, depth: 0, compact: false) + "\n}\n"
  }

  static func randomValue(_ random: inout SeededRandom, depth: Int, compact: Bool) -> String {
    let space = compact ? "" : " "
    switch random.next(below: depth > 3 ? 4 : 7) {
    case 0: return String(random.int(in: -1000...1000))
    case 1: return ["\"a\"", "\"é\\n\"", "\"\"", "\"\\u00e9x\""][random.next(below: 4)]
    case 2: return ["true", "false", "null", "1.5e3"][random.next(below: 4)]
    case 3: return random.next(below: 2) == 0 ? "[]" : "{}"
    case 4, 5:
      let count = random.next(below: 5)
      return "["
        + (0..<count).map { _ in randomValue(&random, depth: depth + 1, compact: compact) }
        .joined(separator: "," + space) + "]"
    default:
      let count = random.next(below: 5)
      return "{"
        + (0..<count).map { number in
          randomKey(&random, number) + ":" + space + randomValue(&random, depth: depth + 1, compact: compact)
        }.joined(separator: "," + space) + "}"
    }
  }

  static func randomKey(_ random: inout SeededRandom, _ number: Int) -> String {
    switch random.next(below: 8) {
    case 0: return "\"k\\n\(number)\""
    case 1: return "\"" + String(repeating: "long", count: 1 + random.next(below: 3)) + "\(number)\""
    default: return "\"k\(number)\""
    }
  }

  /// One random edit of a random node (nil when the chosen one is not possible).
  static func randomEdit(_ document: inout JSONDocument, _ random: inout SeededRandom) -> JSONEdit? {
    var nodes: [JSONNode] = []
    for (node, _) in document.descendants(of: document.root) { nodes.append(node) }
    if document.isJSONLines { nodes.append(JSONNode(index: 0)) }
    let node = nodes[random.next(below: nodes.count)]
    let value = randomValue(&random, depth: 2, compact: random.next(below: 2) == 0)
    switch random.next(below: 4) {
    case 0 where document.isContainer(node):
      let key = document.kind(of: node) == .object ? "n\(random.next(below: 1000))" : nil
      let position = random.next(below: document.childCount(of: node) + 1)
      return try? document.insert(
        json: value, forKey: key, at: position, in: node, verbatim: random.next(below: 2) == 0)
    case 1 where document.parent(of: node) != nil:
      return try? document.remove(node)
    case 2 where node.index > 0:
      return try? document.replace(node, withJSON: value)
    case 3 where document.key(of: node) != nil:
      return try? document.renameKey(of: node, to: random.next(below: 3) == 0 ? "r\"\(random.next(below: 9))" : "r")
    default:
      return nil
    }
  }
}
