import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// A followed file's records are read where the file is mapped, not copied into the
  /// document (`tgrid -f FILE`): through the real stream and run loop, the document's edit
  /// buffer holds only the line breaks between batches, and the records read right after
  /// the file grows, is rotated, truncated and deleted.
  @Suite(.serialized) struct FollowMappedPilotTests {
    static func line(_ n: Int) -> String { #"{"n":\#(n),"name":"record \#(n)"}"# }

    /// Every record's `n`.
    static func numbers(_ store: DocumentStore) -> [Int] {
      let document = store.document
      return document.children(of: document.root).map { record in
        // A record that lost its text (its file truncated) has no digits: it reads as 0.
        document.child(at: 0, of: record).flatMap { document.int(of: $0) } ?? -1
      }
    }

    static func write(_ path: String, _ numbers: ClosedRange<Int>, appending: Bool = true) {
      let text = numbers.map { line($0) + "\n" }.joined()
      // In place (truncated first unless appending), as a writer does: never a new file.
      if !FileManager.default.fileExists(atPath: path) {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
      }
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      if appending { handle.seekToEndOfFile() } else { handle.truncateFile(atOffset: 0) }
      handle.write(Data(text.utf8))
      try? handle.close()
    }

    @Test func recordsAreReadWhereTheFileIsMappedThroughGrowthRotationTruncationAndDeletion() throws {
      let path = NSTemporaryDirectory() + "tgrid-follow-mapped-\(UUID().uuidString).jsonl"
      defer {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".1")
      }
      _ = FileManager.default.createFile(atPath: path, contents: Data())
      // Records shown already (as `tgrid -f` has them once the first batch made the document).
      let shown = (1...40).map { Self.line($0) }.joined(separator: "\n")
      let pilot = try Pilot(json: shown, presentation: .table, options: JSONParseOptions(mode: .lines))
      let stream = FollowedStream(path: path, maximumLineByteCount: 1 << 20, mappingChunkByteCount: 4096)
      defer { stream.stop() }
      #expect(stream.mapping != nil)
      pilot.browser.following.start(stream)
      stream.start()
      pilot.press("Ctrl-L")
      var expected = Array(1...2_000)
      func waitForRecords(_ comment: Comment) {
        let arrived = pilot.waitForBackgroundWork { Self.numbers($0.store) == expected }
        #expect(arrived, comment)
      }
      Self.write(path, 41...2_000)
      waitForRecords("the file read")
      // Grows, in many writes.
      for start in stride(from: 2_001, to: 4_000, by: 250) {
        Self.write(path, start...(start + 249))
        expected += start...(start + 249)
      }
      waitForRecords("the file grew")
      let document = pilot.store.document
      // A line break a batch in memory, not the records' text (about 110 kB).
      #expect(document.editBufferByteCount < 4_096, "\(document.editBufferByteCount)")
      // Rotated: the old file's records stay, read from its mapping.
      try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
      Self.write(path, 5_001...5_100, appending: false)
      expected += 5_001...5_100
      waitForRecords("rotated")
      // Truncated and written again: reading starts over; the truncated file's records lost
      // their text (they read as empty, never as the new text), the others keep theirs.
      Self.write(path, 6_001...6_010, appending: false)
      let lost = expected.count - 100..<expected.count
      expected += 6_001...6_010
      let truncated = pilot.waitForBackgroundWork {
        $0.screen.contains("truncated") && Self.numbers($0.store).count == expected.count
      }
      #expect(truncated, "\(pilot.screen)")
      #expect(pilot.waitForBackgroundWork { Self.numbers($0.store).suffix(10) == expected.suffix(10) })
      for position in lost { expected[position] = 0 }
      #expect(pilot.waitForBackgroundWork { Self.numbers($0.store) == expected })
      // Deleted, the rotated file too: everything read stays.
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.removeItem(atPath: path + ".1")
      #expect(pilot.waitForBackgroundWork { $0.screen.contains("deleted") }, "\(pilot.screen)")
      #expect(Self.numbers(pilot.store) == expected)
      #expect(pilot.store.document.serializedText().contains(Self.line(3_999)))
    }
  }
}
