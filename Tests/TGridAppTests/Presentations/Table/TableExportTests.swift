import Foundation
import TGridJSON
import TermGrid
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  /// `:w FILE.csv` / `.tsv` / `.ndjson` in the table (issue 29): what the table shows, written
  /// atomically beside the document, which stays as it was.
  @Suite struct TableExportTests {
    @Test func csvFieldsAreQuotedOnlyWhenTheyMustBe() {
      #expect(TableExport.csvField("plain") == "plain")
      #expect(TableExport.csvField("a,b") == #""a,b""#)
      #expect(TableExport.csvField(#"say "hi""#) == #""say ""hi""""#)
      #expect(TableExport.csvField("two\nlines") == "\"two\nlines\"")
      #expect(TableExport.csv([["a", "b"], ["1", ""]]) == "a,b\r\n1,\r\n")
    }

    @Test func tsvFieldsEscapeTabsLineBreaksAndBackslashes() {
      #expect(TableExport.tsvField("a\tb\nc\\d") == #"a\tb\nc\\d"#)
      #expect(TableExport.tsv([["a", "b"]]) == "a\tb\n")
    }

    @Test func formatsAreChosenByExtension() {
      #expect(TableExport.Format(path: "out.CSV") == .csv)
      #expect(TableExport.Format(path: "out.tsv") == .tsv)
      #expect(TableExport.Format(path: "x/out.jsonl") == .ndjson)
      #expect(TableExport.Format(path: "out.ndjson") == .ndjson)
      #expect(TableExport.Format(path: "out.json") == nil)
    }

    /// A fresh folder for one test's files.
    func folder() -> String {
      let path = NSTemporaryDirectory() + "tgrid-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      return path
    }

    /// The table's shown rows as the export writes their fields, header first.
    func shownFields(_ pilot: Pilot) throws -> [[String]] {
      let table = try #require(pilot.browser.presentation as? TablePresentation)
      let document = pilot.store.document
      return [table.model.columns]
        + table.shownRows.map { row in
          table.model.columns.indices.map {
            TableExport.fieldText(table.model.value(row: row, column: $0, in: pilot.store), in: document)
          }
        }
    }

    @Test func anExportedCSVReadBackByPythonsCSVModuleIsTheRowsShown() throws {
      let directory = folder()
      let source = directory + "/people.json"
      try Self.people.write(toFile: source, atomically: false, encoding: .utf8)
      let pilot = try Pilot(json: "", path: source, size: CellSize(columns: 100, rows: 12), presentation: .table)
      pilot.press("f")
      pilot.type(".age > 20")
      pilot.press("Enter", "l", "S")  // by age, oldest first
      let expected = try shownFields(pilot)
      #expect(expected.count == 5, "the header and the four kept: \(expected)")
      #expect(expected[1][0] == #"Dana "D" O'Neil"#, "oldest first")
      #expect(pilot.screen.contains("Dana"))
      pilot.press(":")
      pilot.type("w \(directory)/out.csv")
      pilot.press("Enter")
      #expect(pilot.browser.message?.contains("exported 4 rows × 4 columns as CSV") == true, "\(pilot.statusLine)")
      #expect(try String(contentsOfFile: source, encoding: .utf8) == Self.people, "the document is not touched")
      #expect(!pilot.store.isModified)

      guard let python = Self.python() else {
        print("skipped reading the CSV back: python3 is not installed")
        return
      }
      let script =
        "import csv, json, sys\nwith open(sys.argv[1], newline='', encoding='utf-8') as f:\n"
        + "    print(json.dumps(list(csv.reader(f))))"
      let result = try spawnAndWait(python, ["-c", script, directory + "/out.csv"])
      #expect(result.status == 0, "\(String(decoding: result.error, as: UTF8.self))")
      let read = try JSONDecoder().decode([[String]].self, from: result.output)
      #expect(read == expected)
    }

    @Test func tsvAndJSONLinesAreWrittenTooAndOtherNamesStillSaveACopy() throws {
      let directory = folder()
      let source = directory + "/people.json"
      try Self.people.write(toFile: source, atomically: false, encoding: .utf8)
      let pilot = try Pilot(json: "", path: source, size: CellSize(columns: 100, rows: 12), presentation: .table)
      pilot.press(":")
      pilot.type("w \(directory)/out.tsv")
      pilot.press("Enter", ":")
      pilot.type("w \(directory)/out.ndjson")
      pilot.press("Enter")
      let tsv = try String(contentsOfFile: directory + "/out.tsv", encoding: .utf8)
      #expect(tsv.hasPrefix("name\tage\tcity\ttags\nAda\t36\tLondon, UK\t[\"math\"]\n"), "\(tsv)")
      #expect(tsv.contains(#"two\nlines"#))
      let lines = try String(contentsOfFile: directory + "/out.ndjson", encoding: .utf8).split(separator: "\n")
      #expect(lines.count == 6)
      #expect(lines[0] == #"{"name":"Ada","age":36,"city":"London, UK","tags":["math"]}"#)
      // Any other name is a copy of the document, as before.
      pilot.press(":")
      pilot.type("w \(directory)/copy.json")
      pilot.press("Enter")
      #expect(try String(contentsOfFile: directory + "/copy.json", encoding: .utf8) == Self.people)
      // An existing export is replaced only when the person says so.
      pilot.press(":")
      pilot.type("w \(directory)/out.tsv")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("exists"), "\(pilot.statusLine)")
      pilot.press("n")
      #expect(pilot.statusLine.contains("not exported"))
    }

    // MARK: - Fixtures

    /// Where python3 is, if anywhere on the PATH.
    static func python() -> String? {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      return path.split(separator: ":").map { "\($0)/python3" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
      }
    }

    static let people = #"""
      [{"name": "Ada", "age": 36, "city": "London, UK", "tags": ["math"]},
       {"name": "Dana \"D\" O'Neil", "age": 61, "city": "two\nlines", "tags": []},
       {"name": "Émile", "age": 19, "city": null},
       {"name": "Bo", "age": 25, "tags": [{"k": "a,b"}]},
       {"name": "Cy", "age": 40, "city": "Zürich"},
       {"name": "Kid", "age": 7, "city": "Paris"}]
      """#
  }
}
