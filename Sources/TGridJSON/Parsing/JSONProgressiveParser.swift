import Synchronization
import TGridSystem
import TermGridPlatform

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

  private let state: Locked<State>
  private let consumed = Atomic<Int>(0)
  /// Whether ``summary()`` found that a fragment parsed on a second thread was taken.
  private let fragmentTaken = Atomic<Bool>(false)
  /// Whether ``summary()`` took a fragment parsed on a second thread (tests check it).
  var tookFragment: Bool { fragmentTaken.load(ordering: .relaxed) }
  private let cancelled = Atomic<Bool>(false)
  private let total: Atomic<Int>
  /// Callers waiting to look at the parser (previews): the parsing thread lets them in
  /// before its next slice, since a pthread mutex taken again at once by the thread that
  /// just released it would starve them for the whole load.
  private let readersWaiting = Atomic<Int>(0)
  /// The stream being read, for a parser made with ``init(streamingUpTo:options:)``
  /// (only touched under the `state` lock).
  private let stream: StreamInput?

  /// Size of the whole input in bytes; for a stream, the bytes received so far.
  public var totalByteCount: Int { total.load(ordering: .relaxed) }

  /// Prepares to parse `bytes`; no parsing happens until ``advance(byteBudget:)``.
  ///
  /// - Parameter keepsValues: false to validate and count only (``summary()``; there is no
  ///   ``document()`` and no ``preview(maximumChildren:)``): the values' tape words are
  ///   dropped as parsing goes, so memory is the input and the nesting, not 8 bytes a
  ///   value. It parses on one thread.
  public init(bytes: JSONBytes, options: JSONParseOptions = JSONParseOptions(), keepsValues: Bool = true) {
    total = Atomic(bytes.count)
    let parser = JSONParser(bytes: bytes, mode: options.mode)
    if !options.allowsSecondThread { parser.parallelism = .serial }
    parser.dropsFinishedValues = !keepsValues
    self.keepsValues = keepsValues
    state = Locked(.parsing(parser))
    stream = nil
    mapped = nil
    self.options = options
  }

  /// Whether the values are kept for ``document()`` (else only ``summary()`` is made).
  public let keepsValues: Bool

  /// The largest stream accepted by default (4 GiB): standard input, pipes and devices have
  /// no size to check in advance, and `/dev/zero` never ends.
  public static let defaultMaximumStreamByteCount = 4 << 30

  /// Prepares to parse a stream whose bytes arrive in chunks (standard input, a pipe, a
  /// device): feed it with ``append(_:)`` or ``read(fromFileDescriptor:path:)``, and each
  /// ``advance(byteBudget:)`` parses what has arrived, so an error in the first bytes is
  /// reported at once, and ``preview(maximumChildren:)`` shows the first values while the
  /// stream goes on. ``endOfInput()`` says no more will come; ``document()`` says it too.
  ///
  /// - Parameter maximum: Bytes accepted in all (address space for them is reserved, and
  ///   memory is used only for the bytes received); more throws
  ///   ``JSONInputError/tooLarge(path:limit:)``.
  ///   - keepsValues: As for ``init(bytes:options:keepsValues:)`` (the stream's bytes are
  ///     kept either way).
  public init(
    streamingUpTo maximum: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
    options: JSONParseOptions = JSONParseOptions(),
    keepsValues: Bool = true
  ) {
    let buffer = StreamBuffer(capacity: max(maximum, 0)) ?? StreamBuffer(capacity: 1 << 20)
    let input = buffer.map { StreamInput(buffer: $0) }
    stream = input
    total = Atomic(0)
    let parser = JSONParser(bytes: input?.buffer.view() ?? JSONBytes([]), mode: options.mode, isStreaming: input != nil)
    // A stream that only counts is parsed as it arrives, on this thread.
    if !keepsValues { parser.parallelism = .serial }
    parser.dropsFinishedValues = !keepsValues
    self.keepsValues = keepsValues
    state = Locked(.parsing(parser))
    mapped = nil
    self.options = options
  }

  /// A parser that keeps no values, of a regular file read ahead on another thread (see
  /// ``FileReadAhead``); nil when that cannot start (the caller reads the file whole).
  private init?(
    readingAhead descriptor: Int32, path: String, status: FileInfo, options: JSONParseOptions, tuning: ReadAheadTuning
  ) {
    guard
      let reader = FileReadAhead(
        descriptor: descriptor, path: path, status: status, readAt: JSONSourceFile.now(), chunkSize: tuning.chunkSize,
        window: tuning.window)
    else { return nil }
    let input = StreamInput(buffer: reader.buffer)
    input.readAhead = (reader, path, 1, tuning)
    stream = input
    total = Atomic(0)
    keepsValues = false
    mapped = nil
    state = Locked(.parsing(JSONProgressiveParser.readAheadParser(input, options: options, tuning: tuning)))
    self.options = options
  }

  /// A parser that keeps no values, of a regular file mapped into memory: the pages it has
  /// parsed leave the process's memory as it goes (``JSONBytes/releaseMappedPages(_:)``),
  /// and with a second thread allowed, a fragment of the second half is parsed ahead on
  /// it (see ``ParallelSpeculation``). ``summary()`` checks the file afterwards and starts
  /// over if it changed meanwhile.
  private init(
    mapping bytes: JSONBytes, path: String, maximumByteCount: Int, options: JSONParseOptions, tuning: ReadAheadTuning
  ) {
    total = Atomic(bytes.count)
    keepsValues = false
    stream = nil
    self.options = options
    mapped = (path, maximumByteCount, tuning)
    state = Locked(.parsing(JSONProgressiveParser.mappedParser(bytes, options: options, tuning: tuning)))
  }

  /// The parser of a mapped file: values and parsed input dropped.
  private static func mappedParser(_ bytes: JSONBytes, options: JSONParseOptions, tuning: ReadAheadTuning) -> JSONParser
  {
    let parser = JSONParser(bytes: bytes, mode: options.mode)
    parser.parallelism =
      options.allowsSecondThread ? .automatic(minimumByteCount: tuning.fragmentMinimumByteCount) : .serial
    parser.dropsFinishedValues = true
    parser.releasesParsedPages = true
    parser.inputFloorStep = tuning.floorStep
    parser.slice = tuning.slice
    return parser
  }

  /// For a parser made with ``init(mapping:path:options:tuning:)``: the path, and how to map
  /// it again.
  private let mapped: (path: String, maximumByteCount: Int, tuning: ReadAheadTuning)?

  /// The parser of a file read ahead: values and parsed input dropped, streaming.
  private static func readAheadParser(_ input: StreamInput, options: JSONParseOptions, tuning: ReadAheadTuning)
    -> JSONParser
  {
    let parser = JSONParser(bytes: input.buffer.view(), mode: options.mode, isStreaming: true)
    // The reader is the second thread; the parse stays on this one.
    parser.parallelism = .serial
    parser.dropsFinishedValues = true
    parser.dropsParsedInput = true
    parser.inputFloorStep = tuning.floorStep
    return parser
  }

  /// Options given at creation (to start over on a file that changed while read ahead).
  private let options: JSONParseOptions

  /// Opens `path` for parsing (`-` for standard input): a regular file is read first (see
  /// ``JSONBytes/contentsOfFile(_:mapThreshold:)``); anything else (standard input, a
  /// pipe, a device) is a stream that ``readMore()`` reads chunk by chunk and
  /// ``advance(byteBudget:)`` parses as it arrives.
  ///
  /// ```swift
  /// let parser = try JSONProgressiveParser.open(path)
  /// while try parser.readMore() {                       // streams only
  ///   _ = try parser.advance(byteBudget: 4 << 20)       // errors show at once
  ///   report(parser.totalByteCount)                     // bytes received
  /// }
  /// while try !parser.advance(byteBudget: 4 << 20) { report(parser.bytesConsumed, of: parser.totalByteCount) }
  /// let document = try parser.document()
  /// ```
  ///
  /// - Parameters:
  ///   - maximum: The largest input accepted: a larger regular file, or a stream that goes
  ///     on past it, throws ``JSONInputError/tooLarge(path:limit:)``.
  ///   - keepsValues: false to validate and count only (see ``init(bytes:options:keepsValues:)``).
  ///     A regular file of 1 MiB or more is then not read whole first: it is mapped, and
  ///     the pages parsed leave the process's memory (memory is a window of the file);
  ///     with ``JSONParseOptions/allowsSecondThread``, a fragment of its second half is
  ///     parsed ahead on a second thread. ``summary()`` parses it, and checks it again if
  ///     it changed meanwhile. Where a file cannot be mapped, a second thread reads it a
  ///     window ahead while ``readMore()`` hands what has arrived to
  ///     ``advance(byteBudget:)``, and the bytes parsed are given back. Either way,
  ///     warnings and errors are the same as from the whole text.
  public static func open(
    _ path: String, options: JSONParseOptions = JSONParseOptions(),
    maximumByteCount maximum: Int = JSONProgressiveParser.defaultMaximumStreamByteCount, keepsValues: Bool = true
  ) throws(JSONInputError) -> JSONProgressiveParser {
    try open(path, options: options, maximumByteCount: maximum, keepsValues: keepsValues, readAhead: ReadAheadTuning())
  }

  /// When and how a regular file is read ahead on a second thread for a parser that keeps
  /// no values (internal; tests make it small).
  struct ReadAheadTuning {
    /// Files from this size on are read ahead (smaller ones are read whole first).
    var minimumByteCount = JSONProgressiveParser.readAheadMinimumByteCount
    var chunkSize = FileReadAhead.chunkSize
    var window = FileReadAhead.window
    /// Steps of the parser's input floor (bytes given back at a time).
    var floorStep = 1 << 20
    /// Whether the file is mapped rather than read ahead (read ahead when it cannot be).
    var mapsFile = true
    /// A mapped file from this size on is parsed with a fragment of its second half
    /// parsed ahead, when a second thread is allowed.
    var fragmentMinimumByteCount = ParallelSpeculation.minimumByteCount
    /// Bytes parsed between drops of values (see ``JSONParser/slice``).
    var slice = JSONParser.sliceSize
  }

  /// Regular files from this size on are read ahead when no values are kept.
  static let readAheadMinimumByteCount = 1 << 20

  static func open(
    _ path: String, options: JSONParseOptions, maximumByteCount maximum: Int, keepsValues: Bool,
    readAhead tuning: ReadAheadTuning
  ) throws(JSONInputError) -> JSONProgressiveParser {
    var descriptor = StandardStreams.input
    if path != "-" {
      do {
        descriptor = try SystemFile.open(path)
      } catch {
        throw JSONBytes.inputError(errno: error.code, path: path)
      }
      let status: FileInfo
      do {
        status = try SystemFile.status(of: descriptor)
      } catch {
        SystemFile.release(descriptor)
        throw JSONBytes.inputError(errno: error.code, path: path)
      }
      if status.kind == .directory {
        SystemFile.release(descriptor)
        throw JSONInputError.isDirectory(path: path)
      }
      if status.kind == .regular && status.size > 0 {
        guard status.size <= maximum else {
          SystemFile.release(descriptor)
          throw JSONInputError.tooLarge(path: path, limit: maximum)
        }
        // Validating only: the file is mapped, or read ahead so the read and the parse
        // overlap, and the parsed bytes are given back.
        if !keepsValues && status.size >= tuning.minimumByteCount && tuning.mapsFile,
          let bytes = JSONBytes.map(
            descriptor: descriptor, count: status.size,
            source: JSONSourceFile(path: path, status: status, readAt: JSONSourceFile.now()))
        {
          return JSONProgressiveParser(
            mapping: bytes, path: path, maximumByteCount: maximum, options: options, tuning: tuning)
        }
        if !keepsValues && status.size >= tuning.minimumByteCount,
          let parser = JSONProgressiveParser(
            readingAhead: descriptor, path: path, status: status, options: options, tuning: tuning)
        {
          return parser
        }
        SystemFile.release(descriptor)
        return JSONProgressiveParser(
          bytes: try JSONBytes.contentsOfFile(path), options: options, keepsValues: keepsValues)
      }
    } else if (try? SystemFile.status(of: descriptor)) == nil {
      throw JSONInputError.unreadable(path: path, reason: "standard input is closed")
    }
    let parser = JSONProgressiveParser(streamingUpTo: maximum, options: options, keepsValues: keepsValues)
    parser.stream?.source = (descriptor, path, path != "-")
    return parser
  }

  /// A preview of a large regular file made from its first `headByteCount` bytes alone, or
  /// nil when `path` is not a regular file larger than `minimumFileSize` (and at most
  /// `maximumFileSize`), cannot be read, or its head holds no complete child of the root yet.
  ///
  /// Reading a large file whole takes time before parsing can start (100 MB: 30–70 ms, a
  /// gigabyte: 200 ms); the first screen need not wait for it. The head is parsed as a
  /// stream that has not ended, so a value cut off at its end is left out, and the preview
  /// numbers its values as the whole file's parse will (the same bytes come first), so it
  /// can stand in for ``preview(maximumChildren:)`` until that has something to show.
  /// An error in the head is not reported here: the whole file's parse reports it.
  public static func previewOfHead(
    of path: String, headByteCount: Int = 1 << 20, minimumFileSize: Int = 4 << 20,
    maximumFileSize: Int = .max, maximumChildren: Int, options: JSONParseOptions = JSONParseOptions()
  ) -> JSONDocument? {
    guard path != "-", headByteCount > 0 else { return nil }
    guard let descriptor = try? SystemFile.open(path) else { return nil }
    defer { SystemFile.release(descriptor) }
    // A file over the limit is refused by the whole load: nothing of it shows first.
    guard let status = try? SystemFile.status(of: descriptor), status.kind == .regular,
      status.size > minimumFileSize, status.size <= maximumFileSize
    else { return nil }
    let head = JSONProgressiveParser(streamingUpTo: headByteCount, options: options)
    // Read as a stream that has not ended: the head's last value, cut off, is left out.
    while head.totalByteCount < headByteCount, (try? head.read(fromFileDescriptor: descriptor, path: path)) == true {}
    guard (try? head.advance(byteBudget: Int.max)) != nil else { return nil }
    return head.preview(maximumChildren: maximumChildren)
  }

  /// Reads the next chunk of the stream ``open(_:options:maximumByteCount:)`` opened.
  /// Returns false at its end (and for a regular file, which was read whole).
  public func readMore() throws(JSONInputError) -> Bool {
    if let stream, stream.readAhead != nil { return try takeReadAhead(stream) }
    guard let source = stream?.source, source.descriptor >= 0 else { return false }
    return try read(fromFileDescriptor: source.descriptor, path: source.path)
  }

  /// Waits for the next bytes of a file read ahead and hands them to the parser; false at
  /// the end. A file that changed while it was read is read and parsed again from its
  /// start (up to three times in all, as ``JSONBytes/contentsOfFile(_:mapThreshold:)``).
  private func takeReadAhead(_ stream: StreamInput) throws(JSONInputError) -> Bool {
    guard let (reader, path, attempt, tuning) = stream.readAhead else { return false }
    let taken = state.withLock { _ in stream.buffer.count }
    if stream.isEnded { return false }
    let progress = reader.next(after: taken)
    if progress.errorCode != 0 { throw JSONBytes.inputError(errno: progress.errorCode, path: path) }
    if progress.changed && attempt < 3 {
      // Start over on the file as it is now.
      let descriptor: Int32
      do {
        descriptor = try SystemFile.open(path)
      } catch {
        throw JSONBytes.inputError(errno: error.code, path: path)
      }
      guard let status = try? SystemFile.status(of: descriptor), status.kind == .regular,
        let again = FileReadAhead(
          descriptor: descriptor, path: path, status: status, readAt: JSONSourceFile.now(), chunkSize: tuning.chunkSize,
          window: tuning.window)
      else {
        SystemFile.release(descriptor)
        throw JSONInputError.unreadable(path: path, reason: "it changed while it was read")
      }
      state.withLock { state in
        stream.restart(reading: again, attempt: attempt + 1)
        state = .parsing(JSONProgressiveParser.readAheadParser(stream, options: options, tuning: tuning))
      }
      consumed.store(0, ordering: .relaxed)
      total.store(0, ordering: .relaxed)
      return true
    }
    state.withLock { state in
      stream.buffer.commit(progress.safeCount - stream.buffer.count)
      stream.safeEnd = progress.safeCount
      total.store(stream.buffer.count, ordering: .relaxed)
      if progress.isEnded {
        stream.isEnded = true
        if case .parsing(let parser) = state { parser.isStreaming = false }
      }
    }
    return !progress.isEnded
  }

  /// Offset below which the parser no longer reads the input (bytes it gave back; 0 unless
  /// it keeps no values and reads a file ahead).
  var inputFloor: Int {
    state.withLock { state in
      guard case .parsing(let parser) = state else { return 0 }
      return parser.inputFloor
    }
  }

  /// Whether the input is a stream still being received.
  public var isReceiving: Bool { state.withLock { _ in stream.map { !$0.isEnded } ?? false } }

  /// Adds bytes received from the stream (without parsing them: ``advance(byteBudget:)``
  /// does). Throws ``JSONInputError/tooLarge(path:limit:)`` past the maximum.
  public func append(_ bytes: UnsafeRawBufferPointer, path: String = "-") throws(JSONInputError) {
    try state.withLock { _ throws(JSONInputError) in
      guard let stream, !stream.isEnded else { return }
      guard bytes.count <= stream.buffer.room else {
        throw JSONInputError.tooLarge(path: path, limit: stream.buffer.capacity)
      }
      stream.buffer.append(bytes)
      stream.scanNewBytes()
      total.store(stream.buffer.count, ordering: .relaxed)
    }
  }

  /// Reads once from a descriptor (what a pipe has, up to 1 MiB) into the stream. Returns
  /// false at the end of the input (after which ``endOfInput()`` has been called).
  public func read(fromFileDescriptor descriptor: Int32, path: String = "-") throws(JSONInputError) -> Bool {
    guard let stream else { return false }
    while true {
      // Reading happens outside the lock, so progress and previews never wait for a pipe;
      // only this thread writes to the buffer, past the bytes already received.
      let room = state.withLock { _ in stream.isEnded ? -1 : stream.buffer.room }
      if room < 0 { return false }
      if room == 0 {
        // Full: one more byte means the input is too large.
        let result = stream.buffer.probe(descriptor)
        if result == 0 {
          endOfInput()
          return false
        }
        if result < 0 {
          let error = SystemError.last()
          if error.isInterrupted { continue }
          throw JSONBytes.inputError(errno: error.code, path: path)
        }
        throw JSONInputError.tooLarge(path: path, limit: stream.buffer.capacity)
      }
      let result = stream.buffer.read(from: descriptor, limit: 1 << 20, room: room)
      if result > 0 {
        state.withLock { _ in
          stream.buffer.commit(result)
          stream.scanNewBytes()
        }
        total.store(stream.buffer.count, ordering: .relaxed)
        return true
      }
      if result == 0 {
        endOfInput()
        return false
      }
      let error = SystemError.last()
      if error.isInterrupted { continue }
      throw JSONBytes.inputError(errno: error.code, path: path)
    }
  }

  /// Says that the stream has ended: the next ``advance(byteBudget:)`` parses to the end of
  /// what was received and takes it as the end of the input.
  public func endOfInput() {
    // A file read ahead ends where the file does (``summary()`` reads it to there).
    if let stream, stream.readAhead != nil { return }
    state.withLock { state in
      guard let stream, !stream.isEnded else { return }
      stream.isEnded = true
      stream.buffer.trim()
      if case .parsing(let parser) = state { parser.isStreaming = false }
    }
  }

  /// Reads a stream to its end, parsing as it arrives: the first error is thrown as soon
  /// as its bytes are in (`/dev/zero` fails on its first byte rather than being read
  /// forever). `progress` is told the bytes received after each read.
  ///
  /// - Throws: ``JSONInputError`` (unreadable, too large), ``JSONSyntaxError``, or
  ///   `CancellationError` after ``cancel()``.
  public func readToEnd(
    fromFileDescriptor descriptor: Int32, path: String = "-", progress: ((_ bytesReceived: Int) -> Void)? = nil
  ) throws -> JSONDocument {
    while try read(fromFileDescriptor: descriptor, path: path) {
      progress?(totalByteCount)
      _ = try advance(byteBudget: Int.max)
    }
    progress?(totalByteCount)
    return try document()
  }

  /// Bytes parsed so far (readable from any thread while another one parses).
  public var bytesConsumed: Int { consumed.load(ordering: .relaxed) }

  /// Bytes the document's index takes so far (8 per value, 16 per container, but 2 or 4
  /// per value where pages of the tape are compact); waits for a slice under way, so ask
  /// between slices.
  public var indexByteCount: Int {
    state.withLock { state in
      guard case .parsing(let parser) = state else { return 0 }
      return parser.storage.tapeByteCount
    }
  }

  /// Whether the index is kept in a file on disk (``keepIndexOnDisk(in:)``).
  public var isIndexOnDisk: Bool {
    state.withLock { state in
      guard case .parsing(let parser) = state else { return false }
      return parser.storage.isTapeOnDisk
    }
  }

  /// Keeps the document's index in a temporary file in `directory` from now on (what is
  /// built so far moves there), for a document whose index will not fit in memory: the
  /// file is mapped, so its pages leave memory under pressure and come back when read,
  /// and it is deleted with the process. The rest is parsed on one thread. Returns false
  /// when the file cannot be made there (no such folder, a folder in memory, no room).
  /// Call between slices.
  public func keepIndexOnDisk(in directory: String) -> Bool {
    state.withLock { state in
      guard case .parsing(let parser) = state else { return false }
      return parser.storage.isTapeOnDisk || parser.moveTapeToDisk(in: directory)
    }
  }

  /// Where an index too large for memory is kept when nobody says (see
  /// ``keepIndexOnDisk(in:)``): `TGRID_INDEX_DIR` when set, else the user's cache folder
  /// (`$XDG_CACHE_HOME/tgrid`, `~/.cache/tgrid`), else `/var/tmp`, else `$TMPDIR` or
  /// `/tmp`: the first that is on a disk (not in memory) and writable. Nil when none is.
  public static func defaultIndexDirectory(environment: [String: String]? = nil) -> String? {
    SpillFile.defaultDirectory { name in
      if let environment { return environment[name] }
      return Environment.value(of: name)
    }
  }

  /// Bytes free for this user on the disk that holds `directory` (0 when unknown).
  public static func freeDiskBytes(in directory: String) -> Int {
    SpillFile.freeBytes(in: directory)
  }

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
    while readersWaiting.load(ordering: .acquiring) > 0 { WorkerThread.yield() }
    return try state.withLock { state throws -> Bool in
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
        let isFinished: Bool
        if let stream {
          if parser.storage.originalCount != stream.buffer.count {
            parser.storage.original = stream.buffer.view()
            parser.storage.pieces = [Piece(physical: 0, length: stream.buffer.count)]
          }
          isFinished = try parser.parseReceived(upTo: parser.isStreaming ? min(limit, stream.safeEnd) : limit)
        } else {
          isFinished = try parser.parse(upTo: limit)
        }
        consumed.store(isFinished ? totalByteCount : parser.position, ordering: .relaxed)
        if let reader = stream?.readAhead?.reader { reader.discard(below: parser.inputFloor) }
        return isFinished
      } catch {
        state = .stopped
        var bytes = parser.storage.original
        if let stream, let reader = stream.readAhead?.reader {
          // The excerpt reads on past the error (to its line's end, or a window of it).
          let end =
            error.offset > Int.max - JSONParser.retainedInputByteCount
            ? Int.max : error.offset + JSONParser.retainedInputByteCount
          let progress = reader.waitForBytes(min(end, stream.buffer.capacity))
          bytes = JSONBytes(
            viewing: stream.buffer.base, count: max(progress.readCount, bytes.count), owner: stream.buffer)
        }
        throw parser.syntaxError(error, in: bytes)
      }
    }
  }

  /// The parsed document, parsing whatever is left first. Call it once: the parser hands
  /// its tape over (so the document can be edited without a copy).
  public func document() throws -> JSONDocument {
    precondition(keepsValues, "JSONProgressiveParser.document() needs a parser that keeps values (use summary())")
    endOfInput()
    while try !advance(byteBudget: 64 << 20) {}
    return try state.withLock { state throws -> JSONDocument in
      guard case .parsing(let parser) = state else {
        if case .taken = state { preconditionFailure("JSONProgressiveParser.document() can be called only once") }
        throw CancellationError()
      }
      state = .taken
      fragmentTaken.store(parser.tookFragment, ordering: .relaxed)
      parser.storage.words.shrinkToFit()
      parser.installRootChildTable()
      return JSONDocument(storage: parser.storage)
    }
  }

  /// What ``document()`` would say of the text, without making one: parses whatever is
  /// left first, and works whether or not the parser keeps values. Call it once.
  public func summary() throws -> JSONTextSummary {
    // A file read ahead: parse the rest as it arrives.
    if stream?.readAhead != nil {
      while try readMore() { _ = try advance(byteBudget: Int.max) }
    }
    endOfInput()
    if let mapped {
      try parseMappedFile(mapped.path, maximumByteCount: mapped.maximumByteCount, tuning: mapped.tuning)
    } else {
      while try !advance(byteBudget: 64 << 20) {}
    }
    return try state.withLock { state throws -> JSONTextSummary in
      guard case .parsing(let parser) = state else {
        if case .taken = state { preconditionFailure("JSONProgressiveParser.summary() can be called only once") }
        throw CancellationError()
      }
      state = .taken
      fragmentTaken.store(parser.tookFragment, ordering: .relaxed)
      let storage = parser.storage
      return JSONTextSummary(
        valueCount: parser.valueCount, maximumDepth: storage.maximumDepth, byteCount: storage.originalCount,
        isJSONLines: storage.isLines, topLevelCount: parser.topLevelCount, warnings: storage.warnings,
        warningCount: storage.warningCount)
    }
  }

  /// Parses a mapped file to its end; if it changed meanwhile (its size or times moved, or
  /// part of it was cut off and read as zeros), maps it again and starts over, up to three
  /// times in all, as ``JSONBytes/contentsOfFile(_:mapThreshold:)`` reads a file again.
  private func parseMappedFile(_ path: String, maximumByteCount: Int, tuning: ReadAheadTuning) throws {
    var attempt = 1
    while true {
      let bytes = state.withLock { state -> JSONBytes? in
        guard case .parsing(let parser) = state else { return nil }
        return parser.storage.original
      }
      guard let bytes else { return }
      do {
        while try !advance(byteBudget: 64 << 20) {}
        if bytes.isUnchangedSinceRead { return }
      } catch {
        if error is CancellationError || bytes.isUnchangedSinceRead { throw error }
      }
      guard attempt < 3 else { throw JSONInputError.unreadable(path: path, reason: "it changed while it was read") }
      attempt += 1
      let descriptor: Int32
      do {
        descriptor = try SystemFile.open(path)
      } catch {
        throw JSONBytes.inputError(errno: error.code, path: path)
      }
      let status = (try? SystemFile.status(of: descriptor)) ?? .unknown
      if status.size > maximumByteCount {
        SystemFile.release(descriptor)
        throw JSONInputError.tooLarge(path: path, limit: maximumByteCount)
      }
      guard status.kind == .regular, status.size > 0,
        let again = JSONBytes.map(
          descriptor: descriptor, count: status.size,
          source: JSONSourceFile(path: path, status: status, readAt: JSONSourceFile.now()))
      else {
        SystemFile.release(descriptor)
        throw JSONInputError.unreadable(path: path, reason: "it changed while it was read")
      }
      state.withLock { state in
        state = .parsing(JSONProgressiveParser.mappedParser(again, options: options, tuning: tuning))
      }
      consumed.store(0, ordering: .relaxed)
      total.store(again.count, ordering: .relaxed)
    }
  }

  /// A display-only document with the children of the root that are already complete (at
  /// most `maximumChildren`), or nil while not even the first is. For JSON Lines, the
  /// complete records; for a scalar root, the scalar once parsed.
  ///
  /// The preview is a copy: it stays valid while parsing goes on. It is
  /// ``JSONDocument/isPartial``: it cannot be edited, and it does not serialize.
  public func preview(maximumChildren: Int) -> JSONDocument? {
    readersWaiting.add(1, ordering: .acquiringAndReleasing)
    defer { readersWaiting.subtract(1, ordering: .acquiringAndReleasing) }
    return state.withLock { state -> JSONDocument? in
      guard case .parsing(let parser) = state, keepsValues else { return nil }
      return parser.preview(maximumChildren: maximumChildren).map { JSONDocument(storage: $0) }
    }
  }
}

