import TGridJSON
import TermGrid

/// Whether long work on the run loop's thread should stop: Esc or Ctrl-C typed meanwhile,
/// or a signal. The terminal is looked at every ``pollMilliseconds`` at most, so work that
/// asks often pays for it rarely.
final class InterruptPoll {
  /// The terminal, when there is a real one.
  private let terminal: () -> (any Terminal)?
  /// When the terminal was last looked at.
  private var lastPoll = 0

  /// How often long work looks for Esc: well within the 100 ms a stop may take.
  static let pollMilliseconds = 5

  init(terminal: @escaping () -> (any Terminal)?) {
    self.terminal = terminal
  }

  /// Whether Esc, Ctrl-C or a signal came since work began (looked at every
  /// ``pollMilliseconds`` at most).
  func isInterrupted() -> Bool {
    let now = MonotonicClock.milliseconds()
    guard now - lastPoll >= Self.pollMilliseconds || lastPoll == 0 else { return false }
    lastPoll = now
    return terminal()?.takeInterrupt() ?? false
  }

  /// A cancellation for the engine's work on this thread (a search through the whole
  /// document, a regular expression): it stops on Esc, Ctrl-C or a signal, and after
  /// `milliseconds` when given.
  func cancellation(afterMilliseconds milliseconds: Int? = nil) -> JSONCancellation {
    let check = MainThreadCheck(poll: self)
    if let milliseconds { return JSONCancellation(afterMilliseconds: milliseconds) { check.isInterrupted() } }
    return JSONCancellation { check.isInterrupted() }
  }
}

/// The interrupt check handed to the engine's cancellation: called only on the run loop's
/// thread, by work running there.
private struct MainThreadCheck: @unchecked Sendable {
  unowned let poll: InterruptPoll

  func isInterrupted() -> Bool { poll.isInterrupted() }
}
