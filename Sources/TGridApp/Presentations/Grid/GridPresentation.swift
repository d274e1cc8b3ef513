import TGridJSON
import TermGrid

extension CommandIdentifier {
  /// Show the focused object or array's content in the grid.
  static let openContainer: CommandIdentifier = "openContainer"
  /// Back to the enclosing container in the grid.
  static let goUp: CommandIdentifier = "goUp"
}

/// The grid of cards: a flow layout whose sections are containers and whose items are
/// their values, each a card sized to its content (see ``GridModel`` for how a container
/// becomes sections). `i` opens a card's container as a grid of its own, Backspace goes
/// back up.
///
/// It is the collection view's data source and the flow layout's delegate while it shows.
final class GridPresentation: Presentation, CollectionViewDataSource, FlowLayoutDelegate {
  let kind = PresentationKind.grid
  let flowLayout: FlowLayout
  var layout: CollectionLayout { flowLayout }
  var dataSource: any CollectionViewDataSource { self }
  var keyBindings: KeyBindings { BrowserKeys.grid }

  private unowned let host: any PresentationHost
  private var store: DocumentStore { host.store }
  private(set) var model: GridModel {
    didSet { shownAncestry = Array(store.ancestry(of: model.root).dropFirst()) }
  }
  /// The shown container's ancestors, nearest first, as they were when it was shown: an
  /// edit that removes it falls back to the nearest that is still there.
  private var shownAncestry: [NodeID] = []
  var palette = ValuePalette.standard
  /// Each section's card sizes, or `nil` for a section whose cards share one size.
  private var cardSizes: [[CellSize]?] = []
  /// The size shared by the cards of large sections.
  private var sharedCardSize = CellSize(columns: CardContent.widthRange.lowerBound, rows: 3)
  /// What each card shows and its size, measured once and drawn from the same value.
  private var contents: [NodeID: MeasuredCard] = [:]
  /// How many cards were measured (their content made) since the grid was made: what a
  /// load's growth costs the grid is the new records' cards.
  private(set) var measuredCardCount = 0
  /// How many levels of nested values cards write out (`z` and a digit).
  private(set) var previewDepth = 0
  /// The most rows of values a card shows: more on a taller screen.
  private(set) var cardRowLimit = CardContent.maximumRows
  /// The document changed while another presentation showed.
  /// Selected items per section, for the footers (counted once per frame, however many
  /// items a select-all touched).
  private var selectedCounts: [Int: Int] = [:]

  /// Sections with more items than this share one card size (measured on a sample), so
  /// the layout stays arithmetic and instant for huge arrays.
  static let individuallySizedLimit = 2_000
  /// Cards whose content is kept; past it the cache starts again.
  static let contentCacheLimit = 20_000
  static let cardIdentifier = "card"
  static let headerIdentifier = "header"
  static let footerIdentifier = "footer"

  init(host: any PresentationHost) {
    self.host = host
    flowLayout = Self.makeLayout()
    model = GridModel(store: host.store, root: host.store.root, unwrapsMetadata: true)
    flowLayout.delegate = self
    cardRowLimit = Self.cardRowLimit(forScreenRows: host.screenSize.rows)
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
    // Cards of different heights line up at the top of their line, as cards on a table do.
    layout.lineItemAlignment = .top
    // Page keys land a whole line of cards just under the pinned header.
    layout.snapsToLines = true
    return layout
  }

  // MARK: - Presentation

