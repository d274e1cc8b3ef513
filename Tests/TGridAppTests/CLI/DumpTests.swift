import Foundation
import Testing

@testable import TGridApp

@Suite(.enabled(if: TmuxSession.tgridExecutable != nil, "needs the built tgrid binary next to the tests"))
struct DumpTests {
  @Test func theDemoDataDumpsAsAGridOfCards() throws {
    let result = try runTGrid(["dump", demoDataPath("photo-albums.json"), "--size", "100x30"])
    #expect(result.status == 0, "\(result.error)")
    expectSnapshot(result.output, named: "dump-photo-albums-100x30")
  }

  @Test func theSchematicDumpsAsATreeInColumns() throws {
    let result = try runTGrid(
      ["dump", demoDataPath("schematic.json"), "--layout", "tree", "--tree-style", "columns", "--size", "120x24"])
    #expect(result.status == 0, "\(result.error)")
    expectSnapshot(result.output, named: "dump-schematic-tree-columns-120x24")
  }

  @Test func theClassHierarchyDumpsAsAnOutline() throws {
    let result = try runTGrid(["dump", demoDataPath("classes.json"), "--layout", "tree", "--size", "80x30"])
    #expect(result.status == 0, "\(result.error)")
    expectSnapshot(result.output, named: "dump-classes-tree-outline-80x30")
  }

  @Test func aFilteredTableShowsTheFilterInTheStatusLine() throws {
    let result = try runTGrid(
      [
        "dump", demoDataPath("countries.json"), "--layout", "table", "--filter", ".population > 50000000", "--size",
        "100x10",
      ])
    #expect(result.status == 0, "\(result.error)")
    expectSnapshot(result.output, named: "dump-countries-filtered-table-100x10")
  }

  @Test func theCountriesDumpAsAChart() throws {
    let result = try runTGrid(["dump", demoDataPath("countries.json"), "--layout", "chart", "--size", "100x20"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("area_km2 by population"), "\(result.output)")
    expectSnapshot(result.output, named: "dump-countries-chart-100x20")
    let chosen = try runTGrid(
      [
        "dump", demoDataPath("countries.json"), "--layout", "chart", "--x", "index", "--y", "population,area_km2",
        "--size", "80x20",
      ])
    #expect(chosen.status == 0, "\(chosen.error)")
    #expect(chosen.output.contains("population, area_km2 by index"), "\(chosen.output)")
    #expect(chosen.output.contains("population") && chosen.output.contains("area_km2"))
  }

  @Test func aFilterWithAnErrorIsRefusedWithItsColumn() throws {
    let result = try runTGrid(["dump", demoDataPath("countries.json"), "--filter", ".population >> 5"])
    #expect(result.status != 0)
    #expect(result.error.contains("--filter: column"), "\(result.error)")
  }

  @Test func maxSizeLimitsTheAppDumpAndCheckAlike() throws {
    let path = demoDataPath("countries.json")
    // The app refuses before touching the terminal, so it runs here without one.
    for command in [["dump"], ["check"], []] {
      let refused = try runTGrid(command + [path, "--max-size", "1K"])
      #expect(refused.status == 2, "\(command): \(refused.error)")
      #expect(
        refused.error.contains("input larger than the limit of 1 KiB (raise it with --max-size)"), "\(refused.error)")
    }
    let allowed = try runTGrid(["dump", path, "--max-size", "10M", "--size", "60x6"])
    #expect(allowed.status == 0, "\(allowed.error)")
    let piped = try runTGrid(
      ["dump", "-", "--max-size", "1K"], input: "[" + String(repeating: "1,", count: 1000) + "1]")
    #expect(piped.status == 2)
    #expect(piped.error.contains("limit of 1 KiB"), "\(piped.error)")
    let invalid = try runTGrid(["dump", path, "--max-size", "lots"])
    #expect(invalid.status == 64)
    #expect(invalid.error.contains("--max-size lots: expected a size such as 512M or 4G"), "\(invalid.error)")
  }

