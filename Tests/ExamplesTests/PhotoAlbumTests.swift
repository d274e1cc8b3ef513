import TermGrid
import TermGridTesting
import Testing

@testable import PhotoAlbum

@Suite struct PhotoAlbumTests {
  @Test func albumsShowAsCardsUnderTheirTitlesWithTheirCounts() {
    expectScreen(run(), named: "photo-album-64x24")
  }

  @Test func aNewPhotoGoesAfterTheFocusedOneAndTakesTheFocus() {
    let (album, lines) = runAlbum(keys: ["Right", "Right", "n"])
    expectScreen(lines, named: "photo-album-new-64x24")
    #expect(album.library.albums[0].photos.count == 8)
    let focused = album.collectionView.indexPathForFocusedItem
    #expect(focused == IndexPath(item: 2, section: 0))
    #expect(
      focused.flatMap { album.dataSource.itemIdentifier(for: $0) }.flatMap { album.library[photo: $0]?.title }
        == "New 1")
  }

  @Test func selectedPhotosAreDeletedFromTheEditMenuAndTheCountsFollow() {
    // Select Beach and Harbour, open the menu, choose Delete.
    let (album, lines) = runAlbum(keys: ["Right", "Shift-Right", "m", "d"])
    expectScreen(lines, named: "photo-album-deleted-64x24")
    #expect(album.library.albums[0].photos.count == 5)
    #expect(album.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test func sortingAnAlbumMovesItsCards() {
    let (album, lines) = runAlbum(keys: ["Right", "s"])
    expectScreen(lines, named: "photo-album-sorted-64x24")
    let titles = album.library.albums[0].photos.compactMap { album.library[photo: $0]?.title }
    #expect(titles == titles.sorted())
  }

  @Test func aPhotoMovesToTheNextAlbumAndTheListLayoutShowsEverything() {
    let (album, lines) = runAlbum(keys: ["Right", "]", "t"])
    expectScreen(lines, named: "photo-album-moved-list-64x24")
    #expect(album.collectionView.collectionViewLayout === album.list)
    #expect(album.library.albums[1].photos.first.flatMap { album.library[photo: $0]?.title } == "Beach")
  }

  @Test func theStyledScreenShowsTheFocusedAndTheSelectedCards() {
    let size = CellSize(columns: 64, rows: 24)
    let album = PhotoAlbum(size: size)
    let pilot = examplePilot(album, collectionView: album.collectionView, size: size)
    pilot.press("Right", "Shift-Right")
    expectScreen(pilot, named: "photo-album-selected-styled-64x24", styled: true)
  }

  @Test func theFocusedCardIsOnScreenOnEveryFrameOfTheSwitchToTheList() {
    let size = CellSize(columns: 64, rows: 24)
    let album = PhotoAlbum(size: size)
    let pilot = examplePilot(album, collectionView: album.collectionView, size: size)
    pilot.press("Right")
    let frames = pilot.recordFrames { pilot.press("t") }
    #expect(frames.count > 2)
    for frame in frames {
      #expect(
        frame.lines.contains { $0.contains("Beach") }, "the focused card is on screen at \(frame.milliseconds) ms")
    }
    #expect(album.collectionView.collectionViewLayout === album.list)
  }

  // MARK: - Fixtures

  func run(keys: [String] = []) -> [String] { runAlbum(keys: keys).lines }

  func runAlbum(keys: [String]) -> (album: PhotoAlbum, lines: [String]) {
    let size = CellSize(columns: 64, rows: 24)
    let album = PhotoAlbum(size: size)
    let pilot = examplePilot(album, collectionView: album.collectionView, size: size)
    return (album, pilot.screen(after: keys))
  }
}
