import TGridApp
import TGridJSON
import TermGrid

/// Measures editing in the app as a person meets it, for `tgrid-bench edit`: keys go
/// through the real run loop to the browser on a headless terminal, and each figure is
/// the time from the key to the frame that shows its result.
public enum EditingBenchmark {
  /// Opens `path` in the grid, then times cut, paste, delete and undo of one record
  /// (several rounds, medians), and a save of the edited document to `savePath`.
  /// - Returns: figures in seconds (`cut`, `paste`, `delete`, `undo`, `save`, `load`) and
  ///   peak resident kilobytes after loading and after saving (`peakLoad`, `peakSave`).
  public static func run(path: String, savePath: String, rounds: Int = 7) -> [String: Double] {
    var figures: [String: Double] = [:]
    let loadStart = BenchmarkClock.now()
    // Straight into the store: a copy of the document held here would make the first edit
    // copy the whole tape, as no copy does in the app.
    guard
      let store = (try? JSONBytes.contentsOfFile(path)).flatMap({ try? JSONDocument(bytes: $0) })
        .map({ DocumentStore(document: $0, name: "bench", path: path) })
    else { return [:] }
    figures["load"] = BenchmarkClock.now() - loadStart
    let size = CellSize(columns: 120, rows: 40)
    let terminal = HeadlessTerminal(size: size)
    let browser = BrowserController(store: store, size: size, animates: false)
    let runLoop = TerminalRunLoop(terminal: terminal, root: browser, debugCrash: nil)
    runLoop.run()
    figures["peakLoad"] = BenchmarkClock.peakResidentKilobytes()

    func time(_ keys: [String]) -> Double {
      let start = BenchmarkClock.now()
      for name in keys {
        guard let key = KeyEvent(name: name) else { continue }
        terminal.enqueue(.key(key))
        runLoop.run()
      }
      return BenchmarkClock.now() - start
    }
    var samples: [String: [Double]] = [:]
    // Work in the middle of the file: the record after the focus moves the most text.
    _ = time(["PgDn", "PgDn", "PgDn"])
    for _ in 0..<rounds {
      samples["cut", default: []].append(time(["x"]))
      samples["paste", default: []].append(time(["p"]))
      samples["delete", default: []].append(time(["d"]))
      samples["undo", default: []].append(time(["u"]))
      _ = time(["u", "u"])
    }
    for (name, values) in samples { figures[name] = values.sorted()[values.count / 2] }
    _ = time(["d"])
    let saveStart = BenchmarkClock.now()
    do {
      _ = try browser.files.saver.save(store.document, to: savePath)
    } catch {
      return figures
    }
    figures["save"] = BenchmarkClock.now() - saveStart
    figures["peakSave"] = BenchmarkClock.peakResidentKilobytes()
    figures["frames"] = Double(runLoop.frameCount)
    return figures
  }
}
