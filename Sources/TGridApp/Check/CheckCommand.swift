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
/// `-` reads standard input. Every file is checked even after a failure. Standard input,
/// pipes and devices are parsed as their bytes arrive, so an error shows as soon as its
/// bytes are in (`tgrid check /dev/zero` fails on the first byte instead of reading
/// forever); an input larger than `maximumByteCount` is refused with a message. A regular
/// file of 1 MiB or more is mapped and its pages are given back as they are parsed, so
/// memory stays a window of the file, not the file; from 4 MiB on, the second half is
/// checked on a second thread (see `JSONProgressiveParser.open` in TGridJSON). A file
/// that changes meanwhile is checked again.
///
/// - Parameters:
///   - paths: The files to check.
///   - mode: `.lines` for `--ndjson`; `.automatic` detects JSON Lines.
///   - maximumByteCount: The largest input accepted (`--max-size`).
///   - standardOutput: Receives each output line, without its line break.
///   - standardError: Receives each error line, without its line break.
/// - Returns: The exit code: 0 when every file is valid, 1 when one is not valid JSON, 2
///   when one could not be read (missing, a directory, unreadable) or no file was given.
public func runCheck(
  paths: [String],
  mode: JSONTextMode = .automatic,
  maximumByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
  standardOutput: (String) -> Void,
  standardError: (String) -> Void
) -> Int32 {
  guard !paths.isEmpty else {
    standardError("tgrid check: no file given (use - for standard input)")
    return 2
  }
  var exitCode: Int32 = 0
  for path in paths {
    let parser: JSONProgressiveParser
    if path == "-" && StandardInput.wasClosed {
      standardError(StandardInput.closedMessage)
      exitCode = max(exitCode, 2)
      continue
    }
    do {
      // Only validates and counts: the values' tape words are dropped as parsing goes, and
      // a regular file's pages once parsed (it is mapped, and checked by two threads).
      parser = try JSONProgressiveParser.open(
        path, options: JSONParseOptions(mode: mode, allowsSecondThread: true), maximumByteCount: maximumByteCount,
        keepsValues: false)
    } catch {
      standardError(error.description)
      exitCode = max(exitCode, 2)
      continue
    }
    do {
      // A stream is parsed chunk by chunk as it is read: its first error ends the check.
      while try parser.readMore() { _ = try parser.advance(byteBudget: Int.max) }
      let summary = try parser.summary()
      let records = summary.topLevelCount
      let lines = summary.isJSONLines ? " (JSON Lines, \(records) record\(records == 1 ? "" : "s"))" : ""
      standardOutput(
        "\(path): ok — \(summary.valueCountDescription), depth \(summary.maximumDepth), \(summary.byteCount) bytes\(lines)"
      )
      for warning in summary.warnings {
        standardError("\(path):\(warning.line):\(warning.column): warning: \(warning.message)")
      }
      if summary.warningCount > summary.warnings.count {
        standardError("\(path): \(summary.warningCount - summary.warnings.count) more warnings not shown")
      }
    } catch let error as JSONSyntaxError {
      for line in error.rendered(fileName: path).split(separator: "\n", omittingEmptySubsequences: false) {
        standardError(String(line))
      }
      exitCode = max(exitCode, 1)
    } catch let error as JSONInputError {
      standardError(error.description)
      exitCode = max(exitCode, 2)
    } catch {
      standardError("\(path): \(error)")
      exitCode = max(exitCode, 2)
    }
  }
  return exitCode
}

/// Reads a byte count with an optional unit: `1000`, `512K`, `64M`, `4G`, `1T` (powers of
/// 1024; `KiB`, `MB` and the like are read the same way). Nil for anything else.
public func parseByteCount(_ text: String) -> Int? {
  // Spaces and tabs around it are dropped (line breaks are not), as Foundation's
  // `.whitespaces` did.
  func isSpace(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
  var digits = String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed()).uppercased()
  for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
    digits.removeLast(suffix.count)
    break
  }
  var shift = 0
  if let last = digits.last, let index = ["K", "M", "G", "T"].firstIndex(of: String(last)) {
    shift = 10 * (index + 1)
    digits.removeLast()
  }
  guard let value = Double(digits), value > 0, value.isFinite else { return nil }
  let bytes = value * Double(1 << shift)
  guard bytes < Double(Int.max / 2) else { return nil }
  return Int(bytes)
}
