import Foundation
import TermGrid
import Testing

@testable import TGridApp

/// Every pilot test: each suite that drives the app through a ``Pilot`` is declared in an
/// `extension PilotTests`. When the whole suite has run, ``PilotCoverage`` checks that the
/// pilots reached every command bound to a key in any view.
@Suite(PilotCoverage()) struct PilotTests {}

/// Records which commands the pilot tests actually performed, and fails the run for any
/// command bound to a key in some view that none of them reached: a new command needs a
/// pilot test, and no list kept by hand says which commands have one.
///
/// The check runs only when every pilot test ran (not under `--filter` or `--skip`), or when
/// `TGRID_PILOT_COVERAGE=always` asks for it (to see what a few suites leave out).
struct PilotCoverage: SuiteTrait, TestScoping {
  /// The commands performed, shared by the pilots of every test in the suite.
  final class Recorder: Sendable {
    /// Locked, not a `Mutex`: the cases of a parameterized test run at once and record into
    /// one recorder, and ThreadSanitizer on Linux does not see a contended `Mutex`'s
    /// hand-over (see ``Locked``).
    private let commands = Locked<Set<CommandIdentifier>>([])

    /// Notes that a pilot's browser performed a command.
    func record(_ command: CommandIdentifier) {
      commands.withLock { _ = $0.insert(command) }
    }

    /// What was performed so far.
    var performed: Set<CommandIdentifier> { commands.withLock { $0 } }
  }

  /// The recorder of the running ``PilotTests`` suite; nil outside it.
  @TaskLocal static var recorder: Recorder?

  var isRecursive: Bool { false }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let recorder = Recorder()
    try await Self.$recorder.withValue(recorder) { try await function() }
    let arguments = CommandLine.arguments
    let always = ProcessInfo.processInfo.environment["TGRID_PILOT_COVERAGE"] == "always"
    guard always || (!arguments.contains("--filter") && !arguments.contains("--skip")) else { return }
    let missing = Self.boundCommands.subtracting(recorder.performed)
    #expect(missing.isEmpty, "no pilot test performs \(missing.map(\.description).sorted())")
  }

  /// Every command bound to a key in some view's key table (and the table's sheets').
  static var boundCommands: Set<CommandIdentifier> {
    var bound = Set<CommandIdentifier>()
    for table in PresentationRegistry.all.map(\.keyBindings) + [BrowserKeys.tableSheet] {
      for binding in table.bindings where !binding.keys.isEmpty { bound.insert(binding.command) }
    }
    return bound
  }
}
