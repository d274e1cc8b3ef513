import TestSupport
import Testing

@testable import TGridJSON

/// Pages of the tape kept in 2 or 4 bytes a word (``CompactTape``) must read, edit, undo,
/// copy and save exactly as the plain tape does: every test parses the same text twice,
/// compacting and not, and compares the two tapes word for word after each step.
struct CompactTapeTests {
  /// A parse of `text`, compacting its tape or not, in small slices (so pages are compacted
  /// while containers are open) and on one thread unless a fragment is forced.
  static func document(
    _ text: [UInt8], compacts: Bool, slice: Int = 4096, parallelism: JSONParser.Parallelism = .serial
  ) throws -> (JSONDocument, tookFragment: Bool) {
    let parser = JSONParser(bytes: JSONBytes(text), mode: .automatic)
    parser.parallelism = parallelism
    parser.compactsTape = compacts
    parser.slice = slice
    _ = try parser.parse(upTo: Int.max)
    parser.storage.words.shrinkToFit()
    return (JSONDocument(storage: parser.storage), parser.tookFragment)
  }

  static func words(_ document: JSONDocument) -> [UInt64] {
    document.storage.wordArray(from: 0, count: document.storage.wordCount)
  }

  static func expectSame(
    _ compact: JSONDocument, _ plain: JSONDocument, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(words(compact) == words(plain), "\(what): tapes differ", sourceLocation: sourceLocation)
    #expect(
      compact.serializedBytes() == plain.serializedBytes(), "\(what): texts differ", sourceLocation: sourceLocation)
    #expect(compact.valueCount == plain.valueCount, sourceLocation: sourceLocation)
  }

  /// A deterministic generator (the same texts on every run).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  /// Arrays of small numbers (2-byte pages), objects with short keys (4-byte pages),
  /// escaped keys, long strings (raw pages), nested arrays left open across slices.
  static func mixedText(seed: UInt64, elements: Int) -> [UInt8] {
    var generator = Generator(state: seed)
    // At least one page of each width: members with keys, and small numbers.
    var text = "[{" + (0..<1500).map { "\"k\($0)\": \($0 % 10)" }.joined(separator: ",") + "},"
    text += "[" + (0..<1500).map { String($0 % 10) }.joined(separator: ",") + "]"
    for _ in 0..<elements {
      text += ","
      switch generator.next(10) {
      case 0:
        text +=
          "{" + (0..<generator.next(900)).map { "\"k\($0)\": \(generator.next(100))" }.joined(separator: ",") + "}"
      case 1:
        text += "\"" + String(repeating: "long text ", count: generator.next(2000)) + "\""
      case 2:
        text += "{\"a\\u0062\": [true, false, null], \"\\n\": \"x\"}"
      case 3:
        text += "[" + (0..<generator.next(3000)).map { _ in "[\(generator.next(10))]" }.joined(separator: ",") + "]"
      default:
        text += "[" + (0..<generator.next(3000)).map { _ in String(generator.next(1000)) }.joined(separator: ", ") + "]"
      }
    }
    return Array((text + "]").utf8)
  }

  @Test func anArrayOfNumbersTakesTwoBytesAValueAndReadsTheSame() throws {
    let text = Array(("[" + (0..<100_000).map { String($0 % 7) }.joined(separator: ",") + "]").utf8)
    let (compact, _) = try Self.document(text, compacts: true)
    let (plain, _) = try Self.document(text, compacts: false)
    Self.expectSame(compact, plain, "zeros")
    let tape = try #require(compact.storage.compactTape)
    // Every page but the first (the root's words) and the partial last one.
    #expect(tape.compactPageCount == 100_002 / CompactTape.pageSize - 1)
    #expect(compact.storage.tapeByteCount < plain.storage.tapeByteCount * 3 / 10)
    #expect(plain.storage.compactTape == nil)
    for position in [0, 1, 511, 512, 513, 50_000, 99_999] {
      let node = try #require(compact.child(at: position, of: compact.root))
      #expect(compact.int(of: node) == position % 7)
    }
  }

  @Test func mixedDocumentsUseBothWidthsAndReadTheSame() throws {
    for seed in 1...6 as ClosedRange<UInt64> {
      let text = Self.mixedText(seed: seed, elements: 60)
      let (compact, _) = try Self.document(text, compacts: true, slice: 1000 + Int(seed) * 777)
      let (plain, _) = try Self.document(text, compacts: false)
      Self.expectSame(compact, plain, "seed \(seed)")
      let tape = try #require(compact.storage.compactTape)
      let widths = Set((0..<tape.pages.count).map { tape.pages.pointer[$0].width })
      #expect(widths.isSuperset(of: [2, 4]), "seed \(seed): widths \(widths)")
      #expect(compact.descendantCount(of: compact.root) == plain.descendantCount(of: plain.root))
    }
  }

  @Test func editsUndoAndSavesMatchThePlainTape() throws {
    for seed in 1...(SanitizerBuild.isActive ? 1 : 2) as ClosedRange<UInt64> {
      let text = Self.mixedText(seed: seed + 10, elements: 40)
      var (compact, _) = try Self.document(text, compacts: true)
      var (plain, _) = try Self.document(text, compacts: false)
      var generator = Generator(state: seed)
      var edits: [(JSONEdit, JSONEdit)] = []
      for step in 0..<SanitizerBuild.samples(120, address: 120, thread: 60) {
        // A container of the root at random, then an edit somewhere in it.
        let count = compact.childCount(of: compact.root)
        let parentPosition = generator.next(count)
        let parent = try #require(compact.child(at: parentPosition, of: compact.root))
        let plainParent = try #require(plain.child(at: parentPosition, of: plain.root))
        let isObject = compact.kind(of: parent) == .object
        let children = compact.childCount(of: parent)
        let value = ["7", "\"new\"", "[1,2,3]", "{\"z\": 0}", "12345678901234567890"][generator.next(5)]
        switch generator.next(4) {
        case 0 where children > 0:
          let position = generator.next(children)
          let node = try #require(compact.child(at: position, of: parent))
          let plainNode = try #require(plain.child(at: position, of: plainParent))
          edits.append((try compact.remove(node), try plain.remove(plainNode)))
        case 1 where children > 0 && compact.isContainer(parent):
          let position = generator.next(children)
          let node = try #require(compact.child(at: position, of: parent))
          let plainNode = try #require(plain.child(at: position, of: plainParent))
          edits.append((try compact.replace(node, withJSON: value), try plain.replace(plainNode, withJSON: value)))
        default:
          guard compact.isContainer(parent) else { continue }
          let position = generator.next(children + 1)
          let key = isObject ? "n\(step)" : nil
          edits.append(
            (
              try compact.insert(json: value, forKey: key, at: position, in: parent),
              try plain.insert(json: value, forKey: key, at: position, in: plainParent)
            ))
        }
        Self.expectSame(compact, plain, "seed \(seed), step \(step)")
      }
      // The moves of the gap compact what they wrote: the tape stays mostly compact.
      let tape = try #require(compact.storage.compactTape)
      #expect(tape.compactPageCount > 0)
      #expect(compact.storage.tapeByteCount < plain.storage.tapeByteCount)
      for (compactEdit, plainEdit) in edits.reversed() {
        _ = compact.revert(compactEdit)
        _ = plain.revert(plainEdit)
      }
      Self.expectSame(compact, plain, "seed \(seed), undone")
      #expect(compact.serializedBytes() == text)
    }
  }

  @Test func anEditAtTheStartOfALongArrayKeepsTheTapeCompact() throws {
    let text = Array(("[" + (0..<200_000).map { String($0 % 10) }.joined(separator: ",") + "]").utf8)
    var (compact, _) = try Self.document(text, compacts: true)
    var (plain, _) = try Self.document(text, compacts: false)
    let before = compact.storage.tapeByteCount
    for position in [0, 100_000, 3, 199_990] {
      let node = try #require(compact.child(at: position, of: compact.root))
      let plainNode = try #require(plain.child(at: position, of: plain.root))
      _ = try compact.replace(node, withJSON: "[1, 2]")
      _ = try plain.replace(plainNode, withJSON: "[1, 2]")
      Self.expectSame(compact, plain, "after replacing \(position)")
    }
    // The whole tail moved to the end of the buffer and back: still about 2 bytes a word.
    #expect(compact.storage.tapeByteCount < before + before / 4)
    #expect(compact.storage.tapeByteCount < plain.storage.tapeByteCount / 3)
  }

  @Test func theFirstEditOfASharedDocumentCopiesItCompactly() throws {
    let text = Self.mixedText(seed: 42, elements: 50)
    let (original, _) = try Self.document(text, compacts: true)
    var copy = original
    var (plain, _) = try Self.document(text, compacts: false)
    let node = try #require(copy.child(at: 3, of: copy.root))
    let plainNode = try #require(plain.child(at: 3, of: plain.root))
    _ = try copy.replace(node, withJSON: "\"changed\"")
    _ = try plain.replace(plainNode, withJSON: "\"changed\"")
    Self.expectSame(copy, plain, "the edited copy")
    #expect(original.serializedBytes() == text)
    #expect(copy.storage !== original.storage)
    #expect((copy.storage.compactTape?.compactPageCount ?? 0) > 0)
  }

  @Test func aFragmentParsedOnASecondThreadHandsOverItsCompactPages() throws {
    let elements = (0..<60_000).map { String($0 % 100) }
    let text = Array(("[" + elements.joined(separator: ",") + "]").utf8)
    // The byte after the comma before element 20,000.
    let start = 1 + elements[..<20_000].reduce(0) { $0 + $1.utf8.count + 1 }
    let (parallel, took) = try Self.document(
      text, compacts: true, parallelism: .forced(start: start, role: .arrayElements))
    let (plain, _) = try Self.document(text, compacts: false)
    #expect(took)
    Self.expectSame(parallel, plain, "fragment")
    #expect((parallel.storage.compactTape?.compactPageCount ?? 0) > 100)
  }

  @Test func aPreviewTakenWhileParsingCopiesCompactPages() throws {
    let text = Array(("[" + (0..<50_000).map { String($0 % 9) }.joined(separator: ",") + "]").utf8)
    let compact = JSONParser(bytes: JSONBytes(text), mode: .automatic)
    let plain = JSONParser(bytes: JSONBytes(text), mode: .automatic)
    plain.compactsTape = false
    for parser in [compact, plain] {
      parser.parallelism = .serial
      parser.slice = 8192
      _ = try parser.parse(upTo: text.count / 2)
    }
    #expect((compact.storage.compactTape?.compactPageCount ?? 0) > 10)
    let compactPreview = try #require(compact.preview(maximumChildren: 5000))
    let plainPreview = try #require(plain.preview(maximumChildren: 5000))
    #expect(
      compactPreview.wordArray(from: 0, count: compactPreview.wordCount)
        == plainPreview.wordArray(from: 0, count: plainPreview.wordCount))
  }

  @Test func severalThreadsReadOneCompactDocument() async throws {
    let text = Self.mixedText(seed: 7, elements: 80)
    let (compact, _) = try Self.document(text, compacts: true)
    let (plain, _) = try Self.document(text, compacts: false)
    let expected = Self.words(plain)
    let results = await withTaskGroup(of: Bool.self) { group in
      for thread in 0..<4 {
        group.addTask {
          var same = true
          for index in stride(from: thread, to: expected.count, by: 1)
          where compact.storage.word(index) != expected[index] {
            same = false
          }
          var count = 0
          for (node, _) in compact.descendants(of: compact.root) where compact.kind(of: node) == .number { count += 1 }
          return same && count > 0
        }
      }
      var all: [Bool] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results == [true, true, true, true])
  }
}
