import TermGrid

extension CommandIdentifier {
  static let newPhoto: CommandIdentifier = "newPhoto"
  static let sortAlbum: CommandIdentifier = "sortAlbum"
  static let moveToNextAlbum: CommandIdentifier = "moveToNextAlbum"
  static let switchLayout: CommandIdentifier = "switchLayout"
}

/// The photo album: the model, the collection view, its diffable data source and delegate.
///
/// Keys: the standard ones (arrows move, Space selects, Shift-arrows extend the selection,
/// `m` opens the edit menu, Delete deletes, `q` quits) and `n` a new photo after the focused
/// one, `d` delete, `s` sort the album by title, `]` move the photo to the next album, `t`
/// cards or list. Every change is a new snapshot: the diffable data source works out what
/// moved and animates it.
final class PhotoAlbum: RunLoopRoot, CollectionViewDelegate {
  private(set) var library = Library.sample
  let collectionView: CollectionView
  private(set) var dataSource: DiffableDataSource<String, Int>!
  let cards = PhotoAlbum.makeLayout(itemSize: Size(width: 14, height: 4))
  let list = PhotoAlbum.makeLayout(itemSize: Size(width: 18, height: 1))
  let keys = KeyBindings.standard.merging(
    KeyBindings([
      KeyBinding(keyNames: ["n"], .newPhoto, help: "New photo", group: "Album"),
      KeyBinding(keyNames: ["d"], .delete, help: "Delete", group: "Album"),
      KeyBinding(keyNames: ["s"], .sortAlbum, help: "Sort the album by title", group: "Album"),
      KeyBinding(keyNames: ["]"], .moveToNextAlbum, help: "Move to the next album", group: "Album"),
      KeyBinding(keyNames: ["t"], .switchLayout, help: "Cards or list", group: "Album"),
    ]))
  private var newPhotoCount = 0

  init(size: CellSize) {
    collectionView = CollectionView(frame: CellRect(size: size), layout: cards)
    collectionView.allowsMultipleSelection = true
    collectionView.register(PhotoCard.self, forCellWithReuseIdentifier: "photo")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.header, withReuseIdentifier: "title")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.footer, withReuseIdentifier: "count")
    collectionView.delegate = self
    dataSource = DiffableDataSource(collectionView: collectionView) { [unowned self] collectionView, indexPath, id in
      let card = collectionView.dequeueReusableCell(PhotoCard.self, withReuseIdentifier: "photo", for: indexPath)
      card.title = library[photo: id]?.title ?? "?"
      card.year = library[photo: id]?.year ?? 0
      return card
    }
    dataSource.supplementaryViewProvider = { [unowned self] collectionView, kind, indexPath in
      guard let name = dataSource.sectionIdentifier(for: indexPath.section) else { return nil }
      let count = library.albums[indexPath.section].photos.count
      let label = collectionView.dequeueReusableSupplementaryView(
        LabelView.self, ofKind: kind, withReuseIdentifier: kind == ElementKind.header ? "title" : "count",
        for: indexPath)
      if kind == ElementKind.header {
        label.text = "── \(name) "
        label.fill = "─"
      } else {
        label.text = count == 1 ? "1 photo" : "\(count) photos"
        label.role = .footer
        label.alignment = .trailing
      }
      return label
    }
    dataSource.apply(snapshot(), animatingDifferences: false)
  }

  static func makeLayout(itemSize: Size) -> FlowLayout {
    let layout = FlowLayout()
    layout.itemSize = itemSize
    layout.alignment = .leading
    layout.minimumLineSpacing = itemSize.height > 1 ? 1 : 0
    layout.minimumInteritemSpacing = 1
    layout.sectionInset = EdgeInsets(top: 1, left: 1, bottom: 0, right: 1)
    layout.headerReferenceSize = Size(width: 0, height: 1)
    layout.footerReferenceSize = Size(width: 0, height: 1)
    layout.sectionHeadersPinToVisibleBounds = true
    return layout
  }

  /// The model as the data source shows it: album names, each with its photos' ids.
  func snapshot() -> DiffableDataSourceSnapshot<String, Int> {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(library.albums.map(\.name))
    for album in library.albums { snapshot.appendItems(album.photos, toSection: album.name) }
    return snapshot
  }

  /// Shows the model after a change, animated.
  func show() {
    dataSource.apply(snapshot())
  }

  // MARK: - Commands

  func perform(_ command: CommandIdentifier) -> Bool {
    let focused = collectionView.indexPathForFocusedItem.flatMap { dataSource.itemIdentifier(for: $0) }
    switch command {
    case .newPhoto:
      newPhotoCount += 1
      let album = focused.flatMap { library.album(containing: $0) } ?? 0
      let id = library.add(title: "New \(newPhotoCount)", year: 2025, toAlbum: album, after: focused)
      show()
      // The new photo gets the focus; the view scrolls to it over a few frames.
      if let indexPath = dataSource.indexPath(for: id) {
        collectionView.focusItem(at: indexPath, scrollPosition: nil)
        collectionView.scrollToItem(at: indexPath, at: .nearest, animated: true)
      }
    case .sortAlbum:
      guard let focused, let album = library.album(containing: focused) else { return true }
      library.sortAlbum(album)
      show()
    case .moveToNextAlbum:
      guard let focused else { return true }
      library.moveToNextAlbum(focused)
      show()
    case .switchLayout:
      collectionView.setCollectionViewLayout(
        collectionView.collectionViewLayout === cards ? list : cards, animated: true)
    default:
      return false
    }
    return true
  }

  // MARK: - CollectionViewDelegate: the edit menu

  func collectionView(_ collectionView: CollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { true }

  func collectionView(_ collectionView: CollectionView, menuActionsForItemAt indexPath: IndexPath) -> [EditAction] {
    [.delete, .selectAll]
  }

  func collectionView(
    _ collectionView: CollectionView, canPerformAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) -> Bool {
    action == .selectAll || (action == .delete && !indexPaths.isEmpty)
  }

  func collectionView(
    _ collectionView: CollectionView, performAction action: EditAction, forItemsAt indexPaths: [IndexPath]
  ) {
    switch action {
    case .delete:
      library.delete(Set(indexPaths.compactMap { dataSource.itemIdentifier(for: $0) }))
      show()
    case .selectAll:
      collectionView.selectAllItems()
    default:
      break
    }
  }

  // MARK: - RunLoopRoot

  func willRun(in runLoop: TerminalRunLoop) {
    collectionView.displayHost = runLoop
  }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    if case .resize(let size) = event { collectionView.resize(to: CellRect(size: size)) }
    let command = keys.command(for: event)
    if let command, !collectionView.isEditMenuVisible {
      if command == .quit { return .quit }
      if perform(command) { return .changed }
    }
    return collectionView.handle(event, command: command) ? .changed : .unchanged
  }

  func draw(into canvas: inout Canvas) {
    collectionView.draw(into: &canvas)
  }

  var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }
}
