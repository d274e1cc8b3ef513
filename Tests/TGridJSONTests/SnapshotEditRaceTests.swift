import Glibc
import Synchronization
import TGridSystem
import TermGridPlatform
import Testing

@testable import TGridJSON

/// A copy of a document (a snapshot: a search's count, a filter, a sheet read it on other
/// threads) shares its storage until the first edit of the other copy copies it. Nothing
/// an edit computes before that copy may write the shared storage: `piecesReplacing` once
/// replaced the storage's piece list and put it back, and a snapshot read on another
/// thread could see the list without the record (ThreadSanitizer caught it in CI).
@Suite struct SnapshotEditRaceTests {
  @Test func aSnapshotReadOnAnotherThreadNeverSeesAnEditOfItsTwin() throws {
    let text = "[" + (0..<300).map { #"{"a": \#($0)}"# }.joined(separator: ", ") + "]"
    let snapshot = try JSONDocument(parsing: text)
    let expected = Array(text.utf8)
    let stop = Atomic<Bool>(false)
    let reads = Locked((passes: 0, mismatches: 0))
    let reader = try #require(
      WorkerThread.start {
        while !stop.load(ordering: .relaxed) {
          let same = snapshot.serializedBytes() == expected
          reads.withLock {
            $0.passes += 1
            if !same { $0.mismatches += 1 }
          }
        }
      })
    // Each round edits a twin that still shares the snapshot's storage.
    for round in 0..<400 {
      var twin = snapshot
      try twin.remove(try #require(twin[twin.root, round % 300]))
      #expect(twin.childCount(of: twin.root) == 299)
      if round % 50 == 0 { while reads.withLock({ $0.passes }) < round / 50 + 1 { usleep(100) } }
    }
    stop.store(true, ordering: .relaxed)
    reader.join()
    #expect(reads.withLock { $0.mismatches } == 0, "the snapshot read text its twin's edit was writing")
    #expect(snapshot.serializedBytes() == expected)
  }
}
