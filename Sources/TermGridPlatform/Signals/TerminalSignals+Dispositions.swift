#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSignals {
  /// Puts back what the handled signals did, as read by `currentDispositions()`: ncurses
  /// installs handlers of its own when it starts, and a terminal that fails to start (or
  /// that handles no signals) takes them back with this. A signal handed over meanwhile
  /// (`handOver(_:to:)`) keeps its new handler.
  package static func restore(_ dispositions: [Int32: sigaction]) {
    for (signal, action) in dispositions where !isHandedOver(signal) {
      var action = action
      sigaction(signal, &action, nil)
    }
  }
}
