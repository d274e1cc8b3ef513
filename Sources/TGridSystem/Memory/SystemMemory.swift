#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory the engine takes from the system rather than from Swift: heap blocks that grow
/// in place (`realloc`), mappings of files and of anonymous pages, and hints to the kernel.
package enum SystemMemory {
  /// Frees a block from `malloc` or `realloc` (one the C library or another C call gave).
  package static func free(_ pointer: UnsafeMutableRawPointer?) {
    Glibc.free(pointer)
  }

  /// Gives the heap's free pages back to the system (`malloc_trim(0)`): a large block
  /// freed from the middle of the heap otherwise stays in the process's resident memory.
  /// Milliseconds for a heap of a hundred megabytes; for after a large structure was
  /// replaced by another (a view's model after an edit), not for every frame.
  package static func returnFreedHeapPages() {
    #if canImport(Glibc)
      _ = mallocTrim?(0)
    #endif
  }

  #if canImport(Glibc)
    /// glibc's `malloc_trim` (its header, `malloc.h`, is not in the Glibc module): nil on a
    /// C library without it.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
      // RTLD_DEFAULT: the process's global symbols.
      guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
  #endif

  /// Unmaps `count` bytes mapped at `base`.
  package static func unmap(_ base: UnsafeMutableRawPointer, count: Int) {
    munmap(base, count)
  }

  /// The size of a memory page.
  package static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

  /// Grows or shrinks a heap block to `byteCount` bytes (`realloc`: large blocks move by
  /// remapping their pages, never by copying); nil when memory runs out.
  package static func reallocate(_ pointer: UnsafeMutableRawPointer?, byteCount: Int) -> UnsafeMutableRawPointer? {
    realloc(pointer, byteCount)
  }

  /// Reserves `count` bytes of address space, readable and writable, backed by memory only
  /// once written (`MAP_NORESERVE`); nil when the system refuses.
  package static func reserve(_ count: Int) -> UnsafeMutableRawPointer? {
    #if canImport(Glibc)
      mapAnonymous(count, flags: MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE)
    #else
      mapAnonymous(count, flags: MAP_PRIVATE | MAP_ANON)
    #endif
  }

  /// Maps `count` bytes of fresh anonymous memory, private, readable and writable: it reads
  /// as zeros and takes memory only once written. Nil when memory runs out.
  package static func mapAnonymous(_ count: Int) -> UnsafeMutableRawPointer? {
    #if canImport(Glibc)
      mapAnonymous(count, flags: MAP_PRIVATE | MAP_ANONYMOUS)
    #else
      mapAnonymous(count, flags: MAP_PRIVATE | MAP_ANON)
    #endif
  }

  /// An anonymous mapping of `count` bytes, readable and writable, with `flags`.
  private static func mapAnonymous(_ count: Int, flags: Int32) -> UnsafeMutableRawPointer? {
    guard let address = mmap(nil, count, PROT_READ | PROT_WRITE, flags, -1, 0), address != MAP_FAILED else {
      return nil
    }
    return address
  }

  /// Maps `count` bytes of a file read-only and private (changes to the file show through);
  /// nil when it cannot be mapped.
  package static func mapReadOnly(_ descriptor: Int32, count: Int) -> UnsafeMutableRawPointer? {
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      return nil
    }
    return address
  }

  /// Maps `count` bytes of a file shared, readable and writable (a ``SpillFile``); nil when
  /// it cannot be mapped.
  package static func mapShared(_ descriptor: Int32, count: Int) -> UnsafeMutableRawPointer? {
    guard let address = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), address != MAP_FAILED
    else { return nil }
    return address
  }

  /// Moves a mapping of `oldCount` bytes to one of `count` (`mremap`, which may move it);
  /// nil when it cannot.
  package static func remap(_ pointer: UnsafeMutableRawPointer, from oldCount: Int, to count: Int)
    -> UnsafeMutableRawPointer?
  {
    guard let remap = LinuxCalls.remap, let address = remap(pointer, oldCount, count, LinuxCalls.remapMayMove, nil),
      address != MAP_FAILED
    else { return nil }
    return address
  }

  /// Gives the pages of `count` bytes at `address` (whole pages) back to the system; they
  /// read as zeros afterwards. In a shared mapping of a file (`fromFile`), the file's blocks
  /// go too (a hole).
  package static func discardPages(_ address: UnsafeMutableRawPointer, count: Int, fromFile: Bool = false) {
    #if canImport(Glibc)
      _ = madvise(address, count, fromFile ? LinuxCalls.adviseRemove : MADV_DONTNEED)
    #endif
  }

  /// Tells the kernel a mapping will be read front to back once (it then reads ahead
  /// generously).
  package static func adviseSequential(_ address: UnsafeMutableRawPointer, count: Int) {
    #if canImport(Glibc)
      _ = madvise(address, count, MADV_SEQUENTIAL)
    #endif
  }

  /// Asks for transparent huge pages for `count` bytes at `address` (fewer page faults
  /// when a large block is first written).
  package static func adviseHugePages(_ address: UnsafeMutableRawPointer, count: Int) {
    #if canImport(Glibc)
      _ = madvise(address, count, MADV_HUGEPAGE)
    #endif
  }
}
