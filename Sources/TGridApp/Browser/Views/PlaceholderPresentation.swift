import TGridJSON
import TermGrid

/// Stands in for the first presentation while the browser is being made.
final class PlaceholderPresentation: Presentation {
  let kind = PresentationKind.grid
  let layout: CollectionLayout = FlowLayout()
  var dataSource: any CollectionViewDataSource { self }
  var keyBindings: KeyBindings { .standard }
  func prepareToShow() {}
  func readAgain() {}
  func positionText(focusedAt indexPath: IndexPath?) -> String { "" }
  func nodeID(at indexPath: IndexPath) -> NodeID? { nil }
  func indexPath(for id: NodeID, reveal: Bool) -> IndexPath? { nil }
  func apply(_ change: DocumentChange) {}
  func perform(_ command: CommandIdentifier) -> Bool { false }
}

extension PlaceholderPresentation: CollectionViewDataSource {
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell { Cell() }
}
