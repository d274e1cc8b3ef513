import ArgumentParser
import TGridJSON
import TGridSystem
import TermGrid
import TermGridPlatform

/// `tgrid diff A B`: the structural difference of two JSON documents, for scripts.
struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Compare two JSON files by structure: browse the difference on a terminal, else a summary, a JSON Patch or a merge patch.",
    discussion: """
      Values compare as JSON: whitespace and member order do not count, and numbers compare by value \
      (1.0 equals 1). Arrays of objects align by an identity key (id, name, key, or a unique field), \
      other arrays by their longest common subsequence, or by position past --budget. Exit status with \
      --exit-code: 0 same, 1 different; 2 for trouble (a file that cannot be read, invalid JSON, a \
      merge patch that cannot express the change). With a terminal on standard output and none of \
      --patch, --merge-patch, --summary, --exit-code or -q, the browser opens on B (the file you edit \
      and save) with each change marked: ]c and [c move between changes, z d shows only them.
      """)

  @Argument(help: "The old file (A); - for standard input.")
  var old: String

  @Argument(help: "The new file (B); - for standard input.")
  var new: String

  @Flag(name: .long, help: "Write an RFC 6902 JSON Patch that turns A into B.")
  var patch = false

  @Flag(
    name: .long,
    help: "Write an RFC 7386 JSON Merge Patch (arrays are replaced whole; a member set to null cannot be expressed).")
  var mergePatch = false

  @Flag(name: .long, help: "Write one line per change and the counts (the default).")
  var summary = false

  @Flag(name: .long, help: "Exit with 1 when the files differ, 0 when they are the same.")
  var exitCode = false

  @Flag(name: [.short, .long], help: "Write nothing; exit with 1 when the files differ (implies --exit-code).")
  var quiet = false

  @Flag(name: .long, help: "Align every array by LCS or position, never by an identity key.")
  var noKeys = false

  @Option(
    name: .long, help: "The most pairs of equal elements one array's LCS may examine before it is aligned by position.")
  var budget: Int = JSONDiffOptions().alignmentBudget

  @Option(name: .long, help: "How the browser shows B: tree (the default), grid, table, timeline or schematic.")
  var layout: LayoutChoice?

  @Flag(name: .long, help: "Read the inputs as JSON Lines (one value per line).")
  var ndjson = false

  @OptionGroup var limit: InputLimitOptions

  mutating func validate() throws {
    if [patch, mergePatch, summary].filter({ $0 }).count > 1 {
      throw ValidationError("--patch, --merge-patch and --summary exclude each other")
    }
    if budget < 0 { throw ValidationError("--budget \(budget): expected a count of 0 or more") }
  }

  /// Compares the files and writes the chosen output.
  func run() throws {
    try StandardOutput.requireOpen()
    let format: DiffOutputFormat = patch ? .patch : mergePatch ? .mergePatch : .summary
    if !patch, !mergePatch, !summary, !exitCode, !quiet, StandardStreams.isTerminal(StandardStreams.output) {
      // A person at a terminal: browse the difference on B.
      var browse = try Browse.parse(
        [old, "--diff", new] + (ndjson ? ["--ndjson"] : [])
          + (layout.map { ["--layout", $0.registration.commandLineName] } ?? [])
          + ["--diff-budget", String(budget)] + (noKeys ? ["--diff-no-keys"] : []))
      browse.limit = limit
      try browse.run()
      return
    }
    let color =
      format == .summary && StandardStreams.isTerminal(StandardStreams.output) && ColorSupport.environmentAllowsColor
    var options = JSONDiffOptions()
    options.alignmentBudget = budget
    options.usesIdentityKeys = !noKeys
    var writeFailed = false
    let status = runDiff(
      oldPath: old, newPath: new, format: format, exitCode: exitCode, quiet: quiet, color: color,
      mode: ndjson ? .lines : .automatic, maximumByteCount: limit.maximumByteCount, options: options,
      standardOutput: { text in
        guard !writeFailed else { return }
        do {
          try StandardOutput.writeText(text)
        } catch {
          writeFailed = true
        }
      },
      standardError: { printError($0) })
    if writeFailed { throw ExitCode(StandardOutput.failureExitCode) }
    if status != 0 { throw ExitCode(status) }
  }
}
