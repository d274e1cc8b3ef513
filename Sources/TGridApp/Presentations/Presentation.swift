import TGridJSON
import TermGrid

/// What a presentation may ask of the browser that shows it.
protocol PresentationHost: AnyObject {
  /// The document.
  var store: DocumentStore { get }
  /// The one collection view, shared by every presentation (only the shown one uses it).
  var collectionView: CollectionView { get }
  /// The presentation on screen now.
  var presentation: any Presentation { get }
  /// The screen size (the collection view takes it but the status line).
  var screenSize: CellSize { get }
  /// Shows a short message in the status line until the next key.
  func show(message: String)
  /// Asks for a frame.
  func setNeedsDisplay()
  /// Whether long work on the run loop's thread should stop now: the person pressed Esc
  /// or Ctrl-C, or a signal came (cheap: it looks at the terminal every few milliseconds).
  func isInterrupted() -> Bool
  /// Shows the focused value whole (a value with nothing to open, on Enter).
  func viewFocusedValue()
  /// Moves a value to another position among its siblings, as one undo step (a card
  /// dragged with the mouse), and keeps the focus on it.
  /// - Returns: whether it moved (the store then announced the change).
  @discardableResult
  func moveValue(_ id: NodeID, toPosition position: Int) -> Bool
  /// Filters a container's elements with a jq filter, as `f` does (the table's frequency
  /// sheet filters to a value's records); `.keepOpen` with the problem when it is not valid.
  func applyFilter(_ text: String, on container: NodeID, sliced: Bool) -> StatusPrompt.FieldResult
  /// Opens a prompt in the status line (the chart's field choice).
  func open(_ prompt: StatusPrompt)
}

/// One way of showing a ``DocumentStore``: its layout, data source, key table and status
/// text, and how it follows the store's changes.
///
/// The browser holds one presentation per ``PresentationKind`` and shows one at a time in
/// its collection view; it never asks which kind it shows. Adding a view to tgrid means
/// adding a folder with a type that conforms to this protocol and its
/// ``PresentationRegistration``, and one line in ``PresentationRegistry/all``.
///
/// Presentations name values by ``NodeID``: focus and selection move between presentations
/// by id, and survive edits by id.
protocol Presentation: AnyObject {
  /// Which presentation this is.
  var kind: PresentationKind { get }
  /// The layout the collection view uses while it shows.
  var layout: CollectionLayout { get }
  /// The collection view's data source while it shows.
  var dataSource: any CollectionViewDataSource { get }
  /// Its keys: the browser's common keys and its own (the help screen lists them).
  var keyBindings: KeyBindings { get }

  /// Gets ready to show: registers its views.
  func prepareToShow()
  /// Reads its items again: the document changed while it was not shown. The shelf
  /// (``PresentationShelf``) keeps which presentations missed a change and asks this once,
  /// before the presentation shows again or reveals a value.
  func readAgain()
  /// The position part of the status line (`item 3/20`, `depth 2 · 40 shown`).
  func positionText(focusedAt indexPath: IndexPath?) -> String
  /// The value shown at an index path.
  func nodeID(at indexPath: IndexPath) -> NodeID?
  /// What an item that stands for no value is (a tree's group of elements), said when a
  /// command for values is given on it; nil for items that are values.
  func noteForItemWithoutValue(at indexPath: IndexPath) -> String?
  /// Where the value is shown. With `reveal`, what hides it is opened (tree nodes
  /// expanded) or the nearest shown ancestor is returned (a card that holds it).
  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath?
  /// Follows a change of the store while it is shown: one batch update of the collection
  /// view. (A presentation not shown hears nothing: it reads its items again when it shows.)
  func apply(_ change: DocumentChange)
  /// Carries out one of its own commands; `false` when the command is not its own.
  func perform(_ command: CommandIdentifier) -> Bool
  /// The collection view changed size.
  func didResize()
  /// The selection changed (footers that count selected items, say).
  func selectionDidChange()
  /// Colours changed (the terminal's colour count).
  func applyColorCount(_ count: Int)
  /// The browser's options changed after it was made (`--time-field` given): it reads
  /// again what concerns it.
  func optionsDidChange(_ options: PresentationOptions)

  /// The container shown empty, where a paste goes when no item has the focus.
  var emptyContainer: NodeID? { get }
  /// Whether the item can be selected (default: every item).
  func allowsSelection(at indexPath: IndexPath) -> Bool
  /// The container a filter (`f`) applies to whatever is focused, when the view decides it
  /// (the table: its rows); nil leaves it to the focus (the focused value's container).
  var filterContainer: NodeID? { get }
  /// Whether the value's children show right after it (an expanded tree node): a paste
  /// after it goes in as its first child.
  func showsChildren(of id: NodeID) -> Bool
  /// Where moving the value at `position` (of `count` siblings) in `direction` takes it, or
  /// `nil` for one place earlier (up, left) or later (down, right).
  func movePosition(for id: NodeID, from position: Int, count: Int, direction: FocusDirection) -> Int?
  /// Shows the document to a depth (`nil`: everything; 0: only the top).
  func fold(toDepth depth: Int?, in host: any PresentationHost)

  /// Whether it is still reading the document in slices (a large table's columns, a
  /// timeline's dates): while it is, the browser keeps frames coming and lets it read a
  /// slice before each, so a switch to it shows at once and keys are never kept waiting.
  var isReading: Bool { get }
  /// Takes a mouse event before the collection view does (Ctrl+wheel zooms the timeline).
  /// - Returns: whether it took it.
  func handleMouse(_ mouse: MouseEvent) -> Bool
  /// Reads on for about `milliseconds` (a view whose frames cost much, the timeline, a few
  /// times that), then returns; when the reading is done, it brings its items up to date
  /// itself.
  func continueReading(forMilliseconds milliseconds: Int)
  /// What it shows as a file of the format a path's extension names (the table's
  /// `:w FILE.csv`), and a phrase saying what it is; nil when it exports nothing there
  /// (then `:w PATH` writes the document, as always).
  func export(forPath path: String) -> (text: String, description: String)?
  /// The text a second key after `c` that the view adds copies (the table's `c r`, `c C`,
  /// `c T`, `c M`), and a phrase saying what it is; nil when the key is not one of its own.
  func copyText(forSecondKey key: Character) -> (text: String, description: String)?
  /// The view's own second keys after `c`, for the prompt (`r rows · C CSV`), if any.
  var copySecondKeysHint: String? { get }
}

extension Presentation {
  func didResize() {}
  func noteForItemWithoutValue(at indexPath: IndexPath) -> String? { nil }
  func selectionDidChange() {}
  func applyColorCount(_ count: Int) {}
  func optionsDidChange(_ options: PresentationOptions) {}
  var emptyContainer: NodeID? { nil }
  func allowsSelection(at indexPath: IndexPath) -> Bool { true }
  var filterContainer: NodeID? { nil }
  func export(forPath path: String) -> (text: String, description: String)? { nil }
  func copyText(forSecondKey key: Character) -> (text: String, description: String)? { nil }
  var copySecondKeysHint: String? { nil }
  func showsChildren(of id: NodeID) -> Bool { false }
  func movePosition(for id: NodeID, from position: Int, count: Int, direction: FocusDirection) -> Int? { nil }
  func fold(toDepth depth: Int?, in host: any PresentationHost) {
    host.show(message: "this view has nothing to fold")
  }
  var isReading: Bool { false }
  func handleMouse(_ mouse: MouseEvent) -> Bool { false }
  func continueReading(forMilliseconds milliseconds: Int) {}
}
