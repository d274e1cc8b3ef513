#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSignals {
  /// Puts back what the handled signals did, as read by `currentDispositions()`: ncurses
  /// installs handlers of its own when it starts, and a terminal that fails to start (or
  /// that handles no signals) takes them back with this.
  package static func restore(_ dispositions: [Int32: sigaction]) {
    for (signal, action) in dispositions {
      var action = action
      sigaction(signal, &action, nil)
    }
  }
}
