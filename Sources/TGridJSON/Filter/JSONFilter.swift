/// A predicate over the elements of an array (or the records of JSON Lines), written in a
/// small subset of jq: what `jq '.[] | select(FILTER)'` keeps, a filter keeps.
///
/// ## The language
///
/// ```
/// filter     := pipe                          (or select(pipe), as jq users write it)
/// pipe       := alternative ('|' pipe)?       a | b: b applied to the value of a
/// alternative:= or ('//' alternative)?        a // b: a unless false, null or nothing
/// or         := and ('or' and)*
/// and        := comparison ('and' comparison)*
/// comparison := sum (op sum)?                 op: == != < <= > >=   (not chained)
/// sum        := product (('+' | '-') product)*
/// product    := term (('*' | '/' | '%') term)*
/// term       := path | literal | '(' pipe ')' ('.'-steps)? | function
/// path       := '.' | '.name' | '."key"' | '.["key"]' | '.[3]' | '.[-1]', chained: .a.b[0]
/// literal    := number | "string" | true | false | null | [constants] | {key: constant}
/// function   := not | length | type | contains(pipe) | startswith(pipe) | endswith(pipe)
///               | test("regex") | test("regex"; "flags") | has(pipe) | tonumber | tostring
///               | ascii_downcase | ascii_upcase | select(pipe) | empty
/// ```
///
/// Examples: `.age > 30`, `.address.city == "Paris" and .active`, `.tags | contains(["x"])`,
/// `.name | test("^A"; "i")`, `has("email") | not`, `.note | type == "string"`,
/// `(.tags | length) >= 2`. `#` starts a comment, as in jq.
///
/// ## jq's rules
///
/// - A missing key, or any step on `null`, gives `null`; a key of a number, string, array
///   or boolean (or a position of something not an array) is an error. With duplicate keys
///   a key leads to the last member (jq keeps only that one).
/// - Values are ordered by kind first: `null < false < true < numbers < strings < arrays <
///   objects`; numbers by value (as 64-bit floating point, as jq does: integers beyond 2^53
///   may compare equal); strings by code point; arrays element by element, a prefix first;
///   objects by their sorted key lists, then by the values of those keys. `==` is that order's
///   equality: `1 == 1.0`, `{"a":1,"b":2} == {"b":2,"a":1}`, `"1" != 1`.
/// - One departure: `<`, `<=`, `>`, `>=` between a string and a number is an error (with the
///   column of the operator and both sides named), not jq's silent answer (every string is
///   above every number, so `.year > 2000` on years written as strings would keep them all);
///   `(.year | tonumber) > 2000` converts. Inside arrays and objects jq's order holds.
/// - Arithmetic is jq's on numbers (`%` truncates both sides to integers; the sign follows
///   the dividend; dividing by zero is an error); `+` also joins two strings, and `null` is
///   its identity (`.missing + 1 == 1`). `+` `-` `*` `/` on arrays and objects (jq's
///   concatenation, difference and merge) are errors here, said as such.
/// - `a // b` is `a` unless it is `false`, `null` or nothing, then `b`; `select(f)` is its
///   input when `f` holds, else nothing (`empty` is nothing): an element for which the filter
///   gives nothing is not kept. An error on the left of `//` still stops, as in jq.
/// - `and`, `or`, `not` and the result of the filter use truthiness: only `false` and `null`
///   are false.
/// - `contains`: substring for strings; for arrays, every element of the argument is
///   contained in some element; for objects, every key of the argument is there with a value
///   that contains the argument's; equality for the rest. Different kinds at the top are an
///   error, below it simply not contained. `startswith`/`endswith` need two strings; `test`
///   takes a regular expression in the common Perl/PCRE syntax (jq uses Oniguruma; the
///   common syntax is the same; see ``JSONSearch`` for what is refused), matched in linear
///   time, and the flags `i`, `x`, `s`; `has` takes a key of an object or a position of an
///   array; `length` counts code points, elements or keys, and is the absolute value of a
///   number; `type` names the kind (`"boolean"` for both booleans).
/// - An error on one element (jq would stop) makes that element not match; the result counts
///   such elements and keeps the first message, with the column of the part that failed.
///
/// Not supported (each reported at its column): iteration `.[]`, `..`, `?`, variables,
/// assignment, string interpolation, arithmetic, and every other jq function.
///
/// ## Speed
///
/// Evaluation reads the document in place: fields are found by comparing key bytes,
/// numbers parsed from their text, strings compared as bytes, so a predicate on one field of
/// a 100 MB records file takes a few tens of milliseconds.
public struct JSONFilter: Sendable, Hashable, CustomStringConvertible {
  let expression: FilterExpression
  /// The filter's array and object literals, as the children of one array.
  let constants: JSONDocument?

  /// Parses a filter.
  ///
  /// - Throws: ``JSONFilterError`` with the column and what was expected there.
  public init(_ text: String) throws(JSONFilterError) {
    var parser = FilterParser(text)
    expression = try parser.parse()
    if parser.containers.isEmpty {
      constants = nil
    } else {
      let list = "[" + parser.containers.joined(separator: ",") + "]"
      do {
        constants = try JSONDocument(parsing: list, options: JSONParseOptions(mode: .json))
      } catch {
        throw JSONFilterError(position: 0, message: "invalid constant: \(error.message)")
      }
    }
  }

