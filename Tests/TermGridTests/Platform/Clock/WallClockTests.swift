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
}
