import Foundation
import Testing

@testable import TermGridPlatform

@Suite struct WallClockTests {
  @Test func secondsSince1970AgreeWithFoundationsDate() {
    let before = Int(Date().timeIntervalSince1970)
    let seconds = WallClock.secondsSince1970()
    let after = Int(Date().timeIntervalSince1970.rounded(.up))
    #expect(seconds >= before && seconds <= after, "\(seconds) is not between \(before) and \(after)")
  }

  /// Just after a second begins is where a coarse clock (`time(nil)` on Linux) still gives
  /// the second before: the moment CI once caught by chance, taken on purpose here.
  @Test func theFirstMomentsOfASecondAreThatSecond() {
    for _ in 0..<3 {
      let start = Date().timeIntervalSince1970
      let next = start.rounded(.down) + 1
      let wait = next - start - 0.01
      if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
      var now = Date().timeIntervalSince1970
      while now < next { now = Date().timeIntervalSince1970 }
      let seconds = WallClock.secondsSince1970()
      #expect(seconds >= Int(next), "\(seconds) is before \(Int(next)), the second that had begun")
    }
  }
}
