import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// Choosing a column's type (issue 29: VisiData's `#`, `%`, `@`, `~`): the header's marker,
  /// the alignment and the sort follow it; dates sort in time order; `s`/`S` on a second
  /// column keeps the first as the secondary sort.
  @Suite struct TableTypePilotTests {
    static let json = #"""
      [{"Name": "a", "code": "7", "when": "2024-05-01T10:00:00+02:00", "Origin": "USA", "hp": 130},
       {"Name": "b", "code": "12", "when": "2024-05-01T09:00:00Z", "Origin": "Japan", "hp": 95},
       {"Name": "c", "code": "x", "when": "2024-04-30", "Origin": "USA", "hp": 95},
       {"Name": "d", "code": null, "when": null, "Origin": "Japan", "hp": 150},
       {"Name": "e", "code": "100", "when": "2024-05-01T08:30:00.5Z", "Origin": "USA"}]
      """#

    func pilot() throws -> Pilot {
      try Pilot(json: Self.json, size: CellSize(columns: 110, rows: 12), presentation: .table)
    }

    /// Moves the focus right to a column, from the first.
    func move(_ pilot: Pilot, to column: String) {
      for _ in 0..<8 { pilot.press("h") }
      for _ in 0..<10 where !pilot.statusLine.contains(" \(column)") { pilot.press("l") }
      #expect(pilot.statusLine.contains(" \(column)"), "\(pilot.statusLine)")
    }

    /// The Name column top to bottom.
    func names(_ pilot: Pilot) -> [String] {
      pilot.lines.dropLast(2).compactMap { line in
        let fields = line.split(separator: "│", omittingEmptySubsequences: false)
        guard fields.count > 2 else { return nil }
        let name = fields[1].trimmingCharacters(in: .whitespaces)
        return ["a", "b", "c", "d", "e"].contains(name) ? name : nil
      }
    }

    /// The text of a column's cell on the screen row of record `name`.
    func cell(_ pilot: Pilot, record name: String, field: Int) -> Substring? {
      for line in pilot.lines {
        let fields = line.split(separator: "│", omittingEmptySubsequences: false)
        if fields.count > field, fields[1].trimmingCharacters(in: .whitespaces) == name { return fields[field] }
      }
      return nil
    }

    @Test func hashReadsTextAsNumbersAndTildeAsTextMarkerAlignmentAndSortFollow() throws {
      let pilot = try pilot()
      move(pilot, to: "code")
      #expect(!pilot.lines[0].contains("code #"), "a mix of numbers and text is text:\n\(pilot.screen)")
      pilot.press("#")
      #expect(pilot.lines[0].contains("code #"), "\(pilot.screen)")
      #expect(pilot.statusLine.contains("code is read as numbers"), "\(pilot.statusLine)")
      let seven = try #require(cell(pilot, record: "a", field: 2))
      #expect(seven.hasSuffix("7 ") || seven.hasSuffix("7"), "numbers are right-aligned: [\(seven)]")
      pilot.press("s")
      #expect(names(pilot) == ["a", "b", "e", "c", "d"], "7, 12, 100, then the text, then null:\n\(pilot.screen)")
      pilot.press("~")
      #expect(pilot.lines[0].contains("code ↑") && !pilot.lines[0].contains("code #"), "\(pilot.screen)")
      #expect(names(pilot) == ["e", "b", "a", "c", "d"], "\"100\" < \"12\" < \"7\" < \"x\" as text:\n\(pilot.screen)")
      pilot.press("~")
      #expect(pilot.statusLine.contains("its inferred type"), "the same key again: \(pilot.statusLine)")
      pilot.press("%")
      #expect(pilot.lines[0].contains("code %"), "\(pilot.screen)")
      #expect(names(pilot) == ["a", "b", "e", "c", "d"])
    }

    @Test func datesSortInTimeOrderAndAtMarksAColumnAsDates() throws {
      let pilot = try pilot()
      move(pilot, to: "when")
      #expect(pilot.lines[0].contains("when @"), "ISO dates are inferred:\n\(pilot.screen)")
      pilot.press("s")
      // 2024-04-30, 08:00Z (10:00+02:00), 08:30:00.5Z, 09:00Z, then null.
      #expect(names(pilot) == ["c", "a", "e", "b", "d"], "\(pilot.screen)")
      pilot.press("S")
      #expect(names(pilot) == ["b", "e", "a", "c", "d"], "null still last:\n\(pilot.screen)")
      pilot.press("~")
      #expect(names(pilot) == ["a", "b", "e", "c", "d"], "as text, descending:\n\(pilot.screen)")
      move(pilot, to: "Name")
      pilot.press("@")
      #expect(pilot.lines[0].contains("Name @"), "\(pilot.screen)")
    }

    @Test func aSecondSortKeepsTheFirstForRowsEqualInTheSecond() throws {
      let pilot = try pilot()
      move(pilot, to: "hp")
      pilot.press("S")
      move(pilot, to: "Origin")
      pilot.press("s")
      #expect(pilot.statusLine.contains("sorted by Origin ↑, hp ↓"), "\(pilot.statusLine)")
      #expect(names(pilot) == ["d", "b", "a", "c", "e"], "Japan then USA, each by hp descending:\n\(pilot.screen)")
    }

    @Test func theTypeKeysAreInTheHelp() throws {
      let pilot = try Pilot(json: Self.json, size: CellSize(columns: 110, rows: 120), presentation: .table)
      pilot.press("?")
      var help = ""
      for _ in 0..<8 {
        help += pilot.screen
        pilot.press("Space")
      }
      #expect(help.contains("Read the column as dates"), "\(help)")
    }
  }
}

/// The sort's order as properties over random columns (issue 29): a permutation, values in
/// order each way, null/containers/missing after the values both ways, a secondary column
/// for equal primaries, document order for rows equal in every column; dates as instants.
@Suite struct TableSortPropertyTests {
  static func randomKey(_ random: inout SplitMix64) -> TableSortKey {
    switch random.next() % 8 {
    case 0: return .null
    case 1: return .missing
    case 2: return .container
    case 3: return .string(["a", "b", "é", "B", ""][Int(random.next() % 5)])
    case 4: return .boolean(random.next() % 2 == 0)
    default: return .number(Double(Int(random.next() % 7)) - 3)
    }
  }

  @Test func theOrderIsTotalStableAndKeepsNullsAndMissingLastBothWays() {
    var random = SplitMix64(seed: 29)
    for _ in 0..<300 {
      let rows = Int(random.next() % 60)
      let criteria = 1 + Int(random.next() % 3)
      let keys = (0..<criteria).map { _ in (0..<rows).map { _ in Self.randomKey(&random) } }
      let descending = (0..<criteria).map { _ in random.next() % 2 == 0 }
      let order = TableSort.order(keys: keys, descending: descending)
      #expect(order.sorted() == Array(0..<rows), "a permutation")
      for (first, second) in zip(order, order.dropFirst()) {
        var decided = false
        for (column, isDescending) in zip(keys, descending) {
          let (a, b) = (column[first], column[second])
          if a.kindOrder != b.kindOrder {
            #expect(a.kindOrder < b.kindOrder, "kinds in order, nulls and missing last, both ways")
            decided = true
            break
          }
          if a == b { continue }
          #expect(isDescending ? b < a : a < b, "\(a) before \(b), descending: \(isDescending)")
          decided = true
          break
        }
        if !decided { #expect(first < second, "equal rows keep document order") }
      }
      let primary = order.map { keys[0][$0].sortsLast }
      #expect(primary == primary.sorted { !$0 && $1 }, "nothing with a value after null or missing")
    }
  }

  /// A key of a column of numbers: numbers over a wide range (negative, fractions, zero of
  /// either sign, large, many equal), null, containers and missing keys.
  static func randomNumericKey(_ random: inout SplitMix64) -> TableSortKey {
    switch random.next() % 10 {
    case 0: return .null
    case 1: return .missing
    case 2: return .container
    case 3: return .number(-0.0)
    case 4: return .number(Double(Int64(bitPattern: random.next())) / Double(1 << Int(random.next() % 60)))
    case 5: return .number([1e300, -1e300, 5e-324, -5e-324, 0.1, -0.1][Int(random.next() % 6)])
    default: return .number(Double(Int(random.next() % 9)) - 4)
    }
  }

  @Test func columnsOfNumbersAreOrderedByRadixAsTheComparisonOrdersThem() {
    var random = SplitMix64(seed: 2_029)
    var radixRuns = 0
    for _ in 0..<SanitizerBuild.samples(400, address: 100, thread: 40) {
      let rows = Int(random.next() % 300)
      let criteria = 1 + Int(random.next() % 3)
      let keys = (0..<criteria).map { _ in (0..<rows).map { _ in Self.randomNumericKey(&random) } }
      let descending = (0..<criteria).map { _ in random.next() % 2 == 0 }
      #expect(keys.allSatisfy(TableSort.isNumeric))
      let radix = TableSort.radixOrder(keys: keys, descending: descending)
      let compared = TableSort.comparisonOrder(keys: keys, descending: descending)
      #expect(radix == compared, "rows \(rows), descending \(descending)")
      #expect(TableSort.order(keys: keys, descending: descending) == radix, "order takes the radix path")
      radixRuns += 1
      // Nothing with a value after null, a container or a missing key, either way.
      let primary = radix.map { keys[0][$0].sortsLast }
      #expect(primary == primary.sorted { !$0 && $1 })
    }
    #expect(radixRuns > 0)
    // A column with a string or a boolean is not one of numbers.
    #expect(!TableSort.isNumeric([.number(1), .string("a")]))
    #expect(!TableSort.isNumeric([.boolean(true), .null]))
    // The bits order as the numbers do, -0 as 0, and descending reverses them.
    let numbers: [Double] = [-1e300, -2.5, -5e-324, 0, 5e-324, 1, 2.5, 1e300]
    let bits = numbers.map { TableSort.orderedBits(of: $0, descending: false) }
    #expect(bits == bits.sorted() && Set(bits).count == bits.count)
    #expect(TableSort.orderedBits(of: -0.0, descending: false) == TableSort.orderedBits(of: 0, descending: false))
    let down = numbers.map { TableSort.orderedBits(of: $0, descending: true) }
    #expect(down == down.sorted(by: >))
  }

  @Test func datesOrderAsTheInstantsTheyName() throws {
    var random = SplitMix64(seed: 1970)
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime]
    for _ in 0..<500 {
      let day = Int(random.next() % 28) + 1
      let (month, year) = (Int(random.next() % 12) + 1, 1900 + Int(random.next() % 200))
      let (hour, minute, second) = (Int(random.next() % 24), Int(random.next() % 60), Int(random.next() % 60))
      let offset = Int(random.next() % 27) - 13
      let zone = offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + String(format: "%02d:30", abs(offset))
      let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second) + zone
      let expected = try #require(parser.date(from: text), "\(text)").timeIntervalSince1970
      #expect(TableSort.seconds(ofDate: text) == expected, "\(text)")
    }
    #expect(TableSort.seconds(ofDate: "1970-01-02") == 86_400)
    #expect(TableSort.seconds(ofDate: "2024-05-01 12:00") == TableSort.seconds(ofDate: "2024-05-01T14:00+02:00"))
    #expect(
      TableSort.seconds(ofDate: "2024-05-01T12:00:00.25Z") == TableSort.seconds(ofDate: "2024-05-01")! + 43_200.25)
    for text in ["2024-13-01", "2024-05-01T", "2024-05-01T12", "2024-05-01T12:00Q", "2024-05-01x", "May 1"] {
      #expect(TableSort.seconds(ofDate: text) == nil, "\(text)")
    }
  }
}
