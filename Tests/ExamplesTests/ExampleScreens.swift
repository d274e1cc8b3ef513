import Foundation
import TermGrid
import TermGridTesting
import Testing

// The examples run on TermGridTesting's `ScreenPilot` and compare their screens with golden
// files in `Tests/ExamplesTests/Snapshots/` through its `expectScreen` (re-recorded only on
// purpose: `RECORD_SNAPSHOTS=1 swift test --filter ExamplesTests`).

/// A pilot running an example's root object on a headless terminal of `size`, as its
/// `main.swift` runs it on a real one, with the collection view's clock on the terminal's
/// virtual time.
func examplePilot(_ root: any RunLoopRoot, collectionView: CollectionView, size: CellSize) -> ScreenPilot {
  ScreenPilot(root, size: size, collectionViews: [collectionView])
}

extension ScreenPilot {
  /// Presses `keys`, each through the run loop, and returns the screen when every
  /// animation is over (checking that it is).
  func screen(after keys: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    press(keys, sourceLocation: sourceLocation)
    #expect(lastExit == .inputEnded || lastExit == .quit, sourceLocation: sourceLocation)
    #expect(isIdle, sourceLocation: sourceLocation)
    return lines
  }
}

/// The repository's root folder.
func repositoryRoot(filePath: String = #filePath) -> URL {
  URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
