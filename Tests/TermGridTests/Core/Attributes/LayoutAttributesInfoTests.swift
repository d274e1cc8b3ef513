import TermGrid
import Testing

@Suite struct LayoutAttributesInfoTests {
  @Test func aLayoutsOwnValueIsReadBackByItsType() {
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    #expect(attributes.info(as: Day.self) == nil)
    attributes.info = LayoutInfo(Day(number: 3, isToday: true))
    #expect(attributes.info(as: Day.self) == Day(number: 3, isToday: true))
    let typed: Day? = attributes.info()
    #expect(typed?.number == 3)
    #expect(attributes.info(as: Int.self) == nil)
  }

  @Test func attributesDifferWhenTheirValuesDoAndTheValueSwitchesAtTheEndOfAnAnimation() {
    var before = LayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 4, height: 1))
    before.info = LayoutInfo(Day(number: 1, isToday: false))
    var after = before
    #expect(after == before)
    after.info = LayoutInfo(Day(number: 2, isToday: false))
    after.frame.origin.x = 10
    #expect(after != before)
    #expect(before.interpolated(to: after, progress: 0.5).info(as: Day.self)?.number == 1)
    #expect(before.interpolated(to: after, progress: 0.5).frame.minX == 5)
    #expect(before.interpolated(to: after, progress: 1).info(as: Day.self)?.number == 2)
  }

  @Test func valuesOfDifferentTypesAreNeverEqualAndEqualValuesHashAlike() {
    #expect(LayoutInfo(Day(number: 1, isToday: false)) == LayoutInfo(Day(number: 1, isToday: false)))
    #expect(LayoutInfo(Day(number: 1, isToday: false)) != LayoutInfo(Day(number: 1, isToday: true)))
    #expect(LayoutInfo(1) != LayoutInfo(Int8(1)), "an Int and an Int8 of the same value are different infos")
    #expect(LayoutInfo(Other(number: 1)) != LayoutInfo(Day(number: 1, isToday: false)))
    let set: Set<LayoutInfo> = [
      LayoutInfo(Day(number: 1, isToday: false)), LayoutInfo(Day(number: 1, isToday: false)), LayoutInfo(2),
    ]
    #expect(set.count == 2)
    #expect(
      LayoutInfo(Day(number: 1, isToday: false)).hashValue == LayoutInfo(Day(number: 1, isToday: false)).hashValue)
    #expect(LayoutInfo(Other(number: 1)).value(as: Day.self) == nil)
  }

  // MARK: - Fixtures

  struct Other: Hashable, Sendable {
    var number: Int
  }

  struct Day: Hashable, Sendable {
    var number: Int
    var isToday: Bool
  }
}
