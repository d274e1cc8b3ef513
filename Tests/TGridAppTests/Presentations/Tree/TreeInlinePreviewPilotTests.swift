import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// A collapsed object or array in the tree shows its content after its name, as jless does
  /// (issue 28, "the tree shows a jless-style inline preview"), pressed through the real run
  /// loop: cut with `…` to the row's width, strings as JSON strings, reading only the first
  /// elements of a huge array. The cars are records sharing keys, a table in the outline as
  /// the tree opens (TreeAutomaticTablePilotTests): `T` shows them as the tree whose
  /// previews these tests read.
  @Suite struct TreeInlinePreviewPilotTests {
    @Test func collapsedRecordsShowTheirMembersAfterTheirIndex() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 12), presentation: .tree)
      pilot.press("T")
      #expect(pilot.lines[0].hasPrefix("(root) [30]"), "\n\(pilot.screen)")
      #expect(
        Self.trimmed(pilot.lines[1])
          == #"├─ ▸ [0]: {Name: "chevrolet chevelle malibu", Miles_per_Gallon: 18, Cylinders: 8, Displacement: 307, …} (+9)"#,
        "\n\(pilot.screen)")
      // Each collapsed record is cut at a member, within the row, keeping its badge.
      for line in pilot.lines[1..<11] {
        #expect(line.contains("{Name: \""), "\(line)")
        #expect(Self.trimmed(line).hasSuffix(", …} (+9)"), "\(line)")
        #expect(!line.contains("Origin"), "the last member does not fit: \(line)")
      }
      // An inner quote is escaped, so the closing quote is the string's own.
      #expect(pilot.screen.contains(#"{Name: "chevy \"malibu\" classic", "#), "\n\(pilot.screen)")
    }

    @Test func anExpandedRecordShowsItsLabelAndItsMembersAsBefore() throws {
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: 120, rows: 14), presentation: .tree)
      pilot.press("T", "j", "Right")
      #expect(Self.trimmed(pilot.lines[1]) == "├─ [0] chevrolet chevelle malibu {9}", "\n\(pilot.screen)")
      #expect(Self.trimmed(pilot.lines[2]) == #"│  ├─ Name: "chevrolet chevelle malibu""#)
      #expect(Self.trimmed(pilot.lines[11]).hasPrefix("├─ ▸ [1]: {Name: \"buick skylark 320\", "), "\n\(pilot.screen)")
      pilot.press("Left")
      #expect(
        Self.trimmed(pilot.lines[1]).hasPrefix("├─ ▸ [0]: {Name: \"chevrolet chevelle malibu\", "), "\n\(pilot.screen)")
    }

    @Test func aNarrowRowCutsThePreviewToItsWidthCountingWideCharacters() throws {
      let columns = 44
      let pilot = try Pilot(json: Self.cars, size: CellSize(columns: columns, rows: 12), presentation: .tree)
      pilot.press("T")
      #expect(Self.trimmed(pilot.lines[1]) == #"├─ ▸ [0]: {Name: "chevrolet cheve…", …} (+9)"#, "\n\(pilot.screen)")
      #expect(Self.trimmed(pilot.lines[2]) == #"├─ ▸ [1]: {Name: "buick skylark 3…", …} (+9)"#)
      // Each of 日本 takes two columns: the row is cut by what it shows, not by its characters,
      // and a wide character that would pass the edge by one column is left out.
      let wide = try #require(pilot.lines.first { $0.contains("[7]") }, "\n\(pilot.screen)")
      #expect(Self.trimmed(wide) == #"├─ ▸ [7]: {Name: "日本 トヨタ カ…", …} (+9)"#, "\n\(pilot.screen)")
      let narrower = try Pilot(json: Self.cars, size: CellSize(columns: 36, rows: 12), presentation: .tree)
      narrower.press("T")
      let cut = try #require(narrower.lines.first { $0.contains("[7]") })
      #expect(Self.trimmed(cut) == #"├─ ▸ [7]: {Name: "日本 ト…", …} (+9)"#, "\n\(narrower.screen)")
      // Every record's row fills the screen (but for a wide character that would pass its
      // edge): its name, cut inside the quotes when too long, then `…` for the rest, then the
      // badge. (The line after them holds T's message.)
      for line in narrower.lines[1..<10] {
        #expect(Self.trimmed(line).hasSuffix(#"", …} (+9)"#), "\(line)")
        #expect((35...36).contains(TextWidth.displayWidth(of: Self.trimmed(line))), "\(line)")
      }
      #expect(TextWidth.displayWidth(of: Self.trimmed(pilot.lines[1])) == columns)
    }

    @Test func aHugeCollapsedArrayPreviewsItsFirstElements() throws {
      let numbers = "[" + (0..<200_000).map(String.init).joined(separator: ",") + "]"
      let pilot = try Pilot(
        json: #"{"numbers": "# + numbers + #", "tags": ["a", "b"], "nested": {"list": [[1], []], "empty": {}}}"#,
        size: CellSize(columns: 80, rows: 12), presentation: .tree)
      #expect(
        Self.trimmed(pilot.lines[1])
          == "├─ ▸ numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, …] (+200000)",
        "\n\(pilot.screen)")
      // Short containers show whole; nested ones as {…} and […], empty ones as {} and [].
      #expect(Self.trimmed(pilot.lines[2]) == #"├─ ▸ tags: ["a", "b"] (+2)"#, "\n\(pilot.screen)")
      #expect(Self.trimmed(pilot.lines[3]) == "└─ ▸ nested: {list: […], empty: {}} (+5)", "\n\(pilot.screen)")
      // The root collapsed: a top-level array of 200,000 numbers draws its first ones.
      let array = try Pilot(json: numbers, size: CellSize(columns: 60, rows: 8), presentation: .tree)
      array.press("Left")
      #expect(
        Self.trimmed(array.lines[0]) == "▸ (root): [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …] (+200000)",
        "\n\(array.screen)")
    }

    @Test func aPreviewFollowsEditsUndoAndFilters() throws {
      let pilot = try Pilot(json: "[1, 2, 3, 4, 5]", size: CellSize(columns: 60, rows: 6), presentation: .tree)
      pilot.press("Left")
      #expect(Self.trimmed(pilot.lines[0]) == "▸ (root): [1, 2, 3, 4, 5] (+5)", "\n\(pilot.screen)")
      pilot.press("e", "Ctrl-U")
      pilot.type(#"[7, "x\"y", {"k": []}]"#)
      pilot.press("Enter")
      #expect(Self.trimmed(pilot.lines[0]) == #"▸ (root): [7, "x\"y", {…}] (+4)"#, "\n\(pilot.screen)")
      pilot.press("u")
      #expect(Self.trimmed(pilot.lines[0]) == "▸ (root): [1, 2, 3, 4, 5] (+5)", "\n\(pilot.screen)")
      pilot.press(":")
      pilot.type("filter . > 2")
      pilot.press("Enter")
      #expect(Self.trimmed(pilot.lines[0]) == "▸ (root): [3, 4, 5] (+3)", "\n\(pilot.screen)")
    }

    @Test func controlCharactersInAPreviewAreDrawnAsData() throws {
      let pilot = try Pilot(
        json: #"[{"s": "a\u001b[31mb\nc", "q": "say \"hi\" \\ bye"}, 1]"#, size: CellSize(columns: 80, rows: 6),
        presentation: .tree)
      pilot.press("Down", "Left")
      #expect(
        Self.trimmed(pilot.lines[1]) == #"├─ ▸ [0]: {s: "a␛[31mb␊c", q: "say \"hi\" \\ bye"} (+2)"#, "\n\(pilot.screen)"
      )
    }

    @Test func theColumnsShowThePreviewToTheRightOfTheirDepth() throws {
      let pilot = try Pilot(
        json: Self.cars, size: CellSize(columns: 100, rows: 12), presentation: .tree, treeOrientation: .columns)
      #expect(
        Self.trimmed(pilot.lines[0])
          == #"(root) [30] ─┬─ ▸ [0]: {Name: "chevrolet chevelle malibu", Miles_per_Gallon: 18, …} (+9)"#,
        "\n\(pilot.screen)")
      #expect(
        Self.trimmed(pilot.lines[1]).hasPrefix(#"             ├─ ▸ [1]: {Name: "buick skylark 320", "#),
        "\n\(pilot.screen)")
      // In the outline the cars are a table; as a tree (`T`) each shows its preview again.
      pilot.press("o")
      #expect(pilot.lines[1].contains("Name") && pilot.lines[1].contains("Cylinders #"), "\n\(pilot.screen)")
      #expect(
        pilot.lines[2].contains("[0]") && pilot.lines[2].contains("chevrolet chevelle"), "\n\(pilot.screen)")
      pilot.press("T")
      #expect(
        Self.trimmed(pilot.lines[1]).hasPrefix(#"├─ ▸ [0]: {Name: "chevrolet chevelle malibu", "#), "\n\(pilot.screen)")
    }

    // MARK: - Fixtures

    /// A line without the blanks after its text.
    static func trimmed(_ line: String) -> String {
      String(line.reversed().drop { $0 == " " }.reversed())
    }

    static let carNames = [
      "chevrolet chevelle malibu", "buick skylark 320", "plymouth satellite", "amc rebel sst", "ford torino",
      #"chevy \"malibu\" classic"#, "toyota corona mark ii", "日本 トヨタ カローラ", "datsun pl510",
      "volkswagen 1131 deluxe sedan",
    ]

    /// Thirty records shaped as Vega's cars.json.
    static let cars =
      "["
      + (0..<30).map { index in
        #"{"Name": "\#(carNames[index % carNames.count])", "Miles_per_Gallon": \#(18 + index % 3), "Cylinders": 8, "#
          + #""Displacement": \#(307 + index), "Horsepower": 130, "Weight_in_lbs": 3504, "Acceleration": 12, "#
          + #""Year": "1970-01-01", "Origin": "USA"}"#
      }.joined(separator: ",\n") + "]"
  }
}
