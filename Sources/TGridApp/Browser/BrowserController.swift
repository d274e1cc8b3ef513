import TGridJSON
import TermGrid

/// The app's root: shows a ``DocumentStore`` in one collection view through one
/// ``Presentation`` at a time, with a status line, and turns input into commands.
///
/// It composes the feature controllers (navigation, finding, editing, reading, files, the
/// command line), offers each event to the modes in ``EventMode/order``, and runs commands
/// as ``BrowserCommand/all`` says. It never asks which presentation it shows.
package final class BrowserController: RunLoopRoot, PresentationHost {
  package let store: DocumentStore
  package let collectionView: CollectionView
  /// The presentation on screen.
  private(set) var presentation: any Presentation
  /// Which presentation is on screen (`tgrid-bench views` names each switch by it).
  package var presentationKind: PresentationKind { presentation.kind }
  /// Whether the presentation on screen is still reading the document in slices.
  package var isPresentationReading: Bool { presentation.isReading }
  /// Every presentation made so far, kept with its state (collapsed nodes, drill-in).
  private lazy var shelf = PresentationShelf(host: self, options: initialOptions)
  /// What the first presentation is made with (the shelf takes them on).
  private let initialOptions: PresentationOptions
  /// What the views are made with (`--time-field`, `--lane`, `--x`, `--y`); each made hears of a change.
  var presentationOptions: PresentationOptions {
    get { shelf.options }
    set { shelf.options = newValue }
  }
  private(set) var screenSize: CellSize
  /// A short message for the status line, replaced by the next key.
  var message: String?
  /// What takes the screen above the status line for now: the help, a value, the source.
  var overlay: (any BrowserOverlay)?
  /// What the status line asks, if anything (a command line, a value to type, a question).
  var prompt: StatusPrompt?
  /// Set when the app should end (a quit that needed no question, or its answer).
  package var wantsToQuit = false
  /// Told of every command the browser is asked to perform, before it runs (the pilot tests
  /// record which commands they reached).
  var commandObserver: ((CommandIdentifier) -> Void)?
  /// The load still running, if any: it wakes the run loop with its progress.
  package var load: DocumentLoad?
  /// Why the load failed, if it did: printed once the terminal is restored.
  var loadFailure: LoadFailure?
  private let tooSmallNote = TerminalTooSmallNote(minimum: BrowserController.minimumSize)
  /// Where the person is and has been: the intended focus and the jump list, moves by id.
  private(set) lazy var navigation = NavigationController(context: self)
  /// Search and filter: their state and commands.
  private(set) lazy var finding: FindingController = FindingController(context: self)
  /// Cut, copy, paste, typing values, moving, undo: their commands and the edit menu.
  private(set) lazy var editing: EditingController = EditingController(context: self)
  /// The viewer, the source, two-key commands, copying parts of a value, labels, paths.
  private(set) lazy var reading: ReadingController = ReadingController(context: self)
  /// The `:` command line.
  private(set) lazy var commandLine: CommandLineController = CommandLineController(context: self)
  /// Saving, reading the file again, quitting, recovery files, changes on disk.
  package private(set) lazy var files: FileController = FileController(context: self)
  /// Following a growing stream (`--follow`): its records arrive, the focus stays at the end.
  package private(set) lazy var following = FollowController(context: self)
  /// Wakes the run loop from other threads (a search count), once it runs.
  private(set) var waker: RunLoopWaker?
  /// The terminal, when there is a real one (mouse toggle).
  package weak var terminal: (any Terminal)?
  /// The collection view's delegate (it holds it weakly).
  private lazy var collectionDelegate = BrowserCollectionDelegate(browser: self)
  /// The status line, a prompt in its place, long messages above it, the load's progress.
  private lazy var statusArea = StatusArea(browser: self)
  private var pendingDisplay = true
  /// The selection changed since the presentation last heard of it (told once per frame).
  private var selectionChanged = true
  /// Looks at the terminal for Esc and Ctrl-C while long work runs on this thread.
  private lazy var interrupts = InterruptPoll(terminal: { [unowned self] in self.terminal })

  /// Whether the document is still loading (a move by id may land later).
  var isLoadingDocument: Bool { load != nil }

  /// Below this the screen shows a short "terminal too small" note instead.
  static let minimumSize = CellSize(columns: 10, rows: 3)

  package init(
    store: DocumentStore, size: CellSize, presentation kind: PresentationKind = .grid,
    treeOrientation: TreeLayout.Orientation = .outline, animates: Bool = true
  ) {
    self.store = store
    initialOptions = PresentationOptions(treeOrientation: treeOrientation)
    screenSize = size
    collectionView = CollectionView(frame: StatusArea.collectionFrame(for: size), layout: FlowLayout())
    collectionView.animatesChanges = animates
    collectionView.allowsMultipleSelection = true
    // A placeholder until the first presentation is made (it needs the host to exist).
    presentation = PlaceholderPresentation()
    collectionView.delegate = collectionDelegate
    let first = shelf.presentation(kind)
    install(first)
    collectionView.ensureFocus()
    message = store.document.warningNote
    store.onChange = { [unowned self] change in self.documentDidChange(change) }
  }

  /// A browser on a document of its own (tests, `dump`).
  package convenience init(
    document: JSONDocument, sourceName: String, path: String? = nil, size: CellSize,
    presentation kind: PresentationKind = .grid, treeOrientation: TreeLayout.Orientation = .outline,
    animates: Bool = true
  ) {
    let store = DocumentStore(document: document, name: sourceName, path: path)
    if let path { store.fileStatus = (try? POSIXFileSystem.shared.status(ofPath: path)) ?? nil }
    self.init(store: store, size: size, presentation: kind, treeOrientation: treeOrientation, animates: animates)
  }

  /// Colours for the terminal: the standard theme reduced to its colours, or attributes only.
  func applyColorCount(_ count: Int) {
    collectionView.theme = Theme.forColorCount(count)
    shelf.applyColorCount(count)
    collectionView.reloadData()
  }

  // MARK: - PresentationHost

  func show(message: String) {
    self.message = message
    pendingDisplay = true
  }

  func setNeedsDisplay() {
    pendingDisplay = true
    collectionView.setNeedsDisplay()
  }

  /// Whether long work on this thread should stop: see ``InterruptPoll/isInterrupted()``.
  func isInterrupted() -> Bool { interrupts.isInterrupted() }

  /// A cancellation for the engine's work on this thread that stops on Esc, Ctrl-C or a
  /// signal: see ``InterruptPoll/cancellation(afterMilliseconds:)``.
  func interruptibleCancellation(afterMilliseconds milliseconds: Int? = nil) -> JSONCancellation {
    interrupts.cancellation(afterMilliseconds: milliseconds)
  }

  // MARK: - RunLoopRoot

  package func willRun(in runLoop: TerminalRunLoop) {
    collectionView.displayHost = runLoop
    load?.waker = runLoop.waker
    store.pendingDiff?.waker = runLoop.waker
    waker = runLoop.waker
  }

  package var needsDisplay: Bool { pendingDisplay || collectionView.needsDisplay }

  /// Unsaved edits: a signal must not end tgrid before they are in a recovery file.
  package var hasUnsavedWork: Bool { store.isModified }

  package var millisecondsUntilNextFrame: Int? {
    presentation.isReading || finding.isFiltering ? 0 : collectionView.millisecondsUntilNextFrame
  }

  /// How long a presentation that reads in slices reads before each frame.
  static let readingSliceMilliseconds = 10
  /// How long a filter of a large container evaluates before each frame: keys still
  /// answer within a frame or two, and the frames cost a tenth of the work, not a third
  /// (3 ms a frame on 80 M records).
  static let filterSliceMilliseconds = 30

  package func draw(into canvas: inout Canvas) {
    pendingDisplay = false
    // The first frame is on its way: the load may read the rest of the file now.
    load?.firstScreenShown()
    if presentation.isReading { presentation.continueReading(forMilliseconds: Self.readingSliceMilliseconds) }
    navigation.followIntendedFocus()
    following.focusDidSettle()
    if finding.isFiltering { finding.continueFiltering(forMilliseconds: Self.filterSliceMilliseconds) }
    let context = DrawingContext(theme: collectionView.theme, cellMetrics: collectionView.cellMetrics)
    if TerminalTooSmallNote.isTooSmall(canvas.size, minimum: Self.minimumSize) {
      // Nothing else shows, so nothing else may wait to be drawn: an animation or a
      // pending pass would ask for frames forever.
      collectionView.finishAnimationsNow()
      var hidden = Canvas(size: CellSize(columns: 0, rows: 0))
      collectionView.draw(into: &hidden)
      tooSmallNote.draw(in: &canvas, region: canvas.bounds, clip: canvas.bounds, context: context)
      return
    }
    guard store.hasContent else {
      statusArea.drawProgress(into: &canvas, context: context)
      return
    }
    if selectionChanged {
      selectionChanged = false
      presentation.selectionDidChange()
    }
    statusArea.drawLine(into: &canvas, context: context)
    // Last: the collection view draws the edit menu on top of everything.
    collectionView.draw(into: &canvas)
    finding.highlightMatches(in: &canvas, colorCount: shelf.colorCount)
    statusArea.drawMessageLines(into: &canvas, context: context)
    if let overlay {
      // It takes the screen above the status line, as `less` and vim do.
      let region = CellRect(column: 0, row: 0, columns: canvas.size.columns, rows: max(0, canvas.size.rows - 1))
      overlay.draw(in: &canvas, region: region, context: context)
    }
  }

  /// Follows a terminal resize: the layout may need a new pass; the focus stays in view.
  func resize(to size: CellSize) {
    screenSize = size
    collectionView.resize(to: StatusArea.collectionFrame(for: size))
    presentation.didResize()
    pendingDisplay = true
  }

  // MARK: - Values behind index paths

  /// The focused value.
  var focusedNodeID: NodeID? {
    collectionView.indexPathForFocusedItem.flatMap(presentation.nodeID(at:))
  }

  /// Focus and selection, by id.
  var selection: DocumentStore.Selection {
    DocumentStore.Selection(
      focus: navigation.intended ?? focusedNodeID,
      selected: collectionView.indexPathsForSelectedItems.compactMap(presentation.nodeID(at:)))
  }

  /// Puts focus and selection on the same values: see ``NavigationController/restore(_:)``.
  func restore(_ selection: DocumentStore.Selection) { navigation.restore(selection) }

  /// Focuses a value and scrolls it into view: see ``NavigationController/focus(on:)``.
  @discardableResult
  func focus(on id: NodeID) -> IndexPath? { navigation.focus(on: id) }

  /// Runs a move and remembers the place it left: see ``NavigationController/jumping(_:)``.
  func jumping(_ move: () -> Void) { navigation.jumping(move) }

  // MARK: - Presentations

  /// Shows the document another way, keeping the selected values selected and the focused
  /// value focused and on screen.
  ///
  /// Every switch is one animation of layout and data source together: values both
  /// presentations show move from their old places to their new ones, matched by id.
  func show(_ kind: PresentationKind, animated: Bool) {
    guard kind != presentation.kind else { return }
    let view = collectionView
    let kept = selection
    let next = shelf.presentation(kind)
    view.finishAnimationsNow()
    // Open what hides the focused value while the next presentation is off screen (no
    // reload, so nothing cuts the animation short).
    // (Stopped on the way, an Esc during a very deep one, it gives the deepest ancestor
    // opened, which takes the focus.) Its items first: the document may have changed since
    // it last showed (a filter), and what a reveal opens in old items is lost.
    shelf.bringUpToDate(next)
    let revealed = kept.focus.flatMap { next.indexPath(for: $0, reveal: true) }
    presentation = next
    next.prepareToShow()
    view.setCollectionViewLayout(next.layout, dataSource: shelf.dataSource(for: next), animated: animated)
    next.didResize()
    // Selected values the old screen did not show are found by id too.
    for id in kept.selected {
      if let indexPath = next.indexPath(for: id, reveal: false) { view.selectItem(at: indexPath) }
    }
    // Even at the same index path: the new layout may place it off screen (under a table's
    // pinned header row at the content offset the grid left).
    if let focus = kept.focus, let indexPath = next.indexPath(for: focus, reveal: false) ?? revealed {
      view.focusItem(at: indexPath, scrollPosition: .nearest)
    }
    view.ensureFocus()
    navigation.keepIntending(kept.focus)
    selectionDidChange()
    setNeedsDisplay()
  }

  /// Makes the collection view show a presentation: its views, layout and data.
  private func install(_ next: any Presentation) {
    let view = collectionView
    // Another data source and another layout: detach the data first, so no layout pass ever
    // sees one source's counts with the other's layout.
    view.finishAnimationsNow()
    view.clearSelection()
    view.dataSource = nil
    presentation = next
    shelf.bringUpToDate(next)
    next.prepareToShow()
    view.setCollectionViewLayout(next.layout, animated: false)
    view.dataSource = shelf.dataSource(for: next)
    view.contentOffset = .zero
    next.didResize()
  }

  /// The store changed: every presentation follows (the shown one with a batch update).
  private func documentDidChange(_ change: DocumentChange) {
    let followed = finding.changeToFollow(change)
    if change.reason == .replaced {
      finding.didFollow(change)
      // Nothing any presentation holds means anything now: start them afresh.
      let kind = presentation.kind
      shelf.removeAll()
      let fresh = shelf.presentation(kind)
      install(fresh)
      collectionView.reloadData()
      collectionView.focusItem(at: IndexPath(item: 0, section: 0), scrollPosition: .center)
      collectionView.ensureFocus()
      selectionDidChange()
      return
    }
    shelf.apply(followed, current: presentation)
    finding.didFollow(change)
    selectionDidChange()
    pendingDisplay = true
  }

  /// Every presentation reads its items again (a choice that changes what they show, such
  /// as the label field); ids stay, so focus and selection can be restored by the caller.
  func refreshEveryPresentation() {
    shelf.apply(DocumentChange(reason: .grew, steps: []), current: presentation)
    setNeedsDisplay()
  }

  // MARK: - Help

  func showHelp() {
    overlay = HelpOverlay(help: HelpView(tables: [presentation.keyBindings, .editMenu], title: "tgrid keys"))
    pendingDisplay = true
  }

  func closeOverlay() {
    overlay = nil
    pendingDisplay = true
  }

  /// Notes that the selection changed: the presentation hears of it once per frame.
  func selectionDidChange() {
    selectionChanged = true
    pendingDisplay = true
  }
}
