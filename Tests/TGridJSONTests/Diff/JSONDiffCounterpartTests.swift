import TestSupport
import Testing

@testable import TGridJSON

/// The pairing of the old document's values with the new one's (issue 31: switching between
/// A and B keeps what is the same in place).
@Suite struct JSONDiffCounterpartTests {
  /// The counterpart in `new` of the value at `path` in `old`, by the runs, as a path.
  static func counterpart(of path: String, in diff: JSONDiff) throws -> String? {
    let node = try #require(diff.old.node(at: try JSONPath(parsing: path)), "\(path) in A")
    for run in diff.counterpartRuns() where (run.oldStart..<run.oldStart + run.count).contains(node.index) {
      return diff.new.path(of: JSONNode(index: run.newStart + node.index - run.oldStart)).jq
    }
    return nil
  }

  @Test func valuesPairWithWhatTheyWereComparedWith() throws {
    let old = try JSONDocument(
      parsing: #"{"a": 1, "b": [1, 2, 3], "c": {"x": 1, "y": [7]}, "gone": {"z": 0}, "list": [{"k": [1, 2, 3]}, 5]}"#)
    let new = try JSONDocument(
      parsing: #"{"c": {"y": [7], "x": 1}, "b": [1, 3, 4], "a": 2, "d": 5, "list": [5], "other": {"k": [1, 2, 3]}}"#)
    let diff = JSONDiff(old: old, new: new)
    #expect(try Self.counterpart(of: ".a", in: diff) == ".a", "a changed value keeps its place")
    #expect(try Self.counterpart(of: ".b[0]", in: diff) == ".b[0]")
    #expect(try Self.counterpart(of: ".b[2]", in: diff) == ".b[1]", "aligned by LCS")
    #expect(try Self.counterpart(of: ".b[1]", in: diff) == nil, "removed")
    #expect(try Self.counterpart(of: ".c.x", in: diff) == ".c.x", "equal objects, members in another order")
    #expect(try Self.counterpart(of: ".c.y[0]", in: diff) == ".c.y[0]")
    #expect(try Self.counterpart(of: ".gone.z", in: diff) == nil)
    #expect(try Self.counterpart(of: ".list[1]", in: diff) == ".list[0]")
    #expect(try Self.counterpart(of: ".list[0].k[1]", in: diff) == ".other.k[1]", "moved with what is inside")
  }

  @Test func elementsMovedByTheirKeyPairInsideToo() throws {
    let old = try JSONDocument(parsing: #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}, {"id": 3, "v": "c"}]"#)
    let new = try JSONDocument(parsing: #"[{"id": 3, "v": "C"}, {"id": 1, "v": "a"}, {"id": 2, "v": "b"}]"#)
    let diff = JSONDiff(old: old, new: new)
    #expect(try Self.counterpart(of: ".[2].v", in: diff) == ".[0].v")
    #expect(try Self.counterpart(of: ".[0].id", in: diff) == ".[1].id")
  }

  @Test(arguments: 0..<300)
  func everyValueHasAtMostOneCounterpartOfTheSameKeyButRenamedOnes(seed: Int) throws {
    var generator = EditGenerator(random: SeededRandom(seed: UInt64(seed) &* 104_729 &+ 3))
    let a = generator.container(depth: 0)
    var b = a
    for _ in 0..<(1 + generator.random.next(below: 6)) { generator.edit(&b) }
    var layout: SeededRandom? = generator.random
    let old = try JSONDocument(parsing: a.text(random: &layout))
    let new = try JSONDocument(parsing: b.text(random: &layout))
    let diff = JSONDiff(old: old, new: new)
    let runs = diff.counterpartRuns()
    #expect(
      runs == diff.counterpartRuns(comparingTextFirst: false),
      "seed \(seed): the byte comparison pairs exactly what the value comparison does")
    let moved = Set(diff.changes.filter { $0.kind == .moved }.compactMap(\.oldNode))
    var taken = Set<Int>()
    for run in runs {
      for offset in 0..<run.count {
        #expect(taken.insert(run.newStart + offset).inserted, "seed \(seed): one counterpart each")
      }
    }
    for (node, _) in old.descendants(of: old.root) {
      guard
        let other = runs.first(where: { ($0.oldStart..<$0.oldStart + $0.count).contains(node.index) })
          .map({ JSONNode(index: $0.newStart + node.index - $0.oldStart) }),
        let parent = old.parent(of: node), old.kind(of: parent) == .object,
        let otherParent = new.parent(of: other), new.kind(of: otherParent) == .object,
        let parentRun = runs.first(where: {
          ($0.oldStart..<$0.oldStart + $0.count).contains(parent.index)
        }), parentRun.newStart + parent.index - parentRun.oldStart == otherParent.index
      else { continue }
      // A member renamed is a move within its object: the only pairing across keys.
      if moved.contains(node) { continue }
      #expect(old.key(of: node) == new.key(of: other), "seed \(seed): a member pairs with the same key")
    }
  }

  /// Values written with the same bytes are the same value; written differently (spaces,
  /// member order, `1.0` for `1`) the byte comparison says no and the value comparison
  /// decides; an edited document's values are not compared by bytes at all.
  @Test func theSameTextIsTheSameValueAndOtherwiseTheValuesDecide() throws {
    let old = try JSONDocument(parsing: #"[{"a": 1, "b": [2, 3]}, {"a": 1.0}, {"b": 2, "a": 1}]"#)
    let new = try JSONDocument(parsing: #"[{"a": 1, "b": [2, 3]}, {"a": 1}, {"a": 1, "b": 2}]"#)
    func element(_ document: JSONDocument, _ index: Int) -> JSONNode {
      Array(document.children(of: document.root))[index]
    }
    #expect(old.hasSameText(element(old, 0), as: element(new, 0), in: new) == true)
    #expect(old.hasSameText(element(old, 1), as: element(new, 1), in: new) == false)
    #expect(old.isValue(element(old, 1), equalTo: element(new, 1), in: new))
    #expect(old.hasSameText(element(old, 2), as: element(new, 2), in: new) == false)
    var edited = new
    _ = try edited.replace(element(edited, 1), withJSON: "2")
    #expect(old.hasSameText(element(old, 0), as: element(edited, 0), in: edited) == nil)
  }
}
