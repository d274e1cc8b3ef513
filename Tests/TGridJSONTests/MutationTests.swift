import TestSupport
import Testing

@testable import TGridJSON

/// Random damage to valid documents must give an error or a document, never a crash; any
/// document it gives must write back byte for byte.
@Suite struct MutationTests {
  @Test func truncatedFlippedAndInsertedBytesNeverCrash() throws {
    var random = SeededRandom(seed: 0x5EED)
    let alphabet =
      Array("{}[]\",:\\ \n\t0123456789.eE+-tfnulrsa".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
    var documents = 0
    var errors = 0
    for seed in MutationFixtures.seeds {
      let original = Array(seed.utf8)
      for _ in 0..<400 {
        var bytes = original
        switch random.next(below: 4) {
        case 0:
          bytes = Array(bytes.prefix(random.next(below: bytes.count + 1)))
        case 1:
          for _ in 0...random.next(below: 3) where !bytes.isEmpty {
            bytes[random.next(below: bytes.count)] ^= UInt8(1 << random.next(below: 8))
          }
        case 2:
          for _ in 0...random.next(below: 3) {
            bytes.insert(alphabet[random.next(below: alphabet.count)], at: random.next(below: bytes.count + 1))
          }
        default:
          if !bytes.isEmpty { bytes.remove(at: random.next(below: bytes.count)) }
        }
        for mode in [JSONTextMode.automatic, .lines] {
          do {
            let document = try JSONDocument(parsing: bytes, options: JSONParseOptions(mode: mode))
            documents += 1
            #expect(document.serializedBytes() == bytes)
            MutationTests.exercise(document)
          } catch {
            errors += 1
            #expect(error.line >= 1 && error.column >= 1)
            #expect(error.byteOffset <= bytes.count)
          }
        }
      }
    }
    #expect(documents > 100)
    #expect(errors > 1000)
  }

  @Test func randomBytesNeverCrash() {
    var random = SeededRandom(seed: 42)
    for _ in 0..<3000 {
      let bytes = (0..<random.next(below: 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      if let document = try? JSONDocument(parsing: bytes) {
        #expect(document.serializedBytes() == bytes)
      }
    }
  }

  /// Touches every node through the public API.
  static func exercise(_ document: JSONDocument) {
    for (node, _) in document.descendants(of: document.root) {
      _ = document.rawText(of: node)
      _ = document.string(of: node)
      _ = document.double(of: node)
      _ = document.int(of: node)
      _ = document.key(of: node)
      _ = document.parent(of: node)
      #expect(document.node(at: document.path(of: node)) != nil)
    }
  }
}

// MARK: - Fixtures

enum MutationFixtures {
  static let seeds = [
    RoundTripFixtures.albums,
    #"{"a":[1,2.5e-3,{"b":null,"c":[true,false]}],"d":"\u00e9\ud83d\ude00\n","e":-0}"#,
    "{\"x\": 1}\n{\"x\": 2}\n[3]\n",
    "[[[[[[[[[[\"deep\"]]]]]]]]]]",
    "\"Zoë 東京 😀\"",
  ]
}
