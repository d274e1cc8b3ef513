import Synchronization
import TGridSystem

/// A fragment of a text parsed ahead on a second thread (internal).
///
/// The parser of the whole text is one pass whose state at any byte depends on every byte
/// before it, so the second half cannot be parsed on its own: but its state at a chosen
/// byte can be guessed. A value that follows `,` and starts with `{` or `[` can only be an
/// element of an array (a key would be a string), so a fragment parser starting there
/// needs nothing from before it except that the guess is right; likewise a `{` or `[`
/// after a line break, for the top-level values of JSON Lines. The fragment parses to the
/// end of that array (or of the input) into a tape of its own. Tape words hold absolute
/// byte offsets and relative sizes, so its words are the very words the whole-text parser
/// would write there.
///
/// Whether the guess was right is known when the whole-text parser reaches the byte: it
/// then stands exactly there, expecting a value, in an array after a `,` (or at the top
/// level). Only then does it take the fragment's tape; otherwise (the byte was inside a
/// string, the fragment met a syntax error, or anything else) the fragment is thrown away
/// and the parser goes on alone. So the result and every error are the serial parser's,
/// byte for byte; a wrong guess only costs the second core's time.
///
/// Thread safety: after ``start(parsing:mode:role:at:)`` only the worker thread touches
/// the fragment parser, until ``finishedFragment()`` or ``discard()`` joins the thread
/// (the join orders the worker's writes before the caller's reads); the cancel flag
/// is atomic. The bytes are immutable and shared.
final class ParallelSpeculation: @unchecked Sendable {
  /// Byte offset where the fragment starts.
  let start: Int
  /// What the fragment assumes stands at ``start``.
  let role: JSONParser.Role
  /// The fragment's parser: the worker's until the thread is joined.
  private let fragment: JSONParser
  private let cancelled = Atomic<Bool>(false)
  /// Written by the worker before it exits, read after the join.
  private var succeeded = false
  private var worker: WorkerThread?

  /// Texts smaller than this are parsed on one thread (a thread costs ~50 µs to start).
  static let minimumByteCount = 4 << 20
  /// How far past the middle the start may be looked for.
  static let searchDistance = 1 << 20

  private init(fragment: JSONParser, start: Int, role: JSONParser.Role) {
    self.fragment = fragment
    self.start = start
    self.role = role
  }

  /// Where a fragment of `bytes` (parsed from `position` on by the caller) should start:
  /// the first `{` or `[` at or after the middle of what is left that follows a `,` (an
  /// array element) or a line break after a complete value (a top-level value), with only
  /// whitespace between.
  /// Nil for small texts, on one core, or when none is found near the middle.
  static func chooseStart(
    in bytes: JSONBytes, from position: Int, mode: JSONTextMode, minimumByteCount: Int = minimumByteCount
  ) -> (Int, JSONParser.Role)? {
    let count = bytes.count
    guard count - position >= max(minimumByteCount, 2), processorCount >= 2 else { return nil }
    let base = bytes.base
    // Half each, also for a caller that keeps values: it copies the fragment's tape after
    // both halves (about 0.6 ms per MB of text with its page faults), but on both cores
    // (`TapeWordCopy`). When it took 44 % (from before the copy was shared), it waited for
    // the fragment about a tenth of the load: key to the whole 100 MB document 1.57x
    // `tgrid check`'s wall with 44 %, 1.46x with half, 1.48x with 52 %.
    let middle = position + (count - position) / 2
    var index = middle
    let limit = min(count - 1, middle + searchDistance)
    while index < limit {
      let byte = base[index]
      if byte == 0x2C || byte == 0x0A {
        let next = JSONScanner.skipWhitespace(base, index + 1, count)
        if next < count && (base[next] == 0x7B || base[next] == 0x5B) {
          if byte == 0x2C { return (index + 1, .arrayElements) }
          if mode != .json && !followsSeparatorOrOpening(base, index, from: position) {
            return (next, .topLevelValues)
          }
        }
        // Only whitespace lies before `next`: any line break in it ends the same way. Going
        // on byte by byte made a long run of them quadratic (3 MB of line breaks in the
        // middle of a file: `tgrid check` ran past 20 s).
        index = max(index + 1, next)
        continue
      }
      index += 1
    }
    return nil
  }

  /// Whether the line break at `index` comes after a `,`, `:`, `[` or `{` (whitespace
  /// between): inside a container, where no top-level value can start. A pretty-printed
  /// array's `,` line break `{` otherwise passes for a JSON Lines boundary when the middle
  /// falls on the line break, and the fragment, started as a top-level value, is thrown
  /// away (the whole text then parsed on one thread).
  private static func followsSeparatorOrOpening(_ base: UnsafePointer<UInt8>, _ index: Int, from start: Int) -> Bool {
    var before = index - 1
    while before >= start, JSONScanner.isWhitespace(base[before]) { before -= 1 }
    guard before >= start else { return false }
    switch base[before] {
    case 0x2C, 0x3A, 0x5B, 0x7B: return true
    default: return false
    }
  }

  /// Number of cores online.
  static var processorCount: Int { ProcessIdentity.processorCount }

  /// Starts `fragment` (a parser made with `JSONParser(fragmentOf:…)` for `role` at
  /// `start`) on a new thread; nil if no thread could be started.
  static func start(_ fragment: JSONParser, role: JSONParser.Role, at start: Int) -> ParallelSpeculation? {
    let speculation = ParallelSpeculation(fragment: fragment, start: start, role: role)
    guard let worker = WorkerThread.start({ speculation.run() }) else { return nil }
    speculation.worker = worker
    return speculation
  }

  /// The worker thread's body.
  private func run() {
    succeeded = fragment.parseFragment(isCancelled: { cancelled.load(ordering: .relaxed) })
  }

  /// Waits for the worker; returns the fragment's parser if it ended cleanly.
  func finishedFragment() -> JSONParser? {
    join()
    return succeeded ? fragment : nil
  }

  /// Stops the worker at its next slice and waits for it.
  func discard() {
    cancelled.store(true, ordering: .relaxed)
    join()
  }

  private func join() {
    worker?.join()
    worker = nil
  }
}
