import Testing

@testable import TGridJSON

/// The container index keeps a depth per container in a byte where the depths of a block
/// lie within 255 of each other, in four bytes where they do not.
@Suite struct ContainerIndexTests {
  /// Every value's parent from the index, against the parent found by walking down from
  /// the root.
  static func expectParentsMatchAWalk(_ document: JSONDocument, sourceLocation: SourceLocation = #_sourceLocation) {
    var expected: [Int: Int] = [:]
    var pending = [document.root]
    while let node = pending.popLast() {
      for child in document.children(of: node) {
        expected[child.index] = node.index
        pending.append(child)
      }
    }
    for (child, parent) in expected {
      #expect(
        document.parent(of: JSONNode(index: child))?.index == parent, "parent of \(child)",
        sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [10, 255, 256, 300, 2_000])
  func depthsNearAndPastAByteGiveTheRightParents(depth: Int) throws {
    // A chain `depth` deep with a sibling array at every level, then flat records after it:
    // blocks of small blocks hold both deep and shallow containers.
    let chain = String(repeating: #"{"a": [1, [2]], "b": "#, count: depth) + "0" + String(repeating: "}", count: depth)
    let text = "[" + chain + ", " + (0..<50).map { #"{"r": [\#($0)]}"# }.joined(separator: ", ") + "]"
    // One block for everything (depths from 0 to the chain's depth in one block), and
    // blocks of 7.
    for blockSize in [ContainerIndex.defaultBlockSize, 7] {
      let storage = try JSONDocument(parsing: text).storage
      storage.containerIndexBlockSize = blockSize
      let document = JSONDocument(storage: storage)
      Self.expectParentsMatchAWalk(document)
      #expect(document.depth(of: try #require(document.child(at: 50, of: document.root))) == 1)
      let index = storage.containerIndex()
      // The synthetic root, the root array, three a level, a hundred after.
      #expect(index.count == 2 + depth * 3 + 100)
    }
  }
}
