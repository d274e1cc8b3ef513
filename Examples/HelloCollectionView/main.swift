import TermGrid

/// A cell showing one word; the collection view sets its focused and selected state.
final class WordCell: Cell {
  var word = ""
  override func drawContent(
    in canvas: inout Canvas, region: CellRect, clip: CellRect, style: Style, context: DrawingContext
  ) {
    canvas.draw(word, at: CellPoint(column: region.column, row: region.row + 1), style: style, clip: clip)
  }
}

/// The app: a flow of words. Arrows move, Space selects, q quits.
final class Hello: RunLoopRoot, CollectionViewDataSource {
  let words = "Hello, collection view: a data source, a layout and cells, in a terminal".split(separator: " ")
  let collectionView: CollectionView
  init(size: CellSize) {
    collectionView = CollectionView(frame: CellRect(size: size), layout: FlowLayout())
    collectionView.register(WordCell.self, forCellWithReuseIdentifier: "word")
    collectionView.dataSource = self
  }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { words.count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(WordCell.self, withReuseIdentifier: "word", for: indexPath)
    cell.word = String(words[indexPath.item])
    return cell
  }
  func willRun(in runLoop: TerminalRunLoop) { collectionView.displayHost = runLoop }
  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    if case .resize(let size) = event { collectionView.resize(to: CellRect(size: size)) }
    let command = KeyBindings.standard.command(for: event)
    return command == .quit ? .quit : (collectionView.handle(event, command: command) ? .changed : .unchanged)
  }
  func draw(into canvas: inout Canvas) { collectionView.draw(into: &canvas) }
}

let terminal = try NcursesTerminal()
let exit = TerminalRunLoop(terminal: terminal, root: Hello(size: terminal.size)).run()
terminal.shutdown()
if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
