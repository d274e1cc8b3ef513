import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A write error is an error (issue 14.6): `dump` and `check` whose standard output is a
/// full disk, closed, or a pipe nobody reads say so on standard error and exit non-zero.
@Suite(.enabled(if: TmuxSession.tgridExecutable != nil, "needs the built tgrid binary next to the tests"))
struct OutputErrorTests {
  @Test(arguments: [["dump"], ["dump", "--layout", "tree"], ["check"]])
  func aFullDiskIsReported(_ command: [String]) throws {
    let result = try runInShell(command + [demoDataPath("photo-albums.json")], redirection: ">/dev/full")
    #expect(result.status == 2, "\(result)")
    #expect(result.error.contains("cannot write the output: No space left on device"), "\(result)")
  }

  @Test(arguments: [["dump"], ["check"]])
  func aClosedStandardOutputIsReported(_ command: [String]) throws {
    let result = try runInShell(command + [demoDataPath("photo-albums.json")], redirection: ">&-")
    #expect(result.status == 2, "\(result)")
    #expect(result.error.contains("standard output is closed"), "\(result)")
  }

  @Test func aClosedStandardOutputIsReportedBeforeStandardInputIsRead() throws {
    let result = try runInShell(["dump"], redirection: ">&- <<'EOF'\n[1, 2, 3]\nEOF")
    #expect(result.status == 2, "\(result)")
    #expect(result.error.contains("standard output is closed"), "\(result)")
  }

  @Test func aPipeWhoseReaderHasGoneIsReportedWhenSigpipeIsIgnored() throws {
    // With SIGPIPE at its default the shell's usual `| head` ending applies (the signal
    // ends the process); ignored (as some parents leave it), the write fails with EPIPE.
    // `true` has long exited when tgrid writes.
    let tgrid = try #require(TmuxSession.tgridExecutable)
    let script =
      "trap '' PIPE; { sleep 0.5; '\(tgrid)' dump '\(demoDataPath("photo-albums.json"))'; echo \"status=$?\" >&2; } | true"
    let result = try spawnAndWait("/bin/sh", ["-c", script])
    let error = String(decoding: result.error, as: UTF8.self)
    #expect(error.contains("cannot write the output: Broken pipe"), "\(error)")
    #expect(error.hasSuffix("status=2\n"), "\(error)")
  }

  @Test func aWritableOutputStillWorksAndExitsZero() throws {
    let result = try runInShell(["check", demoDataPath("photo-albums.json")], redirection: "")
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("ok — "), "\(result)")
  }

  /// Runs tgrid with `arguments` through the shell, so `redirection` can close or redirect
  /// its standard output.
  func runInShell(_ arguments: [String], redirection: String) throws -> (status: Int32, output: String, error: String) {
    let tgrid = try #require(TmuxSession.tgridExecutable)
    let quoted = ([tgrid] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let result = try spawnAndWait("/bin/sh", ["-c", "exec " + quoted.joined(separator: " ") + " " + redirection])
    return (
      result.status, String(decoding: result.output, as: UTF8.self), String(decoding: result.error, as: UTF8.self)
    )
  }
}
