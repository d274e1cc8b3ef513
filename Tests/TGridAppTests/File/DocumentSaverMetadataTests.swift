import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// What a save keeps besides the text (issue 35, items 9 and 11): the temporary file is
  /// private from its creation, and the saved file has its original's mode, owner and group
  /// (owner first, so set-ID bits survive), extended attributes and ACL.
  @Suite struct DocumentSaverMetadataTests {
    @Test(arguments: [UInt32(0o600), 0o640, 0o644, 0o664, 0o755, 0o400, 0o000])
    func anExistingFilesModeIsKeptExactly(mode: UInt32) throws {
      let file = try TemporaryFile(contents: "[1]")
      chmod(file.path, mode_t(mode))
      let recording = FailingFileSystem()
      _ = try DocumentSaver(fileSystem: recording).save(try JSONDocument(parsing: "[2]"), to: file.path)
      #expect(try SaverFixtures.snapshot(file.path).mode == mode)
      #expect(try file.read() == "[2]")
      #expect(recording.modeWhileWriting == 0o600, "the temporary file is private while it is written")
    }

    /// A new file is private while written and gets 0666 less the umask only once written.
    @Test func aNewFileIsPrivateUntilItIsWritten() throws {
      let file = try TemporaryFile(contents: "[1]")
      let target = file.path + ".new.json"
      let recording = FailingFileSystem()
      _ = try DocumentSaver(fileSystem: recording).save(try JSONDocument(parsing: "[1]"), to: target)
      #expect(recording.modeWhileWriting == 0o600)
      #expect(try SaverFixtures.snapshot(target).mode == 0o666 & ~currentUmask())
      let write = try #require(recording.steps.firstIndex(of: .write))
      let setMode = try #require(recording.steps.firstIndex(of: .setMode))
      #expect(write < setMode, "\(recording.steps)")
    }

    /// The owner before the mode (a change of owner clears set-ID bits), the attributes last
    /// (a change of owner drops `security.capability`; an ACL sets the group bits).
    @Test func theOwnerThenTheModeThenTheAttributesAreGiven() throws {
      let file = try TemporaryFile(contents: "[1]")
      let recording = FailingFileSystem()
      _ = try DocumentSaver(fileSystem: recording).save(try JSONDocument(parsing: "[2]"), to: file.path)
      let steps = recording.steps
      let order = [
        FailingFileSystem.Step.readAttributes, .create, .write, .setOwner, .setMode, .copyAccessControlList,
        .synchronize,
        .close, .rename,
      ]
      #expect(steps.filter(order.contains) == order, "\(steps)")
    }

    /// As root, 2751 stays 2751 and 4755 stays 4755, owner and group kept (they were 751 and
    /// 755 when the mode was set before the owner).
    @Test(arguments: [UInt32(0o2751), 0o4755, 0o6750])
    func setIDBitsAndTheOwnerSurviveASaveAsRoot(mode: UInt32) throws {
      guard geteuid() == 0 else {
        print("setIDBitsAndTheOwnerSurviveASaveAsRoot: skipped, not root (SaveEndToEndTests covers a user)")
        return
      }
      let file = try TemporaryFile(contents: "[1]")
      let nobody = SaverFixtures.nobody
      #expect(chown(file.path, nobody.user, nobody.group) == 0)
      #expect(chmod(file.path, mode_t(mode)) == 0)
      let outcome = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: file.path)
      let saved = try SaverFixtures.snapshot(file.path)
      #expect(saved.mode == mode)
      #expect(saved.user == nobody.user && saved.group == nobody.group)
      #expect(outcome.lossNote == nil)
    }

    @Test func extendedAttributesAreKept() throws {
      let file = try TemporaryFile(contents: "[1]", base: SaverFixtures.diskFolder)
      guard SaverFixtures.giveAttributes(to: file.path).hasUserAttribute else {
        print("extendedAttributesAreKept: skipped, the file system of \(file.path) has no user attributes")
        return
      }
      let before = try SaverFixtures.snapshot(file.path)
      let outcome = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: file.path)
      let after = try SaverFixtures.snapshot(file.path)
      #expect(after.inode != before.inode, "a new file")
      #expect(after.attributes == before.attributes)
      #expect(after.attributes[SaverFixtures.userAttribute] == Array("thesis".utf8))
      #expect(outcome.attributesNotKept.isEmpty)
    }

    /// With `setfacl` and `getfacl`, as a person would check it: the ACL is the same after a
    /// save, and the owning group did not get the mask's read-write.
    @Test func aPOSIXACLIsKept() throws {
      let file = try TemporaryFile(contents: "[1]", base: SaverFixtures.diskFolder)
      chmod(file.path, 0o640)
      guard let set = try SaverFixtures.run("setfacl", ["-m", "u:nobody:rw,g::r", file.path]) else {
        print("aPOSIXACLIsKept: skipped, no setfacl (apt-get install acl)")
        return
      }
      guard set.status == 0 else {
        print("aPOSIXACLIsKept: skipped, the file system of \(file.path) has no ACLs: \(set.output)")
        return
      }
      let before = try #require(try SaverFixtures.run("getfacl", ["--omit-header", file.path]))
      #expect(before.output.contains("user:nobody:rw-"))
      _ = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: file.path)
      let after = try #require(try SaverFixtures.run("getfacl", ["--omit-header", file.path]))
      #expect(after.output == before.output)
      #expect(after.output.contains("group::r--"), "the owning group may still only read:\n\(after.output)")
      #expect(try SaverFixtures.snapshot(file.path).mode == 0o660, "the group bits are the ACL's mask")
    }

    /// A file without an ACL in a folder with a default ACL: the temporary file inherits the
    /// folder's ACL when created, and the save takes it away again.
    @Test func anACLFromTheFolderIsNotAddedToAFileThatHadNone() throws {
      let file = try TemporaryFile(contents: "[1]", base: SaverFixtures.diskFolder)
      let folder = DocumentSaver.directory(of: file.path)
      guard let set = try SaverFixtures.run("setfacl", ["-d", "-m", "u:nobody:rw", folder]), set.status == 0 else {
        print("anACLFromTheFolderIsNotAddedToAFileThatHadNone: skipped, no setfacl or no ACLs at \(folder)")
        return
      }
      #expect(try SaverFixtures.snapshot(file.path).accessControlList == nil)
      _ = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: file.path)
      #expect(try SaverFixtures.snapshot(file.path).accessControlList == nil)
      let acl = try #require(try SaverFixtures.run("getfacl", ["--omit-header", file.path]))
      #expect(!acl.output.contains("nobody"), "\(acl.output)")
    }

    /// An attribute the system refuses (a `security.*` one, for a user who is not root) does
    /// not fail the save: the outcome and the status line say it was not kept.
    @Test func anAttributeThatCannotBeSetIsReportedAndTheSaveGoesOn() throws {
      let file = try TemporaryFile(contents: "[1, 2]", base: SaverFixtures.diskFolder)
      guard SaverFixtures.giveAttributes(to: file.path).hasUserAttribute else {
        print("anAttributeThatCannotBeSetIsReportedAndTheSaveGoesOn: skipped, no user attributes at \(file.path)")
        return
      }
      let pilot = try Pilot(file: file.path, size: CellSize(columns: 160, rows: 10))
      pilot.browser.files.saver = DocumentSaver(fileSystem: FailingFileSystem(failing: .copyAttribute, code: EPERM))
      pilot.press("d", "Ctrl-S")
      #expect(try file.read() == "[2]")
      #expect(pilot.statusLine.contains("saved doc.json"), "\(pilot.statusLine)")
      #expect(
        pilot.statusLine.contains(
          "its extended attributes could not all be kept (user.tgrid-test: Operation not permitted)"))
      #expect(!pilot.statusLine.contains("[+]"))
    }

    /// A user who is not root cannot give a file to another user, nor to a group they are not
    /// in: the save goes on and says so.
    @Test func anOwnerAndGroupThisUserMayNotGiveAreReported() throws {
      guard geteuid() == 0 else {
        print("anOwnerAndGroupThisUserMayNotGiveAreReported: skipped, needs root to give the file to nobody")
        return
      }
      let file = try TemporaryFile(contents: "[1]")
      #expect(chown(file.path, SaverFixtures.nobody.user, SaverFixtures.nobody.group) == 0)
      let user = FailingFileSystem(superuser: false, user: 0, groups: [0])
      let outcome = try DocumentSaver(fileSystem: user).save(try JSONDocument(parsing: "[2]"), to: file.path)
      #expect(!user.steps.contains(.setOwner))
      #expect(outcome.isOwnerLost && outcome.isGroupLost)
      #expect(outcome.lossNote?.contains("its owner and group could not be kept") == true)
    }

    /// A user keeps their own file theirs, and its group when they are a member of it, before
    /// the mode: a set-group-ID bit survives.
    @Test func aUserKeepsTheGroupTheyAreAMemberOf() throws {
      guard geteuid() == 0 else {
        print("aUserKeepsTheGroupTheyAreAMemberOf: skipped, needs root to give the file a group")
        return
      }
      let file = try TemporaryFile(contents: "[1]")
      let group = SaverFixtures.nobody.group
      #expect(chown(file.path, 0, group) == 0)
      #expect(chmod(file.path, 0o2750) == 0)
      let user = FailingFileSystem(superuser: false, user: 0, groups: [0, group])
      let outcome = try DocumentSaver(fileSystem: user).save(try JSONDocument(parsing: "[2]"), to: file.path)
      #expect(user.steps.contains(.setOwner))
      let saved = try SaverFixtures.snapshot(file.path)
      #expect(saved.group == group && saved.mode == 0o2750)
      #expect(outcome.lossNote == nil)
    }

    /// Item 8: a rewrite in place that keeps the size and puts the modification time back
    /// (`touch -r`) still moves the status change time, which only the kernel sets.
    @Test func aSameSizeRewriteWithTheTimePutBackIsAnotherVersion() throws {
      let file = try TemporaryFile(contents: "[\"thesis\"]")
      let before = try #require(try POSIXFileSystem.shared.status(ofPath: file.path))
      // Past the file system's clock tick, so the status change time can move.
      usleep(20_000)
      try SaverFixtures.rewriteInPlaceKeepingTheTime(file.path, "[\"THESIS\"]")
      let after = try #require(try POSIXFileSystem.shared.status(ofPath: file.path))
      #expect(after.size == before.size && after.modificationSeconds == before.modificationSeconds)
      #expect(after.modificationNanoseconds == before.modificationNanoseconds)
      #expect(!after.isSameVersion(as: before))
      #expect(after.differsOnlyInStatusChange(from: before))
    }
  }
}
