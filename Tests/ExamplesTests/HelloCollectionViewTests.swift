import Foundation
import TermGrid
import Testing

@testable import HelloCollectionView

@Suite struct HelloCollectionViewTests {
  @Test func theWordsFlowIntoLinesAndTheArrowsMoveTheFocus() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 60, rows: 12))
    let hello = Hello(size: terminal.size)
    // The first arrow focuses the first word; then right to "collection", down to "a".
    let lines = runHeadless(
      hello, collectionView: hello.collectionView, terminal: terminal, keys: ["Right", "Right", "Down", "Space"])
    expectScreen(lines, named: "hello-60x12")
    #expect(hello.collectionView.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
    #expect(hello.collectionView.indexPathForFocusedItem == IndexPath(item: 6, section: 0))
  }

  @Test func aResizeReflowsTheWords() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 60, rows: 12))
    let hello = Hello(size: terminal.size)
    terminal.resize(to: CellSize(columns: 23, rows: 12))
    expectScreen(
      runHeadless(hello, collectionView: hello.collectionView, terminal: terminal), named: "hello-resized-23x12")
  }

  @Test func qQuits() {
    let terminal = HeadlessTerminal(size: CellSize(columns: 60, rows: 12))
    let hello = Hello(size: terminal.size)
    terminal.enqueue(.key(KeyEvent(.character("q"))), .key(KeyEvent(.character("j"))))
    #expect(TerminalRunLoop(terminal: terminal, root: hello).run() == .quit)
    #expect(terminal.pendingEvents.count == 1)
  }

  /// The test the "Testing your screens" article starts with.
  @Test func wordsFlowIntoLines() {
    let hello = Hello(size: CellSize(columns: 23, rows: 4))
    var canvas = Canvas(size: CellSize(columns: 23, rows: 4))
    hello.collectionView.draw(into: &canvas)
    #expect(
      canvas.lines == [
        "                       ",
        "Hello,       collection",
        "                       ",
        "                       ",
      ])
  }

  /// The README's library section shows this very program.
  @Test func theReadmeShowsTheExampleAsItIs() throws {
    let root = repositoryRoot()
    let program = try String(
      contentsOf: root.appendingPathComponent("Examples/HelloCollectionView/main.swift"), encoding: .utf8)
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("```swift\n" + program + "```"))
    let gettingStarted = try String(
      contentsOf: root.appendingPathComponent("Sources/TermGrid/TermGrid.docc/GettingStarted.md"), encoding: .utf8)
    #expect(gettingStarted.contains("```swift\n" + program + "```"))
    #expect(program.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 40)
  }
}
