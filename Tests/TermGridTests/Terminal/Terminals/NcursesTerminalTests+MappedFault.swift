import TGridSystem
import Testing

@testable import TermGridPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// The crash guard with a followed file's mapping guard (`tgrid -f`). In
/// ``NcursesTerminalTests`` (an extension), so it runs one at a time with the other tests
/// that change process-wide signal handling: every test target shares one process, and a
/// guard installed beside them would change the dispositions they check are back.
extension NcursesTerminalTests {
  /// A bus error in a mapping is the mapping guard's, also under the terminal's crash
  /// guard installed after it (as `tgrid -f` has them): the crash guard's handler stays in
  /// place (it did not take the fault for a crash and put the one before back).
  @Test func aFaultInTheMappingIsNoCrashToTheTerminalsGuard() throws {
    let mapping = try #require(GrowingFileMapping(capacity: 1 << 20, chunkByteCount: Int(sysconf(Int32(_SC_PAGESIZE)))))
    _ = mapping
    #expect(CrashGuard.install())
    defer { CrashGuard.uninstall() }
    var during = sigaction()
    sigaction(SIGBUS, nil, &during)
    #expect(GrowingFileMapping.provokeGuardedFault())
    var after = sigaction()
    sigaction(SIGBUS, nil, &after)
    #expect(
      unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(during.__sigaction_handler.sa_handler, to: Int.self),
      "the crash guard's handler is still the one in place")
  }
}
