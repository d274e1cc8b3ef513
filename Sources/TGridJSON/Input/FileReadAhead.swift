import TGridSystem

/// A regular file read on a thread of its own, a window ahead of the parser that takes its
/// bytes (internal; `tgrid check`, whose parser keeps no values).
///
/// The reader `pread`s chunks into a ``StreamBuffer`` reserved for the whole file and finds
/// where each chunk's last token ends (the last structural character outside strings, as
/// ``StreamInput`` does for a pipe), so the parse, on the calling thread, overlaps the read
/// instead of waiting for the whole file. It stays at most ``window`` bytes ahead of what the
/// parser has taken, and the parser gives back the pages of what it has parsed
/// (``discard(below:)``), so memory is a window, not the file.
///
/// The bytes are one version of the file, as ``JSONBytes/contentsOfFile(_:mapThreshold:)``
/// makes them: the file's size and times are compared before and after, and a file that
/// changed while it was read is reported as ``Progress/changed`` (the caller reads it again).
///
/// Threads: the reader writes only bytes past ``Progress/readCount``; the parser reads only
/// bytes below it, after taking a ``Progress`` (under the mutex both use), and gives back
/// only pages below what it has parsed. `deinit` stops the reader and joins it.
final class FileReadAhead {
  /// How far the reader has got: bytes read, and how many of them can be parsed now.
  struct Progress: Equatable {
    /// Bytes read from the file's start.
    var readCount = 0
    /// Bytes before which every token is complete (all of them once ``isEnded``).
    var safeCount = 0
    /// Whether the file was read to its end (or reading failed, or it changed).
    var isEnded = false
    /// Whether the file changed while it was read (size or times, or more bytes than at
    /// the start).
    var changed = false
    /// The error that stopped reading (`errno`), 0 for none.
    var errorCode: Int32 = 0
  }

  /// The bytes: address space for the whole file, backed as it is read.
  let buffer: StreamBuffer
  /// The file as it was opened.
  let source: JSONSourceFile
  private let shared: Shared
  private var worker: WorkerThread?

  /// Chunk of one `pread`, by default.
  static let chunkSize = 1 << 20
  /// How far the reader may run ahead of the bytes the parser took, by default.
  static let window = 8 << 20

  /// Starts reading `descriptor` (a regular file of `status.size` bytes, which this object
  /// closes); nil when the memory cannot be reserved or no thread can be started.
  init?(
    descriptor: Int32, path: String, status: FileInfo, readAt: Int64, chunkSize: Int = FileReadAhead.chunkSize,
    window: Int = FileReadAhead.window
  ) {
    guard let buffer = StreamBuffer(capacity: status.size) else { return nil }
    self.buffer = buffer
    source = JSONSourceFile(path: path, status: status, readAt: readAt)
    shared = Shared(
      descriptor: descriptor, buffer: buffer, source: source, chunkSize: max(chunkSize, 1), window: window)
    let shared = self.shared
    guard let worker = WorkerThread.start({ shared.readToEnd() }) else {
      shared.descriptor = -1
      return nil
    }
    self.worker = worker
  }

  deinit {
    shared.stop()
    worker?.join()
    if shared.descriptor >= 0 { SystemFile.release(shared.descriptor) }
  }

  /// Waits until the reader has bytes past `safeCount` ready for the parser (or has ended)
  /// and returns where it stands; tells the reader that everything below that was taken.
  func next(after safeCount: Int) -> Progress {
    shared.lock.withLock { state in
      while !state.pointee.progress.isEnded && state.pointee.progress.safeCount <= safeCount { shared.lock.wait() }
      state.pointee.taken = state.pointee.progress.safeCount
      shared.lock.broadcast()
      return state.pointee.progress
    }
  }

  /// Waits until the reader has read at least `count` bytes (or the file ended): for the
  /// excerpt of an error, which reads on past the error's position.
  func waitForBytes(_ count: Int) -> Progress {
    shared.lock.withLock { state in
      state.pointee.requested = max(state.pointee.requested, count)
      shared.lock.broadcast()
      while !state.pointee.progress.isEnded && state.pointee.progress.readCount < count { shared.lock.wait() }
      return state.pointee.progress
    }
  }

  /// Says that the parser never reads below `offset` again: the reader moves those pages
  /// (never the first, whose bytes name a foreign encoding in an error) to where it reads
  /// next, or gives them back at the end.
  func discard(below offset: Int) {
    shared.lock.withLock { state in
      if offset > state.pointee.floor { state.pointee.floor = offset }
    }
  }

  /// The offset of the last `\n` in `base[start..<end]`, looking eight bytes at a time.
  static func lastLineBreak(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
    var index = end
    while index &- start >= 8 {
      let matches = TextPosition.Counter.matches(JSONScanner.load(base + (index &- 8)), 0x0A)
      if matches != 0 { return index &- 8 &+ (63 &- matches.leadingZeroBitCount) / 8 }
      index &-= 8
    }
    while index > start {
      index &-= 1
      if base[index] == 0x0A { return index }
    }
    return nil
  }

