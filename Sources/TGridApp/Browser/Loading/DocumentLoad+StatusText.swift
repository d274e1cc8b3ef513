import TermGrid

extension DocumentLoad {
  /// What the status line says while loading: `loading 41% · 41.2 MB of 100.0 MB · 180 MB/s`.
  var statusText: String {
    let (done, total) = progress
    let elapsed = max(1, MonotonicClock.milliseconds() - startedAt)
    let rate = Double(done) / (Double(elapsed) / 1000)
    var text = "loading"
    if let total, total > 0 { text += " \(min(100, done * 100 / total))%" }
    text += " · " + Self.megabytes(done)
    if let total { text += " of " + Self.megabytes(total) }
    text += " · " + Self.megabytes(Int(rate)) + "/s"
    // Larger than memory: the index goes to disk (and may come back from it slowly).
    if isIndexOnDisk { text += " · index on disk" }
    return text
  }

  /// `534 B`, `12 kB`, `41.2 MB`.
  static func megabytes(_ bytes: Int) -> String {
    if bytes < 1_000 { return "\(bytes) B" }
    if bytes < 1_000_000 { return "\(bytes / 1000) kB" }
    let tenths = bytes / 100_000
    return "\(tenths / 10).\(tenths % 10) MB"
  }
}
