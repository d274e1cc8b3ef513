import Synchronization

/// Parses a document in slices, so a large file can load behind a progress bar, be
/// cancelled, and show its first items before the rest is parsed.
///
/// Drive it from a background task; every method is safe to call from any thread (a mutex
/// guards the parser, and the progress counters are atomic):
///
/// ```swift
/// let parser = JSONProgressiveParser(bytes: try JSONBytes.contentsOfFile(path))
/// while try !parser.advance(byteBudget: 4 << 20) {
///   report(parser.bytesConsumed, of: parser.totalByteCount)   // progress bar
///   if let first = parser.preview(maximumChildren: 200) { show(first) }
/// }
/// let document = try parser.document()
/// ```
///
/// ``cancel()`` (for `q` or Ctrl-C) makes the next ``advance(byteBudget:)`` throw
/// `CancellationError` and frees the partial tape.
public final class JSONProgressiveParser: Sendable {
  /// Where loading stands.
  private enum State {
    case parsing(JSONParser)
    /// ``document()`` handed the result over.
    case taken
    /// Cancelled, or stopped at a syntax error.
    case stopped
  }

  private let state: Mutex<State>
  private let consumed = Atomic<Int>(0)
  private let cancelled = Atomic<Bool>(false)
  /// Size of the whole input in bytes.
  public let totalByteCount: Int

  /// Prepares to parse `bytes`; no parsing happens until ``advance(byteBudget:)``.
  public init(bytes: JSONBytes, options: JSONParseOptions = JSONParseOptions()) {
    totalByteCount = bytes.count
    state = Mutex(.parsing(JSONParser(bytes: bytes, mode: options.mode)))
  }

  /// Bytes parsed so far (readable from any thread while another one parses).
  public var bytesConsumed: Int { consumed.load(ordering: .relaxed) }

  /// Parsed fraction of the input, from 0 to 1.
  public var fractionCompleted: Double {
    totalByteCount == 0 ? 1 : min(1, Double(bytesConsumed) / Double(totalByteCount))
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  /// Stops parsing: the next ``advance(byteBudget:)`` or ``document()`` throws
  /// `CancellationError` and the partial tape is freed. Safe from any thread, also while a
  /// slice is being parsed (that slice finishes first).
  public func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  /// Parses about `byteBudget` more bytes (stopping between values). Returns whether the
  /// whole input is parsed.
  ///
  /// - Throws: ``JSONSyntaxError`` for invalid input, `CancellationError` after
  ///   ``cancel()`` (or after an error was already thrown).
  public func advance(byteBudget: Int) throws -> Bool {
    try state.withLock { state throws -> Bool in
      guard case .parsing(let parser) = state else {
        if case .taken = state { return true }
        throw CancellationError()
      }
      if isCancelled {
        state = .stopped
        throw CancellationError()
      }
      let limit = parser.position > Int.max - byteBudget ? Int.max : parser.position + max(byteBudget, 1)
      do throws(ParseFailure) {
        let isFinished = try parser.parse(upTo: limit)
        consumed.store(isFinished ? totalByteCount : parser.position, ordering: .relaxed)
        return isFinished
      } catch {
        state = .stopped
        throw JSONSyntaxError(error, in: parser.storage.original)
      }
    }
  }

  /// The parsed document, parsing whatever is left first. Call it once: the parser hands
  /// its tape over (so the document can be edited without a copy).
  public func document() throws -> JSONDocument {
    while try !advance(byteBudget: 64 << 20) {}
    return try state.withLock { state throws -> JSONDocument in
      guard case .parsing(let parser) = state else {
        if case .taken = state { preconditionFailure("JSONProgressiveParser.document() can be called only once") }
        throw CancellationError()
      }
      state = .taken
      parser.storage.words.shrinkToFit()
      return JSONDocument(storage: parser.storage)
    }
  }

  /// A display-only document with the children of the root that are already complete (at
  /// most `maximumChildren`), or nil while not even the first is. For JSON Lines, the
  /// complete records; for a scalar root, the scalar once parsed.
  ///
  /// The preview is a copy: it stays valid while parsing goes on. It is
  /// ``JSONDocument/isPartial``: it cannot be edited, and it does not serialize.
  public func preview(maximumChildren: Int) -> JSONDocument? {
    state.withLock { state -> JSONDocument? in
      guard case .parsing(let parser) = state else { return nil }
      return parser.preview(maximumChildren: maximumChildren).map { JSONDocument(storage: $0) }
    }
  }
}
