import Glibc
import TGridSystem
import Testing

/// ``SystemFile/makeUniqueFile(template:locked:)``: a new file each time, its owner's only,
/// closed on `exec` (the race it closes — a process started by another thread between
/// creating the file and marking it — cannot be provoked on purpose; these are its terms).
@Suite struct UniqueFileTests {
  @Test func eachFileIsNewOwnersOnlyAndClosedOnExec() throws {
    var paths: Set<String> = []
    for _ in 0..<50 {
      let (descriptor, path) = try SystemFile.makeUniqueFile(template: "/tmp/tgrid-unique-XXXXXX")
      defer {
        close(descriptor)
        unlink(path)
      }
      #expect(path.hasPrefix("/tmp/tgrid-unique-") && path.count == "/tmp/tgrid-unique-".count + 6)
      #expect(!path.hasSuffix("XXXXXX"))
      #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
      var status = stat()
      #expect(fstat(descriptor, &status) == 0)
      #expect(status.st_mode & 0o777 == 0o600)
      #expect(status.st_size == 0)
      paths.insert(path)
    }
    #expect(paths.count == 50)
  }

  @Test func aTemplateWithoutTheSixLettersIsRefused() {
    #expect(throws: SystemError.self) { try SystemFile.makeUniqueFile(template: "/tmp/tgrid-unique-") }
  }

  @Test func aMissingFolderIsReported() {
    #expect(throws: SystemError.self) { try SystemFile.makeUniqueFile(template: "/nonexistent-tgrid/x-XXXXXX") }
  }
}
