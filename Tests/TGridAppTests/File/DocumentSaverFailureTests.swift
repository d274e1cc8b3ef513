import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// Saves under failure injection (issue 35): every step of a save fails with each reason a
  /// disk gives (a full disk, an I/O error, a refusal, a read-only remount). A save either
  /// replaces the file whole or leaves it byte for byte as it was, leaves no temporary file,
  /// and says why.
  @Suite struct DocumentSaverFailureTests {
    @Test(arguments: FailingFileSystem.Step.allCases, FailingFileSystem.codes)
    func everyStepFailingForEveryReasonLosesNothing(step: FailingFileSystem.Step, code: Int32) throws {
      let file = try TemporaryFile(contents: Self.original, base: SaverFixtures.diskFolder)
      let attributes = SaverFixtures.giveAttributes(to: file.path)
      let before = try SaverFixtures.snapshot(file.path)
      let failing = FailingFileSystem(failing: step, code: code)
      let document = try JSONDocument(parsing: Self.edited)
      if step.failsTheSave {
        let error = try #require(throws: FileError.self) {
          _ = try DocumentSaver(fileSystem: failing).save(document, to: file.path)
        }
        #expect(error.code == code)
        #expect(error.description.contains(FileError(operation: "", path: "", code: code).reason), "\(error)")
        #expect(error.path == file.path)
        #expect(try SaverFixtures.snapshot(file.path) == before, "the original is untouched: text, mode, attributes")
      } else {
        let outcome = try DocumentSaver(fileSystem: failing).save(document, to: file.path)
        #expect(try file.read() == Self.edited)
        if step == .copyAttribute {
          if attributes.hasUserAttribute {
            #expect(
              outcome.attributesNotKept == [DocumentSaver.AttributeLoss(name: SaverFixtures.userAttribute, code: code)])
            #expect(outcome.lossNote?.contains("extended attributes could not all be kept") == true)
          } else {
            print("the file system of \(file.path) has no extended attributes: the attribute step was not taken")
          }
        }
        if attributes.hasAccessControlList {
          #expect(
            try SaverFixtures.snapshot(file.path).accessControlList == before.accessControlList, "the ACL is kept")
        }
      }
      if step != .copyAttribute || attributes.hasUserAttribute {
        #expect(failing.steps.contains(step), "\(step) was taken: \(failing.steps)")
      }
      #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json"], "no temporary file is left")
    }

    /// The recovery file's save: the same, and whatever was at the path stays as it was.
    @Test(arguments: FailingFileSystem.Step.privateSaveSteps, FailingFileSystem.codes)
    func everyStepOfAPrivateSaveFailingLosesNothing(step: FailingFileSystem.Step, code: Int32) throws {
      let file = try TemporaryFile(contents: Self.original)
      chmod(file.path, 0o644)
      let before = try SaverFixtures.snapshot(file.path)
      let failing = FailingFileSystem(failing: step, code: code)
      let document = try JSONDocument(parsing: Self.edited)
      if step.failsTheSave {
        let error = try #require(throws: FileError.self) {
          _ = try DocumentSaver(fileSystem: failing).savePrivately(document, to: file.path)
        }
        #expect(error.code == code)
        #expect(error.description.contains(FileError(operation: "", path: "", code: code).reason), "\(error)")
        #expect(try SaverFixtures.snapshot(file.path) == before)
      } else {
        _ = try DocumentSaver(fileSystem: failing).savePrivately(document, to: file.path)
        #expect(try file.read() == Self.edited)
        #expect(try SaverFixtures.snapshot(file.path).mode == 0o600)
      }
      #expect(failing.steps.contains(step))
      #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json"], "no temporary file is left")
    }

    /// Through the app's keys: Ctrl-S fails, the edits stay (`[+]`), the status line says why,
    /// the file is untouched; once the disk is back, Ctrl-S saves.
    @Test(
      arguments: [FailingFileSystem.Step.create, .write, .setMode, .synchronize, .close, .rename],
      FailingFileSystem.codes
    )
    func aFailingCtrlSKeepsTheEditsAndSaysWhy(step: FailingFileSystem.Step, code: Int32) throws {
      let file = try TemporaryFile(contents: "[1, 2]")
      let pilot = try Pilot(file: file.path, size: CellSize(columns: 140, rows: 12))
      pilot.browser.files.saver = DocumentSaver(fileSystem: FailingFileSystem(failing: step, code: code))
      pilot.press("d", "Ctrl-S")
      #expect(
        pilot.statusLine.contains("not saved: \(FileError(operation: "", path: "", code: code).reason)"),
        "\(pilot.statusLine)")
      #expect(pilot.statusLine.contains("edits kept"))
      #expect(pilot.statusLine.contains("[+]"))
      #expect(pilot.text == "[2]")
      #expect(try file.read() == "[1, 2]")
      #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json"])
      pilot.browser.files.saver = DocumentSaver()
      pilot.press("Ctrl-S")
      #expect(try file.read() == "[2]")
      #expect(!pilot.statusLine.contains("[+]"))
    }

    // MARK: - Fixtures

    static let original = "[\"original\", 1, 2, 3]\n"
    static let edited = "[\"new text\"]"
  }
}
