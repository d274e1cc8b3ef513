import TGridJSON
import TermGrid

/// The browser as finding's context, and the names finding's state had on the browser
/// (the command line, `--filter` and tests use them).
extension BrowserController: FindingContext {
  func open(_ prompt: StatusPrompt) {
    self.prompt = prompt
    setNeedsDisplay()
  }

  func recordJump(leaving origin: NodeID) {
    navigation.recordJump(from: Navigation.Place(id: origin, kind: presentation.kind))
  }

  /// A filter evaluated a slice per frame.
  typealias PendingFilter = FindingController.PendingFilter

  /// The search `n` and `N` go on with, whose matches are highlighted.
  var searchSession: SearchSession? { finding.searchSession }
  /// A filter being evaluated a slice per frame.
  var pendingFilter: PendingFilter? { finding.pendingFilter }

  /// See ``FindingController/typedSearchMilliseconds``.
  var typedSearchMilliseconds: Int {
    get { finding.typedSearchMilliseconds }
    set { finding.typedSearchMilliseconds = newValue }
  }

  /// See ``FindingController/slicedFilterElementCount``.
  var slicedFilterElementCount: Int {
    get { finding.slicedFilterElementCount }
    set { finding.slicedFilterElementCount = newValue }
  }

  /// See ``FindingController/filterSliceElementCount``.
  var filterSliceElementCount: Int {
    get { finding.filterSliceElementCount }
    set { finding.filterSliceElementCount = newValue }
  }

  /// Applies a filter (`--filter`, `:filter`): see ``FindingController/applyFilter(_:on:sliced:)``.
  func applyFilter(_ text: String, on container: NodeID, sliced: Bool = true) -> StatusPrompt.FieldResult {
    finding.applyFilter(text, on: container, sliced: sliced)
  }
}
