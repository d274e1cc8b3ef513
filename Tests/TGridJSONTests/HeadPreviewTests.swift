import Foundation
import Testing

@testable import TGridJSON

/// A large file's first screen from its head alone, before the whole file is read.
@Suite struct HeadPreviewTests {
  static func write(_ text: String, name: String) throws -> String {
    let path = NSTemporaryDirectory() + "tgrid-head-\(getpid())-\(name)"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  static func recordTexts(_ count: Int) -> [String] {
    (0..<count).map {
      #"{"id": \#($0), "name": "record \#($0)", "tags": ["a", {"k": \#($0 % 7)}], "note": "Zoë \#($0)"}"#
    }
  }

  static func records(_ count: Int, lines: Bool = false) -> String {
    let records = recordTexts(count)
    return lines ? records.joined(separator: "\n") + "\n" : "[\n" + records.joined(separator: ",\n") + "\n]\n"
  }

  /// How many records end within the first `bytes` bytes of ``records(_:lines:)``.
  static func completeRecords(_ count: Int, lines: Bool, within bytes: Int) -> Int {
    var offset = lines ? 0 : 2
    var complete = 0
    for record in recordTexts(count) {
      offset += record.utf8.count
      guard offset <= bytes else { break }
      complete += 1
      offset += lines ? 1 : 2
    }
    return complete
  }

  @Test(arguments: [false, true])
  func theHeadsPreviewNumbersItsValuesAsTheWholeFileDoes(lines: Bool) throws {
    let text = Self.records(80_000, lines: lines)
    let path = try Self.write(text, name: "records-\(lines)")
    defer { unlink(path) }
    let preview = try #require(
      JSONProgressiveParser.previewOfHead(
        of: path, headByteCount: 128 << 10, maximumChildren: 5_000,
        options: JSONParseOptions(mode: lines ? .lines : .automatic)))
    #expect(preview.isPartial)
    let whole = try JSONDocument(parsing: text, options: JSONParseOptions(mode: lines ? .lines : .automatic))
    let shown = preview.childCount(of: preview.root)
    // Every record that ends in the head; the one cut off at its end is left out.
    #expect(shown == Self.completeRecords(80_000, lines: lines, within: 128 << 10))
    #expect(shown > 1_000)
    for position in [0, 1, shown / 2, shown - 1] {
      let inPreview = try #require(preview.child(at: position, of: preview.root))
      let inWhole = try #require(whole.child(at: position, of: whole.root))
      #expect(inPreview.index == inWhole.index, "the same tape index: ids carry over to the whole document")
      let name = try #require(preview.child(forKey: "name", of: inPreview))
      #expect(preview.string(of: name) == "record \(position)")
      #expect(whole.string(of: try #require(whole.child(forKey: "name", of: inWhole))) == "record \(position)")
    }
  }

  @Test func anErrorPastTheHeadIsLeftToTheWholeParse() throws {
    let path = try Self.write(Self.records(60_000).dropLast(3) + "}\n", name: "bad-end")
    defer { unlink(path) }
    let preview = JSONProgressiveParser.previewOfHead(of: path, headByteCount: 64 << 10, maximumChildren: 100)
    #expect(preview.map { $0.childCount(of: $0.root) } == 100)
  }

  @Test func smallFilesBadHeadsAndNonFilesGiveNoHeadPreview() throws {
    let small = try Self.write(Self.records(100), name: "small")
    defer { unlink(small) }
    #expect(JSONProgressiveParser.previewOfHead(of: small, maximumChildren: 100) == nil, "read whole at once")
    let bad = try Self.write("[1, 2, }" + String(repeating: " ", count: 5 << 20), name: "bad-head")
    defer { unlink(bad) }
    #expect(JSONProgressiveParser.previewOfHead(of: bad, maximumChildren: 100) == nil)
    #expect(JSONProgressiveParser.previewOfHead(of: "/dev/zero", maximumChildren: 100) == nil)
    #expect(JSONProgressiveParser.previewOfHead(of: NSTemporaryDirectory(), maximumChildren: 100) == nil)
    #expect(JSONProgressiveParser.previewOfHead(of: "-", maximumChildren: 100) == nil)
    let large = try Self.write(Self.records(60_000), name: "over-limit")
    defer { unlink(large) }
    #expect(JSONProgressiveParser.previewOfHead(of: large, maximumChildren: 100) != nil)
    #expect(
      JSONProgressiveParser.previewOfHead(of: large, maximumFileSize: 1 << 20, maximumChildren: 100) == nil,
      "a file the load refuses shows nothing first")
    #expect(JSONProgressiveParser.previewOfHead(of: "/nonexistent/x.json", maximumChildren: 100) == nil)
  }
}
