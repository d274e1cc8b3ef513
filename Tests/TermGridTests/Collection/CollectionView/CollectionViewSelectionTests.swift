import TermGrid
import Testing

@Suite struct CollectionViewSelectionTests {
  @Test func aPressHighlightsAndTheReleaseUnhighlightsThenSelects() {
    let fixture = makeFixture()
    let view = fixture.collectionView
    #expect(view.beginPress(at: ip(2)))
    #expect(fixture.delegate.log == ["shouldHighlight [0, 2]", "didHighlight [0, 2]"])
    #expect(fixture.cell(2)?.isHighlighted == true)
    #expect(fixture.cell(2)?.isSelected == false)
    fixture.delegate.log = []
    view.endPress(at: ip(2))
    #expect(fixture.delegate.log == ["didUnhighlight [0, 2]", "shouldSelect [0, 2]", "didSelect [0, 2]"])
    #expect(fixture.cell(2)?.isHighlighted == false)
    #expect(fixture.cell(2)?.isSelected == true)
    #expect(view.indexPathsForSelectedItems == [ip(2)])
  }

  @Test func theCellIsAlreadyUnhighlightedWhenTheDelegateHearsOfTheSelection() {
    // The guide: the selected state is always the last thing to change.
    let fixture = makeFixture()
    let observer = StateObserver(fixture: fixture)
    fixture.collectionView.delegate = observer
    fixture.collectionView.tapItem(at: ip(1))
    #expect(observer.states == ["highlight: highlighted", "unhighlight: plain", "select: selected"])
  }

  @Test func aReleaseOutsideThePressedItemOnlyUnhighlights() {
    let fixture = makeFixture()
    fixture.collectionView.beginPress(at: ip(2))
    fixture.collectionView.endPress(at: ip(3))
    #expect(fixture.delegate.log == ["shouldHighlight [0, 2]", "didHighlight [0, 2]", "didUnhighlight [0, 2]"])
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func spaceOrEnterSelectsTheFocusedItemThroughTheSameSequence() {
    let fixture = makeFixture()
    fixture.collectionView.focusItem(at: ip(4))
    fixture.collectionView.tapItem(at: fixture.collectionView.indexPathForFocusedItem ?? ip(0))
    #expect(
      fixture.delegate.log == [
        "shouldHighlight [0, 4]", "didHighlight [0, 4]", "didUnhighlight [0, 4]", "shouldSelect [0, 4]",
        "didSelect [0, 4]",
      ])
  }

  @Test func anItemThatMayNotBeHighlightedIsNotSelectedByATap() {
    let fixture = makeFixture()
    fixture.delegate.refusesHighlight = [ip(1)]
    fixture.collectionView.tapItem(at: ip(1))
    #expect(fixture.delegate.log == ["shouldHighlight [0, 1]"])
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func anItemThatMayNotBeSelectedIsOnlyHighlighted() {
    let fixture = makeFixture()
    fixture.delegate.refusesSelection = [ip(1)]
    fixture.collectionView.tapItem(at: ip(1))
    #expect(fixture.delegate.log.last == "shouldSelect [0, 1]")
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func singleSelectionMovesTheSelectionToTheTappedItem() {
    let fixture = makeFixture()
    fixture.collectionView.tapItem(at: ip(1))
    fixture.delegate.log = []
    fixture.collectionView.tapItem(at: ip(3))
    #expect(fixture.delegate.log.suffix(3) == ["shouldSelect [0, 3]", "didDeselect [0, 1]", "didSelect [0, 3]"])
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(3)])
    #expect(fixture.cell(1)?.isSelected == false)
  }

  @Test func multipleSelectionTogglesATappedItem() {
    let fixture = makeFixture(multiple: true)
    let view = fixture.collectionView
    view.tapItem(at: ip(1))
    view.tapItem(at: ip(3))
    #expect(view.indexPathsForSelectedItems == [ip(1), ip(3)])
    fixture.delegate.log = []
    view.tapItem(at: ip(1))
    #expect(fixture.delegate.log.suffix(2) == ["shouldDeselect [0, 1]", "didDeselect [0, 1]"])
    #expect(view.indexPathsForSelectedItems == [ip(3)])
    fixture.delegate.refusesDeselection = [ip(3)]
    view.tapItem(at: ip(3))
    #expect(view.indexPathsForSelectedItems == [ip(3)])
  }

