import TermGrid

/// The photo library: three sections of one compositional layout, each built by the
/// section provider from the container's width.
///
/// - Featured: cards in a row that scrolls sideways (an orthogonal section); the focus
///   moving past its edge slides it a card at a time.
/// - Albums: a grid, three columns in a narrow terminal, four in a wide one, sharing the
///   width exactly (largest remainder).
/// - Recent: a list on a panel (a background decoration).
///
/// Keys: the standard ones (arrows move the focus, `q` quits).
final class PhotoLibrary: RunLoopRoot, CollectionViewDataSource {
  /// The sections' titles and items.
  let sections: [(title: String, items: [String])] = [
    ("Featured", ["Beach", "Harbour", "Forest", "Old town", "Lighthouse", "Glacier", "Dunes", "Market"]),
    ("Albums", ["Summer", "Winter", "Family", "Travel", "Friends", "City", "Garden"]),
    ("Recent", ["IMG_2041", "IMG_2042", "IMG_2043", "IMG_2044", "IMG_2045"]),
  ]
  let collectionView: CollectionView
  let layout: CompositionalLayout
  let keys = KeyBindings.standard

  /// The decoration kind of the recent list's panel.
  static let panelKind = "panel"

  init(size: CellSize) {
    layout = Self.makeLayout()
    layout.register(decorationViewOfKind: Self.panelKind) { PanelView() }
    collectionView = CollectionView(frame: CellRect(size: size), layout: layout)
    collectionView.register(PhotoTile.self, forCellWithReuseIdentifier: "tile")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.header, withReuseIdentifier: "title")
    collectionView.dataSource = self
  }

  /// The layout: one section provider that builds each section for the container's width.
  static func makeLayout() -> CompositionalLayout {
    CompositionalLayout(configuration: CompositionalLayoutConfiguration(interSectionSpacing: 1)) { index, environment in
      let section: LayoutSection
      switch index {
      case 0: section = featured()
      case 1: section = albums(columns: environment.container.contentSize.width < 60 ? 3 : 4)
      default: section = recent()
      }
      var header = LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
        elementKind: ElementKind.header, alignment: .top)
      header.pinToVisibleBounds = true
      section.boundarySupplementaryItems = [header]
      return section
    }
  }

  /// Cards a quarter of the width, in a row that scrolls sideways to the focused one.
  static func featured() -> LayoutSection {
    let card = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.3), heightDimension: .absolute(4)), subitems: [card])
    let section = LayoutSection(group: group)
    section.interGroupSpacing = 1
    section.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    return section
  }

  /// A grid of `columns` tiles a row, with a column between tiles.
  static func albums(columns: Int) -> LayoutSection {
    let tile = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(3)),
      repeatingSubitem: tile, count: columns)
    row.interItemSpacing = .fixed(1)
    let section = LayoutSection(group: row)
    section.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    return section
  }

  /// One row a photo, on a panel.
  static func recent() -> LayoutSection {
    let line = LayoutItem(layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)))
    line.contentInsets = EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
    let group = LayoutGroup.vertical(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)), subitems: [line])
    let section = LayoutSection(group: group)
    section.contentInsets = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
    // The panel frames the rows, below the header.
    var panel = LayoutDecorationItem.background(elementKind: panelKind)
    panel.contentInsets = EdgeInsets(top: 1, left: 1, bottom: 0, right: 1)
    section.decorationItems = [panel]
    return section
  }

  // MARK: - CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].items.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let tile = collectionView.dequeueReusableCell(PhotoTile.self, withReuseIdentifier: "tile", for: indexPath)
    tile.title = sections[indexPath.section].items[indexPath.item]
    return tile
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    let label = collectionView.dequeueReusableSupplementaryView(
      LabelView.self, ofKind: kind, withReuseIdentifier: "title", for: indexPath)
    label.text = "── \(sections[indexPath.section].title) "
    label.fill = "─"
    return label
  }

  // MARK: - RunLoopRoot

  func willRun(in runLoop: TerminalRunLoop) {
    collectionView.displayHost = runLoop
    collectionView.ensureFocus()
  }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    if case .resize(let size) = event { collectionView.resize(to: CellRect(size: size)) }
    let command = keys.command(for: event)
    if command == .quit { return .quit }
    return collectionView.handle(event, command: command) ? .changed : .unchanged
  }

  func draw(into canvas: inout Canvas) {
    collectionView.draw(into: &canvas)
  }

  var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }
}
