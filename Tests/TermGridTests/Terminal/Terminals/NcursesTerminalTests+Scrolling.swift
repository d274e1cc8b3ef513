import Foundation
import TermGrid
import Testing

@testable import TermGridTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Frames whose content moves by whole rows: what the terminal receives scrolls, and
/// replayed through a terminal emulator it gives exactly the intended screen, with the
/// pinned header and status line in place.
extension NcursesTerminalTests {
  /// A screen like the app's: a pinned header, content rows from `first` on (one of them
  /// focused), and a status line.
  private static func frame(size: CellSize, first: Int, focused: Int, status: String) -> Canvas {
    var canvas = Canvas(size: size)
    canvas.draw("HEADER stays on row 0", at: CellPoint(column: 0, row: 0), style: Style(attributes: [.bold]))
    let key = Style(foreground: .indexed(75))
    let value = Style(foreground: .indexed(180))
    let border = Style(foreground: .indexed(240))
    let focus = Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold])
    for row in 1..<(size.rows - 1) {
      let line = first + row - 1
      let isFocused = line == focused
      var column = canvas.draw("|", at: CellPoint(column: 0, row: row), style: isFocused ? focus : border)
      column = canvas.draw(" key\(line) ", at: CellPoint(column: column, row: row), style: isFocused ? focus : key)
      column = canvas.draw(
        " \(line * 7919 % 10007) ", at: CellPoint(column: column + 1, row: row), style: isFocused ? focus : value)
      _ = canvas.draw("|", at: CellPoint(column: column + 2, row: row), style: isFocused ? focus : border)
    }
    canvas.draw(status, at: CellPoint(column: 0, row: size.rows - 1), style: Style(attributes: [.reverse]))
    return canvas
  }

  /// An offscreen terminal writing into a file, and what it wrote since the last read.
  private final class Recording {
    let descriptor: Int32
    let terminal: NcursesTerminal
    private var offset = 0

    init(size: CellSize) throws {
      var template = Array("/tmp/tgrid-scroll-test-XXXXXX".utf8CString)
      descriptor = mkstemp(&template)
      unlink(String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
      terminal = try NcursesTerminal(recordingTo: descriptor, size: size)
    }

    deinit {
      terminal.shutdown()
      close(descriptor)
    }

    func newBytes() -> [UInt8] {
      let end = Int(lseek(descriptor, 0, SEEK_END))
      var bytes = [UInt8](repeating: 0, count: max(0, end - offset))
      let count = bytes.isEmpty ? 0 : pread(descriptor, &bytes, bytes.count, off_t(offset))
      offset += max(0, count)
      return Array(bytes.prefix(max(0, count)))
    }
  }

  @Test func scrollsInBothDirectionsReplayToTheIntendedScreenWithTheHeaderAndStatusLineInPlace() throws {
    let size = CellSize(columns: 40, rows: 12)
    let recording = try Recording(size: size)
    var emulator = TerminalEmulator(columns: size.columns, rows: size.rows)
    // (first content line, focused line): down by one, by three, up by one, by three, a
    // focus move without scrolling, and back to the top.
    let steps = [(0, 0), (1, 10), (2, 11), (5, 14), (4, 4), (1, 1), (1, 3), (0, 0)]
    var bytesPerStep: [Int] = []
    for (index, (first, focused)) in steps.enumerated() {
      let canvas = Self.frame(size: size, first: first, focused: focused, status: "status \(index) first \(first)")
      recording.terminal.present(canvas)
      let bytes = recording.newBytes()
      bytesPerStep.append(bytes.count)
      emulator.feed(bytes)
      for row in 0..<size.rows {
        #expect(emulator.line(row) == canvas.line(row), "step \(index), row \(row)")
      }
      #expect(emulator.line(0).hasPrefix("HEADER stays on row 0"))
      // Whatever region a scroll used, the whole screen is the region again afterwards.
      #expect(emulator.scrollRegion == (0, size.rows - 1), "step \(index)")
    }
    #expect(emulator.unknownSequences.isEmpty, "\(emulator.unknownSequences)")
    // The moves were sent as scrolls: a one-line scroll costs far less than the first frame.
    #expect(emulator.scrolledLineCount >= 1 + 3 + 1 + 3)
    #expect(bytesPerStep[1] * 3 < bytesPerStep[0], "\(bytesPerStep)")
  }

  @Test func aScrollUnderAPinnedHeaderNeverMovesTheHeaderOrTheStatusLine() throws {
    let size = CellSize(columns: 30, rows: 8)
    let recording = try Recording(size: size)
    var emulator = TerminalEmulator(columns: size.columns, rows: size.rows)
    for first in [0, 1, 2, 3, 2, 1, 0, 3, 0] {
      let canvas = Self.frame(size: size, first: first, focused: -1, status: "pinned status")
      recording.terminal.present(canvas)
      let bytes = recording.newBytes()
      emulator.feed(bytes)
      #expect(emulator.line(0) == canvas.line(0))
      #expect(emulator.line(size.rows - 1) == canvas.line(size.rows - 1))
      #expect((0..<size.rows).map(emulator.line) == canvas.lines, "first \(first)")
      // The header and the status line did not change: no byte rewrote them.
      if first != 0 || bytes.count < 400 {
        #expect(!String(decoding: bytes, as: UTF8.self).contains("HEADER"), "first \(first)")
        #expect(!String(decoding: bytes, as: UTF8.self).contains("pinned"), "first \(first)")
      }
    }
    #expect(emulator.scrollRegion == (0, size.rows - 1))
    #expect(emulator.scrolledLineCount > 0)
  }
}
