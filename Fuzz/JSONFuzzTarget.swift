// libFuzzer target for the JSON engine. Built by Scripts/fuzz-json.sh together with
// Sources/TGridJSON/*.swift as one module, so it reaches internal API too.
//
// Every input is parsed in each mode; a document must write back byte for byte, every node
// must be reachable through its own path (duplicate keys included), values must convert
// without crashing, a search in the raw bytes must find exactly the nodes that match one by
// one, filters must evaluate without crashing, and one edit plus its undo must restore the
// exact text.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var searched = false
  for mode in [JSONTextMode.automatic, .json, .lines] {
    guard let document = try? JSONDocument(parsing: bytes, options: JSONParseOptions(mode: mode)) else { continue }
    guard document.serializedBytes() == bytes else { fatalError("round trip changed the bytes") }
    exercise(document)
    if !searched {
      searchAndFilter(document)
      searched = true
    }
    editAndUndo(document, bytes: bytes, mode: mode)
  }
  // The progressive parser in small slices must agree with the one-shot parser.
  let parser = JSONProgressiveParser(bytes: JSONBytes(bytes))
  var finished = false
  while !finished {
    guard let done = try? parser.advance(byteBudget: 7) else { break }
    finished = done
    _ = parser.preview(maximumChildren: 3)
  }
  if finished, let document = try? parser.document(), document.serializedBytes() != bytes {
    fatalError("progressive parsing changed the bytes")
  }
  compareParallelParsing(bytes)
  return 0
}

/// A fragment parsed ahead on a second thread, from the chosen start and from a byte picked
/// by the input itself, must give the serial tape and the serial error exactly.
private func compareParallelParsing(_ bytes: [UInt8]) {
  guard bytes.count > 2 else { return }
  let input = JSONBytes(bytes)
  let pick = Int(bytes[0]) * 256 + Int(bytes[bytes.count - 1])
  let start = 1 + pick % (bytes.count - 1)
  let choices: [JSONParser.Parallelism] = [
    .automatic(minimumByteCount: 1), .forced(start: start, role: .arrayElements),
    .forced(start: start, role: .topLevelValues),
  ]
  for mode in [JSONTextMode.automatic, .json] {
    let serial = outcome(input, mode: mode, .serial)
    for choice in choices where outcome(input, mode: mode, choice) != serial {
      fatalError("parsing with a fragment (\(choice)) differs from the serial parse")
    }
  }
}

/// The tape and counts of a parse, or its error's offset and message.
private func outcome(_ bytes: JSONBytes, mode: JSONTextMode, _ parallelism: JSONParser.Parallelism) -> [String] {
  let parser = JSONParser(bytes: bytes, mode: mode)
  parser.parallelism = parallelism
  do {
    _ = try parser.parse(upTo: Int.max)
  } catch {
    return ["error", "\(error.offset)", error.message]
  }
  let storage = parser.storage
  return storage.wordArray(from: 0, count: storage.wordCount).map { String($0) } + [
    "\(storage.containerCount)", "\(storage.maximumDepth)", "\(storage.isLines)", "\(storage.warningCount)",
    "\(storage.longKeyOffsets.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" })",
  ] + storage.warnings.map { "\($0.byteOffset) \($0.message)" }
}

private func exercise(_ document: JSONDocument) {
  for (node, _) in document.descendants(of: document.root) {
    _ = document.rawText(of: node)
    _ = document.string(of: node)
    _ = document.int(of: node)
    _ = document.double(of: node)
    _ = document.key(of: node)
    let path = document.path(of: node)
    // jq and JSONPath forms lead back to the node itself, duplicate keys or not.
    for text in [path.jq, path.jsonPath] {
      guard let parsed = try? JSONPath(parsing: text), document.node(at: parsed) == node else {
        fatalError("path \(text) does not parse or does not lead back to \(node)")
      }
    }
    // A pointer has no occurrence qualifier: past a hidden duplicate it follows the last
    // member, like the plain jq path (though a token of digits then also finds an array
    // element where jq's key step finds nothing); otherwise it leads back to the node.
    guard let pointer = try? JSONPath(parsing: path.jsonPointer),
      path.namesHiddenDuplicate || document.node(at: pointer) == node
    else {
      fatalError("pointer \(path.jsonPointer) does not lead back to \(node)")
    }
    guard (document.hiddenDuplicate(containing: node) != nil) == path.namesHiddenDuplicate else {
      fatalError("hiddenDuplicate disagrees with the path \(path.jq)")
    }
  }
  _ = document.formatStyle
  _ = document.formattedText(of: document.root, style: .twoSpaces)
}

