import Dispatch
import Testing

@testable import TermGridPlatform

@Suite struct LockedTests {
  @Test func manyThreadsUpdateOneValueWithoutLosingAnUpdate() {
    let counter = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == 80_000)
  }
}