  @Test func jsonLinesDumpAsRecords() throws {
    let input =
      #"{"level": "info", "msg": "started"}"# + "\n" + #"{"level": "error", "msg": "failed", "code": 28}"# + "\n"
    let result = try runTGrid(["dump", "-", "--size", "70x8"], input: input)
    #expect(result.status == 0, "\(result.error)")
    expectSnapshot(result.output, named: "dump-json-lines-70x8")
  }

  @Test func everyDumpedLineHasExactlyTheGivenWidth() throws {
    for size in [(80, 24), (41, 10), (120, 40), (20, 5)] {
      let result = try runTGrid(["dump", demoDataPath("photo-albums.json"), "--size", "\(size.0)x\(size.1)"])
      #expect(result.status == 0)
      let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(lines.count == size.1)
      for line in lines {
        #expect(TermGridWidth.of(String(line)) == size.0, "|\(line)|")
      }
    }
  }

  @Test func clustersOfManyColumnsDumpWholeAndLinesKeepTheirWidth() throws {
    let input = #"{"hi":"हिन्दी भाषा","กำ":"กำ","🇯🇵":"🇯🇵","👍🏽":"👍🏽","👨‍👩‍👧":"👨‍👩‍👧","four":"👨‍👩‍👧‍👦","❤️":"e\u0301 ❤️ 1️⃣"}"#
    let result = try runTGrid(["dump", "-", "--size", "80x12"], input: input)
    #expect(result.status == 0, "\(result.error)")
    expectSnapshot(result.output, named: "dump-clusters-80x12")
    for line in result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      #expect(TermGridWidth.of(String(line)) == 80, "|\(line)|")
    }
    for text in ["हिन्दी भाषा", "กำ", "🇯🇵", "👍🏽", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "e\u{301} ❤️ 1️⃣"] {
      #expect(result.output.contains(text), "\(text)")
    }
  }

  @Test func dumpWritesNoEscapeSequences() throws {
    let result = try runTGrid(["dump", demoDataPath("photo-albums.json"), "--size", "120x60"])
    #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || ($0.value < 0x20 && $0 != "\n") })
    // Escape sequences and control characters inside strings are shown as data.
    let hostile = try runTGrid(
      ["dump", "-", "--size", "60x6"], input: #"[{"name": "red\u001b[31mtext", "bell": "\u0007\u009b2J"}]"#)
    #expect(hostile.status == 0)
    #expect(hostile.output.contains("red␛[31mtext"))
    #expect(hostile.output.contains("␇\\u009b2J"))
    #expect(!hostile.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
  }

  @Test func dumpReadsStandardInput() throws {
    let result = try runTGrid(["dump", "-", "--size", "40x8"], input: #"[{"name": "one"}, {"name": "two"}]"#)
    #expect(result.status == 0)
    #expect(result.output.contains("one"))
    #expect(result.output.contains("two"))
  }

  @Test func invalidJSONGivesLineAndColumnAndExitStatusOne() throws {
    let result = try runTGrid(["dump", "-", "--size", "40x8"], input: "{\n  \"a\": [1, 2,,\n}")
    #expect(result.status == 1)
    #expect(result.error.contains("line 2, column"), "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test func aMissingFileExitsWithStatusTwo() throws {
    let result = try runTGrid(["dump", "/nonexistent/file.json"])
    #expect(result.status == 2)
    #expect(result.error.contains("/nonexistent/file.json"))
  }

  @Test func aBadSizeIsRefusedClearly() throws {
    let result = try runTGrid(["dump", "--size", "80by24"])
    #expect(result.status != 0)
    #expect(result.error.contains("size"))
  }
}

/// Display width without importing TermGrid's internals into every test.
enum TermGridWidth {
  static func of(_ text: String) -> Int {
    TermGridWidthBridge.width(text)
  }
}
