import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's line discipline settings (`termios`): what the shell left, or what a
/// full-screen program runs in. swift-system has no terminal control, so this wraps it.
package struct TerminalModes {
  /// The C settings; the signal-safe restore code in this module writes them back as they are.
  var settings: termios

  /// The modes `descriptor` is in now, or `nil` when it is not a terminal.
  package static func current(of descriptor: FileDescriptor) -> TerminalModes? {
    guard descriptor.isTerminal else { return nil }
    var settings = termios()
    guard tcgetattr(descriptor.rawValue, &settings) == 0 else { return nil }
    return TerminalModes(settings: settings)
  }

  /// These modes for a full-screen program that reads keys itself: flow control (Ctrl-S,
  /// Ctrl-Q), literal-next (Ctrl-V) and the signal keys (Ctrl-C, Ctrl-Z, Ctrl-\\) off, so
  /// every key reaches the program as a key. With `ISIG` on, the line discipline turns those
  /// bytes into signals wherever they come from, a bracketed paste included: a pasted 0x03
  /// would end the program. The program gives the keys their meaning instead (Ctrl-C cancels
  /// or quits, Ctrl-Z suspends; see `NcursesTerminal`).
  package func forFullScreenProgram() -> TerminalModes {
    var modes = self
    modes.settings.c_iflag &= ~tcflag_t(IXON)
    modes.settings.c_lflag &= ~tcflag_t(IEXTEN | ISIG)
    return modes
  }

  /// Puts the modes in force on `descriptor`: at once, or after the output already written
  /// has gone out (`TCSADRAIN`), so a last frame is not cut short.
  @discardableResult
  package func apply(to descriptor: FileDescriptor, afterPendingOutput: Bool = false) -> Bool {
    var settings = settings
    return tcsetattr(descriptor.rawValue, afterPendingOutput ? TCSADRAIN : TCSANOW, &settings) == 0
  }
}

/// The terminal device itself: opening it, and its window size.
package enum TerminalDevice {
  /// Opens a terminal device (`/dev/tty`, or a pseudo-terminal) for reading and writing,
  /// without making it the controlling terminal and closed in child processes.
  package static func open(_ path: String) throws(Errno) -> FileDescriptor {
    do {
      return try FileDescriptor.open(
        FilePath(path), .readWrite, options: [.closeOnExec, FileDescriptor.OpenOptions(rawValue: O_NOCTTY)])
    } catch let error as Errno {
      throw error
    } catch {
      throw Errno.ioError
    }
  }

  /// The window size the terminal reports (`TIOCGWINSZ`), or `nil` when it reports none.
  package static func windowSize(of descriptor: FileDescriptor) -> (columns: Int, rows: Int)? {
    var window = winsize()
    guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
      return nil
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }
}
