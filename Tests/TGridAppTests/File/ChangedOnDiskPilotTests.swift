import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// The file changes under tgrid (issue 14): truncated, rewritten, zeroed, replaced,
  /// deleted. tgrid keeps showing its copy, keeps the edits, says what happened, and never
  /// writes the file without asking.
  @Suite struct ChangedOnDiskPilotTests {
    static let original =
      "[\n" + (0..<200).map { #"  {"id": \#($0), "name": "record \#($0)"}"# }.joined(separator: ",\n") + "\n]\n"

    enum Change: String, CaseIterable {
      case truncateToZero, truncateToHalf, rewriteShorter, rewriteLonger, zeroBytesInPlace, moveOver, delete
      /// The same size, the modification time put back (`touch -r`): only the status change
      /// time tells (issue 35, item 8).
      case rewriteInPlaceKeepingSizeAndTime
    }

    @Test(arguments: Change.allCases)
    func aChangeIsNoticedAndNothingIsLost(change: Change) throws {
      let file = try TemporaryFile(contents: Self.original)
      let pilot = try Pilot(file: file.path)
      pilot.press("d")
      #expect(pilot.text.hasPrefix("[\n  {\"id\": 1"))
      try apply(change, to: file.path)
      pilot.browser.files.lastDiskCheck = 0
      pilot.press("l")
      let expected =
        [
          Change.truncateToZero: "cut short", .truncateToHalf: "cut short", .rewriteShorter: "cut short",
          .rewriteLonger: "rewritten", .zeroBytesInPlace: "rewritten", .moveOver: "replaced", .delete: "deleted",
          .rewriteInPlaceKeepingSizeAndTime: "was changed on",
        ][change] ?? "?"
      #expect(pilot.statusLine.contains(expected), "\(change): \(pilot.statusLine)")
      // Said once, then kept beside the file name.
      pilot.press("h")
      #expect(
        pilot.statusLine.contains(
          change == .delete ? "[deleted on disk]" : change == .moveOver ? "[replaced on disk]" : "[changed on disk]"),
        "\(pilot.statusLine)")
      // The copy on screen and the edit are intact, whatever is on disk now.
      #expect(pilot.text.hasPrefix("[\n  {\"id\": 1, \"name\": \"record 1\"}"))
      #expect(pilot.screen.contains("record 2"))
      // A save asks first; saving anyway writes the document, whole.
      pilot.press("Ctrl-S")
      #expect(pilot.statusLine.contains("since it was opened"))
      pilot.press("o")
      #expect(try file.read() == pilot.text)
      #expect(!pilot.statusLine.contains("on disk]"), "saved: the marker goes")
    }

    /// tgrid's own save is no change on disk: nothing is said, and the next save does not ask.
    @Test func tgridsOwnSaveIsNotAChangeOnDisk() throws {
      let file = try TemporaryFile(contents: Self.original)
      let pilot = try Pilot(file: file.path)
      pilot.press("d", "Ctrl-S")
      #expect(pilot.statusLine.contains("saved doc.json"))
      usleep(20_000)
      pilot.browser.files.lastDiskCheck = 0
      pilot.press("l")
      #expect(!pilot.statusLine.contains("on disk"), "\(pilot.statusLine)")
      pilot.press("d", "Ctrl-S")
      #expect(pilot.statusLine.contains("saved doc.json"), "\(pilot.statusLine)")
      #expect(try file.read() == pilot.text)
    }

    @Test func colonEReadsTheFileAgainAndRefusesToDropEditsWithoutTheBang() throws {
      let file = try TemporaryFile(contents: "[1, 2, 3]")
      let pilot = try Pilot(file: file.path)
      try file.write("[\"new\", \"text\"]")
      pilot.press("d", ":")
      pilot.type("e")
      pilot.press("Enter")
      #expect(pilot.statusLine.contains("reading the file again drops"))
      pilot.press("Ctrl-U")
      pilot.type("e!")
      pilot.press("Enter")
      #expect(pilot.text == #"["new", "text"]"#)
      #expect(!pilot.statusLine.contains("[+]"))
      #expect(pilot.screen.contains("new"))
    }

    func apply(_ change: Change, to path: String) throws {
      switch change {
      case .truncateToZero: truncate(path, 0)
      case .truncateToHalf: truncate(path, off_t(Self.original.utf8.count / 2))
      case .rewriteShorter: try "[1]".write(toFile: path, atomically: false, encoding: .utf8)
      case .rewriteLonger:
        try (Self.original + String(repeating: " ", count: 5000)).write(
          toFile: path, atomically: false, encoding: .utf8)
      case .zeroBytesInPlace:
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 10)
        try handle.write(contentsOf: Data(repeating: 0, count: 200))
        try handle.close()
        // Same size: only the time says it changed (set it a second ahead, so it differs
        // even on a file system with coarse times).
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(1)], ofItemAtPath: path)
      case .moveOver:
        let other = path + ".new"
        try "{\"other\": true}".write(toFile: other, atomically: false, encoding: .utf8)
        rename(other, path)
      case .delete: unlink(path)
      case .rewriteInPlaceKeepingSizeAndTime:
        // Past the file system's clock tick, so the status change time moves.
        usleep(20_000)
        let text = Self.original.replacingOccurrences(of: "record 150", with: "RECORD 150")
        try SaverFixtures.rewriteInPlaceKeepingTheTime(path, text)
      }
    }
  }
}
