#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine a benchmark runs on, for the header of its figures.
package enum Machine {
  /// The hardware name (`uname -m`: `x86_64`, `aarch64`).
  package static var hardwareName: String {
    var names = utsname()
    uname(&names)
    return withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
  }

  /// The one-minute load average, when the system tells it.
  package static var loadAverage: Double? {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? loads[0] : nil
  }

  /// Waits `microseconds` on the calling thread.
  package static func sleep(microseconds: Int) {
    usleep(useconds_t(microseconds))
  }

  /// Writes out what the C library's buffered streams hold (`print`'s output).
  package static func flushStandardStreams() {
    fflush(nil)
  }
}