  func prepareToShow() {
    let view = host.collectionView
    view.register(CardCell.self, forCellWithReuseIdentifier: Self.cardIdentifier)
    view.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.header, withReuseIdentifier: Self.headerIdentifier)
    view.register(
      LabelView.self, forSupplementaryViewOfKind: ElementKind.footer, withReuseIdentifier: Self.footerIdentifier)
    updateSharedItemSize()
  }

  func readAgain() {
    rebuild(root: model.root)
  }

  func positionText(focusedAt indexPath: IndexPath?) -> String {
    guard let focused = indexPath, model.sections.indices.contains(focused.section) else { return "no items" }
    let sections = model.sections
    var text = "item \(focused.item + 1)/\(sections[focused.section].items.count)"
    if sections.count > 1 { text += " · section \(focused.section + 1)/\(sections.count)" }
    return text
  }

  func nodeID(at indexPath: IndexPath) -> NodeID? {
    model.item(at: indexPath)
  }

  /// The card of an emptied section's container is where the focus stands, not a value of
  /// the list to select.
  func allowsSelection(at indexPath: IndexPath) -> Bool {
    !(model.sections.indices.contains(indexPath.section) && model.isPlaceholder(indexPath.section))
  }

  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? {
    if let indexPath = model.indexPath(for: id, in: store) { return indexPath }
    guard reveal else { return nil }
    // Drill into the nearest container that shows the value as a card (as `i` would, so
    // Backspace comes back); failing that, the nearest ancestor shown as a card.
    let ancestors = store.ancestry(of: id).dropFirst()
    for ancestor in ancestors {
      var candidate = GridModel(store: store, root: ancestor)
      if candidate.indexPath(for: id, in: store) == nil, candidate.section(ofContainer: id) != nil {
        // The value heads a section there (one of several arrays, an album): its parent as
        // one list of cards shows it as a card of its own.
        candidate = GridModel(store: store, root: ancestor, groups: false)
      } else if ancestor == model.root {
        continue
      }
      guard let found = candidate.indexPath(for: id, in: store) else { continue }
      model = candidate
      contents = [:]
      measureCards()
      updateSharedItemSize()
      if isShown {
        host.collectionView.clearSelection()
        host.collectionView.reloadData()
        flowLayout.invalidateLayout()
      }
      return found
    }
    for ancestor in ancestors {
      if let indexPath = model.indexPath(for: ancestor, in: store) { return indexPath }
    }
    return nil
  }

  func perform(_ command: CommandIdentifier) -> Bool {
    switch command {
    case .openContainer:
      if let focused = host.collectionView.indexPathForFocusedItem { drill(into: focused) }
    case .goUp:
      goUp()
    default:
      return false
    }
    return true
  }

  func didResize() {
    let limit = Self.cardRowLimit(forScreenRows: host.screenSize.rows)
    if limit != cardRowLimit {
      // Cards show as many values as the screen has room for: measured again.
      cardRowLimit = limit
      contents = [:]
      measureCards()
      if isShown {
        host.collectionView.reloadData()
        flowLayout.invalidateLayout()
      }
    }
    updateSharedItemSize()
  }

  /// The most rows of values a card shows on a screen this tall: as many as let two lines
  /// of cards fit under the section's header and above its footer and the status line
  /// (a car's nine fields on 40 rows), never fewer than ``CardContent/maximumRows``.
  static func cardRowLimit(forScreenRows rows: Int) -> Int {
    max(CardContent.maximumRows, min(20, (rows - 3) / 2 - 2))
  }

  func selectionDidChange() {
    var counts: [Int: Int] = [:]
    for indexPath in host.collectionView.selectedItemSet { counts[indexPath.section, default: 0] += 1 }
    selectedCounts = counts
    refreshSupplementaryViews()
  }

  func applyColorCount(_ count: Int) {
    palette = count == 0 ? .monochrome : .standard
  }

  private var isShown: Bool { host.presentation === self }

  /// In the grid, folding sets how deep cards preview nested values.
  func fold(toDepth depth: Int?, in host: any PresentationHost) {
    previewDepth = min(depth ?? 4, 9)
    contents = [:]
    measureCards()
    updateSharedItemSize()
    host.collectionView.reloadData()
    flowLayout.invalidateLayout()
    host.show(
      message: previewDepth == 0
        ? "cards count nested values"
        : "cards show nested values \(previewDepth) level\(previewDepth == 1 ? "" : "s") deep")
  }

  var emptyContainer: NodeID? {
    model.sections.first { $0.items.isEmpty }?.container ?? (model.itemCount == 0 ? model.root : nil)
  }

  /// A card moves to where the card in that direction is (in its own section).
  func movePosition(for id: NodeID, from position: Int, count: Int, direction: FocusDirection) -> Int? {
    guard let indexPath = model.indexPath(for: id, in: store),
      let target = host.collectionView.indexPathForItem(inDirection: direction, from: indexPath)
    else { return nil }
    return target.section == indexPath.section ? target.item : nil
  }

  // MARK: - Following the store

  func apply(_ change: DocumentChange) {
    let view = host.collectionView
    if change.reason == .grew {
      // A load that read more keeps the cards measured on its preview (the same values,
      // the same ids): only the new records' cards are measured. A filter, a label field or
      // a diff's marks change what cards show: every card is measured again.
      rebuild(root: model.root, keepingContents: change.keepsValues && store.diff == nil)
      view.reloadData()
      flowLayout.invalidateLayout()
      return
    }
    if change.reason == .arrived, store.diff == nil, applyArrival(change) { return }
    let old = model
    let isPlainList =
      model.sections.count == 1 && model.sections[0].container == model.root && model.sections[0].owner == nil
    var changed = Set<NodeID>()
    // The other side of a diff: the cards are listed again; those of values both sides hold
    // keep their ids, so they move to their places (and are redrawn with that side's values).
    var structural = store.node(model.root) == nil || change.reason == .sideSwitched
    for step in change.steps {
      for ancestor in store.ancestry(of: step.parent) { changed.insert(ancestor) }
      if case .replaced = step { changed.insert(step.node) }
      // The grouping of sections depends on the shown container and the section owners
      // (a plain list of the shown container's children just gains or loses items).
      if step.parent == model.root && !isPlainList || model.sections.contains(where: { $0.owner == step.parent }) {
        structural = true
      }
      // A section emptied (its card for the empty container comes) or filled again.
      if let section = model.section(ofContainer: step.parent), model.sections[section].owner != nil,
        model.isPlaceholder(section) || store.node(step.parent).map({ store.shownChildCount(of: $0) == 0 }) == true
      {
        structural = true
      }
    }
    if structural {
      let root = store.node(model.root) != nil ? model.root : survivingAncestor()
      model = GridModel(store: store, root: root, groups: model.groups || root != model.root)
    } else {
      for step in change.steps {
        guard let section = model.section(ofContainer: step.parent) else { continue }
        switch step {
        case .inserted(_, let position, let node):
          model.sections[section].items.insert(node, at: min(position, model.sections[section].items.count))
        case .removed(_, let position, let node):
          if model.sections[section].items.indices.contains(position), model.sections[section].items[position] == node {
            model.sections[section].items.remove(at: position)
          } else {
            model.sections[section].items.removeAll { $0 == node }
          }
        case .replaced:
          break
        }
      }
    }
    if change.reason == .sideSwitched {
      contents = [:]
      for section in model.sections { changed.formUnion(section.items) }
    }
    for id in changed { contents[id] = nil }
    for step in change.steps { contents[step.node] = nil }
    // Cards after an insertion or removal show new indexes: draw the ones on screen again.
    let changedSections = Set(change.steps.compactMap { model.section(ofContainer: $0.parent) })
    for indexPath in view.indexPathsForVisibleItems where changedSections.contains(indexPath.section) {
      if let id = old.item(at: indexPath) { changed.insert(id) }
    }
    measureCards()
    updateSharedItemSize()
    // The lists are compared where they are kept, run by run: a section of 25 million
    // cards is never copied into an array for it.
    let diff = SnapshotDifference(
      oldSections: old.sections.map(\.container.rawValue), oldItemLists: old.sections.map(\.items),
      newSections: model.sections.map(\.container.rawValue), newItemLists: model.sections.map(\.items),
      // Only cards are reloaded: ancestors that are not cards would make the difference
      // look through every card for them.
      reloadedItems: changed.filter { model.indexPath(for: $0, in: store) != nil })
    view.performBatchUpdates { diff.record(in: view) }
    refreshSupplementaryViews()
  }

  /// Records that arrived at the end of the shown plain list of records, or left its start
  /// (`--keep`), as a followed stream brings them: the cards are appended or removed where
  /// they are, and the collection view hears of an insert at the end or a delete at the
  /// start, without comparing the lists (their cost is the batch's, not the document's).
  /// - Returns: false, having changed nothing, for any other change (the general path).
  private func applyArrival(_ change: DocumentChange) -> Bool {
    guard model.sections.count == 1, model.sections[0].container == model.root, model.sections[0].owner == nil,
      !model.isPlaceholder(0), !change.steps.isEmpty
    else { return false }
    let root = model.root
    let items = model.sections[0].items
    var appended: [NodeID] = []
    var removedCount = 0
    for step in change.steps {
      switch step {
      case .inserted(let parent, let position, let node):
        guard parent == root, removedCount == 0, position == items.count + appended.count else { return false }
        appended.append(node)
      case .removed(let parent, let position, let node):
        guard parent == root, appended.isEmpty, position == 0, removedCount < items.count, items[removedCount] == node
        else { return false }
        removedCount += 1
      case .replaced:
        return false
      }
    }
    let view = host.collectionView
    let oldCount = items.count
    let visible = view.indexPathsForVisibleItems
    if removedCount > 0 {
      // The cards measured are a few (those drawn, a sample): the ones that left go by a
      // look at them, not by a look-up for every record that left.
      if contents.count < removedCount {
        contents = contents.filter { store.node($0.key) != nil }
      } else {
        for item in 0..<removedCount { contents[items[item]] = nil }
      }
      model.sections[0].items.removeFirst(removedCount)
    } else {
      model.sections[0].items.append(contentsOf: appended)
    }
    // Cards that share one size keep it while records come and go: measured again after
    // a drop, the sample (the first cards) would be new cards every batch, and every card
    // on screen could change size under a paused reader. A new grid measures it again.
    let keepsSharedSize =
      oldCount > Self.individuallySizedLimit
      && model.sections[0].items.count > Self.individuallySizedLimit
    if !keepsSharedSize {
      measureCards()
      let shared = fitting(
        Size(width: Double(filledWidth(for: sharedCardSize.columns)), height: Double(sharedCardSize.rows)))
      if flowLayout.itemSize != shared { flowLayout.itemSize = shared }
    }
    // A drop is not animated: batches come faster than an animation ends, and the cards
    // that stay are drawn again in place (their indexes changed), with no frames between.
    let animates = view.animatesChanges
    if removedCount > 0 { view.animatesChanges = false }
    defer { view.animatesChanges = animates }
    view.performBatchUpdates {
      if removedCount > 0 {
        view.deleteItems(at: (0..<removedCount).map { IndexPath(item: $0, section: 0) })
        // The cards on screen that stay show new indexes: they are made again.
        let moved = visible.filter { $0.section == 0 && $0.item >= removedCount && $0.item < oldCount }
        if !moved.isEmpty { view.reloadItems(at: moved) }
      } else {
        view.insertItems(at: (oldCount..<(oldCount + appended.count)).map { IndexPath(item: $0, section: 0) })
      }
    }
    refreshSupplementaryViews()
    return true
  }

  /// The nearest container still in the document, going up from the one that was shown
  /// (its ancestors as they were when it was shown: it is gone now).
  private func survivingAncestor() -> NodeID {
    shownAncestry.first { store.node($0) != nil } ?? store.root
  }

  // MARK: - Drilling in and out

  /// Shows the content of a container card.
  func drill(into indexPath: IndexPath) {
    let document = store.document
    guard let id = model.item(at: indexPath), let node = store.node(id), document.kind(of: node).isContainer,
      document.childCount(of: node) > 0
    else {
      host.show(message: "only an object or an array with something in it can be opened")
      return
    }
    show(root: id, focus: nil)
  }

  /// Goes up to the container that holds the one shown, with the focus on the card it
  /// came out of (Backspace): by the document's structure, not by the way it got here (a
  /// go-to, a search, a drill-in), so the focus is always on the value just left and an
  /// edit right after acts on it.
  func goUp() {
    let current = model.root
    let chain = store.ancestry(of: current)
    for (index, ancestor) in chain.enumerated().dropFirst() {
      let candidate = GridModel(store: store, root: ancestor)
      // The value left, or the nearest of its ancestors this grid shows as a card.
      guard let focus = chain[..<index].first(where: { candidate.indexPath(for: $0, in: store) != nil }) else {
        continue
      }
      show(root: ancestor, focus: focus)
      return
    }
    host.show(message: "already at the top of the document")
  }

  /// Shows another container, the old cards fading out as the new ones fade in.
  private func show(root: NodeID, focus: NodeID?) {
    let view = host.collectionView
    view.finishAnimationsNow()
    let oldSections = model.sections.count
    rebuild(root: root)
    view.clearSelection()
    view.performBatchUpdates {
      view.deleteSections(Array(0..<oldSections))
      view.insertSections(Array(0..<self.model.sections.count))
    }
    view.contentOffset = .zero
    let target = focus.flatMap { indexPath(for: $0, reveal: true) } ?? IndexPath(item: 0, section: 0)
    view.focusItem(at: target, scrollPosition: .center)
    view.ensureFocus()
    host.setNeedsDisplay()
  }

  private func rebuild(root: NodeID, keepingContents: Bool = false) {
    model = GridModel(store: store, root: root, groups: model.groups || root != model.root)
    if !keepingContents { contents = [:] }
    measureCards()
    // A document that grew past ``individuallySizedLimit`` while loading now shares one
    // card size: the layout must be told, or its cards keep the first slice's size.
    updateSharedItemSize()
  }

  // MARK: - Cards

  /// A card's content and its size: measured with it, as the text widths of every row
  /// take longer than reading the value (a grid of 2,000 cards that grows while a file
  /// loads asks for every size again).
  private struct MeasuredCard {
    var content: CardContent
    var size: CellSize
  }

  /// What the card of a value shows (measured once, drawn from the same value).
  func content(of id: NodeID) -> CardContent? {
    measuredCard(of: id)?.content
  }

  /// A card's content and size, measured when first asked for.
  private func measuredCard(of id: NodeID) -> MeasuredCard? {
    if let known = contents[id] { return known }
    guard let node = store.node(id) else { return nil }
    if contents.count >= Self.contentCacheLimit { contents = [:] }
    var content: CardContent
    if let diff = store.diff {
      // A diff's marks: on the title (`~ Keyboard · 3 changes`) and on each row's key.
      content = CardContent(
        node: node, in: store.document, previewDepth: previewDepth, labelField: store.labelField,
        maximumRows: cardRowLimit,
        rowMarker: { [store] member in diff.marker(of: store.id(member)) })
      let (marker, badge) = diff.titleMarks(of: id)
      content.title = marker + content.title + badge
      content.titleBadge = badge
    } else {
      content = CardContent(
        node: node, in: store.document, previewDepth: previewDepth, labelField: store.labelField,
        maximumRows: cardRowLimit)
    }
    let measured = MeasuredCard(content: content, size: content.size)
    contents[id] = measured
    measuredCardCount += 1
    return measured
  }

  private func measureCards() {
    cardSizes = []
    var widest = CellSize(columns: CardContent.widthRange.lowerBound, rows: 3)
    for section in model.sections {
      if section.items.count > Self.individuallySizedLimit {
        // One size for the whole section, from a sample: the layout stays arithmetic.
        for id in section.items.prefix(200) {
          guard let size = measuredCard(of: id)?.size else { continue }
          widest = CellSize(columns: max(widest.columns, size.columns), rows: max(widest.rows, size.rows))
        }
        cardSizes.append(nil)
      } else {
        cardSizes.append(
          section.items.map {
            measuredCard(of: $0)?.size ?? CellSize(columns: CardContent.widthRange.lowerBound, rows: 3)
          })
      }
    }
    sharedCardSize = widest
  }

  /// The one size that huge sections share is the flow layout's `itemSize`, so it stays
  /// on its arithmetic path for them (the delegate answers `nil` there).
  private func updateSharedItemSize() {
    flowLayout.itemSize = fitting(
      Size(width: Double(filledWidth(for: sharedCardSize.columns)), height: Double(sharedCardSize.rows)))
  }

  /// Cards that share a size use the whole width of the screen: as many as fit at the
  /// width their content asks for, then widened to fill the line.
  private func filledWidth(for wanted: Int) -> Int {
    guard let width = flowLayout.collectionView?.bounds.width, width > 0 else { return wanted }
    let line = Int(width - flowLayout.sectionInset.horizontal)
    let spacing = Int(flowLayout.minimumInteritemSpacing)
    let perLine = max(1, (line + spacing) / (wanted + spacing))
    return max(wanted, min(line, (line - spacing * (perLine - 1)) / perLine))
  }

  func cardSize(at indexPath: IndexPath) -> CellSize {
    guard cardSizes.indices.contains(indexPath.section) else { return sharedCardSize }
    guard let sizes = cardSizes[indexPath.section] else { return sharedCardSize }
    return sizes.indices.contains(indexPath.item) ? sizes[indexPath.item] : sharedCardSize
  }

  /// A card no wider than the line it sits on, so no part of it is ever out of reach on a
  /// narrow screen (the card cuts its text to fit).
  private func fitting(_ size: Size) -> Size {
    guard let width = flowLayout.collectionView?.bounds.width, width > 0 else { return size }
    let line = max(1, width - flowLayout.sectionInset.horizontal)
    return Size(width: min(size.width, line), height: size.height)
  }

  // MARK: - Headers and footers

  /// A section footer's text: how many items, and how many of them are selected.
  func footerText(forSection section: Int) -> String {
    let count = model.sections[section].items.count
    // The same word as the header: keys of an object, items of an array.
    let kind = store.node(model.sections[section].container).map(store.document.kind(of:)) ?? .array
    var text = " " + JSONPreview.countPhrase(count, of: kind.isContainer ? kind : .array)
    if let selected = selectedCounts[section], selected > 0 { text += " · \(selected) selected" }
    return text + " "
  }

  /// Brings the headers and footers on screen up to date (counts change with edits and
  /// with the selection).
  private func refreshSupplementaryViews() {
    let view = host.collectionView
    for element in view.attributesOnScreen where element.category == .supplementaryView {
      let section = element.indexPath.section
      guard model.sections.indices.contains(section),
        let label = view.supplementaryView(forElementKind: element.representedElementKind ?? "", at: element.indexPath)
          as? LabelView
      else { continue }
      if element.representedElementKind == ElementKind.footer {
        label.text = footerText(forSection: section)
      } else if element.representedElementKind == ElementKind.header {
        label.text = " " + model.title(ofSection: section, in: store) + " "
      }
    }
  }

  // MARK: - CollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int { model.sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    model.sections[section].items.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(
      CardCell.self, withReuseIdentifier: Self.cardIdentifier, for: indexPath)
    // Items are their container's children in order: the item is the array index.
    // Under a filter the item is the position among the kept elements: the title says the
    // element's index in the document, as the table and the tree do.
    let id = model.item(at: indexPath)
    let position =
      store.filter == nil
      ? indexPath.item : id.flatMap(store.node).flatMap(store.document.position(of:)) ?? indexPath.item
    cell.content = id.flatMap(content(of:))?.titled(atPosition: position)
    cell.palette = palette
    return cell
  }

  /// A card can be dragged to another place among its siblings, once the file is loaded.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    guard !store.isLoading, let id = model.item(at: indexPath), let node = store.node(id) else { return false }
    return store.document.parent(of: node) != nil
  }

  /// A card dropped at another card's place takes that position in the document; the store
  /// announces the change and ``apply(_:)`` moves the card on screen. A move the store
  /// refuses reloads the cards, so the collection view never shows one the document lacks.
  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    guard let id = model.item(at: source), let target = model.item(at: destination), let node = store.node(target),
      let position = store.document.position(of: node), host.moveValue(id, toPosition: position)
    else {
      collectionView.reloadData()
      return
    }
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    guard model.sections.indices.contains(indexPath.section) else { return nil }
    switch kind {
    case ElementKind.header:
      let header = collectionView.dequeueReusableSupplementaryView(
        LabelView.self, ofKind: kind, withReuseIdentifier: Self.headerIdentifier, for: indexPath)
      header.text = " " + model.title(ofSection: indexPath.section, in: store) + " "
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
    guard cardSizes.indices.contains(indexPath.section), cardSizes[indexPath.section] != nil else { return nil }
    let size = cardSize(at: indexPath)
    return fitting(Size(width: Double(size.columns), height: Double(size.rows)))
  }
}
