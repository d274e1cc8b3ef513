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

  /// Unmaps `count` bytes mapped at `base`.
  package static func unmap(_ base: UnsafeMutableRawPointer, count: Int) {
    munmap(base, count)
  }
}
