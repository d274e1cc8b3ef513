import Foundation
import TestSupport

@testable import TGridJSON

/// A JSON value as plain Swift data, for checking diffs: objects are dictionaries (member
/// order does not count), numbers compare by value. Written independently of the engine's
/// diff so that the property tests can fail.
indirect enum TestJSONValue: Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([TestJSONValue])
  case object([String: TestJSONValue])

  /// The value of a node of a parsed document.
  init(_ document: JSONDocument, _ node: JSONNode) {
    switch document.kind(of: node) {
    case .null: self = .null
    case .true: self = .bool(true)
    case .false: self = .bool(false)
    case .number: self = .number(document.double(of: node) ?? .nan)
    case .string: self = .string(document.string(of: node) ?? "")
    case .array: self = .array(document.children(of: node).map { TestJSONValue(document, $0) })
    case .object:
      var members: [String: TestJSONValue] = [:]
      for child in document.children(of: node) {
        members[document.key(of: child) ?? ""] = TestJSONValue(document, child)
      }
      self = .object(members)
    }
  }

  /// Parses JSON text with the engine.
  init(parsing text: String) throws {
    let document = try JSONDocument(parsing: text)
    self.init(document, document.root)
  }

  /// JSON text, with member order and whitespace chosen by `random` when given.
  func text(random: inout SeededRandom?) -> String {
    func space() -> String {
      guard random != nil else { return "" }
      return ["", " ", "\n  ", ""][random!.next(below: 4)]
    }
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value):
      if value == value.rounded() && abs(value) < 1e15 {
        let integer = Int(value)
        if random != nil && random!.next(below: 4) == 0 { return "\(integer).0" }
        return "\(integer)"
      }
      return "\(value)"
    case .string(let value): return JSONStringEncoder.quoted(value)
    case .array(let elements):
      return "[" + elements.map { space() + $0.text(random: &random) }.joined(separator: ",") + space() + "]"
    case .object(let members):
      var keys = members.keys.sorted()
      if random != nil { keys.shuffle(using: &random!) }
      return "{"
        + keys.map { space() + JSONStringEncoder.quoted($0) + ":" + space() + members[$0]!.text(random: &random) }
        .joined(separator: ",") + "}"
    }
  }

  var description: String {
    var none: SeededRandom? = nil
    return text(random: &none)
  }

  // MARK: - RFC 6902

  struct PatchError: Error, CustomStringConvertible {
    var description: String
  }

  /// Applies an RFC 6902 JSON Patch (add, remove, replace, move), operation by operation.
  func applyingPatch(_ patchText: String) throws -> TestJSONValue {
    guard case .array(let operations) = try TestJSONValue(parsing: patchText) else {
      throw PatchError(description: "the patch is not an array")
    }
    var result = self
    for operation in operations {
      guard case .object(let fields) = operation, case .string(let op)? = fields["op"],
        case .string(let path)? = fields["path"]
      else { throw PatchError(description: "bad operation \(operation)") }
      let pointer = try TestJSONValue.steps(path)
      switch op {
      case "add":
        guard let value = fields["value"] else { throw PatchError(description: "add without value") }
        try result.add(value, at: pointer[...])
      case "remove":
        _ = try result.remove(at: pointer[...])
      case "replace":
        guard let value = fields["value"] else { throw PatchError(description: "replace without value") }
        _ = try result.remove(at: pointer[...])
        try result.add(value, at: pointer[...])
      case "move":
        guard case .string(let from)? = fields["from"] else { throw PatchError(description: "move without from") }
        let fromSteps = try TestJSONValue.steps(from)
        if fromSteps.count < pointer.count && Array(pointer.prefix(fromSteps.count)) == fromSteps {
          throw PatchError(description: "move from \(from) into its own child \(path)")
        }
        let value = try result.remove(at: fromSteps[...])
        try result.add(value, at: pointer[...])
      default:
        throw PatchError(description: "unexpected op \(op)")
      }
    }
    return result
  }

  /// The unescaped steps of a JSON Pointer.
  static func steps(_ pointer: String) throws -> [String] {
    guard !pointer.isEmpty else { return [] }
    guard pointer.hasPrefix("/") else { throw PatchError(description: "pointer \(pointer) does not start with /") }
    return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
  }

  mutating func add(_ value: TestJSONValue, at steps: ArraySlice<String>) throws {
    guard let step = steps.first else {
      self = value
      return
    }
    let rest = steps.dropFirst()
    switch self {
    case .object(var members):
      if rest.isEmpty {
        members[step] = value
      } else {
        guard var child = members[step] else { throw PatchError(description: "no member \(step)") }
        try child.add(value, at: rest)
        members[step] = child
      }
      self = .object(members)
    case .array(var elements):
      if rest.isEmpty {
        let index = step == "-" ? elements.count : Int(step) ?? -1
        guard index >= 0 && index <= elements.count else {
          throw PatchError(description: "add at \(step) of \(elements.count)")
        }
        elements.insert(value, at: index)
      } else {
        guard let index = Int(step), index >= 0 && index < elements.count else {
          throw PatchError(description: "no element \(step) of \(elements.count)")
        }
        try elements[index].add(value, at: rest)
      }
      self = .array(elements)
    default:
      throw PatchError(description: "add into a scalar at \(step)")
    }
  }

  mutating func remove(at steps: ArraySlice<String>) throws -> TestJSONValue {
    guard let step = steps.first else { throw PatchError(description: "remove the root") }
    let rest = steps.dropFirst()
    switch self {
    case .object(var members):
      guard var child = members[step] else { throw PatchError(description: "no member \(step) to remove") }
      if rest.isEmpty {
        members[step] = nil
        self = .object(members)
        return child
      }
      let removed = try child.remove(at: rest)
      members[step] = child
      self = .object(members)
      return removed
    case .array(var elements):
      guard let index = Int(step), index >= 0 && index < elements.count else {
        throw PatchError(description: "no element \(step) of \(elements.count) to remove")
      }
      if rest.isEmpty {
        let removed = elements.remove(at: index)
        self = .array(elements)
        return removed
      }
      let removed = try elements[index].remove(at: rest)
      self = .array(elements)
      return removed
    default:
      throw PatchError(description: "remove from a scalar at \(step)")
    }
  }

  // MARK: - RFC 7386

  /// Applies an RFC 7386 merge patch.
  func applyingMergePatch(_ patch: TestJSONValue) -> TestJSONValue {
    guard case .object(let patchMembers) = patch else { return patch }
    var members: [String: TestJSONValue] = [:]
    if case .object(let existing) = self { members = existing }
    for (key, value) in patchMembers {
      if value == .null {
        members[key] = nil
      } else {
        members[key] = (members[key] ?? .null).applyingMergePatch(value)
      }
    }
    return .object(members)
  }
}
