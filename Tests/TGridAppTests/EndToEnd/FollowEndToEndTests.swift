import Foundation
import TestSupport
import Testing

/// Following with the real binary (`tgrid -f FILE`, `… | tgrid --follow`) while another
/// process writes: records show as they arrive, the file may be truncated, rotated or
/// deleted, and tgrid uses no processor while nothing arrives.
@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct FollowEndToEndTests {
  /// A file to follow, removed at the end.
  final class FollowedFile {
    /// A folder of its own: the files other tests make and delete in the temporary folder
    /// meanwhile are no events of this one's (the idle check counts the processor's ticks).
    let folder = NSTemporaryDirectory() + "tgrid-follow-e2e-\(UUID().uuidString)"
    var path: String { folder + "/followed.jsonl" }

    init(lines: [String]) {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: path, contents: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    deinit {
      try? FileManager.default.removeItem(atPath: folder)
    }

    /// Appends text (as a writer process would, with `>>`).
    func append(_ text: String) {
      let handle = FileHandle(forWritingAtPath: path)
      handle?.seekToEndOfFile()
      handle?.write(Data(text.utf8))
      try? handle?.close()
    }
  }

  static func records(_ range: ClosedRange<Int>) -> [String] {
    range.map { #"{"n": \#($0), "msg": "record \#($0)"}"# }
  }

  @Test func appendedRecordsAndNonJSONLinesShowAsTheyArrive() throws {
    let file = FollowedFile(lines: Self.records(1...3))
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "table", "-f"], rows: 20)
    defer { tmux.close() }
    var screen = try tmux.waitFor(text: "FOLLOW")
    #expect(screen.last?.contains("row 3/3") == true, "\(screen.last ?? "")")
    file.append(Self.records(4...5).joined(separator: "\n") + "\nthis line is not JSON\n")
    screen = try tmux.waitFor(text: "this line is not JSON")
    screen = try tmux.waitFor(text: "row 6/6")
    #expect(screen.last?.contains("FOLLOW · 1 text line") == true, "\(screen.last ?? "")")
    // The new rows fade in: wait for the last one's text, not only the count.
    _ = try tmux.waitFor(text: "record 5")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func aBurstOfAHundredThousandLinesArrives() throws {
    let file = FollowedFile(lines: Self.records(1...1))
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "table", "--follow"], rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "FOLLOW")
    // A writer process: the shell appends 100,000 lines at once.
    _ = try spawnAndWait(
      "/bin/sh", ["-c", "seq 2 100001 | sed 's/.*/{\"n\": &}/' >> '\(file.path)'"], timeoutSeconds: 60)
    let screen = try tmux.waitFor(text: "row 100001/100001", seconds: 120)
    #expect(screen.last?.contains("FOLLOW") == true, "\(screen.last ?? "")")
    #expect(screen.contains { $0.contains("100001") })
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func aLastLineWithoutItsNewlineIsARecordWhenStandardInputEnds() throws {
    // `printf` into a pipe: the writer's last record has no newline, and then the pipe ends.
    let tmux = try TmuxSession(columns: 100, rows: 20)
    defer { tmux.close() }
    let input = #"printf '{"n": 1}\n{"n": 2, "msg": "the last one"}'"#
    try tmux.run(
      "clear; \(input) | \(try tgridBinary()) --follow --layout table 2>\(tmux.errorLogPath); echo status=$?")
    // Both on one screen (a capture can fall between the rows of one frame being written).
    let screen = try tmux.waitFor("the last record, focused") {
      $0.contains { $0.contains("the last one") } && $0.last?.contains("2/2") == true
    }
    #expect(screen.last?.contains("2/2") == true, "\(screen.last ?? "")")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func aPartialLineWaitsForItsNewline() throws {
    let file = FollowedFile(lines: Self.records(1...2))
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "table", "-f"], rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "row 2/2")
    file.append(#"{"n": 3, "msg": "half"#)
    // The writer is slow: what arrived so far is no record yet.
    Thread.sleep(forTimeInterval: 1.5)
    var screen = try tmux.screen()
    #expect(screen.last?.contains("row 2/2") == true, "\(screen.last ?? "")")
    #expect(!screen.contains { $0.contains("half") })
    file.append(#" and the rest"}"# + "\n")
    // (The table keeps the column's width it measured on the first records.)
    _ = try tmux.waitFor(text: "half an")
    // The status line may say so a frame later than the row shows (a loaded machine's CI
    // caught the row with "row 2/2" still below it).
    screen = try tmux.waitFor(text: "row 3/3")
    #expect(screen.contains { $0.contains("half an") })
    #expect(screen.last?.contains("text line") == false, "\(screen.last ?? "")")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func aTruncatedFileIsReadAgainFromItsStart() throws {
    let file = FollowedFile(lines: Self.records(1...4))
    // Wide enough for the note beside the long temporary file's name (at 100 columns the
    // status line cuts it, sometimes before "its start").
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "table", "-f"], columns: 200, rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "row 4/4")
    _ = try spawnAndWait("/bin/sh", ["-c", "echo '{\"n\": 99}' > '\(file.path)'"], timeoutSeconds: 10)
    let screen = try tmux.waitFor(text: "truncated")
    _ = try tmux.waitFor(text: "row 5/5")
    #expect(screen.joined().contains("reading it again from its start"), "\(screen.last ?? "")")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  /// logrotate's copytruncate with a writer not in append mode: the file is truncated and
  /// written again past its old end at once, so the follower never sees it shrink. The
  /// records read before leave (the text they were read with is gone), and the screen never
  /// shows the new bytes under them.
  @Test func aTruncationThatNeverShrinksToTheFollowersEyesTakesTheOldRecordsOut() throws {
    let file = FollowedFile(lines: Self.records(1...4))
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "table", "-f"], columns: 200, rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "row 4/4")
    // The first batch made the document (copied); these are read where the file is mapped.
    file.append(Self.records(5...8).joined(separator: "\n") + "\n")
    _ = try tmux.waitFor(text: "row 8/8")
    let old = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
    // What the file holds after the truncation and the writer's next line at its old
    // offset (a hole of zeros before it), written so that it never shrinks meanwhile.
    let script = """
      import os, sys
      f = os.open(sys.argv[1], os.O_WRONLY)
      os.pwrite(f, bytes(\(old)), 0)
      os.pwrite(f, b'{"n": 99, "msg": "after the hole"}\\n', \(old)); os.close(f)
      """
    _ = try spawnAndWait("/usr/bin/env", ["python3", "-c", script, file.path], timeoutSeconds: 10)
    // The message can show while the four records leave, animated (a run under load caught
    // them on screen with the message): the screen is read once they are gone.
    let screen = try tmux.waitFor("the message and records 5 to 8 gone") {
      $0.joined().contains("4 records read before left with its text") && !$0.joined().contains("record 5")
    }
    #expect(!screen.joined().contains("record 8"), "\(screen.joined(separator: "\n"))")
    #expect(screen.joined().contains("record 4"), "the records copied keep the text they were read with")
    #expect(screen.joined().contains("written again where it was read"), "\(screen.last ?? "")")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  /// A bus error in a followed file's mapping (a page past the end of a file that shrank) is
  /// the mapping's guard's, not a crash: the terminal stays in full-screen mode and tgrid
  /// runs on; every other fault still restores the terminal, following a file too.
  @Test func aFaultInTheMappingIsNoCrashAndAnyOtherStillRestoresTheTerminal() throws {
    let file = FollowedFile(lines: Self.records(1...4))
    let tmux = try launchTGrid(
      file.path, arguments: ["--layout", "table", "-f"], environment: "TGRID_DEBUG_CRASH=mappedfault")
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "row 4/4")
    #expect(try tmux.paneValue("alternate_on") == "1", "still full-screen after the guarded fault")
    file.append(Self.records(5...5).joined() + "\n")
    _ = try tmux.waitFor(text: "row 5/5")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
    #expect(!tmux.errorLog().contains("crashed"), "\(tmux.errorLog().prefix(2000))")

    let crashing = try launchTGrid(
      file.path, arguments: ["--layout", "table", "-f"], environment: "TGRID_DEBUG_CRASH=segv", waitForApp: false)
    defer { crashing.close() }
    try expectTerminalRestored(crashing, status: nil)
    let lines = try crashing.screen()
    #expect(!lines.contains("status=0"), "\(lines.joined(separator: "\n"))")
  }

  @Test func aRotatedFileIsFollowedByItsName() throws {
    let file = FollowedFile(lines: Self.records(1...2))
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "table", "-f"], rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "row 2/2")
    _ = try spawnAndWait(
      "/bin/sh",
      [
        "-c",
        "echo '{\"n\": 3}' >> '\(file.path)'; mv '\(file.path)' '\(file.path).1'; echo '{\"n\": 77}' > '\(file.path)'",
      ],
      timeoutSeconds: 10)
    // The watcher sees the rename and the new file either as one rotation or, when they
    // come in two reads, as a deletion and then the name back: both follow the name.
    _ = try tmux.waitFor(text: "row 4/4")
    // The new row fades in: wait for its cell, not only the count.
    let screen = try tmux.waitFor(text: "│ 77│")
    let text = screen.joined(separator: " ")
    #expect(text.contains("rotated") || text.contains("back: following it"), "\(text)")
    file.append(#"{"n": 78}"# + "\n")
    _ = try tmux.waitFor(text: "row 5/5")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func editingWhileAWriterAppendsThenSavingKeepsEveryRecordOnce() throws {
    let file = FollowedFile(lines: Self.records(1...3))
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "grid", "-f"], columns: 140, rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "item 3/3")
    try tmux.send("g")
    try tmux.send("d")
    _ = try tmux.waitFor(text: "deleted 1 value")
    // A writer process appends while the edit is unsaved.
    _ = try spawnAndWait(
      "/bin/sh", ["-c", "echo '{\"n\": 4}' >> '\(file.path)'; echo '{\"n\": 5}' >> '\(file.path)'"], timeoutSeconds: 10)
    _ = try tmux.waitFor(text: "item 1/4")
    try tmux.send("C-s")
    _ = try tmux.waitFor(text: "saved")
    let saved = try String(contentsOfFile: file.path, encoding: .utf8)
    #expect(
      saved == Self.records(2...3).joined(separator: "\n") + "\n" + #"{"n": 4}"# + "\n" + #"{"n": 5}"# + "\n",
      "the edited records and every arrival: \(saved)")
    // The writer appends to the saved file: read once, from the end of what was saved.
    _ = try spawnAndWait("/bin/sh", ["-c", "echo '{\"n\": 6}' >> '\(file.path)'"], timeoutSeconds: 10)
    var screen = try tmux.waitFor(text: "item 1/5")
    Thread.sleep(forTimeInterval: 1)
    screen = try tmux.screen()
    #expect(screen.last?.contains("item 1/5") == true, "nothing read twice: \(screen.last ?? "")")
    #expect(!screen.joined().contains("rotated"), "\(screen.joined(separator: "\n"))")
    // Undo takes back the edit, never an arrival.
    try tmux.send("u")
    screen = try tmux.waitFor(text: "item 1/6")
    #expect(screen.joined().contains("undid delete"), "\(screen.last ?? "")")
    try tmux.sendLiteral(":q!")
    try tmux.send("Enter")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func aDeletedFileKeepsWhatWasRead() throws {
    let file = FollowedFile(lines: Self.records(1...3))
    let tmux = try launchTGrid(file.path, arguments: ["--layout", "table", "-f"], rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "row 3/3")
    try FileManager.default.removeItem(atPath: file.path)
    let screen = try tmux.waitFor(text: "deleted")
    #expect(screen.contains { $0.contains("record 3") })
    #expect(screen.joined().contains("row 3/3"))
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }

  @Test func aPipeThatStaysOpenIsFollowedAndStrictStopsAtALineThatIsNotJSON() throws {
    let tmux = try TmuxSession(columns: 100, rows: 20)
    defer { tmux.close() }
    // Process substitution: the shell does not wait for the writer when tgrid ends.
    let writer = #"for i in $(seq 30); do echo "{\"n\": $i}"; done; sleep 1; echo '{"n": 31}'; sleep 30"#
    try tmux.run(
      "clear; " + (try tgridBinary()) + " --layout table --follow < <(" + writer + ") 2>" + tmux.errorLogPath
        + "; echo status=$?")
    let screen = try tmux.waitFor(text: "row 31/31", seconds: 15)
    #expect(screen.last?.contains("FOLLOW") == true, "\(screen.last ?? "")")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)

    let strict = try TmuxSession(columns: 100, rows: 20)
    defer { strict.close() }
    try strict.run(
      "clear; " + (try tgridBinary()) + #" --follow --strict < <(echo '{"n": 1}'; echo 'oops'; sleep 30) 2>"#
        + strict.errorLogPath + "; echo status=$?")
    try expectTerminalRestored(strict, status: 1)
    #expect(strict.errorLog().contains("line 2: not JSON"), "\(strict.errorLog())")
  }

  /// Idle means idle: while the writer is quiet, tgrid's processor time (utime + stime in
  /// /proc/PID/stat, in clock ticks) hardly moves.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func aQuietStreamUsesNoProcessor() throws {
    let file = FollowedFile(lines: Self.records(1...20))
    let tmux = try launchTGrid(file.path, arguments: ["-f"], rows: 20)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "FOLLOW")
    try tmux.waitUntilStill()
    let pid = try #require(try tmux.appProcessID())
    func ticks() throws -> Int {
      let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
      return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }
    let before = try ticks()
    Thread.sleep(forTimeInterval: 4)
    let after = try ticks()
    // 4 seconds are 400 ticks at 100 Hz: a poll every frame would take tens of them.
    #expect(after - before <= 3, "tgrid used \(after - before) ticks while nothing arrived")
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)
  }
}
