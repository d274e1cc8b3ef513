import Foundation
import Testing

/// Standard input as a hostile world gives it (issue 14.2 and 14.7): a device streams and
/// its first bad byte is reported at once, a closed one is named as closed, `/dev/null`
/// still means "no input" (the demo data).
@Suite(.enabled(if: TmuxSession.tgridExecutable != nil, "needs the built tgrid binary next to the tests"))
struct InputSourceTests {
  @Test(arguments: [["dump", "-"], ["dump"], ["check", "-"]])
  func anEndlessDeviceOnStandardInputIsReportedAtItsFirstByte(_ command: [String]) throws {
    let result = try OutputErrorTests().runInShell(command, redirection: "</dev/zero")
    #expect(result.status == 1, "\(result)")
    #expect(result.error.contains("line 1, column 1") || result.error.contains("-:1:1:"), "\(result)")
  }

  @Test(arguments: [["dump", "-"], ["check", "-"], ["-"]])
  func aClosedStandardInputIsNamedAsClosed(_ command: [String]) throws {
    let result = try OutputErrorTests().runInShell(command, redirection: "<&-")
    #expect(result.status == 2, "\(result)")
    #expect(result.error.contains("standard input is closed"), "\(result)")
  }

  @Test func devNullOnStandardInputOpensTheDemoData() throws {
    let result = try OutputErrorTests().runInShell(["dump", "--size", "40x3"], redirection: "</dev/null")
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("items"), "\(result)")
  }
}
