import Foundation
import TGridJSON
import Testing

@testable import TGridApp

/// The browser's load of a whole file parses a fragment of its second half ahead on a
/// second thread (as `tgrid check` does): the document must be the one a parse on one
/// thread makes, value for value, in JSON and in JSON Lines.
@Suite struct LoadOnTwoCoresTests {
  /// Loads a file as the browser does and returns the whole document.
  static func load(_ path: String, mode: JSONTextMode) throws -> JSONDocument {
    let load = DocumentLoad(path: path, name: "two-cores", options: JSONParseOptions(mode: mode))
    load.start()
    while load.phase.isRunning { _ = load.waitForFirstScreen(children: Int.max, milliseconds: 10_000) }
    return try #require(load.takeDocument(), "\(load.phase)")
  }

  /// Every value in text order with its depth, kind and text, on both documents.
  static func expectSameValues(_ loaded: JSONDocument, _ serial: JSONDocument) {
    var left = loaded.descendants(of: loaded.root).makeIterator()
    var right = serial.descendants(of: serial.root).makeIterator()
    var count = 0
    while true {
      let (a, b) = (left.next(), right.next())
      guard let a, let b else {
        #expect(a == nil && b == nil, "one document has more values after \(count)")
        break
      }
      guard a.0 == b.0, a.1 == b.1, loaded.kind(of: a.0) == serial.kind(of: b.0) else {
        Issue.record("value \(count) differs: \(a) against \(b)")
        return
      }
      count += 1
    }
    #expect(loaded.serializedBytes() == serial.serializedBytes())
    #expect(count > 100_000)
  }

  @Test func aLargeFileLoadsIntoTheDocumentOneThreadMakes() throws {
    // 6 MB: past the 4 MiB from which a fragment is parsed ahead.
    let path = try LargeFile.make(records: 60_000)
    defer { unlink(path) }
    let loaded = try Self.load(path, mode: .automatic)
    let text = try Data(contentsOf: URL(fileURLWithPath: path))
    let serial = try JSONDocument(bytes: JSONBytes(Array(text)), options: JSONParseOptions(allowsSecondThread: false))
    Self.expectSameValues(loaded, serial)
  }

  @Test func jsonLinesLoadIntoTheDocumentOneThreadMakes() throws {
    let path = NSTemporaryDirectory() + "tgrid-two-cores-\(getpid()).jsonl"
    defer { unlink(path) }
    let lines = (0..<60_000).map { #"{"seq": \#($0), "name": "user \#($0)", "tags": ["a", {"b": [\#($0 % 7)]}]}"# }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let loaded = try Self.load(path, mode: .lines)
    let text = try Data(contentsOf: URL(fileURLWithPath: path))
    let serial = try JSONDocument(
      bytes: JSONBytes(Array(text)), options: JSONParseOptions(mode: .lines, allowsSecondThread: false))
    Self.expectSameValues(loaded, serial)
  }
}
