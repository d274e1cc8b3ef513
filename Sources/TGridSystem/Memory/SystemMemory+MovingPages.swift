#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemMemory {
  /// Moves `count` bytes of whole pages from `source` to `destination` within anonymous
  /// memory from ``reserve(_:)`` (`mremap` with `MREMAP_MAYMOVE | MREMAP_FIXED`), so
  /// bytes about to be written at `destination` land in pages that are already backed (no
  /// page faults, no zeroing, nothing freed); the hole left at `source` is mapped afresh
  /// and reads as zeros (given back with `MADV_DONTNEED` if it cannot be). Returns false,
  /// and changes nothing, where pages cannot be moved (no `mremap`, or it refused).
  ///
  /// - Parameters:
  ///   - source: Page-aligned start of the pages to move.
  ///   - destination: Page-aligned place to move them to, within the same reservation;
  ///     whatever was mapped there is replaced.
  ///   - count: A multiple of the page size.
  package static func movePages(
    from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer, count: Int
  ) -> Bool {
    #if canImport(Glibc)
      guard count > 0, let remap = LinuxCalls.remap,
        let result = remap(source, count, count, LinuxCalls.remapMayMove | LinuxCalls.remapFixed, destination),
        result != MAP_FAILED
      else { return false }
      let refill = mmap(
        source, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0)
      if refill == MAP_FAILED { _ = madvise(source, count, MADV_DONTNEED) }
      return true
    #else
      return false
    #endif
  }
}
