import TestSupport
import Testing

@testable import TGridJSON

/// Property tests of the diff on generated documents: random JSON, random edits (changes,
/// additions, removals, moves at every depth), written with random whitespace and member
/// order; the JSON Patch must turn A into B, the merge patch too where it can express the
/// change, B against itself is empty, and moves are paired when and only when subtrees are
/// identical.
@Suite struct JSONDiffPropertyTests {
  @Test(arguments: 0..<1500)
  func thePatchTurnsAIntoB(seed: Int) throws {
    var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 1)
    var generator = EditGenerator(random: random)
    let a = generator.container(depth: 0)
    var b = a
    for _ in 0..<(1 + generator.random.next(below: 6)) { generator.edit(&b) }
    random = generator.random
    var layout: SeededRandom? = random
    let oldText = a.text(random: &layout)
    let newText = b.text(random: &layout)
    let old = try JSONDocument(parsing: oldText)
    let new = try JSONDocument(parsing: newText)
    let diff = JSONDiff(old: old, new: new)
    let patch = String(decoding: diff.jsonPatch(), as: UTF8.self)
    let context = "seed \(seed)\nA: \(oldText)\nB: \(newText)\npatch: \(patch)"

    #expect(diff.isEmpty == (a == b), "\(context)")
    do {
      let patched = try TestJSONValue(old, old.root).applyingPatch(patch)
      #expect(patched == TestJSONValue(new, new.root), "\(context)")
    } catch {
      Issue.record("\(error)\n\(context)")
    }

    // B against itself, written another way, is empty.
    var otherLayout: SeededRandom? = SeededRandom(seed: UInt64(seed) &+ 99)
    let again = try JSONDocument(parsing: b.text(random: &otherLayout))
    #expect(JSONDiff(old: new, new: again).isEmpty, "\(context)")

    // The merge patch, where it can express the change.
    if let mergePatch = try? diff.mergePatch() {
      let patchValue = try TestJSONValue(parsing: String(decoding: mergePatch, as: UTF8.self))
      #expect(TestJSONValue(old, old.root).applyingMergePatch(patchValue) == b, "\(context)\nmerge: \(patchValue)")
    } else {
      #expect(Self.hasNullMember(b), "no merge patch, yet B has no member set to null\n\(context)")
    }

    // Moves: paired values are identical (unless aligned by key, with their own changes)…
    for change in diff.changes where change.kind == .moved && !change.hasInnerChanges {
      guard let oldNode = change.oldNode, let newNode = change.newNode else { continue }
      #expect(TestJSONValue(old, oldNode) == TestJSONValue(new, newNode), "\(context)")
    }
    // …and no removal is left unpaired with an identical addition it could move to.
    let record = diff.record
    for removal in record.removals where removal.moveTo < 0 {
      let value = TestJSONValue(old, removal.node)
      for addition in record.additions where addition.moveFrom < 0 {
        let movesAnywhere = old.childCount(of: removal.node) > 0
        guard movesAnywhere || addition.pair == removal.pair else { continue }
        #expect(value != TestJSONValue(new, addition.node), "unpaired move of \(value)\n\(context)")
      }
    }
  }

  /// Whether a member somewhere (reached through objects) is null: what a merge patch
  /// cannot set.
  static func hasNullMember(_ value: TestJSONValue) -> Bool {
    switch value {
    case .object(let members): members.values.contains { $0 == .null || hasNullMember($0) }
    case .array(let elements): elements.contains { hasNullMember($0) }
    default: false
    }
  }
}

/// Random documents and random edits of them.
struct EditGenerator {
  var random: SeededRandom

  static let keys = ["id", "name", "a", "b", "c", "a/b", "x~y", "value", "é", ""]
  static let strings = ["a", "b", "c", "x/y", "t~n", "é", "say \"hi\"", ""]

  mutating func scalar() -> TestJSONValue {
    switch random.next(below: 6) {
    case 0: return .null
    case 1: return .bool(random.next(below: 2) == 0)
    case 2, 3: return .number(Double(random.next(below: 20) - 5) / (random.next(below: 3) == 0 ? 4 : 1))
    default: return .string(Self.strings[random.next(below: Self.strings.count)])
    }
  }

