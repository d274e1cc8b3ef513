import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization
import TGridJSON
import TermGrid

/// Reads and parses a document on a background queue, so the terminal stays responsive:
/// the UI reads the progress, shows the first items as soon as they are complete, and can
/// cancel.
final class DocumentLoad: Sendable {
  /// Where the load stands.
  enum Phase: Sendable {
    /// Reading standard input (its size is not known in advance).
    case reading
    /// Parsing, with a known total.
    case parsing
    /// Done.
    case finished(JSONDocument)
    /// The input could not be read or is not valid JSON.
    case failed(LoadFailure)
    /// Stopped by the user.
    case cancelled
  }

  /// The name shown for the document.
  let name: String
  /// The file read, or `nil` for standard input.
  let path: String?
  private let options: JSONParseOptions
  private let state = Mutex<Phase>(.reading)
  private let parser = Mutex<JSONProgressiveParser?>(nil)
  private let readCount = Atomic<Int>(0)
  private let cancelled = Atomic<Bool>(false)
  /// When loading started, in milliseconds.
  let startedAt: Int

  /// Bytes parsed per slice: small enough that progress and cancellation feel immediate.
  static let sliceBytes = 4 << 20

  /// Prepares to load `path` (`nil` or `-` for standard input).
  init(path: String?, name: String, options: JSONParseOptions) {
    self.path = path == "-" ? nil : path
    self.name = name
    self.options = options
    startedAt = MonotonicClock.milliseconds()
  }

  /// Starts loading on a background queue.
  func start() {
    DispatchQueue.global(qos: .userInitiated).async { [self] in run() }
  }

  private func run() {
    let bytes: JSONBytes
    do {
      if let path {
        bytes = try JSONBytes.contentsOfFile(path)
      } else {
        // A pipe's size is unknown: report what has arrived, for the progress screen.
        bytes = try JSONBytes.standardInput { [self] count in readCount.store(count, ordering: .relaxed) }
      }
    } catch {
      finish(.failed(LoadFailure(message: "tgrid: \(error)", exitCode: 2)))
      return
    }
    readCount.store(bytes.count, ordering: .relaxed)
    let progressive = JSONProgressiveParser(bytes: bytes, options: options)
    parser.withLock { $0 = progressive }
    state.withLock { if case .reading = $0 { $0 = .parsing } }
    if cancelled.load(ordering: .relaxed) { progressive.cancel() }
    do {
      while try !progressive.advance(byteBudget: Self.sliceBytes) {}
      finish(.finished(try progressive.document()))
    } catch let error as JSONSyntaxError {
      finish(.failed(LoadFailure(message: DocumentLoader.syntaxMessage(error, name: name), exitCode: 1)))
    } catch {
      finish(.cancelled)
    }
  }

  private func finish(_ phase: Phase) {
    state.withLock { current in
      if case .cancelled = current { return }
      current = phase
    }
    parser.withLock { $0 = nil }
  }

  /// Stops loading; the phase becomes `.cancelled`.
  func cancel() {
    cancelled.store(true, ordering: .relaxed)
    parser.withLock { $0?.cancel() }
    state.withLock { current in
      switch current {
      case .finished, .failed: break
      default: current = .cancelled
      }
    }
  }

  /// The current phase.
  var phase: Phase { state.withLock { $0 } }

  /// Bytes parsed so far and the total (`nil` while reading standard input).
  var progress: (done: Int, total: Int?) {
    if let parser = parser.withLock({ $0 }) { return (parser.bytesConsumed, parser.totalByteCount) }
    if case .finished(let document) = phase { return (document.originalByteCount, document.originalByteCount) }
    return (readCount.load(ordering: .relaxed), nil)
  }

  /// A read-only document of the root's children complete so far (at most `limit`).
  func preview(maximumChildren limit: Int) -> JSONDocument? {
    parser.withLock { $0 }?.preview(maximumChildren: limit)
  }

  /// Waits up to `milliseconds` for the load to end; true when it has.
  func wait(milliseconds: Int) -> Bool {
    let deadline = MonotonicClock.milliseconds() + milliseconds
    while MonotonicClock.milliseconds() < deadline {
      switch phase {
      case .finished, .failed, .cancelled: return true
      default: usleep(2_000)
      }
    }
    return false
  }
}
