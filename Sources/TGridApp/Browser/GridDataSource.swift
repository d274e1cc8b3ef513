import TGridJSON
import TermGrid

/// The grid view's data source and flow-layout delegate: cards for the items of a
/// ``GridModel``, with sizes measured from their content.
final class GridDataSource: CollectionViewDataSource, FlowLayoutDelegate {
  let document: JSONDocument
  private(set) var model: GridModel
  var palette = ValuePalette.standard
  private var cardSizes: [[CellSize]] = []
  private var uniformCardSizes: [Int: CellSize] = [:]

  /// Sections with more items than this share one card size (measured on a sample), so
  /// the layout stays arithmetic and instant for huge arrays.
  static let individuallySizedLimit = 2_000
  static let cardIdentifier = "card"
  static let headerIdentifier = "header"
  static let footerIdentifier = "footer"
  /// Selected items per section, shown in the section footers (kept by the controller).
  var selectedCounts: [Int: Int] = [:]

  init(document: JSONDocument, root: JSONNode, unwrapsMetadata: Bool) {
    self.document = document
    model = GridModel(document: document, root: root, unwrapsMetadata: unwrapsMetadata)
    measureCards()
  }

  /// A flow layout set up for cards.
  static func makeLayout() -> FlowLayout {
    let layout = FlowLayout()
    layout.alignment = .leading
    layout.minimumInteritemSpacing = 1
    layout.minimumLineSpacing = 0
    layout.sectionInset = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.footerReferenceSize = Size(width: 0, height: 1)
    layout.sectionHeadersPinToVisibleBounds = true
    // Page keys land a whole line of cards just under the pinned header.
    layout.snapsToLines = true
    return layout
  }

  /// Registers the card and header views.
  func register(in collectionView: CollectionView) {
    collectionView.register(CardCell.self, forCellWithReuseIdentifier: Self.cardIdentifier)
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.header, withReuseIdentifier: Self.headerIdentifier)
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.footer, withReuseIdentifier: Self.footerIdentifier)
  }

  /// A section footer's text: how many items, and how many of them are selected.
  func footerText(forSection section: Int) -> String {
    let count = model.sections[section].items.count
    var text = " \(count) item\(count == 1 ? "" : "s")"
    if let selected = selectedCounts[section], selected > 0 { text += " · \(selected) selected" }
    return text + " "
  }

  /// Shows another container.
  func show(root: JSONNode) {
    model = GridModel(document: document, root: root)
    measureCards()
  }

  // MARK: - Card sizes

  private func measureCards() {
    cardSizes = []
    uniformCardSizes = [:]
    for (sectionIndex, section) in model.sections.enumerated() {
      if section.items.count > Self.individuallySizedLimit {
        // One size for the whole section, from a sample: the layout stays arithmetic.
        var widest = CellSize(columns: CardContent.widthRange.lowerBound, rows: 3)
        for node in section.items.prefix(200) {
          let size = CardContent(node: node, in: document).size
          widest = CellSize(columns: max(widest.columns, size.columns), rows: max(widest.rows, size.rows))
        }
        uniformCardSizes[sectionIndex] = widest
        cardSizes.append([])
      } else {
        cardSizes.append(section.items.map { CardContent(node: $0, in: document).size })
      }
    }
  }

  /// The one size that huge sections share: the flow layout's `itemSize`, so it stays on its
  /// arithmetic path for them (the delegate answers `nil` there).
  var sharedItemSize: Size {
    let widest = uniformCardSizes.values.reduce(CellSize(columns: 0, rows: 0)) {
      CellSize(columns: max($0.columns, $1.columns), rows: max($0.rows, $1.rows))
    }
    return Size(width: Double(max(1, widest.columns)), height: Double(max(1, widest.rows)))
  }

  func cardSize(at indexPath: IndexPath) -> CellSize {
    if let uniform = uniformCardSizes[indexPath.section] { return uniform }
    guard cardSizes.indices.contains(indexPath.section), cardSizes[indexPath.section].indices.contains(indexPath.item)
    else { return CellSize(columns: CardContent.widthRange.lowerBound, rows: 3) }
    return cardSizes[indexPath.section][indexPath.item]
  }

  // MARK: - CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { model.sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    model.sections[section].items.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(CardCell.self, withReuseIdentifier: Self.cardIdentifier, for: indexPath)
    if let node = model.node(at: indexPath) { cell.content = CardContent(node: node, in: document) }
    cell.palette = palette
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    guard model.sections.indices.contains(indexPath.section) else { return nil }
    switch kind {
    case ElementKind.header:
      let header = collectionView.dequeueReusableSupplementaryView(
        LabelView.self, ofKind: kind, withReuseIdentifier: Self.headerIdentifier, for: indexPath)
      header.text = " " + model.sections[indexPath.section].title + " "
      header.role = .header
      return header
    case ElementKind.footer:
      let footer = collectionView.dequeueReusableSupplementaryView(
        LabelView.self, ofKind: kind, withReuseIdentifier: Self.footerIdentifier, for: indexPath)
      footer.text = footerText(forSection: indexPath.section)
      footer.role = .footer
      footer.alignment = .trailing
      return footer
    default:
      return nil
    }
  }

  // MARK: - FlowLayoutDelegate

  func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> Size? {
    if uniformCardSizes[indexPath.section] != nil { return nil }
    let size = cardSize(at: indexPath)
    return Self.fitting(Size(width: Double(size.columns), height: Double(size.rows)), in: layout)
  }

  /// A card no wider than the line it sits on, so no part of it is ever out of reach on a
  /// narrow screen (the card cuts its text to fit).
  static func fitting(_ size: Size, in layout: FlowLayout) -> Size {
    guard let width = layout.collectionView?.bounds.width, width > 0 else { return size }
    let line = max(1, width - layout.sectionInset.horizontal)
    return Size(width: min(size.width, line), height: size.height)
  }
}
