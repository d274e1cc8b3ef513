#if canImport(Glibc)
  import Glibc
  import Synchronization
  import TermGridPlatform

  /// A regular file mapped read-only under a read lease (`fcntl(F_SETLEASE, F_RDLCK)`): its
  /// bytes stay as they were, whatever later happens to the file, without a copy of them.
  ///
  /// Before anyone (another process, or this one) opens the file to write or truncates it,
  /// the kernel sends the lease's holder SIGIO and makes the writer wait, for at most
  /// `/proc/sys/fs/lease-break-time` seconds (45 by default). The SIGIO handler only posts a
  /// semaphore. A thread of its own, started with the first lease, then copies each breaking
  /// lease's bytes into anonymous memory and moves the copy over the mapping at the same
  /// address (`mremap` with `MREMAP_FIXED`: one step under the kernel's lock of the address
  /// space), so every reader on any thread keeps its pointers and reads the same bytes,
  /// before and after; then it releases the lease, and the writer goes on.
  ///
  /// The lease is refused (``map(_:maximumCount:)`` returns nil; the caller reads the file
  /// into memory instead) while the file is open for writing anywhere (`EAGAIN`), to a
  /// process that neither owns the file nor has `CAP_LEASE` (`EACCES`), on a file system
  /// without leases (some FUSE and network file systems), and when SIGIO already has a
  /// handler of the host program's, or is ignored (then no break could be heard).
  ///
  /// SIGIO is handed over from the terminal's signal handling (``TerminalSignals/handOver(_:to:)``):
  /// while a lease is held a stray SIGIO no longer ends the program; the handler runs with
  /// `SA_RESTART`, so the reads and writes it interrupts go on.
  ///
  /// A writer that opens with `O_NONBLOCK` (coreutils' `truncate`) is not made to wait: its
  /// open fails with `EAGAIN` while the lease breaks, and a second try succeeds.
  ///
  /// A holder that cannot answer in time (stopped with SIGSTOP for longer than the break
  /// time) loses the lease: the kernel lets the writer go on, and the mapping shows what
  /// it wrote. That is found when the thread copies at last (the file's size or
  /// modification time moved) and the mapping is then ``isLost``.
  package final class LeasedMapping: @unchecked Sendable {
    /// Where the file is mapped (page-aligned), and its size in bytes.
    package let address: UnsafeMutableRawPointer
    package let count: Int
    /// The descriptor the lease is on (the caller's: it closes it after ``end()``).
    let descriptor: Int32
    /// The file's size and modification time as mapped, to tell a lost lease.
    let status: FileInfo
    /// One of the `State` values.
    private let state = Atomic<UInt8>(State.held.rawValue)

    enum State: UInt8 {
      /// The lease is held; the bytes are the file's pages.
      case held
      /// The lease broke; the bytes are a private copy now (the same bytes).
      case copied
      /// The lease broke after the file had changed already (or the copy failed): the bytes
      /// may show what was written.
      case lost
      /// ``end()`` was called.
      case ended
    }

    private init(address: UnsafeMutableRawPointer, count: Int, descriptor: Int32, status: FileInfo) {
      self.address = address
      self.count = count
      self.descriptor = descriptor
      self.status = status
    }

    /// Whether the lease is still held (nobody has asked to write the file since it was
    /// mapped): the file on disk is the mapped bytes.
    package var isHeld: Bool { state.load(ordering: .acquiring) == State.held.rawValue }
    /// Whether the lease broke and the bytes were copied in time.
    package var isCopied: Bool { state.load(ordering: .acquiring) == State.copied.rawValue }
    /// Whether the lease broke too late (or the copy failed): the bytes may have changed.
    package var isLost: Bool { state.load(ordering: .acquiring) == State.lost.rawValue }

    /// The leases the thread watches. Held while a lease is taken, broken or ended, so the
    /// thread never sees one half made, and a mapping is never unmapped while it copies.
    private static let leases = Locked<[LeasedMapping]>([])
    /// Whether leases can be had in this process (SIGIO handed over, the thread running);
    /// decided with the first lease.
    nonisolated(unsafe) private static var isAvailable: Bool?
    /// Posted by the SIGIO handler; allocated and initialised before the handler is
    /// installed, and never freed.
    nonisolated(unsafe) private static let semaphore: UnsafeMutablePointer<sem_t> = {
      let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
      sem_init(semaphore, 0, 0)
      return semaphore
    }()

    /// Takes a read lease on `descriptor` (a regular file opened read-only), then maps the
    /// file as it is under the lease, read-only and private. Nil, with the lease released
    /// and nothing mapped, when no lease can be had, the file is empty or larger than
    /// `maximumCount`, or it cannot be mapped: the caller then reads it into memory.
    /// Returns the mapping and the file's status under the lease.
    package static func map(_ descriptor: Int32, maximumCount: Int) -> (LeasedMapping, FileInfo)? {
      leases.withLock { leases -> (LeasedMapping, FileInfo)? in
        guard prepare() else { return nil }
        guard fcntl(descriptor, LinuxCalls.setLease, Int32(F_RDLCK)) == 0 else { return nil }
        // The kernel sends a break's SIGIO to the thread that took the lease, and to no one
        // once that thread has ended (a loading thread, a dispatch worker that idles out):
        // the writer would then wait out the whole break time and find the file under
        // nobody's lease. The process, through its main thread, hears it instead.
        guard fcntl(descriptor, F_SETOWN, getpid()) == 0 else {
          _ = fcntl(descriptor, LinuxCalls.setLease, Int32(F_UNLCK))
          return nil
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, case let status = FileInfo(info), status.kind == .regular,
          status.size > 0, status.size <= maximumCount,
          let address = SystemMemory.mapReadOnly(descriptor, count: status.size)
        else {
          _ = fcntl(descriptor, LinuxCalls.setLease, Int32(F_UNLCK))
          return nil
        }
        let mapping = LeasedMapping(address: address, count: status.size, descriptor: descriptor, status: status)
        leases.append(mapping)
        return (mapping, status)
      }
    }

    /// Stops watching the lease and releases it, before the caller unmaps ``address`` and
    /// closes the descriptor. Waits for a copy under way.
    package func end() {
      LeasedMapping.leases.withLock { leases in
        leases.removeAll { $0 === self }
        if isHeld { _ = fcntl(descriptor, LinuxCalls.setLease, Int32(F_UNLCK)) }
        state.store(State.ended.rawValue, ordering: .releasing)
      }
    }

    /// Installs the SIGIO handler and starts the thread, once; whether leases can be had.
    /// Called with `leases` locked.
    private static func prepare() -> Bool {
      if let isAvailable { return isAvailable }
      _ = semaphore
      var action = sigaction()
      action.__sigaction_handler.sa_handler = handleBreak
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      #if TGRID_FUZZER_BUILD
        // Scripts/fuzz-json.sh builds the engine with only the platform files it needs, not
        // the terminal's signals: no terminal there takes SIGIO over, and the fuzzer takes
        // no leases (it parses bytes in memory). Leases are off in it.
        _ = action
        isAvailable = false
        return false
      #else
        guard TerminalSignals.handOver(SIGIO, to: action) else {
          isAvailable = false
          return false
        }
        let started = startServing()
        isAvailable = started
        return started
      #endif
    }

    /// Starts the thread that answers lease breaks; false when it could not be started.
    private static func startServing() -> Bool {
      var thread = pthread_t()
      let started = pthread_create(
        &thread, nil,
        { _ in
          LeasedMapping.serve()
          return nil
        }, nil)
      if started == 0 { pthread_detach(thread) }
      return started == 0
    }

    /// The thread's loop: wait for a SIGIO, then answer every lease that is breaking.
    private static func serve() {
      // The handler may run here too (it only posts the semaphore).
      var set = sigset_t()
      sigemptyset(&set)
      sigaddset(&set, SIGIO)
      pthread_sigmask(SIG_UNBLOCK, &set, nil)
      while true {
        while sem_wait(semaphore) != 0 {}
        answerBreaks()
      }
    }

    /// Copies and releases every lease that is breaking (`F_GETLEASE` no longer says
    /// `F_RDLCK`: a break is pending, or the kernel took the lease after the break time).
    /// SIGIO does not say which file; a second SIGIO while one is pending is lost: so
    /// every lease is asked each time.
    package static func answerBreaks() {
      leases.withLock { leases in
        for lease in leases where lease.isHeld {
          guard fcntl(lease.descriptor, LinuxCalls.getLease) != Int32(F_RDLCK) else { continue }
          lease.copyAndRelease()
        }
      }
    }

    /// Puts a private copy of the bytes in place of the mapping, then releases the lease.
    private func copyAndRelease() {
      let moved = SystemMemory.replaceWithPrivateCopy(address, count: count)
      var info = stat()
      let now = fstat(descriptor, &info) == 0 ? FileInfo(info) : .unknown
      // The writer waits while the lease is held: a file changed already means the lease
      // was taken from us (we did not answer within the break time).
      let isUnchanged =
        now.size == status.size && now.modificationSeconds == status.modificationSeconds
        && now.modificationNanoseconds == status.modificationNanoseconds
      state.store((moved && isUnchanged ? State.copied : State.lost).rawValue, ordering: .releasing)
      _ = fcntl(descriptor, LinuxCalls.setLease, Int32(F_UNLCK))
    }

    /// The SIGIO handler: async-signal-safe (`sem_post` only).
    private static let handleBreak: @convention(c) (Int32) -> Void = { _ in
      let savedErrno = errno
      sem_post(LeasedMapping.semaphore)
      errno = savedErrno
    }
  }

  extension SystemMemory {
    /// Puts a private, read-only copy of `count` bytes mapped at `address` (page-aligned)
    /// in their place, at the same address: the copy is made in fresh anonymous pages, then
    /// moved over the old mapping in one `mremap` (`MREMAP_MAYMOVE | MREMAP_FIXED`), so a
    /// reader on another thread sees the old bytes or the copy, never a hole. The copy's
    /// tail past `count` in the last page is zeros, as a file mapping's is. Returns false,
    /// changing nothing, when memory runs out or pages cannot be moved.
    package static func replaceWithPrivateCopy(_ address: UnsafeMutableRawPointer, count: Int) -> Bool {
      let pageSize = SystemMemory.pageSize
      let size = (count + pageSize - 1) & ~(pageSize - 1)
      guard size > 0, let remap = LinuxCalls.remap,
        let copy = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), copy != MAP_FAILED
      else { return false }
      memcpy(copy, address, count)
      _ = mprotect(copy, size, PROT_READ)
      guard let moved = remap(copy, size, size, LinuxCalls.remapMayMove | LinuxCalls.remapFixed, address),
        moved != MAP_FAILED
      else {
        munmap(copy, size)
        return false
      }
      return true
    }
  }
#else
  /// Without Linux's leases, files are not leased: they are read into memory.
  package final class LeasedMapping: @unchecked Sendable {
    package let address: UnsafeMutableRawPointer
    package let count: Int
    private init(address: UnsafeMutableRawPointer, count: Int) {
      self.address = address
      self.count = count
    }
    package var isHeld: Bool { false }
    package var isCopied: Bool { false }
    package var isLost: Bool { false }
    package static func map(_ descriptor: Int32, maximumCount: Int) -> (LeasedMapping, FileInfo)? { nil }
    package func end() {}
  }
#endif
