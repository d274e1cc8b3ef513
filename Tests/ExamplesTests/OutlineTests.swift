import TermGrid
import TermGridTesting
import Testing

@testable import Outline

@Suite struct OutlineTests {
  @Test func theTopFoldersAreOpenAndTheirFoldersClosed() {
    let size = CellSize(columns: 40, rows: 12)
    let outline = Outline(size: size)
    let pilot = examplePilot(outline, collectionView: outline.collectionView, size: size)
    expectScreen(pilot.screen(after: []), named: "outline-40x12")
  }

  /// Down focuses Sources/ and Down again App/: Right opens it; three Downs go past its two
  /// files to Model/, Right opens it; three Downs go past its two files to Parsing/, Right
  /// opens it. Left closes Parsing/, Left again goes up to Model/, Left closes it.
  @Test func rightOpensAFolderAndLeftClosesItOrGoesToItsParent() {
    let size = CellSize(columns: 40, rows: 16)
    let outline = Outline(size: size)
    let pilot = examplePilot(outline, collectionView: outline.collectionView, size: size)
    let opened = pilot.screen(
      after: ["Down", "Down", "Right", "Down", "Down", "Down", "Right", "Down", "Down", "Down", "Right"])
    expectScreen(opened, named: "outline-opened-40x16")
    #expect(outline.log == ["open Sources/App", "open Sources/Model", "open Sources/Model/Parsing"])
    let closed = pilot.screen(after: ["Left", "Left", "Left"])
    #expect(outline.log.suffix(2) == ["close Sources/Model/Parsing", "close Sources/Model"])
    #expect(closed[4].hasPrefix("  ▸ Model/"))
    #expect(closed[5].hasPrefix("▾ Tests/"))
    #expect(outline.collectionView.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
  }

  @Test func aClickOnADisclosureOpensTheFolderAndCapitalsOpenOrCloseAll() {
    let size = CellSize(columns: 40, rows: 24)
    let outline = Outline(size: size)
    let pilot = examplePilot(outline, collectionView: outline.collectionView, size: size)
    // Tests/ is on row 3, after Sources/ and its two folders: its ▾ at column 0 closes it.
    pilot.click(column: 0, row: 3)
    let clicked = pilot.lines
    #expect(outline.log == ["close Tests"])
    #expect(clicked[3].hasPrefix("▸ Tests/"))
    #expect(clicked[4].hasPrefix("  Package.swift"))
    #expect(outline.collectionView.indexPathsForSelectedItems.isEmpty, "a click on the disclosure selects nothing")
    let all = pilot.screen(after: ["E"])
    expectScreen(all, named: "outline-all-40x24")
    let none = pilot.screen(after: ["C"])
    #expect(
      none.prefix(5).map { String($0.prefix(15)) } == [
        "▸ Sources/     ", "▸ Tests/       ", "  Package.swift", "  README.md    ", "               ",
      ])
  }
}
