import Testing

@testable import TGridJSON

/// A large container's child table (``ChildTable``) skips the entries that leave its start
/// and notes the move of the rest once (`--keep` drops the first records on every batch):
/// after any mix of drops, appends and other splices it reads the same as a plain array
/// changed the slow way, and as a table made again from the tape.
@Suite struct ChildTableTests {
  /// Random steps on a table and on a plain array, compared after each.
  @Test func readsAsAPlainArrayAfterAnyMixOfSteps() {
    var generator = SystemRandomNumberGenerator()
    var model: [UInt32] = (0..<10_000).map { UInt32(2 + $0 * 5) }
    var table = ChildTable(model)
    var skippedAtMost = 0
    var gaveBack = false
    for step in 0..<400 {
      switch step % 4 {
      case 0, 1:
        // Drop the first entries: the rest moves down by the words the dropped ones held.
        let count = Int.random(in: 0...min(300, model.count), using: &generator)
        let words = count == model.count ? 0 : Int(model[count]) - 2
        model.removeFirst(count)
        model = model.map { $0 - UInt32(words) }
        let before = table.skippedCount
        table.removeFirst(count, movingRestBy: -words)
        if table.skippedCount < before { gaveBack = true }
      case 2:
        // Append after the last entry.
        let last = model.last ?? 0
        let added = (1...Int.random(in: 1...600, using: &generator)).map { last + UInt32($0 * 3) }
        model += added
        table.replaceLast(0, with: added)
      default:
        // Replace a few at the end.
        let count = Int.random(in: 0...min(5, model.count), using: &generator)
        let base = model.dropLast(count).last ?? 0
        let added = [base + 1, base + 4]
        model.removeLast(count)
        model += added
        table.replaceLast(count, with: added)
      }
      skippedAtMost = max(skippedAtMost, table.skippedCount)
      #expect(Array(table) == model, "step \(step)")
      #expect(table.count == model.count)
      if let probe = model.randomElement(using: &generator) {
        #expect(JSONStorage.lowerBound(of: probe, in: table) == JSONStorage.lowerBound(of: probe, in: model))
      }
    }
    #expect(skippedAtMost >= 4096 && gaveBack, "the drops were skipped, and given back once they outnumbered the rest")
  }

  static func record(_ number: Int) -> String {
    #"{"n":\#(number),"tags":["a",\#(number % 7)]}"#
  }

  /// A followed document keeping 3,000 records, batches of 700 appended and as many
  /// dropped: the root's child table, kept up to date in place, against one made from the
  /// tape, and every kind of random access against a fresh parse.
  @Test func followedDocumentKeepsItsRootTable() throws {
    let keep = 3_000
    var document = try JSONDocument(
      parsing: (0..<keep).map { Self.record($0) + "\n" }.joined(), options: JSONParseOptions(mode: .lines))
    var next = keep
    // Random access builds the root's table.
    #expect(document.child(at: 1_500, of: document.root) != nil)
    var sawSkipped = false
    for round in 0..<30 {
      let lines = (next..<(next + 700)).map { Array(Self.record($0).utf8) }
      next += 700
      try document.appendRecords(lines)
      try document.removeFirstRecords(700)
      let range = (next - keep)..<next
      let fresh = try JSONDocument(
        parsing: range.map { Self.record($0) + "\n" }.joined(), options: JSONParseOptions(mode: .lines))
      let tables = document.storage.caches.withLock { $0.childTables }
      let root = try #require(tables[0], "round \(round): the root's table is kept")
      if root.skippedCount > 0 { sawSkipped = true }
      var walked: [UInt32] = []
      var child = document.storage.firstChild(0)
      while child < document.storage.subtreeEnd(0) {
        walked.append(UInt32(child))
        child = document.storage.subtreeEnd(child)
      }
      #expect(Array(root) == walked, "round \(round): root table")
      for position in stride(from: 0, to: keep, by: 97) {
        let node = try #require(document.child(at: position, of: document.root))
        #expect(node == fresh.child(at: position, of: fresh.root), "round \(round): child \(position)")
        #expect(document.position(of: node) == position)
        #expect(document.int(of: try #require(document.child(forKey: "n", of: node))) == range.lowerBound + position)
      }
    }
    #expect(sawSkipped, "drops were skipped in the table, not moved")
  }
}
