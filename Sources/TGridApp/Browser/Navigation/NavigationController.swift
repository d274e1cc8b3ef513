import TGridJSON
import TermGrid

/// What navigation reaches of the browser.
protocol NavigationContext: AnyObject {
  /// The document.
  var store: DocumentStore { get }
  /// The one collection view.
  var collectionView: CollectionView { get }
  /// The presentation on screen.
  var presentation: any Presentation { get }
  /// The focused value.
  var focusedNodeID: NodeID? { get }
  /// Whether the document is still loading (a move by id may land later).
  var isLoadingDocument: Bool { get }
  /// Shows a short message in the status line until the next key.
  func show(message: String)
  /// Shows the document another way, focus and selection kept.
  func show(_ kind: PresentationKind, animated: Bool)
  /// Asks for a frame.
  func setNeedsDisplay()
  /// Notes that the selection changed.
  func selectionDidChange()
}

/// Moves by id: focusing a value wherever the view shows it, putting focus and selection
/// back after a change, the jump list's commands, and the intended focus followed frame by
/// frame until the view can show it. It owns the browser's ``Navigation``.
final class NavigationController {
  /// The browser.
  private unowned let context: any NavigationContext
  /// The intended focus and the jump list.
  private var state = Navigation()

  init(context: any NavigationContext) {
    self.context = context
  }

  private var store: DocumentStore { context.store }
  private var collectionView: CollectionView { context.collectionView }
  private var presentation: any Presentation { context.presentation }
  private var focusedNodeID: NodeID? { context.focusedNodeID }
  private func show(message: String) { context.show(message: message) }
  private func setNeedsDisplay() { context.setNeedsDisplay() }
  private func selectionDidChange() { context.selectionDidChange() }

  /// The value the focus should be on once the view can show it.
  var intended: NodeID? {
    get { state.intended }
    set { state.intended = newValue }
  }

  /// A jump left `place`: it becomes the newest to go back to.
  func recordJump(from place: Navigation.Place) {
    state.recordJump(from: place)
  }

  /// Where the focus is now (or is meant to be), as a place.
  var currentPlace: Navigation.Place? {
    (intended ?? focusedNodeID).map { Navigation.Place(id: $0, kind: presentation.kind) }
  }

  /// Runs a move and remembers the place it left when it went somewhere else.
  func jumping(_ move: () -> Void) {
    let before = currentPlace
    move()
    if let before, currentPlace != before { state.recordJump(from: before) }
  }

  /// Ctrl-O, Ctrl-T, `''`.
  func performJump(_ command: CommandIdentifier) {
    // Places whose value is gone, or hidden by the filter, are passed over.
    let exists = { [unowned self] (place: Navigation.Place) in
      self.store.node(place.id) != nil && !self.store.isHiddenByFilter(place.id)
    }
    let current = currentPlace
    let target: Navigation.Place?
    switch command {
    case .jumpBack: target = state.stepBack(from: current, exists: exists)
    case .jumpForward: target = state.stepForward(from: current, exists: exists)
    default: target = state.swapWithLastJump(from: current, exists: exists)
    }
    guard let target else {
      show(message: command == .jumpForward ? "no newer place in the jump list" : "no older place in the jump list")
      return
    }
    if target.kind != presentation.kind { context.show(target.kind, animated: true) }
    focus(on: target.id)
  }

  /// Follows the intended focus: once the view can show the value, the focus goes to it;
  /// once it is there and nothing more is read, the intention is fulfilled.
  func followIntendedFocus() {
    guard let wanted = intended else { return }
    guard store.node(wanted) != nil else {
      intended = nil
      return
    }
    if focusedNodeID != wanted, let indexPath = presentation.indexPath(for: wanted, reveal: false),
      presentation.nodeID(at: indexPath) == wanted
    {
      collectionView.focusItem(at: indexPath, scrollPosition: .center)
      setNeedsDisplay()
    }
    if focusedNodeID == wanted, !presentation.isReading, !context.isLoadingDocument { intended = nil }
  }

  /// The value an item of the current presentation stands for.
  func node(at indexPath: IndexPath) -> JSONNode? {
    presentation.nodeID(at: indexPath).flatMap(store.node)
  }

  /// Puts focus and selection on the same values in the current presentation. A focused
  /// value a filter now hides gives the focus to the nearest element it keeps.
  func restore(_ selection: DocumentStore.Selection) {
    let view = collectionView
    view.clearSelection()
    let focusPath = selection.focus.flatMap { focus -> IndexPath? in
      let found = presentation.indexPath(for: focus, reveal: true)
      if let found, presentation.nodeID(at: found) == focus { return found }
      // Hidden by a filter: the nearest element it keeps, not the box or card around it.
      if let nearest = store.nearestShown(to: focus), nearest != focus,
        let kept = presentation.indexPath(for: nearest, reveal: true)
      {
        return kept
      }
      return found
    }
    for id in selection.selected {
      if let indexPath = presentation.indexPath(for: id, reveal: false) { view.selectItem(at: indexPath) }
    }
    view.focusItem(
      at: focusPath ?? view.indexPathForFocusedItem ?? IndexPath(item: 0, section: 0), scrollPosition: .center)
    view.ensureFocus()
    keepIntending(selection.focus)
    selectionDidChange()
  }

  /// After a move by id: when it did not land on the value while the view still reads (or
  /// the document still loads), the focus goes on to it once it can
  /// (``followIntendedFocus()``); when it landed, or cannot land later, any older intention
  /// is dropped (it would pull the focus back).
  func keepIntending(_ id: NodeID?) {
    guard let id, focusedNodeID != id, store.node(id) != nil, presentation.isReading || context.isLoadingDocument else {
      intended = nil
      return
    }
    intended = id
  }

  /// Focuses a value and scrolls it into view (the nearest shown ancestor in the grid).
  /// - Returns: where the focus went (the value, or the card that holds it), if anywhere.
  @discardableResult
  func focus(on id: NodeID) -> IndexPath? {
    guard let indexPath = presentation.indexPath(for: id, reveal: true) else {
      keepIntending(id)
      return nil
    }
    collectionView.focusItem(at: indexPath, scrollPosition: .center)
    keepIntending(id)
    setNeedsDisplay()
    return indexPath
  }
}