  /// What the reader and the parser share, under one mutex.
  private final class Shared: @unchecked Sendable {
    struct State {
      var progress = Progress()
      /// The safe count the parser last took.
      var taken = 0
      /// Bytes the parser asked for (``waitForBytes(_:)``), window or not.
      var requested = 0
      /// Offset below which the parser reads no more (``discard(below:)``).
      var floor = 0
      var isStopped = false
    }

    /// Closed by the owner once the reader is joined.
    var descriptor: Int32
    let buffer: StreamBuffer
    let source: JSONSourceFile
    let lock = ConditionLock(State())

    let chunkSize: Int
    let window: Int

    init(descriptor: Int32, buffer: StreamBuffer, source: JSONSourceFile, chunkSize: Int, window: Int) {
      self.descriptor = descriptor
      self.buffer = buffer
      self.source = source
      self.chunkSize = chunkSize
      self.window = window
    }

    func stop() {
      lock.withLock { state in
        state.pointee.isStopped = true
        lock.broadcast()
      }
    }

    /// Start of the pages not yet moved or given back (a page multiple; the first page stays).
    private var recycled = SystemMemory.pageSize
    private let pageSize = SystemMemory.pageSize

    /// Before reading `count` bytes at `offset`: moves as many whole pages from below
    /// `floor` (parsed, never read again) to there (``SystemMemory/movePages(from:to:count:)``),
    /// so the read lands in memory that is already backed (no page faults, no zeroing,
    /// nothing freed); the hole left behind reads as zeros and costs nothing. Where pages
    /// cannot be moved, the pages below the floor are only given back.
    func recycle(below floor: Int, into offset: Int, count: Int) {
      let end = floor & ~(pageSize - 1)
      guard end > recycled else { return }
      let start = (offset + pageSize - 1) & ~(pageSize - 1)
      let wanted = ((offset + count) & ~(pageSize - 1)) - start
      let moved = min(max(wanted, 0), end - recycled)
      if moved > 0,
        SystemMemory.movePages(
          from: UnsafeMutableRawPointer(buffer.base + recycled), to: buffer.base + start, count: moved)
      {
        recycled += moved
      }
      // Pages kept for later reads are at most a window's worth; the rest is given back.
      if end - recycled > window + count {
        SystemMemory.discardPages(buffer.base + recycled, count: end - recycled)
        recycled = end
      }
    }

    /// The reader thread's body.
    func readToEnd() {
      let capacity = buffer.capacity
      let base = buffer.base
      var read = 0
      var scan = StructuralScan()
      var scanned = 0
      var safe = 0
      var errorCode: Int32 = 0
      while read < capacity {
        // Wait while the parser has bytes it has not taken and the window is full.
        var floor = 0
        let goesOn = lock.withLock { state -> Bool in
          defer { floor = state.pointee.floor }
          while !state.pointee.isStopped && state.pointee.progress.safeCount > state.pointee.taken
            && read - state.pointee.taken >= window && read >= state.pointee.requested
          {
            lock.wait()
          }
          return !state.pointee.isStopped
        }
        guard goesOn else { return }
        recycle(below: floor, into: read, count: min(chunkSize, capacity - read))
        let result: Int
        do {
          result = try SystemFile.read(descriptor, into: base + read, count: min(chunkSize, capacity - read), at: read)
        } catch {
          errorCode = error.code
          break
        }
        if result == 0 { break }
        // A raw line break is never inside a valid string (an invalid text fails there or
        // before), so the structural scan can start afresh after one: after the chunk's
        // last, or the one before it when the last line holds no structural character;
        // without either, it goes on from where it stopped.
        let chunkEnd = read + result
        var found: Int?
        if let last = FileReadAhead.lastLineBreak(base, from: max(scanned, read), to: chunkEnd) {
          var fresh = StructuralScan()
          found = fresh.lastSafeEnd(base, from: last + 1, to: chunkEnd)
          if found == nil, let previous = FileReadAhead.lastLineBreak(base, from: scanned, to: last) {
            fresh = StructuralScan()
            found = fresh.lastSafeEnd(base, from: previous + 1, to: chunkEnd)
          }
          if found != nil { scan = fresh }
        }
        if found == nil { found = scan.lastSafeEnd(base, from: scanned, to: chunkEnd) }
        if let found { safe = found }
        scanned = chunkEnd
        read += result
        let (readCount, safeCount) = (read, safe)
        lock.withLock { state in
          state.pointee.progress.readCount = readCount
          state.pointee.progress.safeCount = safeCount
          lock.broadcast()
        }
      }
      // One more byte, or a size or time that moved, means the file changed meanwhile.
      var extra: UInt8 = 0
      let grew =
        errorCode == 0 && read == capacity
        && (try? SystemFile.read(descriptor, into: &extra, count: 1, at: read)).map { $0 > 0 } == true
      let changed =
        errorCode == 0
        && (grew || read != capacity
          || (try? SystemFile.status(of: descriptor)).map { !source.matches($0) } ?? true)
      let (readCount, code) = (read, errorCode)
      lock.withLock { state in
        state.pointee.progress = Progress(
          readCount: readCount, safeCount: readCount, isEnded: true, changed: changed, errorCode: code)
        lock.broadcast()
      }
    }
  }
}
