import TGridJSON
import TermGrid

/// The browser as the context of files, the command line, navigation and following.
extension BrowserController: FileContext, CommandLineContext, NavigationContext, FollowingContext {}

/// The browser as editing's context.
extension BrowserController: EditingContext {
  /// A card dropped after a drag: see ``EditingController/moveValue(_:toPosition:)``.
  @discardableResult
  func moveValue(_ id: NodeID, toPosition position: Int) -> Bool { editing.moveValue(id, toPosition: position) }
}

/// The browser as reading's context.
extension BrowserController: ReadingContext {
  /// Opens the focused value whole (presentations ask for it on Enter at a leaf).
  func viewFocusedValue() { reading.viewFocusedValue() }

  /// Filters (a frequency sheet's row): see ``FindingController/applyFilter(_:on:sliced:)``.
  func applyFilter(_ text: String, on container: NodeID, sliced: Bool) -> StatusPrompt.FieldResult {
    finding.applyFilter(text, on: container, sliced: sliced)
  }
}

/// The browser as finding's context.
extension BrowserController: FindingContext {
  func open(_ prompt: StatusPrompt) {
    self.prompt = prompt
    setNeedsDisplay()
  }

  func recordJump(leaving origin: NodeID) {
    navigation.recordJump(from: Navigation.Place(id: origin, kind: presentation.kind))
  }
}
