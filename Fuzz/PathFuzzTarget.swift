// libFuzzer target for paths. Built by `Scripts/fuzz-json.sh SECONDS path` together with
// Sources/TGridJSON/**/*.swift as one module.
//
// The input, read as UTF-8 text, is parsed as a jq path, a JSONPath and a JSON Pointer (and
// by the syntax-sniffing parser). Whatever parses must print and parse again to the same
// path in each syntax that can express it, and errors must point inside the text. Against a
// small document, resolving with diagnostics must agree with node(at:), and every completion
// offered must, once applied, parse and lead somewhere.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let length = text.unicodeScalars.count
  var parsed: [JSONPath] = []
  for syntax in 0..<4 {
    do throws(JSONPathError) {
      switch syntax {
      case 0: parsed.append(try JSONPath(jq: text))
      case 1: parsed.append(try JSONPath(jsonPath: text))
      case 2: parsed.append(try JSONPath(jsonPointer: text))
      default: parsed.append(try JSONPath(parsing: text))
      }
    } catch {
      guard error.position >= 0 && error.position <= length else {
        fatalError("error position \(error.position) outside a text of \(length) scalars: \(error)")
      }
    }
  }
  for path in parsed {
    checkRoundTrip(path)
    resolveAgainstFixture(path)
  }
  checkCompletions(text)
  return 0
}

private func checkRoundTrip(_ path: JSONPath) {
  guard (try? JSONPath(jq: path.jq)) == path else { fatalError("jq form \(path.jq) does not parse back to \(path)") }
  guard (try? JSONPath(parsing: path.jq)) == path else { fatalError("\(path.jq) is not recognised as jq") }
  guard (try? JSONPath(jsonPath: path.jsonPath)) == path else {
    fatalError("JSONPath form \(path.jsonPath) does not parse back to \(path)")
  }
  guard (try? JSONPath(parsing: path.jsonPath)) == path else {
    fatalError("\(path.jsonPath) is not recognised as JSONPath")
  }
  // A pointer cannot hold qualifiers or negative positions, and a key of digits reads back
  // as a position (which finds that key on an object): compare the pointer's own reading.
  let pointer = path.jsonPointer
  guard let reparsed = try? JSONPath(jsonPointer: pointer) else { fatalError("pointer \(pointer) does not parse") }
  guard reparsed.jsonPointer == pointer else { fatalError("pointer \(pointer) prints back as \(reparsed.jsonPointer)") }
  guard pointerTokens(reparsed) == pointerTokens(path.plain) else {
    fatalError("pointer \(pointer) does not parse back to the tokens of \(path.plain)")
  }
}

/// The tokens a pointer would have for each step.
private func pointerTokens(_ path: JSONPath) -> [String] {
  path.components.map { component in
    switch component {
    case .key(let key), .duplicate(let key, _): key
    case .index(let index): String(index)
    }
  }
}

private func resolveAgainstFixture(_ path: JSONPath) {
  let document = PathFuzzFixture.document
  switch document.resolve(path) {
  case .success(let node):
    guard document.node(at: path) == node else { fatalError("resolve and node(at:) disagree on \(path)") }
  case .failure(let failure):
    guard document.node(at: path) == nil, failure.stepIndex < path.components.count,
      document.node(at: failure.reachedPath) == failure.node, !failure.reason.isEmpty
    else {
      fatalError("a failure to resolve \(path) is not consistent: \(failure)")
    }
  }
}

private func checkCompletions(_ text: String) {
  let document = PathFuzzFixture.document
  let completion = document.completions(forPath: text, limit: 8)
  guard completion.replacementStart >= 0, completion.replacementStart <= text.unicodeScalars.count,
    completion.candidates.count <= 8, completion.totalCount >= completion.candidates.count
  else {
    fatalError("completion of \(text.debugDescription) is out of bounds")
  }
  for candidate in completion.candidates {
    let completed = completion.applying(candidate, to: text)
    guard let path = try? JSONPath(parsing: completed), document.node(at: path) != nil else {
      fatalError(
        "completing \(text.debugDescription) with \(candidate.debugDescription) gives \(completed.debugDescription), which leads nowhere"
      )
    }
  }
}

enum PathFuzzFixture {
  static let document: JSONDocument = {
    let text = #"""
      {"a": {"b": [1, {"c": null}], "b": "dup", "~/": {"": [[], {}]}}, "7": [true], "é": {"x": 1},
       "list": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
       26, 27, 28, 29, 30, 31, 32, 33, 34]}
      """#
    do {
      return try JSONDocument(parsing: text)
    } catch {
      fatalError("the fixture does not parse: \(error)")
    }
  }()
}