  /// The filter as jq text, normalised: reads back to the same filter.
  public var description: String { expression.text }

  /// Compares filters by their syntax tree.
  public static func == (lhs: JSONFilter, rhs: JSONFilter) -> Bool { lhs.expression == rhs.expression }

  /// Hashes the syntax tree.
  public func hash(into hasher: inout Hasher) { hasher.combine(expression) }

  /// Whether the filter keeps `node`: its value on `node` is neither `false` nor `null`.
  ///
  /// - Throws: ``JSONFilterEvaluationError`` where jq would stop with an error.
  public func evaluate(_ node: JSONNode, in document: JSONDocument) throws(JSONFilterEvaluationError) -> Bool {
    var evaluator = FilterEvaluator(document: document, constants: constants)
    do throws(FilterFailure) {
      return evaluator.isTruthy(try evaluator.evaluate(expression, on: .node(node, isConstant: false)))
    } catch {
      if error.isEmpty { return false }
      throw JSONFilterEvaluationError(element: node, message: error.message, position: error.position)
    }
  }

  /// Whether the filter keeps `node` (an evaluation error counts as no).
  public func matches(_ node: JSONNode, in document: JSONDocument) -> Bool {
    (try? evaluate(node, in: document)) ?? false
  }

  /// The children of `container` at `positions` that the filter keeps, added to `result`:
  /// a container too large to filter at once is filtered a slice of positions at a time,
  /// and once every position has been given, in order, `result` is what
  /// ``filter(elementsOf:in:cancellation:)`` returns.
  public func filter(
    elementsOf container: JSONNode, at positions: Range<Int>, in document: JSONDocument,
    into result: inout JSONFilterResult
  ) {
    // Without a cancellation nothing stops the evaluation, so it never throws.
    try? filter(elementsOf: container, at: positions, in: document, into: &result, cancellation: nil)
  }

  /// ``filter(elementsOf:at:in:into:)`` that stops when `cancellation` is cancelled, even
  /// in the middle of a long regular-expression match.
  ///
  /// - Throws: `CancellationError` once `cancellation` is cancelled (checked every 1,024
  ///   elements, and while a regular expression runs). `result` then holds the elements
  ///   evaluated before the one that was stopped (its `elementCount` grew by their number),
  ///   so a later call can go on from there.
  ///
  /// A range of at least ``elementsPerThread`` × 2 positions is filtered on two cores:
  /// its later half on a worker thread (see `JSONFilter+Halves.swift`).
  public func filter(
    elementsOf container: JSONNode, at positions: Range<Int>, in document: JSONDocument,
    into result: inout JSONFilterResult, cancellation: JSONCancellation?
  ) throws(CancellationError) {
    try filterInHalves(elementsOf: container, at: positions, in: document, into: &result, cancellation: cancellation)
  }

  /// Filters the children at `positions` in order on the calling thread.
  func filterInOrder(
    elementsOf container: JSONNode, at positions: Range<Int>, in document: JSONDocument,
    into result: inout JSONFilterResult, cancellation: JSONCancellation?
  ) throws(CancellationError) {
    var evaluator = FilterEvaluator(document: document, constants: constants, cancellation: cancellation)
    var done = 0
    for element in document.children(of: container, from: positions.lowerBound).prefix(positions.count) {
      done += 1
      if done % 1024 == 0, cancellation?.isCancelled == true { throw CancellationError() }
      try take(element, with: &evaluator, into: &result)
    }
  }

  /// Evaluates one element and notes the outcome in `result` (nothing when the evaluation
  /// is cancelled).
  private func take(_ element: JSONNode, with evaluator: inout FilterEvaluator, into result: inout JSONFilterResult)
    throws(CancellationError)
  {
    do throws(FilterFailure) {
      let isKept = evaluator.isTruthy(try evaluator.evaluate(expression, on: .node(element, isConstant: false)))
      result.elementCount += 1
      if isKept { result.matches.append(element) }
    } catch {
      if error.isCancellation { throw CancellationError() }
      result.elementCount += 1
      // No value (`select` of a false condition, `empty`) keeps nothing, as in jq.
      if error.isEmpty { return }
      result.errorCount += 1
      if result.firstError == nil {
        result.firstError = JSONFilterEvaluationError(
          element: element, message: error.message, position: error.position)
      }
    }
  }

  /// The children of `container` (an array's elements, an object's member values, the
  /// records of JSON Lines) that the filter keeps.
  ///
  /// - Throws: `CancellationError` once `cancellation` is cancelled (checked every 1,024
  ///   elements, and while a regular expression runs: a long match stops too).
  ///
  /// A container of at least ``elementsPerThread`` × 2 children is filtered on two cores.
  public func filter(elementsOf container: JSONNode, in document: JSONDocument, cancellation: JSONCancellation? = nil)
    throws(CancellationError) -> JSONFilterResult
  {
    var result = JSONFilterResult(matches: [], elementCount: 0, errorCount: 0, firstError: nil)
    try filterInHalves(
      elementsOf: container, at: 0..<document.childCount(of: container), in: document, into: &result,
      cancellation: cancellation)
    return result
  }
}
