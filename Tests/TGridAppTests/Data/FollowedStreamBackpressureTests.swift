import Foundation
import TGridSystem
import Testing

@testable import TGridApp

/// A followed stream faster than the browser: reading stops while the records not taken
/// pass the limit, so what waits in memory stays bounded, and goes on once they are taken.
@Suite struct FollowedStreamBackpressureTests {
  @Test func readingWaitsWhileTooMuchWaitsToBeTaken() throws {
    let path = NSTemporaryDirectory() + "tgrid-backpressure-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let padding = String(repeating: "y", count: 100)
    let total = 40_000  // about 4.6 MB
    let text = (0..<total).map { #"{"n":\#($0),"p":"\#(padding)"}"# + "\n" }.joined()
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    let limit = 64 << 10
    let stream = FollowedStream(path: path, maximumLineByteCount: 1 << 20, maximumPendingByteCount: limit)
    defer { stream.stop() }
    stream.start()
    // Wait until reading stops: the backlog is over the limit and stays so.
    func waitUntil(_ condition: () -> Bool) -> Bool {
      for _ in 0..<5_000 where !condition() { Machine.sleep(microseconds: 2_000) }
      return condition()
    }
    #expect(waitUntil { stream.pendingBytes > limit })
    let stalled = stream.recordCount
    Machine.sleep(microseconds: 100_000)
    #expect(stream.recordCount == stalled, "no reading while the backlog is over the limit")
    // Over the limit by at most the last hand-over (a file's: 10,000 records, a read or two).
    #expect(stream.pendingBytes <= limit + 2 * FollowedStream.readByteCount, "\(stream.pendingBytes)")
    #expect(stalled < total, "the whole file was not read into memory: \(stalled) of \(total)")
    // Taking what waits lets reading go on, to the end.
    var taken = 0
    #expect(
      waitUntil {
        taken += stream.take().records.count
        return taken == total
      })
    #expect(taken == total)
  }

  /// Taken a few at a time while a writer appends (the browser takes at most a batch a
  /// frame): every record comes once, in order, and the bytes waiting shrink with what is
  /// taken, so reading goes on.
  @Test func takingAFewAtATimeWhileAWriterAppendsLosesNothingAndKeepsOrder() throws {
    let path = NSTemporaryDirectory() + "tgrid-take-\(UUID().uuidString).jsonl"
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    let total = 30_000
    let stream = FollowedStream(path: path, maximumLineByteCount: 1 << 20, maximumPendingByteCount: 32 << 10)
    defer { stream.stop() }
    stream.start()
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      for chunk in stride(from: 0, to: total, by: 500) {
        handle.seekToEndOfFile()
        handle.write(Data((chunk..<(chunk + 500)).map { #"{"n":\#($0)}"# + "\n" }.joined().utf8))
        usleep(200)
      }
      try? handle.close()
    }
    writer.start()
    var numbers: [Int] = []
    var partial = 0
    for _ in 0..<20_000 where numbers.count < total {
      let before = stream.pendingBytes
      let arrivals = stream.take(maximumRecords: 97)
      if arrivals.records.count == 97, stream.pendingBytes < before { partial += 1 }
      for record in arrivals.records {
        // A followed file's records come as where they are mapped.
        guard case .mapped(let range) = record, let mapping = stream.mapping else { continue }
        let line = Array(UnsafeRawBufferPointer(start: mapping.base + range.lowerBound, count: range.count))
        guard let text = String(bytes: line, encoding: .utf8), let number = Int(text.dropFirst(5).dropLast())
        else { continue }
        numbers.append(number)
      }
      if arrivals.records.isEmpty { Machine.sleep(microseconds: 500) }
    }
    #expect(numbers == Array(0..<total), "every record once, in order (\(numbers.count) taken)")
    #expect(partial > 0, "some takes left records waiting, and the bytes waiting went down")
  }
}
