import TGridAppBenchmarks
import TGridJSON
import TGridSystem

/// The engine alone, for `tgrid-bench edit`: the same edits as the app's (cut, paste,
/// delete, undo of one record of the 100 MB file) without the app's views, a copy-on-write
/// edit (a copy of the document is alive, as when a caller keeps one), and the save split
/// into writing and `fsync`. Runs in its own child process.
enum EditEngineBenchmark {
  static func run(path: String, savePath: String, rounds: Int = 7) -> [String: Double] {
    var figures: [String: Double] = [:]
    let loadStart = now()
    guard let bytes = try? JSONBytes.contentsOfFile(path), var document = try? JSONDocument(bytes: bytes) else {
      return [:]
    }
    figures["load"] = now() - loadStart
    let root = document.root
    // As browsing does: child positions and parents are indexed on first use.
    let warmStart = now()
    let count = document.childCount(of: root)
    if let last = document.child(at: count - 1, of: root) { _ = document.parent(of: last) }
    figures["index"] = now() - warmStart
    figures["peakLoad"] = peakResidentKilobytes()

    var samples: [String: [Double]] = [:]
    func time(_ name: String, _ body: () throws -> Void) rethrows {
      let start = now()
      try body()
      samples[name, default: []].append(now() - start)
    }
    // A record a quarter into the file: three quarters of the tape lie after it.
    let position = count / 4
    for round in 0..<rounds {
      guard let record = document.child(at: position, of: root) else { break }
      let text = document.rawText(of: record)
      var cut: JSONEdit?
      var paste: JSONEdit?
      var delete: JSONEdit?
      time("cut") { cut = try? document.remove(record) }
      time("paste") { paste = try? document.insert(json: text, at: position - 1, in: root, verbatim: true) }
      if let next = document.child(at: position + 1 + round % 3, of: root) {
        time("delete") { delete = try? document.remove(next) }
      }
      time("undo") { if let delete { document.revert(delete) } }
      if let paste { document.revert(paste) }
      if let cut { document.revert(cut) }
      _ = document.parent(of: document.child(at: position, of: root) ?? root)
    }
    for (name, values) in samples { figures[name] = values.sorted()[values.count / 2] }

    // The save: write to a new file, then fsync, then rename (as a save does).
    let temporary = savePath + ".tmp"
    guard let descriptor = try? SystemFile.open(temporary, [.writeOnly, .create, .truncate], permissions: 0o644)
    else { return figures }
    var start = now()
    do { try document.write(toFileDescriptor: descriptor) } catch { return figures }
    figures["saveWrite"] = now() - start
    start = now()
    try? SystemFile.synchronize(descriptor)
    figures["saveSync"] = now() - start
    SystemFile.release(descriptor)
    start = now()
    try? SystemFile.rename(temporary, to: savePath)
    figures["saveRename"] = now() - start
    figures["peakSave"] = peakResidentKilobytes()

    // An edit while a copy of the document is alive copies the tape first.
    let copy = document
    if let record = document.child(at: position, of: root) {
      time("sharedCut") { _ = try? document.remove(record) }
    }
    withExtendedLifetime(copy) {}
    figures["sharedCut"] = samples["sharedCut"]?.first

    return figures
  }

  private static func now() -> Double {
    BenchmarkClock.now()
  }

  private static func peakResidentKilobytes() -> Double {
    ResourceUsage.ofThisProcess().peakResidentKilobytes
  }
}
