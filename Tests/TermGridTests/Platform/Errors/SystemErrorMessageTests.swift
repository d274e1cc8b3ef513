import Testing

@testable import TermGridPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SystemErrorMessageTests {
  @Test func anErrorNumberReadsAsTheCLibrarySaysIt() {
    #expect(SystemErrorMessage.text(for: ENOENT) == "No such file or directory")
    #expect(SystemErrorMessage.text(for: EACCES) == "Permission denied")
  }
}
