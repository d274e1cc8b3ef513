import ArgumentParser

/// `tgrid`: browse a JSON dataset in the terminal. `browse` is the default subcommand, so
/// `tgrid FILE` opens FILE; `dump` and `check` are the others.
public struct TGridCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "tgrid",
    abstract: "Browse, edit and save a JSON dataset in the terminal: a grid of cards or a tree.",
    discussion:
      "With no FILE, tgrid reads standard input when it is a pipe (curl … | tgrid) and opens its built-in demo data when it is a terminal. Keys are read from the terminal even when the data comes from standard input. Press ? in tgrid for the keys.",
    version: TGridCommand.version,
    subcommands: [Browse.self, Dump.self, Check.self, Diff.self, Demo.self],
    defaultSubcommand: Browse.self)

  /// The version `--version` prints.
  public static let version = "0.3.0"

  public init() {}

  /// Runs tgrid with the process's arguments. `tgrid --help` shows the browser's options
  /// (what `tgrid FILE` takes) with the other subcommands, not just the subcommand list.
  public static func runFromCommandLine() {
    StandardInput.reserveIfClosed()
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments == ["--version"] {
      print(version)
      return
    }
    if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
      print(helpMessage(for: Browse.self))
      print(
        "\nOTHER SUBCOMMANDS:\n  dump    \(Dump.configuration.abstract)\n  check   \(Check.configuration.abstract)\n  diff    \(Diff.configuration.abstract)\n  demo    \(Demo.configuration.abstract)"
      )
      print("\n  See 'tgrid help <subcommand>' for detailed help.")
      return
    }
    main(arguments)
  }
}