  mutating func value(depth: Int) -> TestJSONValue {
    depth >= 4 || random.next(below: 3) == 0 ? scalar() : container(depth: depth)
  }

  mutating func container(depth: Int) -> TestJSONValue {
    switch random.next(below: 3) {
    case 0:
      return .array((0..<random.next(below: 6)).map { _ in value(depth: depth + 1) })
    case 1:
      // Records with an id, so that alignment by key is exercised.
      var ids = Array(0..<10)
      ids.shuffle(using: &random)
      return .array(
        ids.prefix(random.next(below: 6)).map { id in
          var members: [String: TestJSONValue] = ["id": .number(Double(id))]
          for _ in 0..<random.next(below: 3) {
            members[Self.keys[2 + random.next(below: 5)]] = value(depth: depth + 2)
          }
          return .object(members)
        })
    default:
      var members: [String: TestJSONValue] = [:]
      for _ in 0..<random.next(below: 5) {
        members[Self.keys[random.next(below: Self.keys.count)]] = value(depth: depth + 1)
      }
      return .object(members)
    }
  }

  /// Every path in a value, with whether it leads to a container.
  static func paths(_ value: TestJSONValue, _ prefix: [String] = []) -> [(path: [String], isContainer: Bool)] {
    switch value {
    case .array(let elements):
      return [(prefix, true)] + elements.indices.flatMap { paths(elements[$0], prefix + [String($0)]) }
    case .object(let members):
      return [(prefix, true)] + members.keys.sorted().flatMap { paths(members[$0]!, prefix + [$0]) }
    default:
      return [(prefix, false)]
    }
  }

  /// A new place in a container: a free key, or a position up to the end.
  mutating func freeStep(in container: TestJSONValue) -> String? {
    switch container {
    case .array(let elements): return String(random.next(below: elements.count + 1))
    case .object(let members):
      let free = Self.keys.filter { members[$0] == nil }
      return free.isEmpty ? nil : free[random.next(below: free.count)]
    default: return nil
    }
  }

  /// One random edit: change a value, add one, remove one, or move one elsewhere.
  mutating func edit(_ value: inout TestJSONValue) {
    let all = Self.paths(value)
    let inner = all.filter { !$0.path.isEmpty }
    let containers = all.filter(\.isContainer).map(\.path)
    switch random.next(below: 4) {
    case 0 where !inner.isEmpty:
      let target = inner[random.next(below: inner.count)].path
      _ = try? value.remove(at: target[...])
      try? value.add(random.next(below: 3) == 0 ? self.value(depth: 3) : scalar(), at: target[...])
    case 1 where !containers.isEmpty:
      let parent = containers[random.next(below: containers.count)]
      guard let container = Self.node(value, parent), let step = freeStep(in: container) else { return }
      // Sometimes a copy of an existing subtree, so that equal values appear twice.
      let copy = inner.isEmpty ? nil : Self.node(value, inner[random.next(below: inner.count)].path)
      let added = random.next(below: 3) == 0 ? copy ?? self.value(depth: 2) : self.value(depth: 2)
      try? value.add(added, at: (parent + [step])[...])
    case 2 where !inner.isEmpty:
      let target = inner[random.next(below: inner.count)].path
      _ = try? value.remove(at: target[...])
    case 3 where !inner.isEmpty:
      let source = inner[random.next(below: inner.count)].path
      guard let moved = try? value.remove(at: source[...]) else { return }
      let targets = Self.paths(value).filter(\.isContainer).map(\.path)
      let parent = targets[random.next(below: targets.count)]
      guard let container = Self.node(value, parent), let step = freeStep(in: container) else {
        try? value.add(moved, at: source[...])
        return
      }
      try? value.add(moved, at: (parent + [step])[...])
    default:
      break
    }
  }

  static func node(_ value: TestJSONValue, _ path: [String]) -> TestJSONValue? {
    var current = value
    for step in path {
      switch current {
      case .array(let elements):
        guard let index = Int(step), elements.indices.contains(index) else { return nil }
        current = elements[index]
      case .object(let members):
        guard let next = members[step] else { return nil }
        current = next
      default:
        return nil
      }
    }
    return current
  }
}