  @Test func noSelectionHappensWhenSelectionIsNotAllowed() {
    let fixture = makeFixture()
    fixture.collectionView.allowsSelection = false
    fixture.collectionView.tapItem(at: ip(1))
    fixture.collectionView.selectItem(at: ip(2))
    #expect(fixture.delegate.log.isEmpty)
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func turningMultipleSelectionOffKeepsOnlyTheAnchor() {
    let fixture = makeFixture(multiple: true)
    let view = fixture.collectionView
    view.tapItem(at: ip(1))
    view.tapItem(at: ip(4))
    view.allowsMultipleSelection = false
    #expect(view.indexPathsForSelectedItems == [ip(4)])
  }

  @Test func extendingSelectsTheRangeFromTheAnchorAcrossSections() {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1)), sections: [letters(4), letters(3, from: "p")],
      size: CellSize(columns: 16, rows: 4))
    let view = fixture.collectionView
    view.allowsMultipleSelection = true
    view.tapItem(at: ip(2))
    view.extendSelection(to: ip(1, 1))
    #expect(view.indexPathsForSelectedItems == [ip(2), ip(3), ip(0, 1), ip(1, 1)])
    #expect(view.anchorIndexPath == ip(2))
  }

  @Test func extendingBackTowardsTheAnchorShrinksTheRange() {
    let fixture = makeFixture(multiple: true)
    let view = fixture.collectionView
    view.tapItem(at: ip(2))
    view.extendSelection(to: ip(6))
    fixture.delegate.log = []
    view.extendSelection(to: ip(4))
    #expect(view.indexPathsForSelectedItems == [ip(2), ip(3), ip(4)])
    #expect(
      fixture.delegate.log == [
        "shouldDeselect [0, 5]", "didDeselect [0, 5]", "shouldDeselect [0, 6]", "didDeselect [0, 6]",
      ])
    // Past the anchor the other way: the range flips.
    view.extendSelection(to: ip(0))
    #expect(view.indexPathsForSelectedItems == [ip(0), ip(1), ip(2)])
  }

  @Test func extendingAsksShouldSelectForEachItem() {
    let fixture = makeFixture(multiple: true)
    fixture.delegate.refusesSelection = [ip(3)]
    fixture.collectionView.tapItem(at: ip(1))
    fixture.collectionView.extendSelection(to: ip(4))
    #expect(fixture.collectionView.indexPathsForSelectedItems == [ip(1), ip(2), ip(4)])
  }

  @Test func selectAllAndClearSelectionAskTheDelegate() {
    let fixture = makeFixture(multiple: true)
    let view = fixture.collectionView
    fixture.delegate.refusesSelection = [ip(5)]
    view.selectAllItems()
    #expect(view.indexPathsForSelectedItems == [0, 1, 2, 3, 4, 6, 7].map { ip($0) })
    #expect(fixture.cell(7)?.isSelected == true)
    fixture.delegate.refusesDeselection = [ip(0)]
    view.clearSelection()
    #expect(view.indexPathsForSelectedItems == [ip(0)])
    #expect(view.anchorIndexPath == nil)
  }

  @Test func selectAllNeedsMultipleSelection() {
    let fixture = makeFixture()
    fixture.collectionView.selectAllItems()
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func selectingFromCodeDoesNotAskTheDelegate() {
    let fixture = makeFixture()
    fixture.collectionView.selectItem(at: ip(3))
    #expect(fixture.delegate.log.isEmpty)
    #expect(fixture.collectionView.isItemSelected(at: ip(3)))
    fixture.collectionView.deselectItem(at: ip(3))
    #expect(fixture.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func selectionSurvivesReloadDataWhileItsItemsExist() {
    let fixture = makeFixture(multiple: true)
    let view = fixture.collectionView
    view.selectItem(at: ip(1))
    view.selectItem(at: ip(7))
    view.focusItem(at: ip(7))
    fixture.dataSource.sections = [letters(5)]
    view.reloadData()
    #expect(view.indexPathsForSelectedItems == [ip(1)])
    #expect(view.indexPathForFocusedItem == ip(4))
    #expect(fixture.cell(1)?.isSelected == true)
  }

  @Test func theEditMenuActsOnTheWholeSelection() {
    let fixture = makeFixture(multiple: true)
    let view = fixture.collectionView
    fixture.delegate.showsMenu = true
    fixture.delegate.allowedActions = ["copy", "paste"]
    view.selectItem(at: ip(1))
    view.selectItem(at: ip(5))
    view.focusItem(at: ip(5))
    #expect(view.showEditMenu())
    let entries = view.editMenu?.entries ?? []
    #expect(entries.filter(\.isEnabled).map(\.action) == [.copy, .paste])
    #expect(entries.map(\.action) == EditAction.standard)
    view.dismissEditMenu()
    #expect(view.performEditAction(.copy))
    #expect(!view.performEditAction(.cut))
    view.clearSelection()
    view.focusItem(at: ip(2))
    #expect(view.performEditAction(.paste))
    #expect(fixture.delegate.performed.map(\.action) == ["copy", "paste"])
    #expect(fixture.delegate.performed.map(\.indexPaths) == [[ip(1), ip(5)], [ip(2)]])
  }

  @Test func thereIsNoEditMenuUnlessTheDelegateWantsOneWithAnEnabledAction() {
    let fixture = makeFixture()
    let view = fixture.collectionView
    #expect(!view.showEditMenu(forItemAt: ip(0)))
    fixture.delegate.showsMenu = true
    #expect(!view.showEditMenu(forItemAt: ip(0)))
    fixture.delegate.allowedActions = ["cut"]
    #expect(view.showEditMenu(forItemAt: ip(0)))
    #expect(view.editMenu?.entries.first == EditMenu.Entry(action: .cut, isEnabled: true))
  }

  @Test func aSelectedCellUsesItsSelectedBackgroundStyle() {
    let cell = TextCell()
    let theme = Theme.standard
    let red = Style(background: .red)
    let blue = Style(background: .blue)
    cell.backgroundStyle = red
    cell.selectedBackgroundStyle = blue
    #expect(cell.stateStyle(theme: theme) == red)
    cell.isHighlighted = true
    #expect(cell.stateStyle(theme: theme) == blue)
    cell.isHighlighted = false
    cell.isSelected = true
    #expect(cell.stateStyle(theme: theme) == blue)
    cell.selectedBackgroundStyle = nil
    #expect(cell.stateStyle(theme: theme) == theme.selected)
    cell.isFocused = true
    #expect(cell.stateStyle(theme: theme) == theme.selectedFocused)
  }

  // MARK: - Fixtures

  /// Eight items "a"..."h" in one row of 4×1 cells.
  func makeFixture(multiple: Bool = false) -> Fixture<GridLayout> {
    let fixture = Fixture(
      layout: GridLayout(itemSize: Size(width: 4, height: 1)), sections: [letters(8)],
      size: CellSize(columns: 32, rows: 2))
    fixture.collectionView.allowsMultipleSelection = multiple
    fixture.collectionView.layoutIfNeeded()
    return fixture
  }
}

/// Records the cell's state at the moment each delegate call arrives.
final class StateObserver: CollectionViewDelegate {
  let fixture: Fixture<GridLayout>
  var states: [String] = []

  init(fixture: Fixture<GridLayout>) {
    self.fixture = fixture
  }

  private func state(_ indexPath: IndexPath) -> String {
    guard let cell = fixture.collectionView.cellForItem(at: indexPath) else { return "none" }
    if cell.isHighlighted { return "highlighted" }
    return cell.isSelected ? "selected" : "plain"
  }

  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    states.append("highlight: \(state(indexPath))")
  }

  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    states.append("unhighlight: \(state(indexPath))")
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    states.append("select: \(state(indexPath))")
  }
}
