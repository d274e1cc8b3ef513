import TGridSystem

/// A heap buffer of plain values that grows with `realloc`.
///
/// The tape of a large document is hundreds of megabytes; `realloc` of such a block moves
/// pages with `mremap` instead of copying them, and pages reserved but never written are
/// never resident, so growing the buffer never holds two copies of the tape at once (a Swift
/// `Array` would). The owner frees it explicitly with ``release()``.
///
/// A buffer can also live in a file on disk (``spill(to:)``, ``init(capacity:spillingTo:)``):
/// it is then a shared mapping of a ``SpillFile``, grown with `ftruncate` and `mremap`,
/// whose pages the kernel writes out and drops under memory pressure. Everything else
/// about it is the same.
///
/// A buffer given a ``mappingThreshold`` (a document's tape) keeps storage of that size and
/// more in an anonymous mapping of its own instead of a heap block: its whole pages can then
/// be taken off its front and the rest moved by the kernel's page tables
/// (``removePages(below:room:)``), which a block of `malloc`'s cannot.
struct GrowableBuffer<Element: BitwiseCopyable> {
  /// Start of the storage; valid for `capacity` elements.
  private(set) var pointer: UnsafeMutablePointer<Element>
  /// Number of initialised elements.
  var count: Int = 0
  /// Number of elements the storage holds.
  private(set) var capacity: Int
  /// The file the storage is mapped from, when it is kept on disk; nil for heap memory.
  private(set) var spillFile: SpillFile?
  /// Bytes from which the storage is an anonymous mapping of the buffer's own rather than
  /// a heap block (nil: always the heap). A buffer in the heap moves to a mapping when it
  /// grows to this size (copying what it holds, less than this); a mapping stays one.
  var mappingThreshold: Int?
  /// Whether the storage is an anonymous mapping (see ``mappingThreshold``).
  private(set) var isAnonymousMapping = false

  /// Allocates room for `capacity` elements (at least one).
  ///
  /// `hugePages` asks the system to back a large buffer with 2 MB pages: far fewer page
  /// faults when the whole buffer is written at once (a copy of a tape), at the cost of
  /// memory rounded up to 2 MB and slower growth, so buffers that grow bit by bit (the
  /// parser's) do without.
  init(capacity: Int, hugePages: Bool = false, mappingThreshold: Int? = nil) {
    let capacity = max(capacity, 1)
    self.mappingThreshold = mappingThreshold
    if let mappingThreshold, GrowableBuffer.byteCount(capacity: capacity) >= mappingThreshold {
      pointer = GrowableBuffer.mapAnonymous(capacity: capacity, hugePages: hugePages)
      isAnonymousMapping = true
    } else {
      pointer = GrowableBuffer.reallocate(nil, capacity: capacity, hugePages: hugePages)
    }
    self.capacity = capacity
  }

  /// Makes room for at least `minimumCapacity` elements, growing by at least half.
  @inline(__always)
  mutating func reserve(_ minimumCapacity: Int) {
    if minimumCapacity > capacity { grow(minimumCapacity) }
  }

  @inline(never)
  private mutating func grow(_ minimumCapacity: Int) {
    setCapacity(max(minimumCapacity, capacity + capacity / 2 + 16))
  }

  /// Sets the capacity exactly (at least `count`); the first `count` elements are kept, and
  /// so is whatever else lies below the smaller of the two capacities.
  mutating func resize(capacity newCapacity: Int) {
    let newCapacity = max(newCapacity, count, 1)
    guard newCapacity != capacity else { return }
    setCapacity(newCapacity)
  }

  /// Gives back storage beyond `count` (the pages were mostly never touched anyway).
  mutating func shrinkToFit() {
    let newCapacity = max(count, 1)
    guard newCapacity < capacity else { return }
    setCapacity(newCapacity)
  }