/// Searches for pieces of the document's own keys and values (and a few fixed patterns):
/// the raw-byte scan, forwards and backwards, must agree with testing every node.
private func searchAndFilter(_ document: JSONDocument) {
  var patterns = ["a", "\"", "\\", "é", "k", "1"]
  for (node, _) in document.descendants(of: document.root) where patterns.count < 10 {
    for text in [document.key(of: node), document.string(of: node), document.numberText(of: node)] {
      guard let text, !text.isEmpty else { continue }
      let scalars = Array(text.unicodeScalars)
      let start = scalars.count / 3
      patterns.append(String(String.UnicodeScalarView(scalars[start..<min(scalars.count, start + 3)])))
    }
  }
  for pattern in patterns {
    for sensitivity in pattern == "k" ? [JSONSearch.CaseSensitivity.smart, .sensitive] : [.insensitive] {
      guard let search = try? JSONSearch(pattern, caseSensitivity: sensitivity) else {
        fatalError("\(pattern) does not compile")
      }
      let expected = document.descendants(of: document.root).map(\.node).filter { search.matches($0, in: document) }
      var found: [JSONNode] = []
      try? search.forEachMatch(in: document) { node in
        found.append(node)
        return true
      }
      guard found == expected else {
        fatalError("search for \(pattern.debugDescription) found \(found), expected \(expected)")
      }
      guard search.previousMatch(before: nil, in: document) == expected.last,
        search.nextMatch(after: nil, in: document) == expected.first
      else {
        fatalError("first or last match of \(pattern.debugDescription) is wrong")
      }
    }
  }
  for text in [".a == 1", "length > 1", #"contains("a")"#, ". < {}", #"has("k") or .[0] == null"#, #"test("a"; "i")"#] {
    guard let filter = try? JSONFilter(text) else { fatalError("\(text) does not parse") }
    _ = try? filter.filter(elementsOf: document.root, in: document)
  }
}

/// Replaces the deepest last node, inserts into and removes from its container, checks
/// that each result parses to the expected value, then undoes everything.
private func editAndUndo(_ document: JSONDocument, bytes: [UInt8], mode: JSONTextMode) {
  var edited = document
  var edits: [JSONEdit] = []
  var deepest = document.root
  for (node, _) in document.descendants(of: document.root) { deepest = node }
  // The list of JSON Lines records (#0) has no text of its own to replace.
  if deepest.index != 0 {
    guard let edit = try? edited.replace(deepest, withJSON: "{\"fuzz\": [1, \"\\u00e9\"]}") else {
      fatalError("replacing a node failed")
    }
    edits.append(edit)
  }
  let container = edited.parent(of: deepest) ?? edited.root
  if edited.isContainer(container) {
    let key: String? = edited.kind(of: container) == .object ? "k\"\u{1}" : nil
    guard let inserted = try? edited.insert(json: "[true, {}]", forKey: key, at: 0, in: container) else {
      fatalError("inserting failed")
    }
    edits.append(inserted)
    if let first = edited.child(at: edited.childCount(of: container) - 1, of: container),
      let removed = try? edited.remove(first)
    {
      edits.append(removed)
    }
  }
  let text = edited.serializedBytes()
  guard let reparsed = try? JSONDocument(parsing: text, options: JSONParseOptions(mode: mode)) else {
    fatalError("an edited document does not parse: \(String(decoding: text, as: UTF8.self))")
  }
  guard reparsed.isValue(reparsed.root, equalTo: edited.root, in: edited) else {
    fatalError("an edited document reads back differently")
  }
  for edit in edits.reversed() { edited.revert(edit) }
  guard edited.serializedBytes() == bytes else { fatalError("undo did not restore the bytes") }
}
