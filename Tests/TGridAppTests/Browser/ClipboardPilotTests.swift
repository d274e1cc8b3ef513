import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// A clipboard command runs in the background: keys keep working, the result is reported
  /// when it ends, and its error is shown whole (issue 13.8).
  @Suite struct ClipboardPilotTests {
    @Test func keysKeepWorkingWhileAClipboardCommandRunsAndTheEndIsReported() throws {
      let path = NSTemporaryDirectory() + "tgrid-pilot-clipboard-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      defer { unlink(path) }
      let pilot = try Pilot(json: #"{"a": 1, "b": 2, "c": 3}"#, presentation: .tree)
      pilot.browser.collectionView.pasteboard = Pasteboard(
        systemClipboard: .command("sleep 1; cat > '\(path)'"), terminal: pilot.terminal)
      pilot.press("j", "y")
      #expect(pilot.statusLine.contains("copied 1 value (1 B) · sending…"), "\(pilot.statusLine)")
      pilot.press("j")
      #expect(pilot.focusedPath == ".b", "the key was taken while the command ran")
      #expect(
        FileManager.default.fileExists(atPath: path) == false
          || (try? String(contentsOfFile: path, encoding: .utf8)) != "1")
      #expect(pilot.waitForBackgroundWork { $0.statusLine.contains("copied 1 value") }, "\(pilot.statusLine)")
      #expect((try? String(contentsOfFile: path, encoding: .utf8)) == "1")
    }

    @Test func aClipboardCommandsErrorIsShownWholeNeverCut() throws {
      let detail = (1...24).map { "part\($0)" }.joined(separator: " ") + " THE-END"
      let pilot = try Pilot(json: #"{"a": 1}"#, size: CellSize(columns: 60, rows: 12), presentation: .tree)
      pilot.browser.collectionView.pasteboard = Pasteboard(
        systemClipboard: .command("cat >/dev/null; echo '\(detail)' >&2; exit 1"), terminal: pilot.terminal)
      pilot.press("j", "y")
      #expect(pilot.waitForBackgroundWork { $0.screen.contains("THE-END") }, "\(pilot.screen)")
      let shown = pilot.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
      #expect(shown.contains(detail), "every word of the message is on screen:\n\(pilot.screen)")
      #expect(shown.contains("exit status 1"))
      pilot.press("j")
      #expect(!pilot.screen.contains("THE-END"), "the next key clears it")
    }
  }
}
