import Foundation
import Testing

@testable import TGridJSON

/// `JSONDocument.save(toFile:)` (issue 35, item 12): an exclusive temporary file with a
/// random name, so a file or symbolic link planted at any name is never followed,
/// truncated or written; the replaced file's mode is kept.
@Suite struct SaveToFileTests {
  /// The name the engine used to write to, `PATH.tgrid-save-PID`, holding a link to a
  /// victim and, in turn, a file: both stay as they were.
  @Test(arguments: [Planted.link, .file])
  func whatIsPlantedAtTheOldPredictableNameIsUntouched(planted: Planted) throws {
    let folder = try Self.makeFolder()
    defer { Self.removeFolder(folder) }
    let path = folder + "/doc.json"
    let victim = folder + "/victim"
    try Self.write("[1]", to: path)
    try Self.write("victim text", to: victim)
    let predictable = path + ".tgrid-save-\(getpid())"
    switch planted {
    case .link: #expect(symlink(victim, predictable) == 0)
    case .file: try Self.write("planted text", to: predictable)
    }
    try JSONDocument(parsing: "[2]").save(toFile: path)
    #expect(try Self.read(path) == "[2]")
    #expect(try Self.read(victim) == "victim text")
    #expect(try Self.read(predictable) == (planted == .link ? "victim text" : "planted text"))
    #expect(try Self.contents(of: folder) == ["doc.json", "doc.json.tgrid-save-\(getpid())", "victim"])
  }

  /// Names taken by a link and by a file are skipped (the exclusive create fails), never
  /// followed or truncated; the next free name is used and renamed away.
  @Test func takenTemporaryNamesAreSkippedNeverFollowed() throws {
    let folder = try Self.makeFolder()
    defer { Self.removeFolder(folder) }
    let path = folder + "/doc.json"
    let victim = folder + "/victim"
    try Self.write("[1]", to: path)
    try Self.write("victim text", to: victim)
    #expect(symlink(victim, folder + "/.doc.json.tgrid-LINKED") == 0)
    #expect(symlink(folder + "/nothing-yet", folder + "/.doc.json.tgrid-DANGLE") == 0)
    try Self.write("planted text", to: folder + "/.doc.json.tgrid-PLANTD")
    var names = ["LINKED", "DANGLE", "PLANTD", "FREE00"].makeIterator()
    var asked = 0
    try JSONDocument(parsing: "[2]").save(toFile: path) {
      asked += 1
      return names.next() ?? "EXTRA\(asked)"
    }
    #expect(asked == 4)
    #expect(try Self.read(path) == "[2]")
    #expect(try Self.read(victim) == "victim text")
    #expect(try Self.read(folder + "/.doc.json.tgrid-PLANTD") == "planted text")
    #expect(access(folder + "/nothing-yet", F_OK) != 0, "nothing is created through a dangling link")
    #expect(
      try Self.contents(of: folder) == [
        ".doc.json.tgrid-DANGLE", ".doc.json.tgrid-LINKED", ".doc.json.tgrid-PLANTD", "doc.json", "victim",
      ])
  }

  /// The saved file has the replaced one's mode exactly (set-ID bits too).
  @Test(arguments: [mode_t(0o600), 0o640, 0o644, 0o755, 0o2755])
  func theReplacedFilesModeIsKept(mode: mode_t) throws {
    let folder = try Self.makeFolder()
    defer { Self.removeFolder(folder) }
    let path = folder + "/doc.json"
    try Self.write("[1]", to: path)
    #expect(chmod(path, mode) == 0)
    try JSONDocument(parsing: "[2]").save(toFile: path)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o7777 == mode)
    #expect(try Self.read(path) == "[2]")
  }

  @Test func aNewFileGetsTheUsualMode() throws {
    let folder = try Self.makeFolder()
    defer { Self.removeFolder(folder) }
    let path = folder + "/new.json"
    try JSONDocument(parsing: "[2]").save(toFile: path)
    let mask = umask(0o022)
    umask(mask)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o7777 == 0o666 & ~mask)
    #expect(try Self.contents(of: folder) == ["new.json"])
  }

  /// A symbolic link at the path is replaced by the file; its target is not written.
  @Test func aLinkAtThePathIsReplacedNotFollowed() throws {
    let folder = try Self.makeFolder()
    defer { Self.removeFolder(folder) }
    let path = folder + "/doc.json"
    let victim = folder + "/victim"
    try Self.write("victim text", to: victim)
    #expect(symlink(victim, path) == 0)
    try JSONDocument(parsing: "[2]").save(toFile: path)
    #expect(try Self.read(victim) == "victim text")
    var info = stat()
    #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)
    #expect(try Self.read(path) == "[2]")
  }

  /// A failed save (a folder at the path) leaves no temporary file.
  @Test func aFailedSaveLeavesNoTemporaryFile() throws {
    let folder = try Self.makeFolder()
    defer { Self.removeFolder(folder) }
    let path = folder + "/doc.json"
    #expect(mkdir(path, 0o755) == 0)
    #expect(throws: JSONWriteError.self) { try JSONDocument(parsing: "[2]").save(toFile: path) }
    #expect(try Self.contents(of: folder) == ["doc.json"])
  }

  enum Planted: CaseIterable {
    case link, file
  }

  // MARK: - Fixtures

  static func makeFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "tgrid-save-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  static func removeFolder(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
  }

  static func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  static func contents(of folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }
}
