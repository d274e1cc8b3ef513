import Foundation
import TGridJSON
import TGridSystem
import TestSupport
import Testing

@testable import TGridApp

/// Saves by the real binary run as a user who is not root (`nobody`, through `setpriv`):
/// what such a user may keep is kept, and what they may not is said (issue 35, item 11).
@Suite(.serialized, .enabled(if: canRunEndToEnd, "needs tmux and the built tgrid binary"))
struct SaveEndToEndTests {
  /// `nobody`'s own file, mode 2664 with an ACL, a user attribute and a `security.*`
  /// attribute only root may set: after Ctrl-S the set-group-ID bit, the group, the ACL
  /// and the user attribute are there; the `security.*` one is not, the save still
  /// happened, and the status line says which attribute was not kept and why.
  @Test func aUsersSaveKeepsWhatTheyMayAndSaysWhatTheyCannot() throws {
    guard geteuid() == 0, let setpriv = TmuxSession.which("setpriv") else {
      print("aUsersSaveKeepsWhatTheyMayAndSaysWhatTheyCannot: skipped, needs root and setpriv to run tgrid as nobody")
      return
    }
    let file = try TemporaryFile(contents: "[1, 2]\n", base: SaverFixtures.diskFolder)
    let folder = DocumentSaver.directory(of: file.path)
    let nobody = SaverFixtures.nobody
    #expect(chown(folder, nobody.user, nobody.group) == 0)
    #expect(chown(file.path, nobody.user, nobody.group) == 0)
    #expect(chmod(file.path, 0o2660) == 0)
    let given = SaverFixtures.giveAttributes(to: file.path)
    guard given.hasUserAttribute, given.hasAccessControlList else {
      print("aUsersSaveKeepsWhatTheyMayAndSaysWhatTheyCannot: skipped, no ACLs or user attributes at \(file.path)")
      return
    }
    let security = "security.tgrid-test"
    let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
    let hasSecurityAttribute = (try? ExtendedAttributes.set(security, Array("root only".utf8), on: descriptor)) != nil
    close(descriptor)
    let before = try SaverFixtures.snapshot(file.path)

    let tmux = try launchTGrid(
      file.path, columns: 200, rows: 12,
      environment: "\(setpriv) --reuid=\(nobody.user) --regid=\(nobody.group) --clear-groups")
    defer { tmux.close() }
    try tmux.send("d")
    try tmux.waitFor(text: "[+]")
    try tmux.send("C-s")
    let screen = try tmux.waitFor(text: "saved doc.json")
    if hasSecurityAttribute {
      #expect(
        screen.contains {
          $0.contains("its extended attributes could not all be kept (\(security): Operation not permitted)")
        },
        "\(screen.joined(separator: "\n"))")
    }
    try tmux.send("q")
    try expectTerminalRestored(tmux, status: 0)

    let after = try SaverFixtures.snapshot(file.path)
    #expect(String(decoding: after.bytes, as: UTF8.self) == "[2]\n")
    #expect(after.inode != before.inode, "replaced by a new file")
    // 2664: the ACL's entry for others set the mode's last digit.
    #expect(before.mode == 0o2664)
    #expect(after.mode == before.mode, "set-group-ID kept: \(String(after.mode, radix: 8))")
    #expect(after.user == nobody.user && after.group == nobody.group)
    #expect(after.accessControlList == before.accessControlList)
    #expect(after.attributes[SaverFixtures.userAttribute] == before.attributes[SaverFixtures.userAttribute])
    #expect(after.attributes[security] == nil, "only root may set it")
    #expect(try SaverFixtures.folderContents(of: file.path) == ["doc.json"])
  }
}