  private mutating func setCapacity(_ newCapacity: Int) {
    if let spillFile {
      pointer = GrowableBuffer.remap(pointer, in: spillFile, from: capacity, to: newCapacity)
    } else if isAnonymousMapping {
      pointer = GrowableBuffer.remapAnonymous(pointer, from: capacity, to: newCapacity)
    } else if let mappingThreshold, GrowableBuffer.byteCount(capacity: newCapacity) >= mappingThreshold {
      // Out of the heap into a mapping of its own: what is kept is less than the threshold.
      let mapped = GrowableBuffer.mapAnonymous(capacity: newCapacity)
      mapped.update(from: pointer, count: min(capacity, newCapacity))
      SystemMemory.free(pointer)
      pointer = mapped
      isAnonymousMapping = true
    } else {
      pointer = GrowableBuffer.reallocate(pointer, capacity: newCapacity)
    }
    capacity = newCapacity
  }

  /// Elements in a page of memory (the unit ``removePages(below:room:)`` takes out).
  static var elementsPerPage: Int { max(1, SystemMemory.pageSize / MemoryLayout<Element>.stride) }

  /// Takes the whole pages below element `index` out of an anonymous mapping, and sets the
  /// capacity to `room` elements from `index` on: the pages kept are moved by the kernel
  /// (their page tables, `mremap`), never copied, wherever it finds room for the new size;
  /// those taken out are unmapped. Element `i` is element `i - removed` afterwards, its
  /// value unchanged (below the smaller of the two capacities); `count` is left as it is.
  ///
  /// - Returns: `removed`, the elements taken out (whole pages of them); nil, with nothing
  ///   changed, for storage in the heap or in a spill file, when no whole page lies below
  ///   `index`, or when the kernel cannot move the pages.
  mutating func removePages(below index: Int, room: Int) -> Int? {
    let stride = MemoryLayout<Element>.stride
    guard isAnonymousMapping, spillFile == nil, SystemMemory.pageSize % stride == 0, index <= capacity else {
      return nil
    }
    let removed = index / GrowableBuffer.elementsPerPage * GrowableBuffer.elementsPerPage
    let removedBytes = removed * stride
    guard removed > 0, removedBytes < GrowableBuffer.mappedByteCount(capacity: capacity) else { return nil }
    let newCapacity = max(index - removed + room, 1)
    let oldBytes = GrowableBuffer.mappedByteCount(capacity: capacity)
    let raw = UnsafeMutableRawPointer(pointer)
    guard
      let moved = SystemMemory.remap(
        raw + removedBytes, from: oldBytes - removedBytes, to: GrowableBuffer.mappedByteCount(capacity: newCapacity))
    else { return nil }
    SystemMemory.unmap(raw, count: removedBytes)
    pointer = moved.bindMemory(to: Element.self, capacity: newCapacity)
    capacity = newCapacity
    return removed
  }

  /// Appends one element.
  @inline(__always)
  mutating func append(_ element: Element) {
    reserve(count + 1)
    pointer[count] = element
    count += 1
  }

