#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the calling thread can do to itself.
public enum CurrentThread {
  /// Blocks the calling thread for about `milliseconds` (never the run loop's thread: it
  /// would stop answering keys).
  public static func sleep(milliseconds: Int) {
    usleep(useconds_t(milliseconds) * 1000)
  }
}
