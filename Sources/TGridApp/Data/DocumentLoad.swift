import Dispatch
import Synchronization
import TGridJSON
import TermGrid

/// Reads and parses a document on a background queue, so the terminal stays responsive.
///
/// The background work never touches the UI: after each slice it records its progress and
/// wakes the run loop (``waker``), whose thread then looks at ``phase`` and ``preview``
/// and shows what is new. Before there is a run loop, ``waitForFirstScreen(children:milliseconds:)``
/// blocks until the first screenful is parsed, the load ends, or time is up — woken by the
/// same progress, never by polling.
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

    /// Whether the load still runs.
    var isRunning: Bool {
      switch self {
      case .reading, .parsing: true
      default: false
      }
    }
  }

  /// The name shown for the document.
  let name: String
  /// The file read, or `nil` for standard input.
  let path: String?
  private let options: JSONParseOptions
  private let state = Locked<Phase>(.reading)
  private let parser = Locked<JSONProgressiveParser?>(nil)
  private let readCount = Atomic<Int>(0)
  /// The latest preview, made on the loading thread between slices (asking the parser for
  /// one from another thread would wait for the slice under way).
  private let latestPreview = Locked<JSONDocument?>(nil)
  private let cancelled = Atomic<Bool>(false)
  /// Who is told of progress: the run loop's waker, once there is one.
  private let wakerBox = Locked<RunLoopWaker?>(nil)
  /// Signalled after every slice, for ``waitForFirstScreen(children:milliseconds:)``.
  private let progressed = DispatchSemaphore(value: 0)
  /// When loading started, in milliseconds.
  let startedAt: Int

  /// Bytes parsed per slice: small enough that progress and cancellation feel immediate.
  static let sliceBytes = 4 << 20
  /// Children a preview holds: enough to scroll through while the rest loads.
  static let previewChildren = 2_000
  /// Bytes parsed in the first slice: a screenful of values or more.
  static let firstSliceBytes = 128 << 10

  /// Prepares to load `path` (`nil` or `-` for standard input).
  init(path: String?, name: String, options: JSONParseOptions) {
    self.path = path == "-" ? nil : path
    self.name = name
    self.options = options
    startedAt = MonotonicClock.milliseconds()
  }

  /// The waker to call after each slice (the run loop's).
  var waker: RunLoopWaker? {
    get { wakerBox.withLock { $0 } }
    set {
      wakerBox.withLock { $0 = newValue }
      newValue?.wake()
    }
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
        bytes = try JSONBytes.standardInput { [self] count in
          readCount.store(count, ordering: .relaxed)
          notify()
        }
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
      // A small first slice: the first screenful is parsed (and shown) at once, whatever
      // the file's size.
      var budget = Self.firstSliceBytes
      var previewed = 0
      while try !progressive.advance(byteBudget: budget) {
        if previewed < Self.previewChildren, let preview = progressive.preview(maximumChildren: Self.previewChildren) {
          previewed = Self.childCount(of: preview)
          latestPreview.withLock { $0 = preview }
        }
        notify()
        budget = Self.sliceBytes
      }
      finish(.finished(try progressive.document()))
    } catch let error as JSONSyntaxError {
      finish(.failed(LoadFailure(message: DocumentLoader.syntaxMessage(error, name: name), exitCode: 1)))
    } catch {
      finish(.cancelled)
    }
  }

  /// Tells whoever waits that there is progress.
  private func notify() {
    progressed.signal()
    waker?.wake()
  }

  private func finish(_ phase: Phase) {
    state.withLock { current in
      if case .cancelled = current { return }
      current = phase
    }
    parser.withLock { $0 = nil }
    latestPreview.withLock { $0 = nil }
    notify()
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

  /// A read-only document of the root's first children complete so far (up to
  /// ``previewChildren``), made between slices.
  var preview: JSONDocument? {
    latestPreview.withLock { $0 }
  }

  /// Blocks until the load ended, or a preview holds at least `children` of the root's
  /// children (a screenful), or `milliseconds` passed. Returns whether the load ended.
  ///
  /// Woken by each slice of progress; nothing polls.
  func waitForFirstScreen(children: Int, milliseconds: Int) -> Bool {
    let deadline = DispatchTime.now() + .milliseconds(milliseconds)
    while true {
      if !phase.isRunning { return true }
      if let preview, Self.childCount(of: preview) >= children { return false }
      if progressed.wait(timeout: deadline) == .timedOut { return !phase.isRunning }
    }
  }

  /// How many values a preview shows at its root (1 for a scalar).
  static func childCount(of document: JSONDocument) -> Int {
    document.kind(of: document.root).isContainer ? document.childCount(of: document.root) : 1
  }
}
