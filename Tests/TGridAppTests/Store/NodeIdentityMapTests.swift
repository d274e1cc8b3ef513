import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

/// The identity map against a model that keeps one id per tape word: random splices and
/// their inverses (undo, redo), after each of which every word's id and every id's word
/// agree, and the id order kept beside the runs is theirs.
@Suite struct NodeIdentityMapTests {
  @Test(arguments: 0..<SanitizerBuild.samples(8, address: 4, thread: 2))
  func splicesAndTheirInversesKeepEveryIDOnItsWord(_ seed: Int) {
    var random = SeededRandom(seed: UInt64(seed) &+ 0x1D)
    var map = NodeIdentityMap()
    // Words past the model's end keep their loaded ids (the map's last run is open).
    var model = Array(0..<400)
    var nextID = NodeIdentityMap.firstInsertedID
    var undo: [(NodeIdentityMap.Splice, [Int])] = []
    for step in 0..<300 {
      if random.next(below: 4) == 0, let (inverse, before) = undo.popLast() {
        map.apply(inverse)
        model = before
      } else {
        let start = random.next(below: model.count)
        let removed = min(model.count - start, random.next(below: 6))
        var inserted: [NodeIdentityMap.Run] = []
        var insertedIDs: [Int] = []
        var offset = 0
        for _ in 0..<random.next(below: 3) {
          let count = 1 + random.next(below: 4)
          // Fresh ids, or ids taken out earlier (a move puts a value back).
          let reused = random.next(below: 3) == 0 ? model.indices.randomElement(using: &random).map { model[$0] } : nil
          let id = reused.flatMap { candidate in model.contains(candidate) ? nil : candidate } ?? nextID
          if id == nextID { nextID += count }
          inserted.append(NodeIdentityMap.Run(id: id, start: offset, count: count))
          insertedIDs += (id..<(id + count)).map { $0 }
          offset += count
        }
        // An id in the map twice would be a broken document: keep the model's ids unique.
        guard Set(insertedIDs).isDisjoint(with: Set(model)) else { continue }
        let before = model
        let inverse = map.apply(NodeIdentityMap.Splice(start: start, removedCount: removed, inserted: inserted))
        model.replaceSubrange(start..<(start + removed), with: insertedIDs)
        undo.append((inverse, before))
      }
      #expect(map.idOrderIsConsistent, "step \(step)")
      for (position, id) in model.enumerated() {
        guard map.id(of: JSONNode(index: position)) == NodeID(id),
          map.node(for: NodeID(id)) == JSONNode(index: position)
        else {
          Issue.record("step \(step): word \(position) should be id \(id)")
          return
        }
      }
    }
    // Everything undone: the map is the identity again, one run.
    while let (inverse, before) = undo.popLast() {
      map.apply(inverse)
      model = before
    }
    #expect(model == Array(0..<400))
    #expect(map.isIdentity)
  }
}
