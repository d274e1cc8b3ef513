#if canImport(Glibc)
  import Glibc
  import Synchronization
  import TermGridPlatform

  /// Turns a bus error inside a memory-mapped file into zeros instead of a crash.
  ///
  /// A file larger than the engine's `JSONBytes.defaultMapThreshold` is memory-mapped; if it is
  /// truncated while mapped, reading a page past its new end raises SIGBUS. While a mapping
  /// is registered here, a SIGBUS handler maps a page of zeros over the missing page and
  /// lets the read go on: the document sees zeros there, and the mapping is marked damaged,
  /// so `JSONBytes.isIntact` is false and saving refuses (the file's change is also seen
  /// by `JSONBytes.sourceChange()`). A bus error anywhere else goes to the handler that
  /// was installed before (or ends the process as SIGBUS does).
  ///
  /// The handler reads a fixed table of ranges, so it takes no lock and allocates nothing.
  /// Several threads may fault in one mapping at once (`tgrid check` parses a file's two
  /// halves on two threads): the damage marks are one atomic word, a bit per slot.
  package enum MappedFaultGuard {
    /// Slots of (start, end, unused) for mapped ranges; 0 as start is a free slot.
    static let slotCount = 64
    /// Bit `slot` set: a bus error was turned into zeros in that slot's range.
    private static let damage = Atomic<UInt64>(0)
    /// Held while the table is written, and while the handler reads it: a spin lock, since
    /// the handler can take no mutex (nothing that holds it touches a mapping meanwhile).
    private static let tableBusy = Atomic<Bool>(false)

    private static func lockTable() {
      while !tableBusy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
        sched_yield()
      }
    }

    private static func unlockTable() {
      tableBusy.store(false, ordering: .releasing)
    }
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Int> = {
      let slots = UnsafeMutablePointer<Int>.allocate(capacity: 3 * slotCount)
      slots.initialize(repeating: 0, count: 3 * slotCount)
      return slots
    }()
    /// The SIGBUS action before ours.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
      let action = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
      action.initialize(to: sigaction())
      return action
    }()
    nonisolated(unsafe) private static var isInstalled = false
    private static let lock = Locked(())

    /// Guards `count` bytes mapped at `base`; returns the slot to give back to
    /// ``unregister(_:)``, or nil when every slot is taken (the mapping is then unguarded).
    package static func register(_ base: UnsafeRawPointer, count: Int) -> Int? {
      lock.withLockHeld {
        if !isInstalled {
          // Initialised here, never first in the handler.
          _ = damage.load(ordering: .relaxed)
          _ = tableBusy.load(ordering: .relaxed)
          var action = sigaction()
          action.__sigaction_handler.sa_sigaction = handleBusError
          action.sa_flags = SA_SIGINFO | SA_ONSTACK
          sigemptyset(&action.sa_mask)
          sigaction(SIGBUS, &action, previous)
          // The terminal's crash guard, installed before or after this one, asks first.
          // (Scripts/fuzz-json.sh builds the engine without the terminal's signals: no
          // crash guard there.)
          #if !TGRID_FUZZER_BUILD
            CrashGuard.setFaultFilter(takeMappedFault)
          #endif
          isInstalled = true
        }
        lockTable()
        defer { unlockTable() }
        for slot in 0..<slotCount where slots[3 * slot] == 0 {
          slots[3 * slot + 1] = Int(bitPattern: base) + count
          damage.bitwiseAnd(~(UInt64(1) << UInt64(slot)), ordering: .relaxed)
          slots[3 * slot] = Int(bitPattern: base)
          return slot
        }
        return nil
      }
    }

    /// Stops guarding a range (before it is unmapped).
    package static func unregister(_ slot: Int) {
      lock.withLockHeld {
        lockTable()
        slots[3 * slot] = 0
        unlockTable()
      }
    }

    /// Whether a bus error was turned into zeros in the range of `slot`.
    package static func isDamaged(_ slot: Int) -> Bool {
      damage.load(ordering: .acquiring) & (UInt64(1) << UInt64(slot)) != 0
    }

    /// Takes a bus error inside a guarded range: maps a page of zeros there and marks the
    /// range damaged. False for any other fault. Async-signal-safe.
    static let takeMappedFault: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?) -> Bool = { signal, info in
      guard signal == SIGBUS else { return false }
      let address = Int(bitPattern: info?.pointee._sifields._sigfault.si_addr)
      MappedFaultGuard.lockTable()
      var found: Int?
      for slot in 0..<MappedFaultGuard.slotCount {
        let start = MappedFaultGuard.slots[3 * slot]
        if start != 0, address >= start, address < MappedFaultGuard.slots[3 * slot + 1] {
          found = slot
          break
        }
      }
      MappedFaultGuard.unlockTable()
      guard let slot = found else { return false }
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      let page = UnsafeMutableRawPointer(bitPattern: address & ~(pageSize - 1))
      let zeros = mmap(page, pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
      guard zeros != MAP_FAILED else { return false }
      MappedFaultGuard.damage.bitwiseOr(UInt64(1) << UInt64(slot), ordering: .releasing)
      return true
    }

    /// The SIGBUS handler.
    private static let handleBusError:
      @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        signal, info, context in
        if takeMappedFault(signal, info) { return }
        // Not ours: what would have happened without this handler.
        let before = MappedFaultGuard.previous.pointee
        if before.sa_flags & SA_SIGINFO != 0, let handler = before.__sigaction_handler.sa_sigaction {
          handler(signal, info, context)
          return
        }
        let plain = before.__sigaction_handler.sa_handler
        if let plain, unsafeBitCast(plain, to: Int.self) > 1 {
          plain(signal)
          return
        }
        // SIG_DFL or SIG_IGN: put it back; the faulting access happens again and ends the
        // process with SIGBUS.
        var fallback = sigaction()
        fallback.__sigaction_handler.sa_handler = nil
        sigaction(SIGBUS, &fallback, nil)
      }
  }
#else
  /// Without Glibc's signal details, mappings are not guarded: a bus error ends the process.
  package enum MappedFaultGuard {
    /// Nothing is guarded: no slot.
    package static func register(_ base: UnsafeRawPointer, count: Int) -> Int? { nil }
    /// Nothing to give back.
    package static func unregister(_ slot: Int) {}
    /// Never damaged.
    package static func isDamaged(_ slot: Int) -> Bool { false }
  }
#endif
