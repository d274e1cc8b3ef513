import TGridAppBenchmarks
import TGridJSON
import TGridSystem

/// `tgrid-bench mappedsave [--records N]`: a followed file's records read where it is mapped
/// one wake at a time (a piece each, as a log of one line a second gives), then checked as
/// a save or the first edit checks them: each piece with a block copy of its own (as before
/// `followmap3`) against one walk that reuses the block it checked last, and the document's
/// save to /dev/null and its copy for an edit.
func runMappedSaveBenchmark(arguments: [String]) {
  let count =
    arguments.firstIndex(of: "--records").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil }
    ?? 20_000
  let path = "/tmp/tgrid-bench-mappedsave-\(ProcessIdentity.processID).jsonl"
  defer { _ = SystemFile.remove(path) }
  // About 200 bytes a record; one record a line.
  var text: [UInt8] = []
  var ranges: [Range<Int>] = []
  for n in 0..<count {
    let line = Array(
      #"{"n":\#(n),"time":"2026-11-30T07:00:00Z","level":"info","message":"\#(String(repeating: "x", count: 120))"}"#
        .utf8)
    ranges.append(text.count..<(text.count + line.count))
    text += line + [0x0A]
  }
  guard let writer = try? SystemFile.open(path, [.writeOnly, .create, .truncate]) else {
    print("mappedsave: cannot write \(path)")
    return
  }
  let wrote = text.withUnsafeBytes { bytes -> Bool in
    do {
      try SystemFile.write(writer, bytes)
      return true
    } catch {
      return false
    }
  }
  SystemFile.release(writer)
  guard wrote, let descriptor = try? SystemFile.open(path) else { return }
  defer { SystemFile.release(descriptor) }
  guard let mapping = GrowingFileMapping(capacity: 1 << 34), mapping.extend(descriptor, toFileOffset: text.count),
    var document = try? JSONDocument(parsing: #"{"n":-1}"#, options: JSONParseOptions(mode: .lines))
  else {
    print("mappedsave: cannot map \(path)")
    return
  }
  let appendStart = BenchmarkClock.now()
  for range in ranges { _ = try? document.appendRecords(mapped: [range], in: mapping) }
  let appended = BenchmarkClock.now() - appendStart
  print(
    "mappedsave: \(count) records (\(text.count / 1_000) kB) appended a wake each in \(milliseconds(appended)) ms; "
      + "load \(loadAverage())")
  var checked = mapping.checkedBlockCount
  func blocks() -> Int {
    defer { checked = mapping.checkedBlockCount }
    return mapping.checkedBlockCount - checked
  }
  for round in 1...3 {
    var start = BenchmarkClock.now()
    for range in ranges { _ = mapping.forEachVerifiedStretch(range) { _ in true } }
    let each = BenchmarkClock.now() - start
    let eachBlocks = blocks()
    start = BenchmarkClock.now()
    var verifier = GrowingFileMapping.Verifier()
    for range in ranges { _ = mapping.forEachVerifiedStretch(range, using: &verifier) { _ in true } }
    let walk = BenchmarkClock.now() - start
    let walkBlocks = blocks()
    guard let output = try? SystemFile.open("/dev/null", [.writeOnly]) else { return }
    start = BenchmarkClock.now()
    try? document.write(toFileDescriptor: output)
    let save = BenchmarkClock.now() - start
    SystemFile.release(output)
    let saveBlocks = blocks()
    var copy = document
    start = BenchmarkClock.now()
    _ = copy.copyMappedText()
    let copied = BenchmarkClock.now() - start
    let copyBlocks = blocks()
    print(
      "  round \(round): a block copy a piece (before) \(milliseconds(each)) ms, \(eachBlocks) blocks hashed · "
        + "one walk \(milliseconds(walk)) ms, \(walkBlocks) blocks · save to /dev/null \(milliseconds(save)) ms, "
        + "\(saveBlocks) blocks · copy for an edit \(milliseconds(copied)) ms, \(copyBlocks) blocks")
  }
}

private func milliseconds(_ seconds: Double) -> String {
  let tenths = Int((seconds * 10_000).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

private func loadAverage() -> String {
  guard let load = Machine.loadAverage else { return "?" }
  let hundredths = Int((load * 100).rounded())
  return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
