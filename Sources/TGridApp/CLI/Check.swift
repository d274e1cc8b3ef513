import ArgumentParser

/// `tgrid check`: validate files.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check that each FILE is valid JSON; print a summary or the first error with its line and column.")

  @Argument(help: "The files to check; - for standard input.")
  var files: [String]

  @OptionGroup var limit: InputLimitOptions

  @OptionGroup var view: ViewOptions

  func run() throws {
    let maximum = limit.maximumByteCount
    try StandardOutput.requireOpen()
    var writeError: StandardOutput.WriteError?
    let status = runCheck(
      paths: files, mode: view.textMode, maximumByteCount: maximum,
      standardOutput: { line in
        guard writeError == nil else { return }
        do throws(StandardOutput.WriteError) {
          try StandardOutput.writeLine(terminalSafe(line))
        } catch {
          writeError = error
        }
      },
      standardError: { printError($0) })
    if let writeError {
      printError(writeError.description)
      throw ExitCode(max(status, StandardOutput.failureExitCode))
    }
    if status != 0 { throw ExitCode(status) }
  }
}
