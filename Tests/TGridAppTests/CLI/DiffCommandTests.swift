import Foundation
import TestSupport
import Testing

/// `tgrid diff A B` run as a user runs it: the built binary, its exit status, its output and
/// its messages.
@Suite(.enabled(if: TmuxSession.tgridExecutable != nil, "needs the built tgrid binary next to the tests"))
struct DiffCommandTests {
  @Test func theSameDocumentExitsZeroWithExitCode() throws {
    let files = try Files()
    let result = try runTGrid(["diff", "--exit-code", files.old, files.oldReordered])
    #expect(result.status == 0, "\(result)")
    #expect(result.output == "no differences\n", "\(result)")
  }

  @Test func differentDocumentsExitOneWithExitCodeAndZeroWithout() throws {
    let files = try Files()
    let withCode = try runTGrid(["diff", "--exit-code", files.old, files.new])
    #expect(withCode.status == 1, "\(withCode)")
    let without = try runTGrid(["diff", files.old, files.new])
    #expect(without.status == 0, "\(without)")
    #expect(
      without.output == """
        ~ .version: 1 → 2
        - .users[1]: {"id":2,"name":"Bob"}
        + .users[1]: {"id":3,"name":"Cy"}
        1 added, 1 removed, 1 changed, 0 moved

        """, "\(without)")
    let quiet = try runTGrid(["diff", "-q", files.old, files.new])
    #expect(quiet.status == 1 && quiet.output.isEmpty, "\(quiet)")
  }

  @Test func theSummaryHasNoEscapeSequencesWhenNotATerminal() throws {
    let files = try Files()
    let result = try runTGrid(["diff", files.old, files.new], environment: ["NO_COLOR": ""])
    #expect(!result.output.contains("\u{1B}"), "\(result)")
  }

  @Test func thePatchTurnsAIntoB() throws {
    let files = try Files()
    let result = try runTGrid(["diff", "--patch", files.old, files.new])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.output == """
        [
          {"op":"replace","path":"/version","value":2},
          {"op":"remove","path":"/users/1"},
          {"op":"add","path":"/users/1","value":{"id":3,"name":"Cy"}}
        ]

        """, "\(result)")
  }

  @Test func standardInputIsEitherSide() throws {
    let files = try Files()
    let result = try runTGrid(
      ["diff", "--merge-patch", "-", files.new], input: try String(contentsOfFile: files.old, encoding: .utf8))
    #expect(result.status == 0, "\(result)")
    #expect(result.output == #"{"version":2,"users":[{"id":1,"name":"Ann"},{"id":3,"name":"Cy"}]}"# + "\n", "\(result)")
    let both = try runTGrid(["diff", "-", "-"], input: "{}")
    #expect(both.status == 2 && both.error.contains("only one side"), "\(both)")
  }

  @Test func invalidJSONIsTroubleWithItsLineAndColumn() throws {
    let files = try Files()
    let result = try runTGrid(["diff", "--exit-code", files.old, files.invalid])
    #expect(result.status == 2, "\(result)")
    #expect(result.error.contains("invalid.json: line 2, column 3"), "\(result)")
    #expect(result.output.isEmpty, "\(result)")
  }

  @Test func aMissingFileIsTrouble() throws {
    let files = try Files()
    let result = try runTGrid(["diff", "--exit-code", files.old, files.directory + "/missing.json"])
    #expect(result.status == 2, "\(result)")
    #expect(result.error.contains("missing.json"), "\(result)")
  }

  @Test func aMemberSetToNullHasNoMergePatch() throws {
    let files = try Files()
    let result = try runTGrid(["diff", "--merge-patch", files.old, files.withNull])
    #expect(result.status == 2, "\(result)")
    #expect(result.error.contains("cannot set .version to null"), "\(result)")
  }

  @Test func formatsExcludeEachOther() throws {
    let files = try Files()
    let result = try runTGrid(["diff", "--patch", "--merge-patch", files.old, files.new])
    #expect(result.status != 0 && result.error.contains("exclude each other"), "\(result)")
  }

  // MARK: - Fixtures

  /// Small files in a fresh temporary folder.
  struct Files {
    let directory: String
    var old: String { directory + "/old.json" }
    var oldReordered: String { directory + "/old-reordered.json" }
    var new: String { directory + "/new.json" }
    var invalid: String { directory + "/invalid.json" }
    var withNull: String { directory + "/null.json" }

    init() throws {
      directory = NSTemporaryDirectory() + "tgrid-diff-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let contents = [
        "old.json": #"{"version": 1, "users": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}]}"#,
        "old-reordered.json":
          "{\n  \"users\": [{\"name\": \"Ann\", \"id\": 1.0}, {\"id\": 2, \"name\": \"Bob\"}],\n  \"version\": 1\n}",
        "new.json": #"{"version": 2, "users": [{"id": 1, "name": "Ann"}, {"id": 3, "name": "Cy"}]}"#,
        "invalid.json": "{\"version\": 1,\n  ]",
        "null.json": #"{"version": null, "users": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}]}"#,
      ]
      for (name, text) in contents {
        try text.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
      }
    }
  }
}
