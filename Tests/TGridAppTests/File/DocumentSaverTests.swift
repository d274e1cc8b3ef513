import Foundation
import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

extension PilotTests {
  @Suite struct DocumentSaverTests {
    @Test func anUneditedDocumentSavesByteForByte() throws {
      let text = "{\r\n\t\"a\" :[1,2 ,3],\r\n\t\"b\":\"\\u00e9\", \"c\": 1.0e+3 }\r\n"
      let file = try TemporaryFile(contents: text)
      let document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(file.path))
      _ = try DocumentSaver().save(document, to: file.path)
      #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == Data(text.utf8))
    }

    @Test func aSaveKeepsTheFilesPermissions() throws {
      let file = try TemporaryFile(contents: "[1]")
      chmod(file.path, 0o640)
      var document = try JSONDocument(bytes: try JSONBytes.contentsOfFile(file.path))
      try document.append(json: "2", to: document.root)
      _ = try DocumentSaver().save(document, to: file.path)
      #expect(try file.read() == "[1,2]")
      let status = try #require(try POSIXFileSystem.shared.status(ofPath: file.path))
      #expect(status.mode == 0o640)
    }

    @Test func aNewFileGetsTheUsualPermissions() throws {
      let file = try TemporaryFile(contents: "[1]")
      let target = file.path + ".new.json"
      _ = try DocumentSaver().save(try JSONDocument(parsing: "[1]"), to: target)
      let status = try #require(try POSIXFileSystem.shared.status(ofPath: target))
      #expect(status.mode == 0o666 & ~currentUmask())
    }

    @Test func throughASymbolicLinkTheTargetIsWrittenAndTheLinkKept() throws {
      let file = try TemporaryFile(contents: "[1]")
      let link = DocumentSaver.directory(of: file.path) + "/link.json"
      #expect(symlink(file.path, link) == 0)
      let outcome = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: link)
      #expect(outcome.path == POSIXFileSystem.shared.resolvedPath(file.path))
      #expect(try file.read() == "[2]")
      var info = stat()
      #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "still a link")
    }

    @Test func aFileWithHardLinksIsReplacedUnderThisNameAndTheOthersAreReported() throws {
      let file = try TemporaryFile(contents: "[1]")
      let other = DocumentSaver.directory(of: file.path) + "/other-name.json"
      #expect(link(file.path, other) == 0)
      let outcome = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: file.path)
      #expect(outcome.otherHardLinks == 1)
      #expect(try file.read() == "[2]")
      #expect(try String(contentsOfFile: other, encoding: .utf8) == "[1]")
    }

    @Test func aFullDiskIsReportedAndTheEditsStay() throws {
      let file = try TemporaryFile(contents: "[1, 2]")
      let pilot = try Pilot(file: file.path)
      pilot.browser.files.saver = DocumentSaver(fileSystem: FailingFileSystem(failing: .write))
      pilot.press("d", "Ctrl-S")
      #expect(pilot.statusLine.contains("not saved"))
      #expect(pilot.statusLine.contains("No space left on device"))
      #expect(pilot.statusLine.contains("[+]"))
      #expect(try file.read() == "[1, 2]")
      pilot.browser.files.saver = DocumentSaver()
      pilot.press("Ctrl-S")
      #expect(try file.read() == "[2]")
    }

    /// A save records the file it wrote as it is now, so tgrid's own save never looks like
    /// a change on disk.
    @Test func aSaveReturnsTheStatusOfTheFileItWrote() throws {
      let file = try TemporaryFile(contents: "[1]")
      let outcome = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: file.path)
      let now = try #require(try POSIXFileSystem.shared.status(ofPath: file.path))
      #expect(outcome.status == now)
    }

    @Test func aReadOnlyFolderIsReportedClearly() throws {
      guard geteuid() != 0 else { return }  // root writes anywhere
      let file = try TemporaryFile(contents: "[1]")
      let directory = DocumentSaver.directory(of: file.path)
      chmod(directory, 0o555)
      defer { chmod(directory, 0o755) }
      #expect(throws: FileError.self) { _ = try DocumentSaver().save(try JSONDocument(parsing: "[2]"), to: file.path) }
      #expect(try file.read() == "[1]")
    }

    /// Real JSON from this machine: saving with no edit gives the same bytes, and one edited
    /// value changes only that value's bytes.
    @Test func realFilesRoundTripAndAnEditChangesOnlyItsValue() throws {
      // (Fewer in instrumented builds, several times slower: the plain run reads 150.)
      let files = Self.realJSONFiles(limit: SanitizerBuild.isActive ? 40 : 150)
      guard !files.isEmpty else {
        print("no JSON files found on this machine: skipped")
        return
      }
      var checked = 0
      for path in files {
        guard let original = FileManager.default.contents(atPath: path),
          let document = try? JSONDocument(bytes: JSONBytes(Array(original)))
        else { continue }
        let file = try TemporaryFile(contents: "")
        _ = try DocumentSaver().save(document, to: file.path)
        #expect(FileManager.default.contents(atPath: file.path) == original, "\(path)")
        // Edit the last scalar: the text before and after it stays.
        var edited = document
        guard
          let scalar = document.descendants(of: document.root).map(\.node).last(where: { !document.isContainer($0) }),
          scalar != document.root
        else { continue }
        let oldText = document.rawText(of: scalar)
        try edited.replace(scalar, withJSON: "12345")
        _ = try DocumentSaver().save(edited, to: file.path)
        let saved = try #require(FileManager.default.contents(atPath: file.path))
        let prefix = original.prefix { _ in true }
        #expect(saved.count == original.count - oldText.utf8.count + 5, "\(path)")
        let common = zip(saved, prefix).prefix { $0 == $1 }.count
        let tail = zip(saved.reversed(), original.reversed()).prefix { $0 == $1 }.count
        #expect(common + tail >= saved.count - 5, "\(path): only the value's bytes changed")
        checked += 1
      }
      #expect(checked > 0)
    }

    static func realJSONFiles(limit: Int) -> [String] {
      var found: [String] = []
      for root in ["/usr/share", "/usr/lib/python3", "/opt/swift", "/root/.pyenv"] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
        while let entry = walker.nextObject() as? String, found.count < limit {
          guard entry.hasSuffix(".json") else { continue }
          let path = root + "/" + entry
          if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0,
            size < 2_000_000
          {
            found.append(path)
          }
        }
      }
      return found
    }
  }
}