/// A stream's bytes and where it is safe to parse up to (internal; used under the
/// progressive parser's lock).
final class StreamInput: @unchecked Sendable {
  private(set) var buffer: StreamBuffer
  /// For a regular file read ahead on another thread: the reader, the path, which attempt
  /// this is (a file that changes while read is read again) and the tuning.
  var readAhead: (reader: FileReadAhead, path: String, attempt: Int, tuning: JSONProgressiveParser.ReadAheadTuning)?
  var isEnded = false
  /// The descriptor ``JSONProgressiveParser/readMore()`` reads, its path, and whether it
  /// is closed with the parser (not standard input).
  var source: (descriptor: Int32, path: String, closes: Bool)?
  /// Bytes looked at by ``scanNewBytes()``.
  private var scanned = 0
  private var scan = StructuralScan()
  /// Position after the last structural character outside strings: every token before it
  /// is complete.
  var safeEnd = 0

  init(buffer: StreamBuffer) {
    self.buffer = buffer
  }

  deinit {
    if let source, source.closes { SystemFile.release(source.descriptor) }
  }

  /// Starts over with a new reader of the file (which changed while it was read).
  func restart(reading reader: FileReadAhead, attempt: Int) {
    guard let old = readAhead else { return }
    readAhead = (reader, old.path, attempt, old.tuning)
    buffer = reader.buffer
    isEnded = false
    scanned = 0
    scan = StructuralScan()
    safeEnd = 0
  }

  /// Moves ``safeEnd`` over the bytes received since the last call.
  func scanNewBytes() {
    if let end = scan.lastSafeEnd(buffer.base, from: scanned, to: buffer.count) { safeEnd = end }
    scanned = buffer.count
  }
}
