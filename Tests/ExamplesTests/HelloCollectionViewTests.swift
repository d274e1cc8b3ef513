import Foundation
import TermGrid
import TermGridTesting
import Testing

@testable import HelloCollectionView

@Suite struct HelloCollectionViewTests {
  @Test func theWordsFlowIntoLinesAndTheArrowsMoveTheFocus() {
    let size = CellSize(columns: 60, rows: 12)
    let hello = Hello(size: size)
    let pilot = examplePilot(hello, collectionView: hello.collectionView, size: size)
    // The first arrow focuses the first word; then right to "collection", down to "a".
    let lines = pilot.screen(after: ["Right", "Right", "Down", "Space"])
    expectScreen(lines, named: "hello-60x12")
    #expect(hello.collectionView.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
    #expect(hello.collectionView.indexPathForFocusedItem == IndexPath(item: 6, section: 0))
  }

  @Test func aResizeReflowsTheWords() {
    let size = CellSize(columns: 60, rows: 12)
    let hello = Hello(size: size)
    let pilot = examplePilot(hello, collectionView: hello.collectionView, size: size)
    pilot.resize(to: CellSize(columns: 23, rows: 12))
    expectScreen(pilot, named: "hello-resized-23x12")
    #expect(pilot.isIdle)
  }

  @Test func qQuits() {
    let size = CellSize(columns: 60, rows: 12)
    let hello = Hello(size: size)
    let pilot = examplePilot(hello, collectionView: hello.collectionView, size: size)
    pilot.send(.key(KeyEvent(.character("q"))), .key(KeyEvent(.character("j"))))
    #expect(pilot.didQuit)
    #expect(pilot.terminal.pendingEvents.count == 1)
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
