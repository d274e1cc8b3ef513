import TermGrid
import TermGridTesting
import Testing

@testable import PhotoLibrary

@Suite struct PhotoLibraryTests {
  @Test func aSidewaysRowAGridAndAListOnAPanel() {
    let (library, lines) = runLibrary()
    expectScreen(lines, named: "photo-library-64x24")
    #expect(library.collectionView.indexPathForFocusedItem == IndexPath(item: 0, section: 0))
  }

  @Test func theFocusMovingPastTheRowsEdgeSlidesItACardAtATime() {
    let (library, lines) = runLibrary(keys: ["Right", "Right", "Right", "Right"])
    expectScreen(lines, named: "photo-library-row-scrolled-64x24")
    #expect(library.collectionView.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
    // Card 4 starts at its group's boundary, one column in from the edge.
    #expect(library.layout.orthogonalScrollOffset(inSection: 0) > 0)
    let frame = library.layout.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame
    #expect(frame.map { $0.minX >= 0 && $0.maxX <= 64 } == true)
  }

  @Test func downFromTheRowGoesToTheGridAndTheRowKeepsItsPlace() {
    let (library, lines) = runLibrary(keys: ["Right", "Right", "Right", "Right", "Down", "Down"])
    #expect(library.collectionView.indexPathForFocusedItem?.section == 1)
    let offset = library.layout.orthogonalScrollOffset(inSection: 0)
    #expect(offset > 0)
    expectScreen(lines, named: "photo-library-grid-64x24")
  }

  @Test func aNarrowTerminalGetsThreeAlbumsARow() {
    let size = CellSize(columns: 64, rows: 24)
    let library = PhotoLibrary(size: size)
    let pilot = examplePilot(library, collectionView: library.collectionView, size: size)
    pilot.resize(to: CellSize(columns: 50, rows: 24))
    let lines = pilot.screen(after: [])
    expectScreen(lines, named: "photo-library-narrow-50x24")
    let frames = (0..<3).compactMap {
      library.layout.layoutAttributesForItem(at: IndexPath(item: $0, section: 1))?.frame
    }
    // 48 columns less two gaps, shared 16, 15, 15: the row ends at the inset.
    #expect(frames.map(\.width) == [16, 15, 15])
    #expect(frames.last?.maxX == 49)
  }

  // MARK: - Fixtures

  func runLibrary(keys: [String] = []) -> (library: PhotoLibrary, lines: [String]) {
    let size = CellSize(columns: 64, rows: 24)
    let library = PhotoLibrary(size: size)
    let pilot = examplePilot(library, collectionView: library.collectionView, size: size)
    return (library, pilot.screen(after: keys))
  }
}
