/// Pages of a tape kept in two or four bytes a word instead of eight (internal).
///
/// The tape is cut into pages of ``pageSize`` words by physical index. A page whose 512
/// words all lie within a few kilobytes of text and carry no long key delta is stored here
/// as a base offset and a small delta per word, and the raw buffer's memory under it is
/// given back to the system (see ``JSONStorage/compactPages(below:keeping:)``). An array
/// of 25 million numbers then takes 2 bytes a value where the plain tape takes 8; pages
/// with containers or distant keys (records) stay raw, and a tape with no compact page
/// has no `CompactTape` at all, so reading it costs nothing more.
///
/// The encoding is lossless for whatever the page holds, words of the gap included, so
/// compacting never has to know what a word means. Two widths:
///
/// ```
/// 16 bits:  kind (3) | payload − base (13)                  key delta 0, no escaped key
/// 32 bits:  tag (4)  | key delta (8) | payload − base (20)
/// ```
///
/// Only the storage's owner changes it (while parsing or editing, like the raw tape).
final class CompactTape {
  /// Words per page: 4 KiB of raw tape.
  static let pageShift = 9
  static let pageSize = 1 << pageShift
  static let pageMask = pageSize - 1

  /// How one page is stored.
  struct Page: BitwiseCopyable {
    /// Smallest payload in the page (compact pages only).
    var base: UInt64 = 0
    /// Page's slot in the pool of its width.
    var slot: UInt32 = 0
    /// 0: raw (in the storage's word buffer), 2 or 4: bytes a word.
    var width: UInt8 = 0
  }

  // Read for every word of a compact tape: no dynamic exclusivity checks (only the
  // storage's owner writes, as for the raw tape).
  /// One entry per page, up to the last page ever compacted.
  @exclusivity(unchecked) private(set) var pages: GrowableBuffer<Page>
  @exclusivity(unchecked) private var narrow: GrowableBuffer<UInt16>
  @exclusivity(unchecked) private var wide: GrowableBuffer<UInt32>
  private var freeNarrow: [UInt32] = []
  private var freeWide: [UInt32] = []
  /// Pages stored compactly now.
  private(set) var compactPageCount = 0

  init() {
    pages = GrowableBuffer(capacity: 64)
    narrow = GrowableBuffer(capacity: CompactTape.pageSize)
    wide = GrowableBuffer(capacity: CompactTape.pageSize)
  }

  deinit {
    pages.release()
    narrow.release()
    wide.release()
  }

  /// A copy with its own storage.
  func copy() -> CompactTape {
    let result = CompactTape()
    result.pages.release()
    result.narrow.release()
    result.wide.release()
    result.pages = pages.copy()
    result.narrow = narrow.copy()
    result.wide = wide.copy()
    result.freeNarrow = freeNarrow
    result.freeWide = freeWide
    result.compactPageCount = compactPageCount
    return result
  }

  /// Bytes the compact pages and their table take.
  var byteCount: Int {
    pages.count * MemoryLayout<Page>.stride + narrow.count * 2 + wide.count * 4
  }

  /// Whether the page is stored here rather than in the raw buffer.
  @inline(__always) func isCompact(_ page: Int) -> Bool {
    page < pages.count && pages.pointer[page].width != 0
  }

  /// The word at a physical index: decoded from its compact page, or read from `raw`.
  @inline(__always) func word(at physical: Int, raw: UnsafeMutablePointer<UInt64>) -> UInt64 {
    let page = physical &>> CompactTape.pageShift
    guard page < pages.count else { return raw[physical] }
    let entry = pages.pointer[page]
    if entry.width == 0 { return raw[physical] }
    return decode(entry, at: physical & CompactTape.pageMask)
  }

