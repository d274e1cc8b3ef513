import Foundation
import TGridAppBenchmarks
import TermGrid
import Testing

@testable import TGridApp

/// What the terminal receives for a key in the grid, through the real ncurses terminal
/// writing to a file (`KeyBytesBenchmark`, `TERM=xterm-256color`, 120×40). Bytes are
/// deterministic, so these bounds hold on every machine.
@Suite(.serialized) struct GridKeyBytesTests {
  private static func bytes() throws -> [String: Int] {
    let path = try LargeFile.make(records: 600)
    defer { unlink(path) }
    let results = try #require(KeyBytesBenchmark.run(path: path, tree: false, presses: 3))
    var medians: [String: Int] = [:]
    for (label, bytes) in results { medians[label] = bytes.sorted()[bytes.count / 2] }
    return medians
  }

  // Before blank runs kept to the text beside them (not a border), a focus move within
  // the screen sent 932 bytes and a scrolling one 2,486 on this file.
  @Test func aFocusMoveSendsTheTwoCardsBordersWithoutTheirInsides() throws {
    let medians = try Self.bytes()
    #expect(try #require(medians["j (within the screen)"]) <= 650)
    #expect(try #require(medians["k (within the screen)"]) <= 650)
    #expect(try #require(medians["j (scrolling)"]) <= 2_450)
  }
}
