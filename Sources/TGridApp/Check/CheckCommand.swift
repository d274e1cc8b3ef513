import TGridJSON

/// `tgrid check FILE…`: validates each file and reports one line per file.
///
/// - A valid file: `FILE: ok — N values, depth D, S bytes` on standard output (JSON Lines
///   add ` (JSON Lines, K records)`), and one `FILE:L:C: warning: …` line per duplicate key
///   on standard error.
/// - An invalid file: `FILE:L:C: message` on standard error, followed by the offending line
///   and a caret under the column.
/// - A missing file, a directory or an unreadable file: `FILE: reason` on standard error.
///
/// `-` reads standard input. Every file is checked even after a failure.
///
/// - Parameters:
///   - paths: The files to check.
///   - mode: `.lines` for `--ndjson`; `.automatic` detects JSON Lines.
///   - standardOutput: Receives each output line, without its line break.
///   - standardError: Receives each error line, without its line break.
/// - Returns: The exit code: 0 when every file is valid, 1 when one is not valid JSON, 2
///   when one could not be read (missing, a directory, unreadable) or no file was given.
public func runCheck(
  paths: [String],
  mode: JSONTextMode = .automatic,
  standardOutput: (String) -> Void,
  standardError: (String) -> Void
) -> Int32 {
  guard !paths.isEmpty else {
    standardError("tgrid check: no file given (use - for standard input)")
    return 2
  }
  var exitCode: Int32 = 0
  for path in paths {
    let bytes: JSONBytes
    do {
      bytes = try JSONBytes.contentsOfFile(path)
    } catch {
      standardError(error.description)
      exitCode = max(exitCode, 2)
      continue
    }
    do {
      let document = try JSONDocument(bytes: bytes, options: JSONParseOptions(mode: mode))
      let records = document.childCount(of: document.root)
      let lines = document.isJSONLines ? " (JSON Lines, \(records) record\(records == 1 ? "" : "s"))" : ""
      standardOutput(
        "\(path): ok — \(document.valueCountDescription), depth \(document.maximumDepth), \(bytes.count) bytes\(lines)")
      for warning in document.warnings {
        standardError("\(path):\(warning.line):\(warning.column): warning: \(warning.message)")
      }
      if document.warningCount > document.warnings.count {
        standardError("\(path): \(document.warningCount - document.warnings.count) more warnings not shown")
      }
    } catch {
      for line in error.rendered(fileName: path).split(separator: "\n", omittingEmptySubsequences: false) {
        standardError(String(line))
      }
      exitCode = max(exitCode, 1)
    }
  }
  return exitCode
}
