#if canImport(Glibc)
  import Glibc
  import Synchronization
  import TermGridPlatform

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
  /// turns such a read into zeros instead of a crash. A file can also be written again
  /// where it was read (a truncation the follower never saw shrink: `copytruncate` with a
  /// writer not in append mode leaves a hole of zeros, or a writer that starts again from
  /// the start, and the size past the old end). So the follower keeps a fingerprint of what
  /// it read (a hash a block of ``blockByteCount`` bytes, the last block's bytes) and
  /// checks the first and last block at each wake (``isCurrentTextIntact()``); a save and a
  /// copy into memory take the bytes from a copy of each block checked against it
  /// (``forEachVerifiedStretch(_:_:)``). A generation found changed, or whose truncation the
  /// follower saw, is *lost*: its pages become untouched zero pages (no memory, no file),
  /// ``isIntact(_:)`` is false for its records, and they leave the document. A rotated or
  /// deleted file keeps its inode while mapped, until no record reads it
  /// (``releaseGenerations(below:)``).
  ///
  /// Only one thread (the follower) calls ``extend(_:toFileOffset:read:)`` and
  /// ``startGeneration(afterTruncation:)``; any thread reads ``base`` up to ``count``.
  package final class GrowingFileMapping: @unchecked Sendable {
    /// The reservation's first byte (page-aligned).
    package let base: UnsafeMutableRawPointer
    /// The reservation's size in bytes.
    package let capacity: Int
    /// Bytes mapped at once (a multiple of the page size).
    package let chunkByteCount: Int
    /// Bytes a fingerprint covers (see ``Generation``).
    package static let blockByteCount = 64 << 10
    /// How far the bytes may be read: the end of the last generation's bytes that were
    /// mapped when they were published.
    private let published = Atomic<Int>(0)
    private let checkedBlocks = Atomic<Int>(0)
    /// Where the current generation starts in the reservation (a chunk boundary).
    package var generationStart: Int { state.withLock { $0.generations[$0.generations.count - 1].start } }
    /// The bus-error guard's slot for the reservation.
    private let faultGuardSlot: Int?
    /// Every generation, in order, the current one last. `Locked` (a pthread mutex), not
    /// `Mutex`: ThreadSanitizer does not see `Mutex`'s futex and reports the follower's
    /// writes and the checks on other threads as races.
    private let state = Locked(State())
    /// Called (on any thread) when a generation's text was found changed: the follower's
    /// run loop is woken to take its records out.
    private let lossHandler = Locked<(@Sendable () -> Void)?>(nil)

    /// One file followed from a chunk boundary on, and what the follower read of it: a
    /// fingerprint of each whole block of ``blockByteCount`` bytes from ``origin`` on, and
    /// the bytes of the last block begun (so that the text can be told from what the file
    /// holds later: a writer that truncates and writes again past the old end leaves the
    /// size grown, never shrunk).
    struct Generation {
      var start: Int
      /// Bytes of the file mapped (whole chunks).
      var mappedCount = 0
      /// Bytes of the file published (read).
      var fileCount = 0
      /// The file offset the follower began reading at (the bytes before are not its).
      var origin = 0
      /// Fingerprints of the whole blocks read from ``origin`` on.
      var hashes: [UInt64] = []
      /// The bytes read after the last whole block.
      var tail: [UInt8] = []
      /// Whether its text is gone (a truncation or a rewrite took it) or given back
      /// (no record held it any more): it reads as zeros, never through the file.
      var isLost = false
      var isReleased = false
    }

    struct State {
      var generations = [Generation(start: 0)]
      var lostCount = 0
      var releasedCount = 0
    }

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

    /// Sets what is called when a generation's text is found lost (any thread).
    package func onLoss(_ handler: (@Sendable () -> Void)?) { lossHandler.withLock { $0 = handler } }

    /// Whether the bytes at `range` are still the text that was read, as far as is known:
    /// false where a truncation or a rewrite took them, or they were given back (any
    /// thread). ``forEachVerifiedStretch(_:_:)`` checks the bytes themselves.
    package func isIntact(_ range: Range<Int>) -> Bool {
      state.withLock { state in
        guard let index = Self.generation(containing: range.lowerBound, in: state.generations) else { return false }
        return !state.generations[index].isLost && !state.generations[index].isReleased
      }
    }

    /// How many generations a truncation or a rewrite took the text of, so far (any thread).
    package var truncationCount: Int { state.withLock { $0.lostCount } }

    /// How many generations were given back because no record held them (any thread).
    package var releasedCount: Int { state.withLock { $0.releasedCount } }

    /// Whether the current generation's text was found lost by another thread (a save or
    /// a copy that checked it): the follower reads the file again from its start.
    package var isCurrentGenerationLost: Bool { state.withLock { $0.generations[$0.generations.count - 1].isLost } }

    /// The position in the reservation of the current file's byte at `offset`.
    package func position(ofFileOffset offset: Int) -> Int { generationStart + offset }

    private static func generation(containing position: Int, in generations: [Generation]) -> Int? {
      var low = 0
      var high = generations.count
      while low < high {
        let middle = (low + high) / 2
        if generations[middle].start <= position { low = middle + 1 } else { high = middle }
      }
      return low > 0 ? low - 1 : nil
    }

    /// Maps the current file (open as `descriptor`) up to `end`, its bytes from the start,
    /// and publishes them. `read` are the file's bytes just before `end` that the follower
    /// read (nil: they are read again here, from the descriptor); what the follower read
    /// of the file must be passed in order. False when the reservation has no room left
    /// or the file cannot be mapped: the follower then keeps what it reads in memory.
    package func extend(_ descriptor: Int32, toFileOffset end: Int, read: UnsafeRawBufferPointer? = nil) -> Bool {
      state.withLock { state in
        let last = state.generations.count - 1
        var generation = state.generations[last]
        // Lost meanwhile (another thread found it rewritten): nothing more is mapped; the
        // follower reads the file again from its start at its next look.
        if generation.isLost { return true }
        guard generation.start + end <= capacity else { return false }
        if end > generation.fileCount {
          let begin = read.map { end - $0.count } ?? generation.fileCount
          if generation.fileCount == 0, generation.hashes.isEmpty, generation.tail.isEmpty {
            generation.origin = begin
          }
          guard begin == generation.origin + generation.hashes.count * Self.blockByteCount + generation.tail.count
          else { return false }
          if let read {
            Self.fingerprint(read, into: &generation)
          } else {
            var bytes = [UInt8](repeating: 0, count: end - begin)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(begin)) }
            guard got == end - begin else { return false }
            bytes.withUnsafeBytes { Self.fingerprint($0, into: &generation) }
          }
        }
        while generation.mappedCount < end {
          let length = min(chunkByteCount, capacity - generation.start - generation.mappedCount)
          let address = base + generation.start + generation.mappedCount
          let mapped = mmap(
            address, length, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, off_t(generation.mappedCount))
          guard let mapped, mapped != MAP_FAILED else {
            state.generations[last] = generation
            return false
          }
          generation.mappedCount += length
        }
        if end > generation.fileCount {
          generation.fileCount = end
          published.store(max(published.load(ordering: .relaxed), generation.start + end), ordering: .releasing)
        }
        state.generations[last] = generation
        return true
      }
    }

    /// Adds what was read to a generation's fingerprints.
    private static func fingerprint(_ read: UnsafeRawBufferPointer, into generation: inout Generation) {
      var rest = read
      if !generation.tail.isEmpty {
        let taken = min(rest.count, blockByteCount - generation.tail.count)
        generation.tail += rest.prefix(taken)
        rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(taken))
        guard generation.tail.count == blockByteCount else { return }
        generation.hashes.append(generation.tail.withUnsafeBytes { hash($0) })
        generation.tail = []
      }
      while rest.count >= blockByteCount {
        generation.hashes.append(hash(UnsafeRawBufferPointer(rebasing: rest.prefix(blockByteCount))))
        rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(blockByteCount))
      }
      generation.tail = Array(rest)
    }

    /// A 64-bit fingerprint of a block's bytes (not for an adversary: for a file that
    /// changed).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
      var value: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
      var index = 0
      while index + 8 <= bytes.count {
        let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        value =
          ((value ^ (word &* 0xC2B2_AE3D_27D4_EB4F)) << 31 | (value ^ (word &* 0xC2B2_AE3D_27D4_EB4F)) >> 33)
          &* 0x9E37_79B9_7F4A_7C15 &+ 0x1656_67B1_9E37_79F9
        index += 8
      }
      while index < bytes.count {
        value = (value ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        index += 1
      }
      value ^= value >> 33
      value &*= 0xFF51_AFD7_ED55_8CCD
      value ^= value >> 33
      return value
    }

    /// One walk's copy of the block it checked last: later ranges that fall in the same
    /// block are taken from it without copying and hashing the block again (a save of many
    /// small records hashes each block once). Its text is what the follower read there.
    package struct Verifier {
      fileprivate var block: [UInt8] = []
      fileprivate var blockStart = -1
      fileprivate var blockCount = 0

      package init() {}
    }

    /// How many blocks walks have copied and checked (for tests).
    package var checkedBlockCount: Int { checkedBlocks.load(ordering: .relaxed) }

    /// Calls `body` with the bytes at `range` (positions in the reservation), in stretches,
    /// each taken from a copy of its block checked against what the follower read there:
    /// what `body` gets is the text the records were read with, or nothing. A block found
    /// changed (the file truncated or written again where it was read) makes its
    /// generation lost (as a truncation the follower saw does) and ends the walk.
    /// - Returns: false when a block was changed or lost, or `body` returned false.
    package func forEachVerifiedStretch(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
      var verifier = Verifier()
      return forEachVerifiedStretch(range, losing: true, using: &verifier, body)
    }

    /// ``forEachVerifiedStretch(_:_:)`` for one of many ranges of a walk: `verifier` keeps
    /// the block checked last for the next range.
    package func forEachVerifiedStretch(
      _ range: Range<Int>, using verifier: inout Verifier, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
      forEachVerifiedStretch(range, losing: true, using: &verifier, body)
    }

    /// Whether the text at `range` is still what the follower read, checking every block
    /// (a changed one does not end the check): each changed block's generation is made lost,
    /// so its records are among the lost ones afterwards.
    package func checkText(_ range: Range<Int>, using verifier: inout Verifier) -> Bool {
      var position = range.lowerBound
      var isSame = true
      while position < range.upperBound {
        var reached = position
        if forEachVerifiedStretch(
          position..<range.upperBound, losing: true, using: &verifier,
          { stretch in
            reached += stretch.count
            return true
          })
        {
          return isSame
        }
        isSame = false
        // Past the block that failed (or the rest of a lost generation's chunk).
        let next = state.withLock { state -> Int in
          guard let index = Self.generation(containing: reached, in: state.generations),
            index + 1 < state.generations.count
          else { return range.upperBound }
          return state.generations[index + 1].start
        }
        position = max(reached + 1, min(range.upperBound, next))
      }
      return isSame
    }

    /// ``forEachVerifiedStretch(_:_:)``; `losing`: a changed block makes its generation
    /// lost (else only false is returned).
    private func forEachVerifiedStretch(
      _ range: Range<Int>, losing: Bool, using verifier: inout Verifier, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
      var position = range.lowerBound
      while position < range.upperBound {
        if position < verifier.blockStart || position >= verifier.blockStart + verifier.blockCount {
          // What the follower read of the block that holds `position`.
          let found = state.withLock { state -> (start: Int, count: Int, hash: UInt64?, tail: [UInt8])? in
            guard let index = Self.generation(containing: position, in: state.generations) else { return nil }
            let generation = state.generations[index]
            guard !generation.isLost, !generation.isReleased else { return nil }
            let offset = position - generation.start
            guard offset >= generation.origin, offset < generation.fileCount else { return nil }
            let number = (offset - generation.origin) / Self.blockByteCount
            let blockStart = generation.start + generation.origin + number * Self.blockByteCount
            if number < generation.hashes.count {
              return (blockStart, Self.blockByteCount, generation.hashes[number], [])
            }
            return (blockStart, generation.tail.count, nil, generation.tail)
          }
          verifier.blockStart = -1
          verifier.blockCount = 0
          guard let found else { return false }
          if verifier.block.count < Self.blockByteCount {
            verifier.block = [UInt8](repeating: 0, count: Self.blockByteCount)
          }
          checkedBlocks.add(1, ordering: .relaxed)
          let same = verifier.block.withUnsafeMutableBytes { copy -> Bool in
            copy.baseAddress!.copyMemory(from: base + found.start, byteCount: found.count)
            let bytes = UnsafeRawBufferPointer(rebasing: copy[..<found.count])
            return found.hash.map { Self.hash(bytes) == $0 } ?? bytes.elementsEqual(found.tail)
          }
          guard same else {
            if losing { loseGeneration(at: position) }
            return false
          }
          verifier.blockStart = found.start
          verifier.blockCount = found.count
        }
        let start = verifier.blockStart
        let end = min(range.upperBound, start + verifier.blockCount)
        let goesOn = verifier.block.withUnsafeBytes { copy in
          body(UnsafeRawBufferPointer(rebasing: copy[(position - start)..<(end - start)]))
        }
        guard goesOn else { return false }
        position = end
      }
      return true
    }

    /// Whether the current generation's first and last blocks still read as the follower
    /// read them (the follower's look at each wake: a file truncated and written again past
    /// its old end, which it never saw shrink, fails here).
    package func isCurrentTextIntact() -> Bool {
      let (start, origin, fileCount) = state.withLock { state in
        let generation = state.generations[state.generations.count - 1]
        return (generation.start, generation.origin, generation.fileCount)
      }
      guard fileCount > origin else { return !isCurrentGenerationLost }
      // Not lost here: the follower ends the generation itself, and its note goes with it.
      var first = Verifier()
      var last = Verifier()
      return forEachVerifiedStretch((start + origin)..<(start + origin + 1), losing: false, using: &first) { _ in true }
        && forEachVerifiedStretch((start + fileCount - 1)..<(start + fileCount), losing: false, using: &last) { _ in
          true
        }
    }

    /// Makes the generation holding `position` lost (its text is no longer the file's):
    /// its pages read as zeros, and the loss handler is told.
    package func loseGeneration(at position: Int) {
      let changed = state.withLock { state -> Bool in
        guard let index = Self.generation(containing: position, in: state.generations),
          !state.generations[index].isLost
        else { return false }
        state.generations[index].isLost = true
        state.lostCount += 1
        retire(state.generations[index])
        return true
      }
      if changed { lossHandler.withLock { $0 }?() }
    }

    /// Maps untouched zero pages over a generation's file pages (they cost nothing, and
    /// the file is no longer held by the mapping). Under the state's lock.
    private func retire(_ generation: Generation) {
      guard generation.mappedCount > 0 else { return }
      _ = mmap(
        base + generation.start, generation.mappedCount, PROT_READ,
        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0)
    }

    /// Gives back every ended generation wholly below `position` (no record held reads
    /// there any more): its file is no longer mapped (a rotated or deleted file's disk
    /// space is then given back once no descriptor holds it either).
    /// - Returns: how many generations were given back now.
    @discardableResult
    package func releaseGenerations(below position: Int) -> Int {
      state.withLock { state in
        var released = 0
        for index in 0..<(state.generations.count - 1) where !state.generations[index].isReleased {
          guard state.generations[index + 1].start <= position else { break }
          state.generations[index].isReleased = true
          if !state.generations[index].isLost { retire(state.generations[index]) }
          released += 1
        }
        state.releasedCount += released
        return released
      }
    }

    /// Maps a file of its own, truncates it and reads a page past its new end: the bus
    /// error is turned into zeros (for tests, and `TGRID_DEBUG_CRASH=mappedfault`, which
    /// shows that the terminal's crash guard leaves such a fault alone).
    /// - Returns: whether the read gave zeros and the mapping was marked damaged.
    package static func provokeGuardedFault() -> Bool {
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      var name = Array("/tmp/tgrid-fault-XXXXXX".utf8CString)
      let descriptor = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else { return false }
      name.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
      defer { close(descriptor) }
      let text = [UInt8](repeating: 0x78, count: 2 * pageSize)
      guard text.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) == text.count,
        let mapping = GrowingFileMapping(capacity: 1 << 20, chunkByteCount: pageSize),
        mapping.extend(descriptor, toFileOffset: text.count), ftruncate(descriptor, 0) == 0
      else { return false }
      let byte = (mapping.base + pageSize).load(as: UInt8.self)
      return byte == 0 && mapping.isDamaged
    }

    /// Ends the current generation and starts the next at the following chunk boundary
    /// (for a new file at the name, or the same one truncated or rewritten). After a
    /// truncation the old generation is no longer read through the file: its pages read as
    /// zeros (which cost nothing; a string ends at the first), never as what the writer puts
    /// in the file next.
    package func startGeneration(afterTruncation truncated: Bool = false) {
      // The follower's own finding: its note wakes the run loop (not the loss handler).
      state.withLock { state in
        let last = state.generations.count - 1
        var generation = state.generations[last]
        if truncated, !generation.isLost, generation.mappedCount > 0 {
          generation.isLost = true
          state.lostCount += 1
          retire(generation)
        }
        guard generation.mappedCount > 0 else {
          // Nothing of it was mapped: the next file starts where it did.
          state.generations[last] = Generation(start: generation.start)
          return
        }
        state.generations[last] = generation
        let end = generation.start + generation.mappedCount
        let next = (end + chunkByteCount - 1) / chunkByteCount * chunkByteCount
        state.generations.append(Generation(start: next))
      }
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
    package func extend(_ descriptor: Int32, toFileOffset end: Int, read: UnsafeRawBufferPointer? = nil) -> Bool {
      false
    }
    package func startGeneration(afterTruncation truncated: Bool = false) {}
    package func isIntact(_ range: Range<Int>) -> Bool { true }
    package var truncationCount: Int { 0 }
    package var releasedCount: Int { 0 }
    package var isCurrentGenerationLost: Bool { false }
    package func onLoss(_ handler: (@Sendable () -> Void)?) {}
    package struct Verifier { package init() {} }
    package var checkedBlockCount: Int { 0 }
    package func forEachVerifiedStretch(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
      forEachVerifiedStretch(range, losing: true, body)
    }
    package func forEachVerifiedStretch(
      _ range: Range<Int>, using verifier: inout Verifier, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
      false
    }
    package func checkText(_ range: Range<Int>, using verifier: inout Verifier) -> Bool { false }

    /// ``forEachVerifiedStretch(_:_:)``; `losing`: a changed block makes its generation
    /// lost (else only false is returned).
    private func forEachVerifiedStretch(
      _ range: Range<Int>, losing: Bool, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
      false
    }
    package func isCurrentTextIntact() -> Bool { true }
    package static func provokeGuardedFault() -> Bool { false }
    package func loseGeneration(at position: Int) {}
    @discardableResult package func releaseGenerations(below position: Int) -> Int { 0 }
  }
#endif