  /// The word at a position inside a compact page.
  @inline(__always) private func decode(_ entry: Page, at index: Int) -> UInt64 {
    let position = Int(entry.slot) &<< CompactTape.pageShift | index
    if entry.width == 2 {
      let value = UInt64(narrow.pointer[position])
      return (value &>> 13) &<< TapeWord.tagShift | (entry.base &+ (value & 0x1FFF))
    }
    let value = UInt64(wide.pointer[position])
    return (value &>> 28) &<< TapeWord.tagShift | ((value &>> 20) & 0xFF) &<< TapeWord.keyDeltaShift
      | (entry.base &+ (value & 0xF_FFFF))
  }

  /// How a page of words could be stored: its width (2 or 4 bytes a word) and base, or nil
  /// when no width holds every word exactly.
  static func encoding(of words: UnsafePointer<UInt64>) -> (width: UInt8, base: UInt64)? {
    var base = UInt64.max
    var highest: UInt64 = 0
    var fitsNarrow = true
    for index in 0..<pageSize {
      let word = words[index]
      let payload = TapeWord.payload(word)
      base = min(base, payload)
      highest = max(highest, payload)
      // Records' pages (containers' info words, far-apart offsets) fail early.
      if highest &- base > 0xF_FFFF { return nil }
      let keyDelta = TapeWord.keyDelta(word)
      if keyDelta > 0xFF { return nil }
      if keyDelta != 0 || TapeWord.isKeyEscaped(word) { fitsNarrow = false }
    }
    let span = highest - base
    return (span > 0x1FFF || !fitsNarrow ? 4 : 2, base)
  }

  /// Stores the page `words[0..<pageSize]` in the given encoding (from
  /// ``encoding(of:)``); the caller then gives the raw page's memory back.
  func compact(_ page: Int, words: UnsafePointer<UInt64>, as encoding: (width: UInt8, base: UInt64)) {
    precondition(!isCompact(page), "page \(page) is already compact")
    let base = encoding.base
    let fitsNarrow = encoding.width == 2
    reserveEntry(page)
    if fitsNarrow {
      let slot = takeSlot(&freeNarrow, &narrow)
      let target = narrow.pointer + Int(slot) << CompactTape.pageShift
      for index in 0..<CompactTape.pageSize {
        let word = words[index]
        target[index] = UInt16(truncatingIfNeeded: TapeWord.kind(word) << 13 | (TapeWord.payload(word) - base))
      }
      pages.pointer[page] = Page(base: base, slot: slot, width: 2)
    } else {
      let slot = takeSlot(&freeWide, &wide)
      let target = wide.pointer + Int(slot) << CompactTape.pageShift
      for index in 0..<CompactTape.pageSize {
        let word = words[index]
        let tag = word &>> TapeWord.tagShift
        target[index] = UInt32(
          truncatingIfNeeded: tag << 28 | TapeWord.keyDelta(word) << 20 | (TapeWord.payload(word) - base))
      }
      pages.pointer[page] = Page(base: base, slot: slot, width: 4)
    }
    compactPageCount += 1
  }

  /// Writes a compact page back into `words[0..<pageSize]` and frees its slot.
  func inflate(_ page: Int, into words: UnsafeMutablePointer<UInt64>) {
    guard isCompact(page) else { return }
    let entry = pages.pointer[page]
    for index in 0..<CompactTape.pageSize { words[index] = decode(entry, at: index) }
    if entry.width == 2 { freeNarrow.append(entry.slot) } else { freeWide.append(entry.slot) }
    pages.pointer[page] = Page()
    compactPageCount -= 1
  }

  private func reserveEntry(_ page: Int) {
    guard page >= pages.count else { return }
    pages.reserve(page + 1)
    while pages.count <= page { pages.append(Page()) }
  }

  private func takeSlot<Element>(_ free: inout [UInt32], _ pool: inout GrowableBuffer<Element>) -> UInt32 {
    if let slot = free.popLast() { return slot }
    let slot = pool.count >> CompactTape.pageShift
    pool.reserve(pool.count + CompactTape.pageSize)
    pool.count += CompactTape.pageSize
    return UInt32(slot)
  }
}
