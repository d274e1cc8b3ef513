import Testing

@testable import TGridJSON

/// Compiling a literal pattern is linear in its length (issue 35.14): a pasted pattern of
/// 20,000 characters took minutes when every pair of anchor bytes was scored.
@Suite struct SearchNeedleTests {
  @Test(arguments: [false, true])
  func choosingTheAnchorsIsLinearInThePatternsLength(ignoresCase: Bool) {
    for length in [1_000, 20_000] {
      let pattern = String((0..<length).map { Array("abcdefghijKLMNOP 0123456789,:\"xyzé")[$0 * 7 % 34] })
      let needle = SearchNeedle(pattern, ignoresCase: ignoresCase)
      #expect(needle.planningSteps <= 3 * length, "\(length) characters: \(needle.planningSteps) steps")
      #expect(needle.canScanBytes)
    }
  }

  @Test func aLongPatternIsFoundWhereItIs() throws {
    let long = String(repeating: "lorem ipsum dolor ", count: 1_200)
    let document = try JSONDocument(parsing: "[\"short\", \"prefix \(long)suffix\", 3]")
    for pattern in [long, long.uppercased().lowercased(), "prefix " + long] {
      let search = try JSONSearch(pattern)
      let found = try #require(search.nextMatch(after: nil, in: document))
      #expect(document.position(of: found) == 1)
    }
    let missing = try JSONSearch(long + "x")
    #expect(missing.nextMatch(after: nil, in: document) == nil)
  }
}
