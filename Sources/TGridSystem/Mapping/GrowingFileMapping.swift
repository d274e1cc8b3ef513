#if canImport(Glibc)
  import Glibc
  import Synchronization

  /// The text of a followed file (`tgrid -f`), mapped as it grows, at addresses that never
  /// move: records that arrived keep pointing into it, and none of it is copied into memory.
  ///
  /// One reservation of address space (``capacity`` bytes, readable, backed by nothing:
  /// a read of a place no file is mapped at gives zeros) holds every file followed in turn,
  /// each a *generation* from a chunk boundary on. The file is mapped there a chunk at a
  /// time (`mmap` with `MAP_FIXED` over the reservation, private and read-only), ahead of
  /// what it has: a chunk is mapped once, and what is mapped already is never mapped again.
  /// ``count`` says how far the bytes are known to be there (published after their chunk
  /// is mapped); positions up to it may be read on any thread.
  ///
  /// A file that shrinks under a mapping takes its pages past the new end with it (reading
  /// one raises SIGBUS): the whole reservation is guarded by ``MappedFaultGuard``, which
  /// turns such a read into zeros instead of a crash. The text a truncation takes is gone
  /// before the follower can see it (no lease can be had on a file another process has open
  /// for writing, and a writer that truncates usually writes again at once, over the same
  /// offsets): when the follower sees the file truncated it ends the generation
  /// (``startGeneration(afterTruncation:)``), and its records read as empty from then on,
  /// never as the new text. Between the truncation and that moment a reader may see zeros
  /// or the new text under them (never a crash). A rotated or deleted file keeps its inode
  /// while mapped: its generation stays mapped as it is.
  ///
  /// Only one thread (the follower) calls ``extend(_:toFileOffset:)`` and
  /// ``startGeneration(afterTruncation:)``; any thread reads ``base`` up to ``count``.
  package final class GrowingFileMapping: @unchecked Sendable {
    /// The reservation's first byte (page-aligned).
    package let base: UnsafeMutableRawPointer
    /// The reservation's size in bytes.
    package let capacity: Int
    /// Bytes mapped at once (a multiple of the page size).
    package let chunkByteCount: Int
    /// How far the bytes may be read: the end of the last generation's bytes that were
    /// mapped when they were published.
    private let published = Atomic<Int>(0)
    /// Where the current generation starts in the reservation (a chunk boundary).
    package private(set) var generationStart = 0
    /// Bytes of the current file mapped (whole chunks).
    private var mappedFileCount = 0
    /// Bytes of the current file published.
    private var fileCount = 0
    /// The bus-error guard's slot for the reservation.
    private let faultGuardSlot: Int?
    /// The generations whose file was truncated: their text is lost.
    private let lost = Mutex<[Range<Int>]>([])

    /// Reserves `capacity` bytes of address space (nothing in memory); nil when the system
    /// refuses.
    package init?(capacity: Int = 1 << 38, chunkByteCount: Int = 64 << 20) {
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      let chunk = max(pageSize, (chunkByteCount + pageSize - 1) & ~(pageSize - 1))
      let size = (capacity + chunk - 1) / chunk * chunk
      guard
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
        address != MAP_FAILED
      else { return nil }
      base = address
      self.capacity = size
      self.chunkByteCount = chunk
      faultGuardSlot = MappedFaultGuard.register(address, count: size)
    }

    deinit {
      if let faultGuardSlot { MappedFaultGuard.unregister(faultGuardSlot) }
      munmap(base, capacity)
    }

    /// How many bytes from ``base`` on may be read (any thread).
    package var count: Int { published.load(ordering: .acquiring) }

    /// Whether a bus error was turned into zeros in the reservation (a file shrank under
    /// it before the follower saw it).
    package var isDamaged: Bool { faultGuardSlot.map(MappedFaultGuard.isDamaged) ?? false }

    /// Whether the bytes at `range` are still the text that was read: false where a
    /// truncation took them (any thread).
    package func isIntact(_ range: Range<Int>) -> Bool {
      lost.withLock { lost in !lost.contains { $0.overlaps(range) } }
    }

    /// How many generations a truncation took the text of, so far (any thread).
    package var truncationCount: Int { lost.withLock { $0.count } }

    /// The position in the reservation of the current file's byte at `offset`.
    package func position(ofFileOffset offset: Int) -> Int { generationStart + offset }

    /// Maps the current file (open as `descriptor`) up to `end`, its bytes from the start,
    /// and publishes them. False when the reservation has no room left or the file cannot
    /// be mapped: the follower then keeps what it reads in memory.
    package func extend(_ descriptor: Int32, toFileOffset end: Int) -> Bool {
      guard generationStart + end <= capacity else { return false }
      while mappedFileCount < end {
        let length = min(chunkByteCount, capacity - generationStart - mappedFileCount)
        let address = base + generationStart + mappedFileCount
        let mapped = mmap(address, length, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, off_t(mappedFileCount))
        guard let mapped, mapped != MAP_FAILED else { return false }
        mappedFileCount += length
      }
      if end > fileCount {
        fileCount = end
        published.store(max(published.load(ordering: .relaxed), generationStart + end), ordering: .releasing)
      }
      return true
    }

    /// Ends the current generation and starts the next at the following chunk boundary
    /// (for a new file at the name, or the same one truncated). After a truncation the old
    /// generation is no longer read through the file: its bytes become quotes (`"`), in
    /// memory, so that its values read as empty (a string is `""`, a number has no digits)
    /// and never as what the writer puts in the file next.
    package func startGeneration(afterTruncation truncated: Bool = false) {
      if truncated, mappedFileCount > 0 {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = base + generationStart
        let filled = (fileCount + pageSize - 1) & ~(pageSize - 1)
        let range = generationStart..<(generationStart + fileCount)
        lost.withLock { $0.append(range) }
        if filled > 0,
          let fill = mmap(start, filled, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
          fill != MAP_FAILED
        {
          memset(fill, 0x22, fileCount)
          mprotect(fill, filled, PROT_READ)
        }
        if mappedFileCount > filled {
          _ = mmap(
            start + filled, mappedFileCount - filled, PROT_READ,
            MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE,
            -1, 0)
        }
      }
      let end = generationStart + mappedFileCount
      generationStart = (end + chunkByteCount - 1) / chunkByteCount * chunkByteCount
      mappedFileCount = 0
      fileCount = 0
    }
  }
#else
  /// Without Linux's mappings at fixed addresses, a followed file is read into memory.
  package final class GrowingFileMapping: @unchecked Sendable {
    package let base: UnsafeMutableRawPointer
    package let capacity = 0
    package let chunkByteCount = 0
    package private(set) var generationStart = 0
    package init?(capacity: Int = 1 << 38, chunkByteCount: Int = 64 << 20) { return nil }
    package var count: Int { 0 }
    package var isDamaged: Bool { false }
    package func position(ofFileOffset offset: Int) -> Int { offset }
    package func extend(_ descriptor: Int32, toFileOffset end: Int) -> Bool { false }
    package func startGeneration(afterTruncation truncated: Bool = false) {}
    package func isIntact(_ range: Range<Int>) -> Bool { true }
    package var truncationCount: Int { 0 }
  }
#endif
