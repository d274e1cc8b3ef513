#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the C library says about an error number, for messages shown to people.
public enum SystemErrorMessage {
  /// `strerror`'s text for `code` ("No such file or directory"), or "error CODE" when it
  /// has none.
  public static func text(for code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }
}
