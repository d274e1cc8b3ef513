import TestSupport
import Testing

@testable import TGridJSON

/// The structural diff: what counts as equal, how arrays align, when values move, and the
/// patches it writes.
@Suite struct JSONDiffTests {
  // MARK: - Equality

  @Test func whitespaceMemberOrderAndNumberSpellingDoNotCount() throws {
    let diff = try makeDiff(
      #"{"a": 1.0, "b": [1e2, "\u00e9", "caf\u00e9 au lait, with a long tail"], "c": {"x": -0, "y": null}}"#,
      #"{"c":{"y":null,"x":0},"b":[100,"é","café au lait, with a long tail"],"a":1}"#)
    #expect(diff.isEmpty)
    #expect(diff.countsDescription == "no differences")
  }

  @Test func aChangedScalarIsOneChangeWithBothValuesAsWritten() throws {
    let diff = try makeDiff(#"{"a": {"b": 1.50}}"#, #"{"a": {"b": 2.5e0}}"#)
    #expect(diff.changes.count == 1)
    #expect(diff.summaryLines().map(\.text) == [".a.b: 1.50 → 2.5e0"])
  }

  @Test func objectsCompareByKey() throws {
    let diff = try makeDiff(#"{"a": 1, "b": 2}"#, #"{"b": 2, "c": 3}"#)
    #expect(diff.summaryLines().map { $0.marker + " " + $0.text } == ["- .a: 1", "+ .c: 3"])
  }

  @Test func rootsOfDifferentKindsAreReplaced() throws {
    let diff = try makeDiff("[1]", #"{"a": 1}"#)
    #expect(diff.changes.map(\.kind) == [.changed])
    #expect(
      String(decoding: diff.jsonPatch(), as: UTF8.self)
        == "[\n  {\"op\":\"replace\",\"path\":\"\",\"value\":{\"a\":1}}\n]\n")
  }

  // MARK: - Alignment

  @Test func recordsWithAnIDAlignByIt() throws {
    let diff = try makeDiff(
      #"[{"id": 1, "v": 1}, {"id": 2, "v": 2}, {"id": 3, "v": 3}]"#,
      #"[{"id": 2, "v": 2}, {"id": 3, "v": 3}, {"id": 1, "v": 9}]"#)
    #expect(diff.alignments.map(\.alignment) == [.identityKey("id")])
    #expect(diff.summaryLines().map(\.text) == [".[0] → .[2] (and changed:)", ".[2].v: 1 → 9"])
    #expect(diff.changes.first?.hasInnerChanges == true)
  }

  @Test func aUniqueFieldServesAsTheKeyWhenThereIsNoIDNameOrKey() throws {
    let diff = try makeDiff(
      #"[{"sku": "a", "n": 1}, {"sku": "b", "n": 1}, {"sku": "c", "n": 1}]"#,
      #"[{"sku": "c", "n": 1}, {"sku": "a", "n": 2}, {"sku": "b", "n": 1}]"#)
    #expect(diff.alignments.map(\.alignment) == [.identityKey("sku")])
    #expect(diff.counts.moved == 1 && diff.counts.changed == 1)
  }

  @Test func aNameThatRepeatsIsNoIdentity() throws {
    let diff = try makeDiff(#"[{"name": "a", "v": 1}, {"name": "a", "v": 2}]"#, #"[{"name": "a", "v": 1}]"#)
    #expect(diff.alignments.map(\.alignment) == [.longestCommonSubsequence])
    #expect(diff.summaryLines().map(\.text) == [#".[1]: {"name":"a","v":2}"#])
  }

  @Test func scalarsAlignByTheirLongestCommonSubsequence() throws {
    let diff = try makeDiff("[1, 2, 3, 4, 5]", "[1, 3, 4, 5, 6]")
    #expect(diff.alignments.map(\.alignment) == [.longestCommonSubsequence])
    #expect(diff.summaryLines().map { $0.marker + " " + $0.text } == ["- .[1]: 2", "+ .[4]: 6"])
  }

  @Test func whatIsLeftBetweenKeptElementsPairsByPosition() throws {
    let diff = try makeDiff(#"[1, {"a": 1, "b": 2}, 3]"#, #"[1, {"a": 1, "b": 5}, 3]"#)
    #expect(diff.summaryLines().map(\.text) == [".[1].b: 2 → 5"])
  }

  @Test func overTheBudgetAnArrayAlignsByPositionAndSaysSo() throws {
    var options = JSONDiffOptions()
    options.alignmentBudget = 3
    // Past the common head and tail, the 1s make 9 pairs of equal elements to examine.
    let diff = try makeDiff("[5, 1, 1, 1, 6]", "[7, 1, 1, 1, 8]", options: options)
    #expect(diff.alignments.map(\.alignment) == [.positional])
    #expect(diff.alignments.first?.exceededBudget == true)
    #expect(diff.alignmentNotes.count == 1)
    #expect(diff.summaryLines().map(\.text) == [".[0]: 5 → 7", ".[4]: 6 → 8"])
    // Within the budget the same arrays align by LCS.
    let within = try makeDiff("[5, 1, 1, 1, 6]", "[7, 1, 1, 1, 8]")
    #expect(within.alignments.map(\.alignment) == [.longestCommonSubsequence])
    #expect(within.alignments.first?.exceededBudget == false)
  }

  @Test(arguments: 0..<200)
  func huntSzymanskiFindsALongestCommonSubsequence(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed))
    let a = (0..<random.next(below: 30)).map { _ in UInt64(random.next(below: 5)) }
    let b = (0..<random.next(below: 30)).map { _ in UInt64(random.next(below: 5)) }
    guard let common = ArrayAligner.longestCommonSubsequence(a, b, budget: .max) else {
      Issue.record("no LCS within an endless budget")
      return
    }
    #expect(common.count == Self.lcsLength(a, b))
    for (index, pair) in common.enumerated() {
      #expect(a[pair.old] == b[pair.new])
      if index > 0 { #expect(pair.old > common[index - 1].old && pair.new > common[index - 1].new) }
    }
  }

  // MARK: - Moves

  @Test func aSubtreeThatMovesIsOneMove() throws {
    let diff = try makeDiff(#"{"a": {"x": [1, 2]}, "b": []}"#, #"{"b": [{"x": [1, 2]}]}"#)
    #expect(diff.summaryLines().map(\.text) == [".a → .b[0]"])
    #expect(try patched("{\"a\": {\"x\": [1, 2]}, \"b\": []}", diff) == TestJSONValue(parsing: #"{"b":[{"x":[1,2]}]}"#))
  }

  @Test func subtreesThatDifferAreNotMoves() throws {
    let diff = try makeDiff(#"{"a": {"x": [1, 2]}, "b": []}"#, #"{"b": [{"x": [1, 3]}]}"#)
    #expect(diff.counts.moved == 0)
    #expect(diff.counts.removed == 1 && diff.counts.added == 1)
  }

  @Test func aScalarMovesOnlyWithinItsContainer() throws {
    let within = try makeDiff("[true, 1, 2]", "[1, 2, true]")
    #expect(within.summaryLines().map(\.text) == [".[0] → .[2]"])
    let across = try makeDiff(#"{"a": [true], "b": []}"#, #"{"a": [], "b": [true]}"#)
    #expect(across.counts.moved == 0)
  }

  @Test func aRenamedMemberIsAMove() throws {
    let diff = try makeDiff(#"{"old": {"deep": [1]}}"#, #"{"new": {"deep": [1]}}"#)
    #expect(String(decoding: diff.jsonPatch(), as: UTF8.self).contains(#"{"op":"move","from":"/old","path":"/new"}"#))
  }

  // MARK: - Patches

  @Test func pointersEscapeTildeAndSlash() throws {
    let diff = try makeDiff(#"{"a/b": {"c~d": 1}}"#, #"{"a/b": {"c~d": 2}}"#)
    #expect(String(decoding: diff.jsonPatch(), as: UTF8.self).contains(#""path":"/a~1b/c~0d""#))
  }

  @Test func positionsAreTheOnesAtTheTimeOfEachOperation() throws {
    let old = #"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}, {"id": 5}]"#
    let new = #"[{"id": 5}, {"id": 6}, {"id": 2}, {"id": 4, "x": 1}, {"id": 1}]"#
    let diff = try makeDiff(old, new)
    #expect(try patched(old, diff) == TestJSONValue(parsing: new))
  }

  @Test func theMergePatchRemovesWithNullAndReplacesArraysWhole() throws {
    let diff = try makeDiff(#"{"a": 1, "b": {"c": [1, 2], "d": 1}}"#, #"{"b": {"c": [1, 3], "d": 1}, "e": "x"}"#)
    #expect(String(decoding: try diff.mergePatch(), as: UTF8.self) == #"{"a":null,"b":{"c":[1,3]},"e":"x"}"# + "\n")
  }

  @Test func aMemberSetToNullHasNoMergePatch() throws {
    let diff = try makeDiff(#"{"a": {"b": 1}}"#, #"{"a": {"b": null}}"#)
    #expect(throws: JSONDiff.MergePatchError.self) { try diff.mergePatch() }
    let inArray = try makeDiff(#"{"a": [1]}"#, #"{"a": [null]}"#)
    #expect(String(decoding: try inArray.mergePatch(), as: UTF8.self) == #"{"a":[null]}"# + "\n")
  }

  @Test func aDeepChainComparesWithoutRecursion() throws {
    let depth = 20_000
    let old = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let new = String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth)
    let diff = try makeDiff(old, new)
    #expect(diff.changes.count == 1)
    #expect(diff.changes.first?.path.components.count == depth)
    #expect(String(decoding: diff.jsonPatch(), as: UTF8.self).hasSuffix("/0\",\"value\":2}\n]\n"))
  }

  @Test func jsonLinesCompareRecordByRecord() throws {
    let diff = try makeDiff("{\"id\":1}\n{\"id\":2}\n", "{\"id\":1}\n{\"id\":3}\n")
    #expect(diff.summaryLines().map { $0.marker + " " + $0.text } == [#"- .[1]: {"id":2}"#, #"+ .[1]: {"id":3}"#])
  }

  // MARK: - Fixtures

  func makeDiff(_ old: String, _ new: String, options: JSONDiffOptions = JSONDiffOptions()) throws -> JSONDiff {
    JSONDiff(old: try JSONDocument(parsing: old), new: try JSONDocument(parsing: new), options: options)
  }

  func patched(_ old: String, _ diff: JSONDiff) throws -> TestJSONValue {
    try TestJSONValue(parsing: old).applyingPatch(String(decoding: diff.jsonPatch(), as: UTF8.self))
  }

  /// The LCS length by dynamic programming, for checking Hunt–Szymanski.
  static func lcsLength(_ a: [UInt64], _ b: [UInt64]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  @Test func anArrayCanBeAlignedAsAsked() throws {
    let old = try JSONDocument(parsing: #"{"list": [{"id": 1}, {"id": 2}, {"id": 3}], "other": [3, 1, 2]}"#)
    let new = try JSONDocument(parsing: #"{"list": [{"id": 3}, {"id": 1}, {"id": 2}], "other": [1, 2, 3]}"#)
    let automatic = JSONDiff(old: old, new: new)
    #expect(automatic.changes.map(\.kind) == [.moved, .moved])
    var options = JSONDiffOptions()
    options.alignmentChoices[try JSONPath(parsing: ".list")] = .positional
    let positional = JSONDiff(old: old, new: new, options: options)
    #expect(positional.changes.filter { $0.path.jq.hasPrefix(".list") }.map(\.kind) == [.changed, .changed, .changed])
    #expect(positional.alignments.first?.alignment == .positional)
    #expect(positional.changes.filter { $0.path.jq.hasPrefix(".other") }.map(\.kind) == [.moved], "others as before")
    options.alignmentChoices[try JSONPath(parsing: ".list")] = .identityKey("nosuch")
    #expect(
      JSONDiff(old: old, new: new, options: options).changes.map(\.kind) == [.moved, .moved],
      "a key not there: as usual")
  }
}
