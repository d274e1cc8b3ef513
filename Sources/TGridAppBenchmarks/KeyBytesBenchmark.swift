import TGridApp
import TGridJSON
import TGridSystem
import TermGrid

/// Bytes a navigation key sends to the terminal, for `tgrid-bench keys`: the browser on a
/// file at 120×40 (no animation) draws each frame through an offscreen ``NcursesTerminal``
/// writing to a file (`TERM=xterm-256color`), as `tgrid FILE` does on a real terminal; the
/// figure for a key is the growth of that file while the key's frame is drawn.
public enum KeyBytesBenchmark {
  /// One measured kind of press: keys pressed first without counting, then the key counted.
  public struct Phase: Sendable {
    /// What the figure is called.
    public let label: String
    /// Keys pressed before counting (to put the focus at the screen's edge, say).
    public let setup: [KeyEvent]
    /// The key of one counted press.
    public let key: KeyEvent
    /// A key pressed (uncounted) before each counted press but the first: the other end
    /// of a jump, so each jump moves, or the opposite move, so moves within the screen
    /// never reach its edge (cards several rows tall fill a screen with few rows of them).
    public let alternate: KeyEvent?
  }

  /// The phases of the benchmark for a screen `rows` tall: moves within the screen, moves
  /// at its edge (each scrolls), pages, and jumps to the ends.
  public static func phases(rows: Int) -> [Phase] {
    let down = KeyEvent(.character("j"))
    let up = KeyEvent(.character("k"))
    let edge = rows + 2
    return [
      Phase(label: "j (within the screen)", setup: [KeyEvent(.character("g"))], key: down, alternate: up),
      Phase(label: "j (scrolling)", setup: Array(repeating: down, count: edge), key: down, alternate: nil),
      Phase(label: "Down (scrolling)", setup: [], key: KeyEvent(.down), alternate: nil),
      Phase(label: "k (within the screen)", setup: [], key: up, alternate: down),
      Phase(label: "k (scrolling)", setup: Array(repeating: up, count: edge), key: up, alternate: nil),
      Phase(label: "Up (scrolling)", setup: [], key: KeyEvent(.up), alternate: nil),
      Phase(label: "PgDn", setup: [], key: KeyEvent(.pageDown), alternate: nil),
      Phase(label: "PgUp", setup: [], key: KeyEvent(.pageUp), alternate: nil),
      Phase(label: "G (last)", setup: [], key: KeyEvent(.character("G")), alternate: KeyEvent(.character("g"))),
      Phase(label: "g (first)", setup: [], key: KeyEvent(.character("g")), alternate: KeyEvent(.character("G"))),
    ]
  }

  /// The bytes of each press of each phase, in order; `nil` when the file cannot be read or
  /// ncurses cannot start. `tree` shows the document as a tree with its root expanded.
  /// `sharesBlankStyles` is passed to the terminal (see ``NcursesTerminal/sharesBlankStyles``);
  /// `terminalType` names the terminfo entry it writes for.
  public static func run(
    path: String, tree: Bool, presses: Int, size: CellSize = CellSize(columns: 120, rows: 40),
    sharesBlankStyles: Bool = true, terminalType: String = "xterm-256color"
  ) -> [(label: String, bytes: [Int])]? {
    guard let document = (try? JSONBytes.contentsOfFile(path)).flatMap({ try? JSONDocument(bytes: $0) }) else {
      return nil
    }
    let output = OutputFile()
    guard let descriptor = output.descriptor,
      let terminal = try? NcursesTerminal(recordingTo: descriptor, size: size, terminalType: terminalType)
    else { return nil }
    defer { terminal.shutdown() }
    terminal.sharesBlankStyles = sharesBlankStyles
    let name = String(path.split(separator: "/").last ?? "")
    let browser = BrowserController(
      document: document, sourceName: name, path: path, size: size, presentation: tree ? .tree : .grid, animates: false)
    let runLoop = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil)
    browser.willRun(in: runLoop)
    runLoop.drawFrame()
    func press(_ key: KeyEvent) -> Int {
      let before = output.size
      _ = browser.handle(.key(key), in: runLoop)
      runLoop.drawFrame()
      return output.size - before
    }
    if tree { _ = press(KeyEvent(.enter)) }
    var results: [(label: String, bytes: [Int])] = []
    for phase in phases(rows: size.rows) {
      for key in phase.setup { _ = press(key) }
      var bytes: [Int] = []
      for index in 0..<presses {
        if let alternate = phase.alternate, index > 0 { _ = press(alternate) }
        bytes.append(press(phase.key))
      }
      results.append((phase.label, bytes))
    }
    return results
  }

  /// An unlinked temporary file the terminal writes to, and how big it has grown.
  private final class OutputFile {
    let descriptor: Int32?

    init() {
      let opened = try? SystemFile.makeUniqueFile(template: "/tmp/tgrid-bench-keys-XXXXXX")
      if let opened { SystemFile.remove(opened.path) }
      descriptor = opened?.descriptor
    }

    deinit {
      if let descriptor { SystemFile.release(descriptor) }
    }

    var size: Int {
      guard let descriptor else { return 0 }
      return (try? SystemFile.status(of: descriptor))?.size ?? 0
    }
  }
}
