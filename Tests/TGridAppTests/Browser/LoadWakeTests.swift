import Foundation
import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// A load wakes the run loop for a new preview and for its end at once, but for progress
/// alone (a slice parsed) at most once an interval: a gigabyte is 250 slices, and a frame
/// for each drew the same screen with other figures in its status line.
@Suite struct LoadWakeTests {
  /// Loads a file to its end with a run loop's waker and the given interval.
  static func load(_ path: String, interval: Int) -> DocumentLoad {
    let load = DocumentLoad(
      path: path, name: "wakes", options: JSONParseOptions(), progressWakeMilliseconds: interval)
    load.waker = RunLoopWaker()
    load.start()
    while load.phase.isRunning { _ = load.waitForFirstScreen(children: Int.max, milliseconds: 10_000) }
    return load
  }

  @Test func progressAloneWakesTheRunLoopAtMostOnceAnInterval() throws {
    // About 40 MB: ten slices.
    let records = 400_000
    let path = try LargeFile.make(records: records)
    defer { unlink(path) }
    // Slices until the parse meets the fragment parsed ahead (at half), each one progress.
    let everySlice = Self.load(path, interval: 0).wakeCount
    #expect(everySlice.progress >= 6)
    #expect(everySlice.wakes == everySlice.progress)
    let throttled = Self.load(path, interval: 600_000)
    let counts = throttled.wakeCount
    // How many slices there are depends on where the parse meets the fragment parsed ahead
    // on the other thread: not the same from one load to the next.
    #expect(counts.progress >= 6)
    // The head's preview, the first slice's, the one of 2,000 records, the end.
    #expect(counts.wakes >= 2)
    #expect(counts.wakes <= 5, "\(counts.wakes) wakes")
    #expect(counts.wakes < counts.progress, "\(counts)")
    let document = try #require(throttled.takeDocument())
    #expect(document.childCount(of: document.root) == records)
  }
}