  /// Appends the elements of a buffer.
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    reserve(count + elements.count)
    (pointer + count).update(from: source, count: elements.count)
    count += elements.count
  }

  /// Gives the memory of the whole pages inside `range` back to the system; they read as
  /// zeros afterwards (for elements already copied elsewhere, before the buffer is freed).
  func discardPages(_ range: Range<Int>) {
    let stride = MemoryLayout<Element>.stride
    let page = SystemMemory.pageSize
    let start = (Int(bitPattern: pointer) + range.lowerBound * stride + page - 1) & ~(page - 1)
    let end = (Int(bitPattern: pointer) + range.upperBound * stride) & ~(page - 1)
    if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
      // In a spill file the pages are removed from the file too (a hole, read as zeros).
      SystemMemory.discardPages(address, count: end - start, fromFile: spillFile != nil)
    }
  }

  /// A copy with its own storage: in a new spill file beside this one's when this one is
  /// kept on disk (and there is room), else on the heap.
  func copy() -> GrowableBuffer {
    var result =
      spillFile.flatMap { GrowableBuffer(capacity: count, spillingTo: $0.directory) }
      ?? GrowableBuffer(capacity: count, mappingThreshold: mappingThreshold)
    result.pointer.update(from: pointer, count: count)
    result.count = count
    return result
  }

  /// Storage for `capacity` elements in a new spill file in `directory`; nil when the file
  /// cannot be made or the disk has no room for it.
  init?(capacity: Int, spillingTo directory: String) {
    let capacity = max(capacity, 1)
    guard let file = try? SpillFile(directory: directory),
      let mapped = GrowableBuffer.map(file, capacity: capacity, from: 0)
    else { return nil }
    mappingThreshold = nil
    pointer = mapped
    self.capacity = capacity
    spillFile = file
  }

  /// Moves the storage into a new spill file in `directory`, keeping the first `count`
  /// elements, and frees its heap memory. False, with nothing changed, when the file cannot
  /// be made or the disk has no room for it (or the storage already is in a file).
  mutating func spill(to directory: String) -> Bool {
    guard spillFile == nil, let spilled = GrowableBuffer(capacity: capacity, spillingTo: directory) else {
      return false
    }
    spilled.pointer.update(from: pointer, count: count)
    release()
    pointer = spilled.pointer
    spillFile = spilled.spillFile
    isAnonymousMapping = false
    return true
  }

  /// The initialised elements, read-only.
  var elements: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: pointer, count: count)
  }

  /// Frees the storage; the buffer must not be used afterwards.
  func release() {
    if spillFile != nil || isAnonymousMapping {
      SystemMemory.unmap(pointer, count: GrowableBuffer.mappedByteCount(capacity: capacity))
    } else {
      SystemMemory.free(pointer)
    }
  }

  /// Bytes of a mapping of `capacity` elements: whole pages.
  private static func mappedByteCount(capacity: Int) -> Int {
    let page = SystemMemory.pageSize
    let bytes = byteCount(capacity: capacity)
    return (bytes + page - 1) / page * page
  }

  /// Bytes of `capacity` elements (at least one); fatal when that overflows, as memory
  /// running out is.
  private static func byteCount(capacity: Int) -> Int {
    let (bytes, overflow) = max(capacity, 1).multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    guard !overflow else { fatalError(outOfMemoryMessage(capacity: capacity)) }
    return bytes
  }

  /// A new anonymous mapping of `capacity` elements (huge pages asked for as in
  /// ``reallocate(_:capacity:hugePages:)``).
  private static func mapAnonymous(capacity: Int, hugePages: Bool = false) -> UnsafeMutablePointer<Element> {
    let bytes = mappedByteCount(capacity: capacity)
    guard let raw = SystemMemory.mapAnonymous(bytes) else { fatalError(outOfMemoryMessage(capacity: capacity)) }
    // The advice covers the whole mapping, not only its whole huge pages: advice given to
    // part of a mapping splits it in two or three, and the kernel grows or moves a range
    // (``remapAnonymous(_:from:to:)``, ``removePages(below:room:)``) only within one.
    if hugePages, bytes >= hugePageAdviceThreshold { SystemMemory.adviseHugePages(raw, count: bytes) }
    return raw.bindMemory(to: Element.self, capacity: capacity)
  }

  /// Grows or shrinks an anonymous mapping: the kernel moves its pages where the new size
  /// fits, never copying them.
  private static func remapAnonymous(
    _ old: UnsafeMutablePointer<Element>, from oldCapacity: Int, to capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    let oldBytes = mappedByteCount(capacity: oldCapacity)
    let bytes = mappedByteCount(capacity: capacity)
    guard bytes != oldBytes else { return old }
    if let raw = SystemMemory.remap(old, from: oldBytes, to: bytes) {
      return raw.bindMemory(to: Element.self, capacity: capacity)
    }
    // No `mremap` (not Linux), or the range is not one mapping: a new mapping and a copy,
    // as `realloc` falls back to. Only memory running out is fatal.
    let mapped = mapAnonymous(capacity: capacity)
    mapped.update(from: old, count: min(oldCapacity, capacity))
    SystemMemory.unmap(UnsafeMutableRawPointer(old), count: oldBytes)
    return mapped
  }

  /// Maps a spill file made `capacity` elements long (from `old` elements).
  private static func map(_ file: SpillFile, capacity: Int, from old: Int) -> UnsafeMutablePointer<Element>? {
    let bytes = mappedByteCount(capacity: capacity)
    guard file.setLength(bytes, from: old == 0 ? 0 : mappedByteCount(capacity: old)),
      let raw = SystemMemory.mapShared(file.descriptor, count: bytes)
    else { return nil }
    return raw.bindMemory(to: Element.self, capacity: capacity)
  }

  /// Grows or shrinks a spilled storage: the file first, then the mapping (moved by the
  /// kernel, never copied). A disk without room is fatal, as memory running out is.
  private static func remap(
    _ old: UnsafeMutablePointer<Element>, in file: SpillFile, from oldCapacity: Int, to capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    let oldBytes = mappedByteCount(capacity: oldCapacity)
    let bytes = mappedByteCount(capacity: capacity)
    guard bytes != oldBytes else { return old }
    if bytes > oldBytes {
      guard file.setLength(bytes, from: oldBytes) else {
        fatalError(
          "out of disk space: cannot grow the document's index in \(file.directory) to \(bytes / 1_000_000) MB")
      }
    }
    guard let raw = SystemMemory.remap(old, from: oldBytes, to: bytes) else {
      fatalError(outOfMemoryMessage(capacity: capacity))
    }
    if bytes < oldBytes { _ = file.setLength(bytes, from: oldBytes) }
    return raw.bindMemory(to: Element.self, capacity: capacity)
  }

  private static func reallocate(
    _ old: UnsafeMutablePointer<Element>?, capacity: Int, hugePages: Bool = false
  ) -> UnsafeMutablePointer<Element> {
    let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    guard !overflow, let raw = SystemMemory.reallocate(old, byteCount: bytes) else {
      fatalError(outOfMemoryMessage(capacity: capacity))
    }
    if hugePages { adviseHugePages(raw, bytes: bytes) }
    return raw.bindMemory(to: Element.self, capacity: capacity)
  }

  /// Asks for huge pages over the whole huge pages of a large block: a 50 MB copy of a
  /// tape then takes 25 page faults instead of 12,000.
  private static func adviseHugePages(_ raw: UnsafeMutableRawPointer, bytes: Int) {
    guard bytes >= hugePageAdviceThreshold else { return }
    let start = (Int(bitPattern: raw) + hugePageSize - 1) & ~(hugePageSize - 1)
    let end = (Int(bitPattern: raw) + bytes) & ~(hugePageSize - 1)
    if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
      SystemMemory.adviseHugePages(address, count: end - start)
    }
  }

  /// What the process dies with when memory runs out: which buffer, and how large it was
  /// to become (byte buffers hold input being read, word buffers a document's index).
  static func outOfMemoryMessage(capacity: Int) -> String {
    let what = MemoryLayout<Element>.stride == 1 ? "the input read so far" : "the document's index"
    let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    let size = overflow ? "more than \(Int.max) bytes" : "\(bytes / 1_000_000) MB"
    return "out of memory: cannot grow the buffer holding \(what) to \(size)"
  }
}

/// Size of a transparent huge page on x86-64 and arm64 Linux.
private let hugePageSize = 2 << 20
/// Buffers from this size on are advised to use huge pages.
private let hugePageAdviceThreshold = 8 << 20
