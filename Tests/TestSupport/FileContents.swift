#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading whole files in tests without Foundation.
///
/// Foundation's `FileManager.contents(atPath:)` and `String(contentsOfFile:)` (the
/// toolchain's swift-foundation, Swift 6.3) leak a 4 KiB buffer on every read of a file
/// whose size is reported as 0: an empty file, and everything in `/proc`. LeakSanitizer
/// reports each one (`swift test --sanitize=address`), so tests read such files here.
public enum FileContents {
  /// The bytes of the file at `path`, read until its end; nil when it cannot be opened or read.
  public static func bytes(atPath path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }

  /// The file at `path` as UTF-8 text (invalid bytes replaced); nil when it cannot be read.
  public static func text(atPath path: String) -> String? {
    bytes(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }
}
