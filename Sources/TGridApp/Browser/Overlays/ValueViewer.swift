import TGridJSON
import TermGrid

/// The whole of one value, wrapped and scrollable, with its path and size in the title:
/// strings decoded (`r` shows the raw JSON text instead), other values as their text laid
/// out in the document's style.
enum ValueViewer {
  static func make(node: JSONNode, in document: JSONDocument, pathText: String) -> PagerView {
    let raw = document.rawText(of: node)
    let isString = document.kind(of: node) == .string
    let decoded: String = {
      if isString { return (document.string(of: node) ?? "").replacingTabs() }
      if document.isContainer(node), !raw.contains("\n") {
        return document.formattedText(of: node, style: .twoSpaces)
      }
      return raw
    }()
    let source = WrappedTextSource(text: decoded)
    let size = JSONPreview.byteCount(raw.utf8.count)
    let kind = document.kind(of: node)
    func title(raw showsRaw: Bool) -> String {
      "\(pathText) · \(kind) · \(size)"
        + (isString ? (showsRaw ? " · raw JSON (r: decoded)" : " · decoded (r: raw JSON)") : "")
    }
    let viewer = PagerView(title: title(raw: false), source: source, statusText: " q closes · j/k, Space/b, g/G scroll")
    if isString {
      var showsRaw = false
      viewer.extraKeys[KeyEvent(.character("r"))] = { [unowned viewer] in
        showsRaw.toggle()
        source.replace(with: showsRaw ? raw : decoded)
        viewer.title = title(raw: showsRaw)
      }
    }
    return viewer
  }
}

/// The document's text around a value, with line numbers (like `less -N`), opened at the
/// value, whose lines are marked.
final class SourceTextSource: PagerSource {
  private let bytes: [UInt8]
  /// Where each line starts.
  private let lineStarts: [Int]
  private let marked: Range<Int>
  private let gutterWidth: Int

  init(document: JSONDocument, node: JSONNode) {
    bytes = document.serializedBytes()
    var starts = [0]
    bytes.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index] == 0x0A && index + 1 < buffer.count { starts.append(index + 1) }
    }
    lineStarts = starts
    let range = document.textRange(of: node)
    let first = Self.line(containing: range.lowerBound, in: starts)
    let last = Self.line(containing: max(range.lowerBound, range.upperBound - 1), in: starts)
    marked = first..<(last + 1)
    gutterWidth = String(starts.count).count + 1
  }

  /// The number of the line (from 0) holding a byte.
  static func line(containing offset: Int, in starts: [Int]) -> Int {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    return max(0, low - 1)
  }

  /// The line the value starts on, from 0.
  var firstMarkedLine: Int { marked.lowerBound }

  func knownLineCount(width: Int) -> Int? { lineStarts.count }
  func lineCount(width: Int) -> Int { lineStarts.count }

  /// A few lines of context above the value.
  func initialLine(width: Int) -> Int { max(0, marked.lowerBound - 3) }

  func lines(_ range: Range<Int>, width: Int) -> [PagerLine] {
    var result: [PagerLine] = []
    for index in range where index < lineStarts.count {
      let start = lineStarts[index]
      var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
      // Long lines are cut for the screen: decode only what can show.
      end = min(end, start + max(width, 1) * 4)
      var text = String(decoding: bytes[start..<end], as: UTF8.self)
      while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
      let number = String(index + 1)
      let gutter = String(repeating: " ", count: max(0, gutterWidth - number.count)) + number + " "
      result.append(PagerLine(gutter: gutter, text: text.replacingTabs(), isMarked: marked.contains(index)))
    }
    return result
  }
}

extension String {
  /// Tabs as four spaces (a tab would be drawn as a control picture).
  func replacingTabs() -> String {
    guard contains("\t") else { return self }
    var result = ""
    for character in self { result += character == "\t" ? "    " : String(character) }
    return result
  }
}

/// The help screen as an overlay.
final class HelpOverlay: BrowserOverlay {
  let help: HelpView
  init(help: HelpView) { self.help = help }

  func handle(_ event: InputEvent) -> OverlayResponse {
    switch help.handle(event) {
    case .close: return .close
    case .scrolled: return .changed
    case .unchanged: return .unchanged
    }
  }

  func draw(in canvas: inout Canvas, region: CellRect, context: DrawingContext) {
    help.draw(in: &canvas, region: region, clip: region, context: context)
  }

  var statusText: String { " q closes the help · j/k, Space/b scroll" }
}
