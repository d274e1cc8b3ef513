import TermGrid
import TestSupport
import Testing

extension FlowLayoutTests {
  @Test(arguments: [false, true])
  func aRectQueryReturnsExactlyTheElementsThatIntersectTheRect(variableSizes: Bool) {
    var generator = SeededRandom(seed: variableSizes ? 0xF10A : 0xF10B)
    for round in 0..<150 {
      let scenario = FlowScenario.random(using: &generator, exact: false)
      let fixture = scenario.makeFixture(sizing: variableSizes ? .varied : .itemSize)
      let all = fixture.allElements()
      let content = fixture.layout.collectionViewContentSize
      for _ in 0..<25 {
        let rect = Rect(
          x: Double.random(in: -20...(content.width + 20), using: &generator),
          y: Double.random(in: -20...(content.height + 20), using: &generator),
          width: Double.random(in: 0...(content.width / 2 + 10), using: &generator),
          height: Double.random(in: 0...(content.height / 2 + 10), using: &generator))
        let expected = Set(all.filter { $0.frame.intersects(rect) })
        let answer = fixture.query(rect)
        #expect(Set(answer) == expected, "round \(round), rect \(rect), \(scenario)")
        #expect(answer.count == expected.count, "duplicates in round \(round)")
        if Set(answer) != expected || answer.count != expected.count { return }
      }
    }
  }

  @Test(arguments: [false, true])
  func onDemandAttributesEqualTheOnesFromRectQueries(variableSizes: Bool) {
    var generator = SeededRandom(seed: variableSizes ? 0xD0 : 0xD1)
    for round in 0..<150 {
      let scenario = FlowScenario.random(using: &generator, exact: false)
      let fixture = scenario.makeFixture(sizing: variableSizes ? .varied : .itemSize)
      let everything = fixture.query(Rect(x: -1e6, y: -1e6, width: 3e6, height: 3e6))
      for attributes in everything {
        let onDemand = fixture.layout.layoutAttributes(for: attributes.key)
        #expect(onDemand == attributes, "round \(round): \(attributes.key)")
        if onDemand != attributes { return }
      }
      let expectedCount = fixture.allElements().count
      #expect(everything.count == expectedCount, "round \(round)")
      let items = scenario.counts.reduce(0, +)
      #expect(everything.filter { $0.category == .cell }.count == items, "round \(round)")
    }
  }

  @Test func theArithmeticPathGivesTheSameAttributesAsTheWalkWhenAllSizesAreEqual() {
    // Sizes and spacings are multiples of 1/4, so sums are exact and both paths must agree
    // to the last bit: the arithmetic (itemSize) and the walk (a delegate answering itemSize).
    var generator = SeededRandom(seed: 0xA217)
    for round in 0..<200 {
      var scenario = FlowScenario.random(using: &generator, exact: true)
      scenario.snapsToLines = true
      let arithmetic = scenario.makeFixture(sizing: .itemSize)
      let walked = scenario.makeFixture(sizing: .sameAsItemSize)
      #expect(arithmetic.layout.collectionViewContentSize == walked.layout.collectionViewContentSize)
      let same = arithmetic.allElements() == walked.allElements()
      #expect(same, "round \(round): \(scenario)")
      if !same { return }
      let content = arithmetic.layout.collectionViewContentSize
      for _ in 0..<10 {
        let rect = Rect(
          x: Double.random(in: -5...(content.width + 5), using: &generator),
          y: Double.random(in: -5...(content.height + 5), using: &generator),
          width: Double.random(in: 0...40, using: &generator), height: Double.random(in: 0...40, using: &generator))
        #expect(arithmetic.query(rect) == walked.query(rect), "round \(round), rect \(rect)")
        let proposal = Point(x: rect.minX, y: rect.minY)
        #expect(
          arithmetic.layout.targetContentOffset(forProposedContentOffset: proposal)
            == walked.layout.targetContentOffset(forProposedContentOffset: proposal), "round \(round)")
      }
    }
  }
}

// MARK: - Fixtures

/// A random flow-layout configuration: what the property tests run over.
struct FlowScenario: CustomStringConvertible {
  enum Sizing { case itemSize, sameAsItemSize, varied }

  var counts: [Int] = []
  var bounds = Rect.zero
  var scrollDirection = FlowLayout.ScrollDirection.vertical
  var alignment = FlowLayout.Alignment.justified
  var itemSize = Size.zero
  var interitemSpacing = 0.0
  var lineSpacing = 0.0
  var sectionInset = EdgeInsets.zero
  var headerSize = Size.zero
  var footerSize = Size.zero
  var pinsHeaders = false
  var pinsFooters = false
  var snapsToLines = false
  var sectionInsets: [Int: EdgeInsets] = [:]
  var sectionLineSpacings: [Int: Double] = [:]
  var sectionHeaderSizes: [Int: Size] = [:]
  var variedSizes: [IndexPath: Size] = [:]

