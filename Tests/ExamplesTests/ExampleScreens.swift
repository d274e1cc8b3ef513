import Foundation
import TermGrid
import Testing

/// Runs an example's root object on a headless terminal, as its `main.swift` runs it on a
/// real one, and returns the screen when the keys are used up and every animation is over.
///
/// The collection view's clock and the run loop's read the terminal's virtual time, so
/// animation frames are stepped without sleeping.
@discardableResult
func runHeadless(
  _ root: any RunLoopRoot, collectionView: CollectionView, terminal: HeadlessTerminal, keys: [String] = []
) -> [String] {
  collectionView.clock = { terminal.elapsedMilliseconds }
  for name in keys {
    guard let key = KeyEvent(name: name) else {
      Issue.record("no key is named \(name)")
      continue
    }
    terminal.enqueue(.key(key))
  }
  let runLoop = TerminalRunLoop(terminal: terminal, root: root, clock: { terminal.elapsedMilliseconds })
  let exit = runLoop.run()
  #expect(exit == .inputEnded || exit == .quit)
  #expect(!collectionView.isAnimating && !collectionView.isScrollAnimating)
  return terminal.lines
}

/// Text snapshots of example screens in `Tests/ExamplesTests/Snapshots/`, re-recorded
/// only on purpose: `RECORD_SNAPSHOTS=1 swift test --filter ExamplesTests`.
func expectScreen(
  _ lines: [String], named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  let url = directory.appendingPathComponent(name + ".txt")
  let text = lines.joined(separator: "\n") + "\n"
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? text.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record("No snapshot \(name).txt: record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    return
  }
  let expected = recorded.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  #expect(lines == expected, "snapshot \(name) differs", sourceLocation: sourceLocation)
}

/// The repository's root folder.
func repositoryRoot(filePath: String = #filePath) -> URL {
  URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
