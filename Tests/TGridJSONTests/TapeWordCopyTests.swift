import TGridSystem
import TermGridPlatform
import Testing

@testable import TGridJSON

/// A fragment's tape is copied into the taking parser's on both cores (``TapeWordCopy``):
/// every word lands in place whatever the length (pieces and halves that do not divide
/// it), the source's copied pages are given back, and copies run from several threads at
/// once, each with its own worker.
@Suite struct TapeWordCopyTests {
  /// Words that show any one out of place.
  static func word(_ index: Int) -> UInt64 { UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(index >> 7) }

  /// A source buffer of `count` words after `start` placeholder words.
  static func source(start: Int, count: Int) -> GrowableBuffer<UInt64> {
    var buffer = GrowableBuffer<UInt64>(capacity: start + count)
    for _ in 0..<start { buffer.append(0) }
    for index in 0..<count { buffer.append(word(index)) }
    return buffer
  }

  /// Whether the destination holds the source's words, in order.
  static func holdsEveryWord(_ destination: UnsafeMutablePointer<UInt64>, count: Int) -> Bool {
    (0..<count).allSatisfy { destination[$0] == word($0) }
  }

  @Test(arguments: [
    0, 1, 5, TapeWordCopy.piece - 1, TapeWordCopy.piece, 2 * TapeWordCopy.piece + 3, 5 * TapeWordCopy.piece + 777,
  ])
  func everyWordLandsInPlace(count: Int) {
    let source = Self.source(start: 2, count: count)
    defer { source.release() }
    let destination = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1) + 1)
    defer { destination.deallocate() }
    destination[count] = 0xDEAD
    TapeWordCopy(source: source, start: 2, destination: destination, count: count).copyInHalves()
    #expect(Self.holdsEveryWord(destination, count: count))
    // Nothing written past the end.
    #expect(destination[count] == 0xDEAD)
  }

  @Test func theSourcesCopiedPagesAreGivenBack() {
    let count = 3 * TapeWordCopy.piece
    let source = Self.source(start: 2, count: count)
    defer { source.release() }
    let destination = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
    defer { destination.deallocate() }
    TapeWordCopy(source: source, start: 2, destination: destination, count: count).copyInHalves()
    #expect(Self.holdsEveryWord(destination, count: count))
    // A whole page in the middle of each half reads as zeros now.
    #expect(source.pointer[2 + TapeWordCopy.piece / 2] == 0)
    #expect(source.pointer[2 + 2 * TapeWordCopy.piece + TapeWordCopy.piece / 2] == 0)
  }

  @Test func copiesFromSeveralThreadsAtOnceEachLandInPlace() {
    let count = 4 * TapeWordCopy.piece + 1234
    let results = Locked<[Bool]>([])
    let threads = (0..<4).compactMap { _ in
      WorkerThread.start {
        let source = Self.source(start: 2, count: count)
        let destination = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        TapeWordCopy(source: source, start: 2, destination: destination, count: count).copyInHalves()
        let intact = Self.holdsEveryWord(destination, count: count)
        destination.deallocate()
        source.release()
        results.withLock { $0.append(intact) }
      }
    }
    #expect(threads.count == 4)
    for thread in threads { thread.join() }
    #expect(results.withLock { $0 } == [true, true, true, true])
  }
}
