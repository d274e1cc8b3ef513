import TermGrid

// MARK: - Fixtures

/// A flow layout with its host and delegate, held strongly (the layout holds both weakly).
final class FlowFixture {
  let host: StaticLayoutHost
  let layout: FlowLayout
  let delegate: TestFlowDelegate?

  init(
    counts: [Int], bounds: Rect = Rect(x: 0, y: 0, width: 100, height: 50), delegate: TestFlowDelegate? = nil,
    configure: (FlowLayout) -> Void = { _ in }
  ) {
    host = StaticLayoutHost(itemCounts: counts, bounds: bounds)
    layout = FlowLayout()
    layout.collectionView = host
    self.delegate = delegate
    layout.delegate = delegate
    configure(layout)
    layout.prepareIfNeeded()
  }

  /// The frame of an item (`.zero` and a failed expectation in the caller when missing).
  func frame(_ section: Int, _ item: Int) -> Rect? {
    layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
  }

  func header(_ section: Int) -> LayoutAttributes? {
    layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.header, at: IndexPath(item: 0, section: section))
  }

  func footer(_ section: Int) -> LayoutAttributes? {
    layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.footer, at: IndexPath(item: 0, section: section))
  }

  /// Every element, asked one by one on demand: the brute-force reference for rect queries.
  func allElements() -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for section in 0..<host.numberOfSections {
      if let header = header(section) { result.append(header) }
      for item in 0..<host.numberOfItems(inSection: section) {
        if let attributes = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)) {
          result.append(attributes)
        }
      }
      if let footer = footer(section) { result.append(footer) }
    }
    return result
  }

  func query(_ rect: Rect) -> [LayoutAttributes] { layout.layoutAttributesForElements(in: rect) }

  /// Moves the visible area the way a collection view does: ask, make the context with the
  /// old bounds still in place, move, invalidate, run the pass.
  func scroll(to bounds: Rect) {
    let invalidates = layout.shouldInvalidateLayout(forBoundsChange: bounds)
    let context = invalidates ? layout.invalidationContext(forBoundsChange: bounds) : nil
    host.bounds = bounds
    if let context { layout.invalidateLayout(with: context) }
    layout.prepareIfNeeded()
  }
}

/// A flow-layout delegate whose answers are set per test, counting the questions it gets.
final class TestFlowDelegate: FlowLayoutDelegate {
  var sizes: ((IndexPath) -> Size?)?
  var insets: [Int: EdgeInsets] = [:]
  var lineSpacings: [Int: Double] = [:]
  var interitemSpacings: [Int: Double] = [:]
  var headerSizes: [Int: Size] = [:]
  var footerSizes: [Int: Size] = [:]
  private(set) var sizeQuestions = 0
  private(set) var insetQuestions: [Int: Int] = [:]

  init(sizes: ((IndexPath) -> Size?)? = nil) {
    self.sizes = sizes
  }

  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    sizeQuestions += 1
    return sizes?(indexPath)
  }

  func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) -> EdgeInsets? {
    insetQuestions[section, default: 0] += 1
    return insets[section]
  }

  func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) -> Double? {
    lineSpacings[section]
  }

  func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) -> Double? {
    interitemSpacings[section]
  }

  func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) -> Size? {
    headerSizes[section]
  }

  func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) -> Size? {
    footerSizes[section]
  }
}

/// True when two numbers agree to well below anything a terminal can show.
func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

/// The x positions of a list of frames, for short expectations.
func minXs(_ frames: [Rect?]) -> [Double] { frames.map { $0?.minX ?? .nan } }
