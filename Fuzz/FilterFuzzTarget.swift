// libFuzzer target for the filter language. Built by `Scripts/fuzz-json.sh SECONDS filter`
// together with Sources/TGridJSON/**/*.swift as one module.
//
// The input, read as UTF-8 text, is parsed as a filter. A filter that parses must print and
// parse again to the same filter (and print the same text); an error must point inside the
// text. Every filter is evaluated on the elements of a fixed document with every kind of
// value (and on a document made from the input when that parses): evaluation may fail on an
// element, never crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFilters(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let filter: JSONFilter
  do throws(JSONFilterError) {
    filter = try JSONFilter(text)
  } catch {
    guard error.position >= 0 && error.position <= text.unicodeScalars.count, !error.message.isEmpty else {
      fatalError("error \(error) outside a text of \(text.unicodeScalars.count) scalars")
    }
    return 0
  }
  let printed = filter.description
  guard let reparsed = try? JSONFilter(printed) else { fatalError("\(printed.debugDescription) does not parse") }
  guard reparsed == filter else { fatalError("\(printed.debugDescription) parses to a different filter") }
  guard reparsed.description == printed else { fatalError("\(printed.debugDescription) prints differently") }
  let document = FilterFuzzFixture.document
  guard let result = try? filter.filter(elementsOf: document.root, in: document) else { fatalError("cancelled") }
  guard result.elementCount == document.childCount(of: document.root),
    result.matches.count + result.errorCount <= result.elementCount
  else {
    fatalError("inconsistent counts for \(printed)")
  }
  for element in document.children(of: document.root) {
    _ = filter.matches(element, in: document)
  }
  return 0
}

enum FilterFuzzFixture {
  static let document: JSONDocument = {
    let text = #"""
      [null, true, false, 0, -1.5, 1e400, 123456789012345678901, "", "abc", "Zoë\u0301", "a\"b\\c\n",
       [], [1, "x", [null]], {}, {"a": 1, "b": [1, 2], "c": {"d": "e"}, "a": 2, "": null},
       {"name": "Ana", "tags": ["x", "y"], "age": 31, "nested": {"deeper": {"deepest": [true]}}},
       [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
      """#
    do {
      return try JSONDocument(parsing: text)
    } catch {
      fatalError("the fixture does not parse: \(error)")
    }
  }()
}
