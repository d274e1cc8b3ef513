import Foundation
import TestSupport
import Testing

@testable import TGridJSON

@Suite struct FilterTests {
  // MARK: - Paths

  @Test func pathsReachFieldsAndElements() throws {
    let document = try FilterFixtures.records()
    #expect(try kept(".name == \"Ana\"", document) == [0])
    #expect(try kept(".address.city == \"Paris\"", document) == [0, 2])
    #expect(try kept(#".["address"]["city"] == "Kraków""#, document) == [1])
    #expect(try kept(#"."odd key" == 1"#, document) == [3])
    #expect(try kept(".tags[0] == \"x\"", document) == [0, 2])
    #expect(try kept(".tags[-1] == \"y\"", document) == [0, 1])
    #expect(try kept(".geo[1] > 10", document) == [1])
    // A missing key, and anything below it, is null.
    #expect(try kept(".missing == null", document) == [0, 1, 2, 3])
    #expect(try kept(".missing.deeper[3] == null", document) == [0, 1, 2, 3])
    #expect(try kept(".", document) == [0, 1, 2, 3])
  }

  @Test func aKeyOfADuplicatedMemberIsTheLastOne() throws {
    let document = try JSONDocument(parsing: #"[{"a": 1, "a": 2}, {"a": 2, "a": 1}]"#)
    #expect(try kept(".a == 2", document) == [0])
    #expect(try kept("length == 1", document) == [0, 1])
    #expect(try kept(#". == {"a": 2}"#, document) == [0])
  }

  @Test func indexingTheWrongKindIsAnErrorThatDoesNotMatch() throws {
    let document = try JSONDocument(parsing: #"[{"a": 5}, {"a": "text"}, {"a": [1]}, {"a": null}]"#)
    let result = try JSONFilter(".a.b == null").filter(elementsOf: document.root, in: document)
    #expect(result.matches.map { document.position(of: $0) } == [3])
    #expect(result.errorCount == 3)
    #expect(result.elementCount == 4)
    #expect(result.firstError?.message == #"cannot index a number (5) with "b""#)
    #expect(result.firstError?.element == document[document.root, 0])
    #expect(throws: JSONFilterEvaluationError.self) {
      try JSONFilter(".a[0]").evaluate(try #require(document[document.root, 1]), in: document)
    }
    #expect(try JSONFilter(".a[0] == 1").evaluate(try #require(document[document.root, 2]), in: document))
  }

  // MARK: - Comparisons

  @Test func everyComparisonOperatorOnNumbers() throws {
    let document = try JSONDocument(parsing: "[1, 2, 3, 2.0, 20e-1, -1]")
    #expect(try kept(". == 2", document) == [1, 3, 4])
    #expect(try kept(". != 2", document) == [0, 2, 5])
    #expect(try kept(". < 2", document) == [0, 5])
    #expect(try kept(". <= 2", document) == [0, 1, 3, 4, 5])
    #expect(try kept(". > 2", document) == [2])
    #expect(try kept(". >= 2", document) == [1, 2, 3, 4])
    #expect(try kept(". > -1.5", document) == [0, 1, 2, 3, 4, 5])
    #expect(try kept(". < .5", document) == [5])
  }

  @Test func mixedKindsFollowJqOrder() throws {
    // null < false < true < numbers < strings < arrays < objects
    let document = try JSONDocument(parsing: #"[null, false, true, -5, 1e9, "", "a", [], [0], {}, {"a": 1}]"#)
    let values = [#"null"#, "false", "true", "-5", "1e9", #""""#, #""a""#, "[]", "[0]", "{}", #"{"a": 1}"#]
    // Ordering a string against a number is an error (3, 4 are numbers; 5, 6 strings).
    func mixed(_ a: Int, _ b: Int) -> Bool {
      (3...4).contains(a) && (5...6).contains(b) || (5...6).contains(a) && (3...4).contains(b)
    }
    for (position, literal) in values.enumerated() {
      let less = (0..<position).filter { !mixed($0, position) }
      let greater = ((position + 1)..<values.count).filter { !mixed($0, position) }
      #expect(try kept(". < \(literal)", document) == less, "< \(literal)")
      #expect(try kept(". == \(literal)", document) == [position], "== \(literal)")
      #expect(try kept(". > \(literal)", document) == greater, "> \(literal)")
    }
    // Inside arrays jq's order still holds: [1] < ["a"].
    #expect(try kept(#". < ["a"]"#, document) == [0, 1, 2, 3, 4, 5, 6, 7, 8])
  }

  @Test func orderingAStringAgainstANumberIsAnErrorWithItsColumn() throws {
    let document = try JSONDocument(parsing: #"[{"year": "1999"}, {"year": 2004}, {"year": null}, {}]"#)
    let result = try JSONFilter(".year > 2000").filter(elementsOf: document.root, in: document)
    #expect(result.matches.compactMap { document.position(of: $0) } == [1])
    #expect(result.errorCount == 1)
    let error = try #require(result.firstError)
    #expect(error.position == 6)
    #expect(
      error.description
        == #"column 7: .year is a string ("1999") and 2000 a number: '>' does not order a string and a number; convert it, as in (.year | tonumber) > 2000"#
    )
    let flipped = try JSONFilter(#"2000 <= .year"#).filter(elementsOf: document.root, in: document)
    #expect(
      flipped.firstError?.description
        == #"column 6: .year is a string ("1999") and 2000 a number: '<=' does not order a string and a number; convert it, as in 2000 <= (.year | tonumber)"#
    )
    // Equality keeps jq's answer (a string never equals a number); null and missing order below numbers.
    #expect(try kept(".year == 1999", document) == [])
    #expect(try kept(".year != 1999", document) == [0, 1, 2, 3])
    #expect(try kept(".year < 2000", document) == [2, 3])
    #expect(try kept("(.year | tonumber) > 2000", document) == [1])
    #expect(try kept(#".year >= "1" "#, document) == [0])
  }

  @Test func evaluationErrorsGiveTheColumnOfThePartThatFailed() throws {
    let document = try JSONDocument(parsing: #"[{"a": 5, "s": "x"}]"#)
    let cases: [(String, Int, String)] = [
      (".s == \"x\" and .a.b == 1", 14, #"cannot index a number (5) with "b""#),
      (
        #"(.s | test("x")) and (.a | startswith("y"))"#, 27,
        "startswith() requires string inputs, not a number (5) and a string (\"y\")"
      ),
      ("(.a | length) > 1 and (.s | tonumber) > 0", 28, #"a string ("x") cannot be parsed as a number"#),
    ]
    for (text, position, message) in cases {
      let result = try JSONFilter(text).filter(elementsOf: document.root, in: document)
      #expect(result.firstError?.position == position, "\(text)")
      #expect(result.firstError?.message == message, "\(text)")
    }
  }

  @Test func stringsCompareByCodePointAndContainersElementwise() throws {
    let document = try JSONDocument(parsing: #"["B", "a", "ab", "é", "\u00e9", "😀", "z"]"#)
    #expect(try kept(#". < "a""#, document) == [0])
    #expect(try kept(#". > "z""#, document) == [3, 4, 5])
    #expect(try kept(#". == "é""#, document) == [3, 4])
    let arrays = try JSONDocument(parsing: "[[1, 2], [1], [1, 3], [2], [], [1, 2, 0]]")
    #expect(try kept(". < [1, 2]", arrays) == [1, 4])
    #expect(try kept(". > [1, 2]", arrays) == [2, 3, 5])
    let objects = try JSONDocument(parsing: #"[{"a": 2}, {"b": 1}, {"a": 1, "b": 1}, {"b": 1, "a": 1}, {"a": 1}]"#)
    // Sorted key lists first (["a"] < ["a","b"] < ["b"]), then values.
    #expect(try kept(#". < {"a": 1, "b": 1}"#, objects) == [0, 4])
    #expect(try kept(#". == {b: 1, a: 1}"#, objects) == [2, 3])
    #expect(try kept(#". > {"a": 1, "b": 1}"#, objects) == [1])
  }

  @Test func comparingTooDeepValuesIsAnError() throws {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let document = try JSONDocument(parsing: "[" + deep + "," + deep + "]")
    let result = try JSONFilter(". == .").filter(elementsOf: document.root, in: document)
    #expect(result.errorCount == 2)
    #expect(result.firstError?.message.contains("nested more than 512") == true)
    let contained = try JSONFilter("contains(.)").filter(elementsOf: document.root, in: document)
    #expect(contained.errorCount == 2)
  }

  // MARK: - Logic

  @Test func andOrNotUseTruthiness() throws {
    let document = try JSONDocument(
      parsing: #"[{"a": true, "b": 0}, {"a": false, "b": null}, {"a": null, "b": ""}, {"b": []}]"#)
    #expect(try kept(".a and .b", document) == [0])
    #expect(try kept(".a or .b", document) == [0, 2, 3])
    #expect(try kept(".a | not", document) == [1, 2, 3])
    #expect(try kept("(.a or .b) | not", document) == [1])
    #expect(try kept(".b", document) == [0, 2, 3])
    // `and` binds tighter than `or`; comparisons tighter than both.
    #expect(try kept(".a == false or .b == 0 and .a", document) == [0, 1])
    #expect(try kept("(.a == false or .b == 0) and .a", document) == [0])
    // The right side is not evaluated when the left decides.
    #expect(try kept(".a or .a.x", document) == [0])
  }

  // MARK: - Functions

  @Test func containsFollowsJq() throws {
    let document = try FilterFixtures.records()
    #expect(try kept(#".name | contains("n")"#, document) == [0])
    #expect(try kept(#".tags | contains(["y"])"#, document) == [0, 1])
    #expect(try kept(#".tags | contains(["x", "y"])"#, document) == [0])
    #expect(try kept(#".tags | contains([])"#, document) == [0, 1, 2, 3])
    #expect(try kept(#"contains({address: {city: "Par"}})"#, document) == [0, 2])
    #expect(try kept(#".tags | contains(["x"]) | not"#, document) == [1, 3])
    // Different kinds at the top are an error.
    let result = try JSONFilter(#".name | contains(1)"#).filter(elementsOf: document.root, in: document)
    #expect(result.errorCount == 4)
    #expect(result.firstError?.message == #"a string ("Ana") and a number (1) cannot have their containment checked"#)
  }

  @Test func startsWithEndsWithAndTest() throws {
    let document = try FilterFixtures.records()
    #expect(try kept(#".name | startswith("A")"#, document) == [0])
    #expect(try kept(#".name | endswith("e")"#, document) == [2])
    #expect(try kept(#".name | test("^[ab]")"#, document) == [1])
    #expect(try kept(#".name | test("^[ab]"; "i")"#, document) == [0, 1])
    #expect(try kept(#".email | test("@example\\.com$")"#, document) == [0, 1])
    // A literal in the pattern rules strings out before the expression runs; flags apply to it.
    #expect(try kept(#".name | test("ARI"; "i")"#, document) == [2])
    #expect(try kept(#".name | test("ARI")"#, document) == [])
    #expect(try kept(#".name | test("a r i"; "ix")"#, document) == [2])
    let result = try JSONFilter(#".geo | startswith("1")"#).filter(elementsOf: document.root, in: document)
    #expect(
      result.firstError?.message == "startswith() requires string inputs, not an array ([1, 2]) and a string (\"1\")")
    let test = try JSONFilter(#".age | test("1")"#).filter(elementsOf: document.root, in: document)
    #expect(test.firstError?.message == "a number (31) cannot be matched, as it is not a string")
  }

  @Test func aCatastrophicPatternInTestKeepsNothingQuickly() throws {
    let records = (0..<20).map { _ in #"{"s": "\#(String(repeating: "a", count: 30))!"}"# } + [#"{"s": "aaa"}"#]
    let document = try JSONDocument(parsing: "[" + records.joined(separator: ",") + "]")
    #expect(try kept(#".s | test("(a+)+$")"#, document) == [20])
    #expect(try kept(#"select(.s | test("(a|aa)*b"))"#, document) == [])
    #expect(try kept(#".s | test("^(a+)+!$")"#, document) == Array(0..<20))
  }

  @Test func aCancelledFilterStopsInsideALongMatch() throws {
    let long = String(repeating: "a", count: 1 << 20) + "!"
    let document = try JSONDocument(parsing: #"[{"s": "\#(long)"}, {"s": "aa"}]"#)
    let filter = try JSONFilter(#".s | test("(a+)+$")"#)
    let cancelled = JSONCancellation()
    cancelled.cancel()
    // Two elements: the filter's own check (every 1,024 elements) never comes; the match stops.
    #expect(throws: CancellationError.self) {
      try filter.filter(elementsOf: document.root, in: document, cancellation: cancelled)
    }
    var result = JSONFilterResult()
    #expect(throws: CancellationError.self) {
      try filter.filter(elementsOf: document.root, at: 0..<2, in: document, into: &result, cancellation: cancelled)
    }
    #expect(result.elementCount == 0)
    let whole = try filter.filter(elementsOf: document.root, in: document)
    #expect(whole.matches.map { document.position(of: $0) } == [1])
    #expect(whole.errorCount == 0)
  }

  @Test func hasTypeAndLength() throws {
    let document = try FilterFixtures.records()
    #expect(try kept(#"has("email")"#, document) == [0, 1])
    #expect(try kept(#"has("email") | not"#, document) == [2, 3])
    #expect(try kept(".tags | has(1)", document) == [0])
    #expect(try kept(#".email | type == "string""#, document) == [0, 1])
    #expect(try kept(#".email | type == "null""#, document) == [2, 3])
    #expect(try kept(#".active | type == "boolean""#, document) == [0, 1, 2])
    #expect(try kept("(.tags | length) >= 2", document) == [0])
    #expect(try kept(".name | length == 4", document) == [1, 3])  // "Zoë" is 3 code points, "Marie" 5
    #expect(try kept("length == 7", document) == [0, 1])
    #expect(try kept(".age | length == 31", document) == [0])
    #expect(try kept(".missing | length == 0", document) == [0, 1, 2, 3])
    let result = try JSONFilter(".active | length").filter(elementsOf: document.root, in: document)
    #expect(result.firstError?.message == "a boolean (true) has no length")
    let has = try JSONFilter("has(0)").filter(elementsOf: document.root, in: document)
    #expect(
      has.firstError?.message
        == "cannot check whether an object ({\"name\": \"Ana\", \"age\": …) has a number (0) as a key")
  }

  @Test func tonumberTostringAndAsciiCaseFollowJq() throws {
    // Years as strings, as gapminder and many exports write them: compared as numbers only
    // through tonumber (a string is above every number in jq's order).
    let document = try JSONDocument(
      parsing: #"[{"year": "1999"}, {"year": "2004"}, {"year": 2010}, {"year": "n/a"}, {"year": "ABC"}, {"year": [1]}]"#
    )
    let ordered = try JSONFilter(".year > 2000").filter(elementsOf: document.root, in: document)
    #expect(ordered.matches.compactMap { document.position(of: $0) } == [2, 5], "an array is above every number")
    #expect(ordered.errorCount == 4, "strings are not ordered against numbers")
    let numeric = try JSONFilter(".year | tonumber > 2000").filter(elementsOf: document.root, in: document)
    #expect(numeric.matches.compactMap { document.position(of: $0) } == [1, 2])
    #expect(numeric.errorCount == 3, "n/a, ABC and [1] are no numbers")
    #expect(numeric.firstError?.message == #"a string ("n/a") cannot be parsed as a number"#)
    #expect(try kept(#".year | tostring | startswith("20")"#, document) == [1, 2])
    #expect(try kept(#".year | tostring == "[1]""#, document) == [5], "containers as compact JSON")
    #expect(try kept(#".year | ascii_downcase == "abc""#, document) == [4])
    #expect(try kept(#".year | ascii_upcase == "N/A""#, document) == [3])
    for (text, number) in [("12", 12.0), ("-3.5", -3.5), ("1e3", 1000), ("0.25E-1", 0.025)] {
      #expect(FilterEvaluator.jsonNumber(text) == number, "\(text)")
    }
    for text in ["", " 12", "12 ", "+1", "1.", ".5", "0x10", "nan", "1e", "--1", "1,0"] {
      #expect(FilterEvaluator.jsonNumber(text) == nil, "\(text)")
    }
  }

  @Test func arithmeticFollowsJq() throws {
    let document = try JSONDocument(
      parsing: #"[{"a": 7, "b": 2, "s": "ab"}, {"a": -7, "b": 0, "s": "c"}, {"a": 7.9, "b": 3}]"#)
    #expect(try kept(".a + .b == 9", document) == [0])
    #expect(try kept(".a - .b - 1 == 4", document) == [0], "left-associative")
    #expect(try kept(".a + .b * 2 == 11", document) == [0], "* binds tighter")
    #expect(try kept(".a % 2 == 1", document) == [0, 2], "7.9 truncates to 7")
    #expect(try kept(".a % 2 == -1", document) == [1], "the sign follows the dividend")
    #expect(try kept(".a / .b == 3.5", document) == [0])
    #expect(try kept(#".s + "x" == "abx""#, document) == [0])
    #expect(try kept(".missing + .a == 7", document) == [0], "null adds nothing")
    let result = try JSONFilter(".a / .b > 1").filter(elementsOf: document.root, in: document)
    #expect(result.errorCount == 1)
    #expect(result.firstError?.message.contains("divisor is zero") == true, "\(String(describing: result.firstError))")
    let mixed = try JSONFilter(".s + .a == 1").filter(elementsOf: document.root, in: document)
    #expect(mixed.firstError?.message.contains("cannot be added") == true, "\(String(describing: mixed.firstError))")
    #expect(mixed.firstError?.position == 3, "the column of the operator (from 0)")
    #expect(try JSONFilter(".a // .b").description == ".a // .b", "// stays the alternative")
  }

  @Test func pipesApplyTheRightSideToTheLeftValue() throws {
    let document = try FilterFixtures.records()
    #expect(try kept(".address | .city == \"Paris\"", document) == [0, 2])
    #expect(try kept("(.address | .city) == \"Paris\"", document) == [0, 2])
    #expect(try kept(#"(.address).city | startswith("K")"#, document) == [1])
    #expect(try kept(#"select(.age > 30)"#, document) == [0, 2])
    #expect(try kept("# people over 30\n.age > 30", document) == [0, 2])
  }

  @Test func alternativeSelectAndEmptyFollowJq() throws {
    let document = try FilterFixtures.records()
    // `//`: false, null and nothing are absent; it binds looser than `or`, tighter than `|`.
    #expect(try kept(#"(.email // "none") == "none""#, document) == [2, 3])
    #expect(try kept(".active // true", document) == [0, 1, 2, 3], "false is absent too: the default wins")
    #expect(try kept(".missing // .other // .age > 30", document) == [0, 2])
    #expect(try kept(".active or .missing // false", document) == [0, 2])
    #expect(try kept(#".email // "none" | endswith("example.com")"#, document) == [0, 1])
    #expect(try kept("(.tags | select(length > 1)) // false", document) == [0])
    #expect(try kept("empty // .active", document) == [0, 2])
    // An error on the left still stops, as in jq.
    let error = try JSONFilter(".age.x // true").filter(elementsOf: document.root, in: document)
    #expect(error.errorCount == 4)
    // select: its input when the condition holds, else nothing, which keeps nothing.
    #expect(try kept(".tags | select(length > 1) | length == 3", document) == [0])
    #expect(try kept("select(.age > 30) | .active", document) == [0, 2])
    #expect(try kept("select(.age > 30) and .active", document) == [0, 2])
    #expect(try kept("empty", document) == [])
    #expect(try kept("select(.age > 30) | not", document) == [])
    let none = try JSONFilter(".address | select(.city == \"Oslo\")").filter(elementsOf: document.root, in: document)
    #expect(none.matches.isEmpty && none.errorCount == 0 && none.elementCount == 4, "nothing is not an error")
    let node = try #require(document[document.root, 1])
    #expect(try JSONFilter("select(.age > 30) // false").evaluate(node, in: document) == false)
    #expect(try JSONFilter("empty").evaluate(node, in: document) == false)
  }

  @Test func notLengthAndTypeOfEveryKind() throws {
    let document = try JSONDocument(parsing: #"[null, false, true, 0, -2.5, "", "héllo", [], [1, 2], {}, {"a": 1}]"#)
    #expect(try kept("not", document) == [0, 1], "only false and null are false")
    #expect(try kept("(. | not) == false", document) == Array(2...10))
    #expect(try kept(#"type == "null""#, document) == [0])
    #expect(try kept(#"type == "boolean""#, document) == [1, 2])
    #expect(try kept(#"type == "number""#, document) == [3, 4])
    #expect(try kept(#"type == "string""#, document) == [5, 6])
    #expect(try kept(#"type == "array""#, document) == [7, 8])
    #expect(try kept(#"type == "object""#, document) == [9, 10])
    // length: 0 for null, the absolute value of a number, code points, elements, keys.
    #expect(try kept("length == 0", document) == [0, 3, 5, 7, 9])
    #expect(try kept("length == 2.5", document) == [4])
    #expect(try kept("length == 5", document) == [6])
    #expect(try kept("length == 2", document) == [8])
    #expect(try kept("length == 1", document) == [10])
    let booleans = try JSONFilter("length").filter(elementsOf: document.root, in: document)
    #expect(booleans.errorCount == 2, "booleans have no length")
    #expect(try kept(#"tostring | startswith("[")"#, document) == [7, 8])
    #expect(try kept(#"tostring == "{\"a\":1}""#, document) == [10])
    #expect(try kept(#"tostring == "-2.5""#, document) == [4])
    #expect(try kept(#"(tostring | tonumber) == 0"#, document) == [3])
  }

  // MARK: - Parsing

  @Test func parseErrorsGiveTheColumnAndWhatWasExpected() {
    let cases: [(String, Int, String)] = [
      ("", 0, "expected a filter such as .name == \"x\""),
      (".a ==", 5, "expected a value: a path like .name, a literal, '(' or a function"),
      (".a == 1 == 2", 8, "comparisons cannot be chained: add parentheses, as in (a < b) == true"),
      ("(.a == 1", 8, "expected ')' to close the '(' at column 1, found the end"),
      (
        "foo(1)", 0,
        "unknown function 'foo': the filter language has not, length, type, contains, startswith, endswith, test, has, tonumber, tostring, ascii_downcase, ascii_upcase, select, empty"
      ),
      (".[]", 2, "'[]' (iterating) is not supported: use contains(…) or has(…)"),
      ("..", 0, "'..' (recursive descent) is not supported"),
      (".a?", 2, "the '?' operator is not supported (a missing key is already null)"),
      ("$x", 0, "variables ($name) are not supported"),
      (".a |= 1", 3, "'|=' (update) is not supported: a filter only selects"),
      (#".a == "abc"#, 6, "unterminated string: expected '\"'"),
      ("test(.x)", 0, "test takes a string literal as its pattern"),
      (#"test("a(")"#, 8, "invalid regular expression in test: expected ')'"),
      (#".s | test( "\u0041\\t(" )"#, 22, "invalid regular expression in test: expected ')'"),
      (#".s | test("😀\"[")"#, 15, "invalid regular expression in test: expected ']'"),
      (
        #"test("a"; "g")"#, 0,
        "unsupported flag 'g' in test: use i (ignore case), x (extended) or s (dot matches newlines)"
      ),
      (
        #"test("(?<=a)b")"#, 6,
        "invalid regular expression in test: lookbehind '(?<=…)' is not supported: it cannot be matched in linear time"
      ),
      (
        #"test("a{2000}")"#, 7,
        "invalid regular expression in test: repetition count 2000 is over the limit of 1000"
      ),
      ("contains()", 9, "expected a value: a path like .name, a literal, '(' or a function, found ')'"),
      ("contains(1; 2)", 0, "contains takes 1 argument, not 2"),
      ("not(1)", 0, "not takes 0 arguments, not 1"),
      (
        "[1, .a]", 4,
        "array and object literals hold only constants (strings, numbers, true, false, null, arrays, objects), found '.'"
      ),
      ("[1 2]", 3, "expected ',' or ']' to close the '[' at column 1, found '2'"),
      ("{a 1}", 3, "expected ':' after the key, found '1'"),
      ("select", 0, "select takes 1 argument, not 0"),
      ("select(.a; .b) | .c", 0, "select takes 1 argument, not 2"),
      ("empty(1)", 0, "empty takes 0 arguments, not 1"),
      (".a / ", 5, "expected a value: a path like .name, a literal, '(' or a function"),
      (".a + + 1", 5, "expected a value: a path like .name, a literal, '(' or a function, found '+'"),
      (".a //= 2", 3, "'//=' (update) is not supported: a filter only selects"),
      (".a //", 5, "expected a value: a path like .name, a literal, '(' or a function"),
      (
        ".a 1", 3,
        "unexpected '1': expected an operator (|, //, or, and, ==, !=, <, <=, >, >=, +, -, *, /, %) or the end"
      ),
      (".a == 1 and", 11, "expected a value: a path like .name, a literal, '(' or a function"),
      ("and", 0, "expected a value before 'and'"),
      (".[1.5]", 2, "expected a whole number or a string in '[…]'"),
      (
        ".a = 1", 3,
        "unexpected '=': expected an operator (|, //, or, and, ==, !=, <, <=, >, >=, +, -, *, /, %) or the end"
      ),
      ("- 1", 0, "'-' is only allowed before a number"),
      ("1e", 2, "expected a digit in the exponent"),
      ("\"a\".b", 3, "a literal has no fields or elements"),
    ]
    for (text, position, message) in cases {
      #expect(throws: JSONFilterError(position: position, message: message), "\(text)") { try JSONFilter(text) }
    }
    #expect(JSONFilterError(position: 4, message: "x").description == "column 5: x")
  }

  @Test func deepNestingIsRejectedNotOverflowed() {
    for text in [
      String(repeating: "(", count: 5000) + "." + String(repeating: ")", count: 5000),
      Array(repeating: ".", count: 5000).joined(separator: " | "),
      Array(repeating: ".a", count: 5000).joined(separator: " or "),
      String(repeating: "[", count: 5000),
    ] {
      #expect(throws: JSONFilterError.self) { try JSONFilter(text) }
    }
    #expect(throws: Never.self) { try JSONFilter(Array(repeating: ".a", count: 150).joined(separator: " or ")) }
  }

  @Test func filtersPrintAndParseBackToTheSameFilter() throws {
    let texts = [
      ".", ".a.b[0][\"odd key\"]", ".[-1]", #".a == "x" and (.b < 2 or .c)"#, ".a | .b | not", "(.a | .b) | not",
      #".tags | contains(["x", {"a": [1, 2.5e3]}])"#, #"test("^a\\d"; "ix")"#, "(.x or .y) and .z", ".x or (.y and .z)",
      ".x or .y or .z", ".x or (.y or .z)", "(.a == 1) == true", "((.a)).b", "(.a | .b).c[2]", "has(\"k\") | not",
      "length >= -0.5", ".5 < 1.", "true != false and null == null", "{a: 1, \"b c\": [true]} == .",
      ".a // .b // 1", "(.a // .b) // 1", ".a or .b // .c", ".a or (.b // .c)", ".a // .b | .c", "select(.a) | not",
      ".tags | select(length > 1) | empty", "(.a // 0) > 1", ".a + .b * .c", "(.a + .b) * .c", ".a - (.b - .c)",
      ".a - .b - .c", ".a % 2 == 1", ".a / .b // 0", "(.a // 1) / 2", ".a * -1 > .b", "-1 - .a",
    ]
    for text in texts {
      let filter = try JSONFilter(text)
      let printed = filter.description
      #expect(try JSONFilter(printed) == filter, "\(text) → \(printed)")
      #expect(try JSONFilter(printed).description == printed)
    }
    #expect(try JSONFilter(#"select( .a==1 )"#).description == ".a == 1")
    #expect(try JSONFilter(#"(.a | .b) | .c"#).description == "(.a | .b) | .c")
    #expect(try JSONFilter(#".a | .b | .c"#).description == ".a | .b | .c")
  }

  // MARK: - Running

  @Test func aFilterRunsOnTheRecordsOfJSONLinesAndCanBeCancelled() throws {
    let lines = (0..<5000).map { #"{"n": \#($0), "even": \#($0 % 2 == 0)}"# }.joined(separator: "\n")
    let document = try JSONDocument(parsing: lines)
    #expect(document.isJSONLines)
    let filter = try JSONFilter(".even and .n >= 4000")
    let result = try filter.filter(elementsOf: document.root, in: document)
    #expect(result.matches.count == 500)
    #expect(result.elementCount == 5000)
    let cancellation = JSONCancellation()
    cancellation.cancel()
    #expect(throws: CancellationError.self) {
      try filter.filter(elementsOf: document.root, in: document, cancellation: cancellation)
    }
  }

  @Test func agreesWithJqWhenJqIsInstalled() throws {
    guard let jq = FilterTests.jqPath else { return }
    let text = FilterFixtures.recordsText
    let document = try JSONDocument(parsing: text)
    let filters = [
      ".age > 30", #".address.city == "Paris""#, #".tags | contains(["y"])"#, ". < {\"name\": \"M\"}", ".geo < [1, 20]",
      #"has("email") | not"#, ".name | length == 4", #".name | test("^[ab]"; "i")"#, ".missing == null and .active",
      #".tags[0] >= "x""#, "(.tags | length) >= 2", ".active == false or .age < 30",
      #".age | tostring | startswith("3")"#, #".name | ascii_downcase | startswith("z")"#,
      #"(.age | tostring | tonumber) > 20"#,
      #"(.email // "none") == "none""#, ".active // true", ".missing // .other // .age > 30",
      ".active or .missing // false", #".email // "none" | endswith("example.com")"#,
      "(.tags | select(length > 1)) // false", ".tags | select(length > 1) | length == 3",
      "select(.age > 30) | .active", "select(.age > 30) and .active", ".age | not", "not", "type == \"object\"",
      #".address | type == "object""#, ".geo | length == 2", "(.address.city | length) > 5",
      ".age | length > 20", #".name | ascii_upcase | test("^M")"#, #"has("odd key")"#, ".tags | has(0) | not",
      #".name | endswith("\u0301")"#, #".email | tostring | test("null")"#, #"(.age | tostring) == "19.5""#,
      #".address.city | ascii_downcase | startswith("k")"#, #"(.geo // []) | contains([1])"#,
      #"(.tags | length) == 0 // true"#, ".tags[0] // .name | test(\"^[xz]\")",
      ".age % 2 == 1", ".age * 2 - 10 > 60", "(.age + 1) / 2 >= 15", ".age - 30 - 5 > -10",
      #"(.name + "!") | endswith("a!")"#, ".missing + .age > 30", "-1 + .age * 2 > 59", ".age % 7 < 3",
    ]
    for filterText in filters {
      let expected = try FilterTests.run(jq, ["-c", ".[] | select(\(filterText))"], input: text)
      let kept = try JSONFilter(filterText).filter(elementsOf: document.root, in: document).matches
      let ours = kept.map { try? JSONDocument(parsing: document.rawText(of: $0)) }
      let theirs = expected.split(separator: "\n").map { try? JSONDocument(parsing: String($0)) }
      #expect(ours.count == theirs.count, "\(filterText)")
      for (mine, jqs) in zip(ours, theirs) {
        if let mine, let jqs { #expect(mine.isValue(mine.root, equalTo: jqs.root, in: jqs), "\(filterText)") }
      }
    }
  }
}

// MARK: - Helpers

/// The positions of the elements of `container` (the root) that `text` keeps.
private func kept(_ text: String, _ document: JSONDocument) throws -> [Int] {
  let result = try JSONFilter(text).filter(elementsOf: document.root, in: document)
  return result.matches.compactMap { document.position(of: $0) }
}

extension FilterTests {
  static var jqPath: String? {
    ["/usr/bin/jq", "/usr/local/bin/jq"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs jq through posix_spawn (Foundation's `Process` leaves its helper threads' memory
  /// behind, which LeakSanitizer reports).
  static func run(_ executable: String, _ arguments: [String], input: String) throws -> String {
    let result = try spawnAndWait(executable, arguments, input: Data(input.utf8))
    return String(decoding: result.output, as: UTF8.self)
  }

}

// MARK: - Fixtures

enum FilterFixtures {
  static let recordsText = #"""
    [
      {"name": "Ana", "age": 31, "email": "ana@example.com", "active": true, "tags": ["x", "z", "y"],
       "address": {"city": "Paris"}, "geo": [1, 2]},
      {"name": "bart", "age": 25, "email": "b@example.com", "active": false, "tags": ["y"],
       "address": {"city": "Kraków"}, "geo": [5, 40]},
      {"name": "Marie", "age": 52, "active": true, "tags": ["x"], "address": {"city": "Paris"}},
      {"name": "Zoë\u0301", "age": 19.5, "tags": [], "odd key": 1, "address": {"city": "Malmö"}}
    ]
    """#

  static func records() throws -> JSONDocument { try JSONDocument(parsing: recordsText) }
}
