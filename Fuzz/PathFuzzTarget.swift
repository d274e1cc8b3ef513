// libFuzzer target for paths. Built by `Scripts/fuzz-json.sh SECONDS path` together with
// Sources/TGridJSON/**/*.swift as one module.
//
// The input, read as UTF-8 text, is parsed as a jq path, a JSONPath and a JSON Pointer (and
// by the syntax-sniffing parser). Whatever parses must print and parse again to the same
// path in each syntax that can express it, errors must point inside the text, and resolving
// the path against a small document never crashes.

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
    _ = PathFuzzFixture.document.node(at: path)
  }
  return 0
}

private func checkRoundTrip(_ path: JSONPath) {
  guard (try? JSONPath(jq: path.jq)) == path else { fatalError("jq form \(path.jq) does not parse back to \(path)") }
  guard (try? JSONPath(parsing: path.jq)) == path else { fatalError("\(path.jq) is not recognised as jq") }
  guard (try? JSONPath(jsonPath: path.jsonPath)) == path else {
    fatalError("JSONPath form \(path.jsonPath) does not parse back to \(path)")
  }
  guard (try? JSONPath(parsing: path.jsonPath)) == path else { fatalError("\(path.jsonPath) is not recognised as JSONPath") }
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
