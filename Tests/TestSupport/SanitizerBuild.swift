#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which sanitizer, if any, the tests (and the binaries built with them) run under:
/// `swift test --sanitize=address` or `--sanitize=thread`.
///
/// A sanitizer changes a few things tests look at: a deliberate crash is reported by the
/// sanitizer's runtime, which ends the process with its own exit status instead of the
/// signal's, and instrumented code runs several times slower. Tests about those things ask
/// here and adapt; everything else is tested the same way.
public enum SanitizerBuild {
  /// AddressSanitizer's runtime is linked in.
  public static let isAddress = hasSymbol("__asan_init")
  /// ThreadSanitizer's runtime is linked in.
  public static let isThread = hasSymbol("__tsan_init")
  /// UndefinedBehaviorSanitizer's runtime is linked in (alone or with another one).
  public static let isUndefined = hasSymbol("__ubsan_handle_add_overflow")

  /// Some sanitizer's runtime is linked in.
  public static var isActive: Bool { isAddress || isThread || isUndefined }

  /// How many times slower than a plain debug build to allow for (instrumented code, and
  /// for the thread sanitizer every memory access checked).
  public static var slowdown: Int { isThread ? 8 : (isAddress ? 3 : 1) }

  /// How many samples a test that samples (random documents, offsets, seeds) takes:
  /// `plain` in a plain build, `address` under AddressSanitizer, `thread` under
  /// ThreadSanitizer. The plain run keeps the whole sweep; the address run samples enough
  /// to reach every unsafe path; the thread run, where every access is checked and a test
  /// without threads of its own has nothing to report, samples least.
  public static func samples(_ plain: Int, address: Int, thread: Int) -> Int {
    isThread ? thread : (isAddress || isUndefined ? address : plain)
  }

  /// A short description for messages: "address sanitizer", "thread sanitizer" or "no sanitizer".
  public static var name: String {
    isAddress
      ? "address sanitizer"
      : (isThread ? "thread sanitizer" : (isUndefined ? "undefined-behaviour sanitizer" : "no sanitizer"))
  }

  /// Whether a process that ended with `status` (an exit code, or 128 + a signal) ended
  /// as `signal` would end it: by that signal, or, under a sanitizer, the way the
  /// sanitizer's runtime ends a crash: with a report and an exit code of its own (1 for
  /// AddressSanitizer and UBSan, 66 for ThreadSanitizer), or aborting (SIGABRT), or
  /// crashing itself (SIGSEGV) while the Swift backtracer runs inside the crashed process,
  /// which ThreadSanitizer's runtime does not survive.
  public static func isEnd(bySignal signal: Int32, status: Int32?) -> Bool {
    guard let status else { return false }
    if status == 128 + signal { return true }
    guard isActive else { return false }
    return status == 1 || status == 66 || status == 128 + SIGABRT || status == 128 + SIGSEGV
  }

  private static func hasSymbol(_ name: String) -> Bool {
    // RTLD_DEFAULT is the null handle on glibc.
    dlsym(nil, name) != nil
  }
}
