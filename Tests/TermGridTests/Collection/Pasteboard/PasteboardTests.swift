import Foundation
import TermGrid
import TestSupport
import Testing

@testable import TermGridCollection

#if canImport(Glibc)
  import Glibc
#endif

// Serialized: one test checks that no child process is left, which others' children would upset.
@Suite(.serialized) struct PasteboardTests {
  // MARK: Items

  @Test func typedItemsKeepTheirExactBytesBesideThePlainText() throws {
    let pasteboard = Pasteboard()
    let json = PasteboardItem(type: "application/json", text: "{ \"n\": 1.50e+3 }")
    try pasteboard.copy([json], plainText: "{\"n\": 1500}")
    #expect(pasteboard.item(ofType: "application/json")?.data == Array("{ \"n\": 1.50e+3 }".utf8))
    #expect(pasteboard.string == "{\"n\": 1500}")
    #expect(pasteboard.items.map(\.type) == ["application/json", PasteboardItem.plainTextType])
    #expect(pasteboard.contains(types: ["application/json"]))
    #expect(pasteboard.changeCount == 1)
  }

  @Test func aTerminalPasteReplacesTheContentWithoutGoingBackToTheClipboard() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let pasteboard = Pasteboard(systemClipboard: .osc52(insideTmux: false), terminal: terminal)
    try pasteboard.copy([PasteboardItem(type: "application/json", text: "1")], plainText: "1")
    pasteboard.setTerminalPaste("pasted")
    #expect(pasteboard.items == [.plainText("pasted")])
    #expect(pasteboard.changeCount == 2)
    #expect(terminal.sentControlSequences.count == 1)
  }

  @Test func itemsThatAreNotTextHaveNoString() {
    let item = PasteboardItem(type: "application/octet-stream", data: [0xFF, 0xFE])
    #expect(item.text == nil)
  }

  // MARK: OSC 52

  @Test func base64MatchesTheStandardsTestVectors() {
    let vectors = [
      "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy",
    ]
    for (plain, encoded) in vectors {
      #expect(Base64.encode(Array(plain.utf8)) == Array(encoded.utf8), "\(plain)")
    }
    #expect(Base64.encode([0xFF, 0xFE, 0xFD, 0x00]) == Array("//79AA==".utf8))
  }

  @Test func osc52SetsTheClipboardWithBase64Text() {
    #expect(OSC52.sequence(for: "hé") == Array("\u{1B}]52;c;aMOp\u{07}".utf8))
  }

  @Test func insideTmuxTheSequenceIsWrappedWithEscapesDoubled() {
    let wrapped = OSC52.tmuxPassthrough(OSC52.sequence(for: "hi"))
    #expect(wrapped == Array("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\".utf8))
  }

  @Test func copyingSendsOSC52ThroughTheTerminal() throws {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let plain = Pasteboard(systemClipboard: .osc52(insideTmux: false), terminal: terminal)
    try plain.copy(text: "hi")
    #expect(terminal.sentControlSequences == [Array("\u{1B}]52;c;aGk=\u{07}".utf8)])
    let tmux = Pasteboard(systemClipboard: .osc52(insideTmux: true), terminal: terminal)
    try tmux.copy(text: "hi")
    #expect(
      terminal.sentControlSequences.last
        == Array("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\\u{1B}]52;c;aGk=\u{07}".utf8))
  }

  @Test func textOverTheOSC52LimitIsKeptInsideButNotSent() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 10, rows: 2))
    let pasteboard = Pasteboard(systemClipboard: .osc52(insideTmux: false), terminal: terminal)
    let big = String(repeating: "x", count: SystemClipboard.maximumOSC52Bytes + 1)
    #expect(throws: PasteboardError.tooLarge(byteCount: big.utf8.count, limit: SystemClipboard.maximumOSC52Bytes)) {
      try pasteboard.copy(text: big)
    }
    #expect(pasteboard.string == big)
    #expect(terminal.sentControlSequences.isEmpty)
  }

  // MARK: Choosing the route

  @Test func theOptionWinsOverTheEnvironmentWhichWinsOverOSC52() {
    let environment = ["APP_CLIPBOARD_COMMAND": "wl-copy", "TMUX": "/tmp/tmux-0/default,1,0"]
    func chosen(_ option: String?, _ values: [String: String]) -> SystemClipboard {
      SystemClipboard.chosen(
        commandOption: option, environmentVariable: "APP_CLIPBOARD_COMMAND", environment: { values[$0] })
    }
    #expect(chosen("xclip -i", environment) == .command("xclip -i"))
    #expect(chosen(nil, environment) == .command("wl-copy"))
    #expect(chosen("  ", ["TMUX": "x"]) == .osc52(insideTmux: true))
    #expect(chosen(nil, [:]) == .osc52(insideTmux: false))
    #expect(chosen(nil, ["TMUX": ""]) == .osc52(insideTmux: false))
  }

  @Test func theEnvironmentVariableIsTheAppsToName() {
    let environment = ["APP_CLIPBOARD_COMMAND": "wl-copy", "OTHER_CLIPBOARD_COMMAND": "xsel"]
    let read: (String) -> String? = { environment[$0] }
    #expect(
      SystemClipboard.chosen(commandOption: nil, environmentVariable: "OTHER_CLIPBOARD_COMMAND", environment: read)
        == .command("xsel"))
    #expect(
      SystemClipboard.chosen(commandOption: nil, environmentVariable: nil, environment: read)
        == .osc52(insideTmux: false))
  }

  // MARK: Clipboard commands

  @Test func aClipboardCommandGetsTheTextOnItsInput() throws {
    let path = temporaryPath()
    defer { unlink(path) }
    let pasteboard = Pasteboard(systemClipboard: .command("cat > '\(path)'"))
    let text = "[1, \"二\", {\"a\": null}]\n" + String(repeating: "0123456789", count: 20_000)
    try pasteboard.copy(text: text)
    #expect(readFile(path) == text)
  }

  @Test func aFailingCommandReportsItsStatusAndMessage() {
    let pasteboard = Pasteboard(systemClipboard: .command("cat >/dev/null; echo 'no display' >&2; exit 3"))
    #expect(
      throws: PasteboardError.commandFailed(
        command: "cat >/dev/null; echo 'no display' >&2; exit 3", status: "exit status 3", message: "no display")
    ) {
      try pasteboard.copy(text: "x")
    }
    #expect(pasteboard.string == "x")
  }

  @Test func aMissingCommandSaysSo() throws {
    let pasteboard = Pasteboard(systemClipboard: .command("tgrid-no-such-clipboard-tool"))
    do {
      try pasteboard.copy(text: "x")
      Issue.record("a missing command succeeded")
    } catch .commandFailed(_, let status, let message) {
      #expect(status == "command not found, exit status 127")
      #expect(message.contains("not found"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test func aCommandThatDoesNotReadItsInputStillSucceeds() throws {
    let pasteboard = Pasteboard(systemClipboard: .command("true"))
    try pasteboard.copy(text: String(repeating: "y", count: 1 << 20))
  }

  @Test func aCommandThatHangsIsStoppedAndReaped() {
    let pasteboard = Pasteboard(systemClipboard: .command("exec sleep 30"))
    pasteboard.commandTimeoutMilliseconds = 200
    #expect(throws: PasteboardError.commandTimedOut(command: "exec sleep 30", milliseconds: 200)) {
      try pasteboard.copy(text: "x")
    }
    // No child is left, running or as a zombie. (Other tests run children of their own at
    // the same time, so look for this one by name, not for "no child at all".)
    #expect(childProcesses(named: "sleep").isEmpty)
  }

  @Test func aCommandThatHangsIsKilledWithEverythingItStarted() {
    // The shell waits for `sleep` (it cannot exec it: `true` comes after), so `sleep` is a
    // grandchild; a duration of its own tells it from other tests' children.
    let duration = Self.uniqueDuration()
    let command = "sleep \(duration); true"
    let pasteboard = Pasteboard(systemClipboard: .command(command))
    pasteboard.commandTimeoutMilliseconds = 300
    #expect(throws: PasteboardError.commandTimedOut(command: command, milliseconds: 300)) {
      try pasteboard.copy(text: "x")
    }
    #expect(liveProcesses(withArguments: ["/bin/sh", "-c", command]).isEmpty, "the shell is gone")
    // SIGKILL is delivered asynchronously: give the grandchild a moment to die, then look.
    #expect(waitUntilGone(["sleep", duration]), "the grandchild was killed too")
    for pid in liveProcesses(withArguments: ["sleep", duration]) { kill(pid, SIGKILL) }
  }

  @Test func aHelperLeftHoldingTheErrorPipeNeitherHangsTheCopyNorIsKilled() {
    // Like xclip's selection owner: the command exits at once, leaving a process that holds
    // its standard error open. The copy must not wait for that pipe to close.
    // Processes are looked for machine-wide: the duration must be this run's alone (another
    // test process running this test at the same time, in another checkout or a sanitizer
    // build, has a helper of its own).
    let duration = Self.uniqueDuration()
    let command = "sleep \(duration) & exit 0"
    let pasteboard = Pasteboard(systemClipboard: .command(command))
    pasteboard.commandTimeoutMilliseconds = 10_000
    #expect(throws: Never.self) { try pasteboard.copy(text: "x") }
    // The shell may exit before the child it forked has become `sleep` (exec): look again
    // for a while before deciding it is not there.
    var helpers = liveProcesses(withArguments: ["sleep", duration])
    for _ in 0..<250 where helpers.isEmpty {
      usleep(20_000)
      helpers = liveProcesses(withArguments: ["sleep", duration])
    }
    #expect(helpers.count == 1, "the helper is left running, as xclip needs")
    for pid in helpers { kill(pid, SIGKILL) }
  }

  @Test func aTimeoutUnderASecondIsReportedInMilliseconds() {
    #expect(
      PasteboardError.commandTimedOut(command: "x", milliseconds: 300).description.hasSuffix(
        "within 300 ms and was stopped"))
    #expect(
      PasteboardError.commandTimedOut(command: "x", milliseconds: 2000).description.hasSuffix(
        "within 2 s and was stopped"))
  }

  /// A `sleep` duration no other process on the machine uses: about 30 s, with random digits.
  static func uniqueDuration() -> String {
    "29." + String(UInt64.random(in: 100_000_000_000...999_999_999_999))
  }

  /// Processes anywhere (not zombies: their command line is empty) whose arguments are
  /// exactly `arguments`.
  func liveProcesses(withArguments arguments: [String]) -> [Int32] {
    let expected = Array(arguments.joined(separator: "\0").utf8) + [0]
    var found: [Int32] = []
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      // Not FileManager: it leaks a buffer on every /proc file (see FileContents).
      guard let pid = Int32(entry), let data = FileContents.bytes(atPath: "/proc/\(entry)/cmdline") else { continue }
      if data == expected { found.append(pid) }
    }
    return found
  }

  /// Whether no live process has these arguments, looking again for up to two seconds.
  func waitUntilGone(_ arguments: [String]) -> Bool {
    for _ in 0..<100 {
      if liveProcesses(withArguments: arguments).isEmpty { return true }
      usleep(20_000)
    }
    return false
  }

  /// Children of this process (running or zombie) whose command name is `name`.
  func childProcesses(named name: String) -> [Int32] {
    let me = getpid()
    var found: [Int32] = []
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(entry), let stat = FileContents.text(atPath: "/proc/\(entry)/stat"),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { continue }
      let command = stat[stat.index(after: open)..<close]
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      // After the command: state, then the parent's pid.
      if command == name, fields.count > 1, Int32(fields[1]) == me { found.append(pid) }
    }
    return found
  }

  @Test func errorsExplainThemselves() {
    #expect(PasteboardError.tooLarge(byteCount: 300_000, limit: 100_000).description.contains("292 KiB"))
    #expect(
      PasteboardError.commandFailed(command: "xclip", status: "exit status 1", message: "Error: Can't open display")
        .description
        == "the clipboard command `xclip` failed (exit status 1): Error: Can't open display")
  }

  // MARK: - Fixtures

  private func temporaryPath() -> String {
    var template = Array("/tmp/tgrid-pasteboard-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    if descriptor >= 0 { close(descriptor) }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
