import Foundation
import TGridJSON
import Testing

@testable import TGridApp

/// ``DocumentSaver/savePrivately(_:to:)``, for files only their owner should read (the
/// recovery file): exactly at the path, mode 600, never through a link.
@Suite struct DocumentSaverPrivateTests {
  @Test func aSymbolicLinkAtThePathIsReplacedAndItsTargetIsUntouched() throws {
    let file = try TemporaryFile(contents: "victim text\n", name: "victim.txt")
    chmod(file.path, 0o644)
    let victim = try SaverFixtures.snapshot(file.path)
    let path = DocumentSaver.directory(of: file.path) + "/.doc.json.tgrid-recovery"
    #expect(symlink(file.path, path) == 0)
    let outcome = try DocumentSaver().savePrivately(try JSONDocument(parsing: "[\"edits\"]"), to: path)
    #expect(try SaverFixtures.snapshot(file.path) == victim, "the link's target is untouched")
    let saved = try SaverFixtures.snapshot(path)
    #expect(saved.mode == 0o600)
    #expect(saved.bytes == Data("[\"edits\"]".utf8))
    var info = stat()
    #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "a regular file now, not a link")
    #expect(outcome.path == path)
    #expect(outcome.status?.isRegularFile == true && outcome.status?.mode == 0o600)
    #expect(outcome.otherHardLinks == 0)
  }

  @Test func aLinkToNothingIsReplacedAndNothingIsCreatedWhereItPointed() throws {
    let file = try TemporaryFile(contents: "[1]")
    let folder = DocumentSaver.directory(of: file.path)
    let path = folder + "/.doc.json.tgrid-recovery"
    #expect(symlink(folder + "/planted-target", path) == 0)
    _ = try DocumentSaver().savePrivately(try JSONDocument(parsing: "[2]"), to: path)
    #expect(access(folder + "/planted-target", F_OK) != 0)
    #expect(try SaverFixtures.snapshot(path).mode == 0o600)
  }

  @Test(arguments: [UInt32(0o644), 0o640, 0o666, 0o600, 0o755])
  func anExistingFileBecomes600(mode: UInt32) throws {
    let file = try TemporaryFile(contents: "[1]")
    chmod(file.path, mode_t(mode))
    let recording = FailingFileSystem()
    _ = try DocumentSaver(fileSystem: recording).savePrivately(try JSONDocument(parsing: "[2]"), to: file.path)
    #expect(try SaverFixtures.snapshot(file.path).mode == 0o600)
    #expect(try file.read() == "[2]")
    #expect(recording.modeWhileWriting == 0o600)
  }

  @Test func aNewFileIs600() throws {
    let file = try TemporaryFile(contents: "[1]")
    let path = file.path + ".tgrid-recovery"
    _ = try DocumentSaver().savePrivately(try JSONDocument(parsing: "[2]"), to: path)
    #expect(try SaverFixtures.snapshot(path).mode == 0o600)
    #expect(try SaverFixtures.folderContents(of: path) == ["doc.json", "doc.json.tgrid-recovery"])
  }

  @Test func aFolderAtThePathIsRefusedAndLeftAsItWas() throws {
    let file = try TemporaryFile(contents: "[1]")
    let path = DocumentSaver.directory(of: file.path) + "/folder"
    #expect(mkdir(path, 0o755) == 0)
    let error = try #require(throws: FileError.self) {
      _ = try DocumentSaver().savePrivately(try JSONDocument(parsing: "[2]"), to: path)
    }
    #expect(error.code == EISDIR)
    #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json", "folder"])
  }

  @Test func aFileWithHardLinksIsReplacedOnlyUnderThisName() throws {
    let file = try TemporaryFile(contents: "[1]")
    let other = DocumentSaver.directory(of: file.path) + "/other-name.json"
    #expect(link(file.path, other) == 0)
    let outcome = try DocumentSaver().savePrivately(try JSONDocument(parsing: "[2]"), to: file.path)
    #expect(outcome.otherHardLinks == 1)
    #expect(try String(contentsOfFile: other, encoding: .utf8) == "[1]")
    #expect(try file.read() == "[2]")
  }
}
