import TGridJSON

/// What `tgrid diff` writes.
enum DiffOutputFormat: Sendable {
  /// One line per change, then the counts (the default for scripts and pipes).
  case summary
  /// An RFC 6902 JSON Patch.
  case patch
  /// An RFC 7386 JSON Merge Patch.
  case mergePatch
}

/// A difference between two loaded documents, ready to be written as text or (later) shown
/// in the browser: the seam between `tgrid diff` and an interactive view of the diff.
struct DiffDocument {
  /// The old side (A) and the name to show for it.
  var old: DocumentLoader.Loaded
  /// The new side (B) and the name to show for it.
  var new: DocumentLoader.Loaded
  /// Every change between them.
  var diff: JSONDiff

  /// Loads both sides (`-` is standard input, for one side at most) and compares them.
  ///
  /// - Throws: a ``LoadFailure`` with exit status 2 for a file that cannot be read or is not
  ///   valid JSON (the message gives the line and column).
  static func load(
    old oldPath: String, new newPath: String, mode: JSONTextMode = .automatic, maximumByteCount: Int,
    options: JSONDiffOptions = JSONDiffOptions()
  ) throws(LoadFailure) -> DiffDocument {
    let (old, new) = try loadSides(old: oldPath, new: newPath, mode: mode, maximumByteCount: maximumByteCount)
    return DiffDocument(old: old, new: new, diff: JSONDiff(old: old.document, new: new.document, options: options))
  }

  /// The largest pair (bytes of both files) the browser compares before its first screen:
  /// a few milliseconds. Larger pairs show B at once and are compared on a thread of their
  /// own (``DiffComputation``).
  static let comparedBeforeTheFirstScreenUpTo = 4 << 20

  /// Loads both sides (`-` is standard input, for one side at most), without comparing them.
  static func loadSides(
    old oldPath: String, new newPath: String, mode: JSONTextMode = .automatic, maximumByteCount: Int
  ) throws(LoadFailure) -> (old: DocumentLoader.Loaded, new: DocumentLoader.Loaded) {
    guard oldPath != "-" || newPath != "-" else {
      throw LoadFailure(message: "tgrid diff: only one side can be standard input (-)", exitCode: 2)
    }
    return (
      try loadSide(oldPath, mode: mode, maximumByteCount: maximumByteCount),
      try loadSide(newPath, mode: mode, maximumByteCount: maximumByteCount)
    )
  }

  /// Loads one side, with its failures as trouble: for diff, invalid JSON is trouble like a
  /// missing file (exit status 2), as 0 and 1 say same and different.
  static func loadSide(
    _ path: String, mode: JSONTextMode = .automatic, maximumByteCount: Int
  ) throws(LoadFailure) -> DocumentLoader.Loaded {
    do {
      return try DocumentLoader.load(path: path, mode: mode, maximumByteCount: maximumByteCount)
    } catch {
      throw LoadFailure(message: error.message, exitCode: 2)
    }
  }
}

/// `tgrid diff A B`: compares two JSON documents and writes the difference.
///
/// - Parameters:
///   - oldPath: The old document (A); `-` for standard input.
///   - newPath: The new document (B); `-` for standard input.
///   - format: A summary, a JSON Patch or a merge patch.
///   - exitCode: Whether the status says if they differ (0 same, 1 different).
///   - quiet: Write nothing but errors (implies `exitCode`).
///   - color: Colour the summary's markers (on a terminal, without `NO_COLOR`).
///   - options: The diff's options (the alignment budget, identity keys).
///   - standardOutput: Receives the output, in pieces.
///   - standardError: Receives each error line.
/// - Returns: The exit status: 0 (same, or different without `exitCode`), 1 (different, with
///   `exitCode`), 2 (a file that cannot be read, invalid JSON, or a merge patch that cannot
///   express the difference).
func runDiff(
  oldPath: String, newPath: String, format: DiffOutputFormat, exitCode: Bool, quiet: Bool = false,
  color: Bool = false, mode: JSONTextMode = .automatic,
  maximumByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
  options: JSONDiffOptions = JSONDiffOptions(),
  standardOutput: (String) -> Void, standardError: (String) -> Void
) -> Int32 {
  let document: DiffDocument
  do {
    document = try DiffDocument.load(
      old: oldPath, new: newPath, mode: mode, maximumByteCount: maximumByteCount, options: options)
  } catch {
    standardError(error.message)
    return error.exitCode
  }
  let diff = document.diff
  let status: Int32 = (exitCode || quiet) && !diff.isEmpty ? 1 : 0
  guard !quiet else { return status }
  switch format {
  case .patch:
    standardOutput(String(decoding: diff.jsonPatch(), as: UTF8.self))
  case .mergePatch:
    do {
      standardOutput(String(decoding: try diff.mergePatch(), as: UTF8.self))
    } catch {
      standardError("tgrid diff: \(error)")
      return 2
    }
  case .summary:
    standardOutput(DiffSummary.text(of: diff, color: color))
  }
  return status
}

/// The text summary of a diff: one line per change, notes on alignment, then the counts.
enum DiffSummary {
  /// The whole summary, each line ending in a line break.
  static func text(of diff: JSONDiff, color: Bool) -> String {
    var text = ""
    for line in diff.summaryLines() {
      let body = terminalSafe(line.marker + " " + line.text)
      if color {
        text += colorCode(line.kind) + body + "\u{1B}[0m\n"
      } else {
        text += body + "\n"
      }
    }
    for note in diff.alignmentNotes {
      text += terminalSafe("note: " + note) + "\n"
    }
    let counts = diff.countsDescription
    text += (color ? "\u{1B}[1m" + counts + "\u{1B}[0m" : counts) + "\n"
    return text
  }

  /// Green for added, red for removed, yellow for changed, cyan for moved.
  static func colorCode(_ kind: JSONDiff.ChangeKind) -> String {
    switch kind {
    case .added: "\u{1B}[32m"
    case .removed: "\u{1B}[31m"
    case .changed: "\u{1B}[33m"
    case .moved: "\u{1B}[36m"
    }
  }
}
