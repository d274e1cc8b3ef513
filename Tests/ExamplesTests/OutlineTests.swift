import TermGrid
import Testing

@testable import Outline

@Suite struct OutlineTests {
  @Test func theTopFoldersAreOpenAndTheirFoldersClosed() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 40, rows: 12))
    let outline = Outline(size: terminal.size)
    expectScreen(
      runHeadless(outline, collectionView: outline.collectionView, terminal: terminal), named: "outline-40x12")
  }

  /// Down focuses Sources/ and Down again App/: Right opens it; three Downs go past its two
  /// files to Model/, Right opens it; three Downs go past its two files to Parsing/, Right
  /// opens it. Left closes Parsing/, Left again goes up to Model/, Left closes it.
  @Test func rightOpensAFolderAndLeftClosesItOrGoesToItsParent() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 40, rows: 16))
    let outline = Outline(size: terminal.size)
    let opened = runHeadless(
      outline, collectionView: outline.collectionView, terminal: terminal,
      keys: ["Down", "Down", "Right", "Down", "Down", "Down", "Right", "Down", "Down", "Down", "Right"])
    expectScreen(opened, named: "outline-opened-40x16")
    #expect(outline.log == ["open Sources/App", "open Sources/Model", "open Sources/Model/Parsing"])
    let closed = runHeadless(
      outline, collectionView: outline.collectionView, terminal: terminal, keys: ["Left", "Left", "Left"])
    #expect(outline.log.suffix(2) == ["close Sources/Model/Parsing", "close Sources/Model"])
    #expect(closed[4].hasPrefix("  ▸ Model/"))
    #expect(closed[5].hasPrefix("▾ Tests/"))
    #expect(outline.collectionView.indexPathForFocusedItem == IndexPath(item: 4, section: 0))
  }

  @Test func aClickOnADisclosureOpensTheFolderAndCapitalsOpenOrCloseAll() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 40, rows: 24))
    let outline = Outline(size: terminal.size)
    runHeadless(outline, collectionView: outline.collectionView, terminal: terminal)
    // Tests/ is on row 3, after Sources/ and its two folders: its ▾ at column 0 closes it.
    terminal.enqueue(.mouse(MouseEvent(.press(.left), at: CellPoint(column: 0, row: 3))))
    terminal.enqueue(.mouse(MouseEvent(.release(.left), at: CellPoint(column: 0, row: 3))))
    let clicked = runHeadless(outline, collectionView: outline.collectionView, terminal: terminal)
    #expect(outline.log == ["close Tests"])
    #expect(clicked[3].hasPrefix("▸ Tests/"))
    #expect(clicked[4].hasPrefix("  Package.swift"))
    #expect(outline.collectionView.indexPathsForSelectedItems.isEmpty, "a click on the disclosure selects nothing")
    let all = runHeadless(outline, collectionView: outline.collectionView, terminal: terminal, keys: ["E"])
    expectScreen(all, named: "outline-all-40x24")
    let none = runHeadless(outline, collectionView: outline.collectionView, terminal: terminal, keys: ["C"])
    #expect(
      none.prefix(5).map { String($0.prefix(15)) } == [
        "▸ Sources/     ", "▸ Tests/       ", "  Package.swift", "  README.md    ", "               ",
      ])
  }
}