  static func random(using generator: inout SeededRandom, exact: Bool) -> FlowScenario {
    func quarter(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &generator)) / 4 }
    func number(_ range: ClosedRange<Int>) -> Double {
      exact
        ? quarter(range)
        : Double.random(in: Double(range.lowerBound) / 4...Double(range.upperBound) / 4, using: &generator)
    }
    var scenario = FlowScenario()
    scenario.counts = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
      Int.random(in: 0...10, using: &generator) == 0 ? 0 : Int.random(in: 1...70, using: &generator)
    }
    let width = quarter(80...640)
    let height = quarter(40...240)
    scenario.bounds = Rect(x: quarter(0...400), y: quarter(0...400), width: width, height: height)
    scenario.scrollDirection = Bool.random(using: &generator) ? .vertical : .horizontal
    scenario.alignment = [.justified, .leading, .centered].randomElement(using: &generator) ?? .justified
    scenario.itemSize = Size(width: number(2...120), height: number(2...40))
    scenario.interitemSpacing = Bool.random(using: &generator) ? 0 : number(1...12)
    scenario.lineSpacing = Bool.random(using: &generator) ? 0 : number(1...8)
    scenario.sectionInset = EdgeInsets(
      top: number(0...8), left: number(0...12), bottom: number(0...8), right: number(0...12))
    scenario.headerSize = Bool.random(using: &generator) ? .zero : Size(width: number(4...16), height: number(4...12))
    scenario.footerSize = Bool.random(using: &generator) ? .zero : Size(width: number(4...16), height: number(4...12))
    scenario.pinsHeaders = Bool.random(using: &generator)
    scenario.pinsFooters = Int.random(in: 0...3, using: &generator) == 0
    for section in scenario.counts.indices {
      if Int.random(in: 0...3, using: &generator) == 0 {
        scenario.sectionInsets[section] = EdgeInsets(
          top: number(0...16), left: number(0...40), bottom: number(0...16), right: number(0...40))
      }
      if Int.random(in: 0...3, using: &generator) == 0 { scenario.sectionLineSpacings[section] = number(0...12) }
      if Int.random(in: 0...3, using: &generator) == 0 {
        scenario.sectionHeaderSizes[section] = Size(width: number(0...8), height: number(0...8))
      }
      let crossExtent = scenario.scrollDirection == .vertical ? width : height
      for item in 0..<scenario.counts[section] {
        // Mostly ordinary sizes; some empty in one dimension, some longer than a line.
        let roll = Int.random(in: 0...19, using: &generator)
        let along = roll == 0 ? 0 : roll == 1 ? crossExtent + number(0...80) : number(2...120)
        let across = roll == 2 ? 0 : number(2...40)
        scenario.variedSizes[IndexPath(item: item, section: section)] =
          scenario.scrollDirection == .vertical
          ? Size(width: along, height: across) : Size(width: across, height: along)
      }
    }
    return scenario
  }

  func makeFixture(sizing: Sizing) -> FlowFixture {
    let delegate = TestFlowDelegate()
    switch sizing {
    case .itemSize: delegate.sizes = nil
    case .sameAsItemSize:
      let size = itemSize
      delegate.sizes = { _ in size }
    case .varied:
      let sizes = variedSizes
      delegate.sizes = { sizes[$0] }
    }
    delegate.insets = sectionInsets
    delegate.lineSpacings = sectionLineSpacings
    delegate.headerSizes = sectionHeaderSizes
    return FlowFixture(counts: counts, bounds: bounds, delegate: delegate) {
      $0.scrollDirection = scrollDirection
      $0.alignment = alignment
      $0.itemSize = itemSize
      $0.minimumInteritemSpacing = interitemSpacing
      $0.minimumLineSpacing = lineSpacing
      $0.sectionInset = sectionInset
      $0.headerReferenceSize = headerSize
      $0.footerReferenceSize = footerSize
      $0.sectionHeadersPinToVisibleBounds = pinsHeaders
      $0.sectionFootersPinToVisibleBounds = pinsFooters
      $0.snapsToLines = snapsToLines
    }
  }

  var description: String {
    "counts \(counts), bounds \(bounds), \(scrollDirection), \(alignment), item \(itemSize), spacing \(interitemSpacing)/\(lineSpacing), pins \(pinsHeaders)/\(pinsFooters)"
  }
}
