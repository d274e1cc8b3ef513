#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This process's environment variables, read through one wrapper (`getenv`).
package enum Environment {
  /// The value of `name`, or `nil` when it is not set.
  package static func value(of name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
