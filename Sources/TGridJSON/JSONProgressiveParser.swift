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
  private let parser: Mutex<JSONParser?>
  private let consumed = Atomic<Int>(0)
  private let cancelled = Atomic<Bool>(false)
  /// Size of the whole input in bytes.
  public let totalByteCount: Int

  /// Prepares to parse `bytes`; no parsing happens until ``advance(byteBudget:)``.
  public init(bytes: JSONBytes, options: JSONParseOptions = JSONParseOptions()) {
    totalByteCount = bytes.count
    parser = Mutex(JSONParser(bytes: bytes, mode: options.mode))
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
  /// `CancellationError`. Safe from any thread, also while a slice is being parsed.
  public func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  /// Parses about `byteBudget` more bytes (stopping between values). Returns whether the
  /// whole input is parsed.
  ///
  /// - Throws: ``JSONSyntaxError`` for invalid input, `CancellationError` after
  ///   ``cancel()``.
  public func advance(byteBudget: Int) throws -> Bool {
    try parser.withLock { parser throws -> Bool in
      guard let current = parser else { throw CancellationError() }
      if isCancelled {
        parser = nil
        throw CancellationError()
      }
      let limit = current.position > Int.max - byteBudget ? Int.max : current.position + max(byteBudget, 1)
      do throws(ParseFailure) {
        let isFinished = try current.parse(upTo: limit)
        consumed.store(isFinished ? totalByteCount : current.position, ordering: .relaxed)
        return isFinished
      } catch {
        parser = nil
        throw JSONSyntaxError(error, in: current.storage.original)
      }
    }
  }

  /// The parsed document, parsing whatever is left first.
  public func document() throws -> JSONDocument {
    while try !advance(byteBudget: 64 << 20) {}
    return try parser.withLock { parser throws -> JSONDocument in
      guard let current = parser else { throw CancellationError() }
      current.storage.words.shrinkToFit()
      return JSONDocument(storage: current.storage)
    }
  }

  /// A display-only document with the children of the root that are already complete (at
  /// most `maximumChildren`), or nil while not even the first is. For JSON Lines, the
  /// complete records; for a scalar root, the scalar once parsed.
  ///
  /// The preview is a copy: it stays valid while parsing goes on. It is
  /// ``JSONDocument/isPartial``: it cannot be edited, and it does not serialize.
  public func preview(maximumChildren: Int) -> JSONDocument? {
    parser.withLock { parser -> JSONDocument? in
      guard let current = parser else { return nil }
      return current.preview(maximumChildren: maximumChildren).map { JSONDocument(storage: $0) }
    }
  }
}

extension JSONParser {
  /// A copy of the tape holding the root's complete children (see
  /// ``JSONProgressiveParser/preview(maximumChildren:)``).
  func preview(maximumChildren: Int) -> JSONStorage? {
    let words = storage.words
    let showsRecords = mode == .lines || topLevelCount > 1
    let container = showsRecords ? 0 : 2
    guard words.count > container else { return nil }
    var taken = 0
    var end = container + 1
    let isScalarRoot = !showsRecords && !TapeWord.isContainer(words.pointer[2])
    if !isScalarRoot {
      end = container + 2
      while taken < maximumChildren && end < words.count {
        if TapeWord.isContainer(words.pointer[end]) {
          // A container's size is written when it closes: 0 means still open.
          let delta = end + 1 < words.count ? TapeWord.endDelta(ofInfo: words.pointer[end + 1]) : 0
          guard delta != 0 else { break }
          end += delta
        } else {
          end += 1
        }
        taken += 1
      }
      let isCompleteEmptyRoot = !showsRecords && TapeWord.endDelta(ofInfo: words.pointer[3]) == 2
      guard taken > 0 || isCompleteEmptyRoot else { return nil }
    }
    let copy = JSONStorage(original: storage.original, wordCapacity: end)
    copy.words.append(contentsOf: UnsafeBufferPointer(start: words.pointer, count: end))
    if !isScalarRoot && container == 2 {
      copy.words.pointer[3] = TapeWord.info(endDelta: end - 2, childCount: taken)
    }
    copy.words.pointer[1] = TapeWord.info(endDelta: end, childCount: showsRecords ? taken : 1)
    copy.longKeyOffsets = storage.longKeyOffsets.filter { Int($0.key) < end }
    copy.containerCount = JSONStorage.containers(in: Array(copy.words.elements[2...])) + 1
    copy.isLines = showsRecords
    copy.hasByteOrderMark = storage.hasByteOrderMark
    copy.isPartial = true
    copy.pieces = []
    return copy
  }
}
