import TGridApp
import TGridJSON
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct CheckCommandTests {
  @Test func aValidFileIsReportedWithItsCounts() {
    let path = CheckFixtures.file("{\n  \"a\": [1, 2, {\"b\": null}]\n}\n")
    defer { unlink(path) }
    let result = CheckFixtures.run([path])
    #expect(result.code == 0)
    #expect(result.output == ["\(path): ok — 6 values, depth 3, 31 bytes"])
    #expect(result.errors.isEmpty)
  }

  @Test func anInvalidFileIsReportedWithLineColumnAndCaret() {
    let path = CheckFixtures.file("[\n  1,\n  2,\n]\n")
    defer { unlink(path) }
    let result = CheckFixtures.run([path])
    #expect(result.code == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.errors == [
        "\(path):4:1: trailing comma is not allowed: expected a value after ','",
        "    ]",
        "    ^",
      ])
  }

  @Test func anEndlessDeviceFailsOnItsFirstByte() {
    // Read whole first, /dev/zero would never end; parsed as it streams in, it fails at once.
    let result = CheckFixtures.run(["/dev/zero"])
    #expect(result.code == 1)
    #expect(result.errors.first?.hasPrefix("/dev/zero:1:1: expected a value") == true)
  }

  @Test func aPipeIsCheckedAsItArrivesAndItsSizeIsLimited() throws {
    let fifo = "/tmp/tgrid-check-fifo-\(getpid())"
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    // A writer that sends more than the limit: valid JSON so far, never finished. (The
    // child only makes system calls: no allocation after fork.)
    let chunk = Array(String(repeating: "1,", count: 4096).utf8)
    let writer = chunk.withUnsafeBytes { bytes in
      let child = fork()
      if child == 0 {
        let descriptor = open(fifo, O_WRONLY)
        _ = write(descriptor, "[", 1)
        while write(descriptor, bytes.baseAddress, bytes.count) > 0 {}
        _exit(0)
      }
      return child
    }
    defer {
      kill(writer, SIGKILL)
      var status: Int32 = 0
      waitpid(writer, &status, 0)
    }
    var output: [String] = []
    var errors: [String] = []
    let code = runCheck(
      paths: [fifo], maximumByteCount: 1 << 20, standardOutput: { output.append($0) },
      standardError: { errors.append($0) })
    #expect(code == 2)
    #expect(errors == ["\(fifo): input larger than the limit of 1 MiB (raise it with --max-size)"])
  }

  @Test func byteCountsReadWithTheirUnits() {
    #expect(parseByteCount("1000") == 1000)
    #expect(parseByteCount("512K") == 512 << 10)
    #expect(parseByteCount("64M") == 64 << 20)
    #expect(parseByteCount("4G") == 4 << 30)
    #expect(parseByteCount("1.5GiB") == 3 << 29)
    #expect(parseByteCount("2MB") == 2 << 20)
    #expect(parseByteCount("x") == nil)
    #expect(parseByteCount("-1M") == nil)
  }

  @Test func missingFilesAndDirectoriesGetTheirOwnMessages() {
    let result = CheckFixtures.run(["/nonexistent/data.json", "/tmp"])
    #expect(result.code == 2)
    #expect(result.errors == ["/nonexistent/data.json: no such file", "/tmp: is a directory, not a file"])
  }

  @Test func anUnreadableFileExitsWithTwo() {
    // /proc/self/mem opens, but reading at offset 0 fails (EIO), even for root.
    let result = CheckFixtures.run(["/proc/self/mem"])
    #expect(result.code == 2)
    #expect(result.errors.first?.hasPrefix("/proc/self/mem: cannot read:") == true)
  }

  @Test(.enabled(if: getuid() != 0, "root reads files whatever their permissions"))
  func aFileWithoutReadPermissionIsReported() {
    let path = CheckFixtures.file("[]")
    defer { unlink(path) }
    chmod(path, 0)
    let result = CheckFixtures.run([path])
    #expect(result.code == 2)
    #expect(result.errors == ["\(path): permission denied"])
  }

  @Test func everyFileIsCheckedAndTheWorstExitCodeWins() {
    let good = CheckFixtures.file("[1]")
    let bad = CheckFixtures.file("[1")
    defer {
      unlink(good)
      unlink(bad)
    }
    let result = CheckFixtures.run([bad, "/nonexistent", good])
    #expect(result.code == 2)
    #expect(result.output == ["\(good): ok — 2 values, depth 1, 3 bytes"])
    #expect(result.errors.first == "\(bad):1:3: unexpected end of input: expected ',' or ']'")
  }

  @Test func duplicateKeysAreWarningsNotErrors() {
    let path = CheckFixtures.file("{\"a\": 1, \"a\": 2}")
    defer { unlink(path) }
    let result = CheckFixtures.run([path])
    #expect(result.code == 0)
    #expect(
      result.errors == [
        "\(path):1:10: warning: duplicate key \"a\" (first at line 1, column 2); both members are kept"
      ])
  }

  @Test func jsonLinesAreDetectedOrForced() {
    let path = CheckFixtures.file("{\"n\": 1}\n{\"n\": 2}\n")
    defer { unlink(path) }
    #expect(CheckFixtures.run([path]).output == ["\(path): ok — 4 values, depth 1, 18 bytes (JSON Lines, 2 records)"])
    let single = CheckFixtures.file("{\"n\": 1}\n")
    defer { unlink(single) }
    #expect(
      CheckFixtures.run([single], mode: .lines).output == [
        "\(single): ok — 2 values, depth 1, 9 bytes (JSON Lines, 1 record)"
      ])
  }

  @Test func noFilesIsAUsageError() {
    #expect(CheckFixtures.run([]).code == 2)
  }
}

// MARK: - Fixtures

enum CheckFixtures {
  struct Result {
    var code: Int32
    var output: [String]
    var errors: [String]
  }

  static func run(_ paths: [String], mode: JSONTextMode = .automatic) -> Result {
    var output: [String] = []
    var errors: [String] = []
    let code = runCheck(
      paths: paths, mode: mode, standardOutput: { output.append($0) }, standardError: { errors.append($0) })
    return Result(code: code, output: output, errors: errors)
  }

  static func file(_ text: String) -> String {
    var template = Array("/tmp/tgrid-check-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
