import Dispatch
import Synchronization
import TGridJSON
import TGridSystem
import TermGrid

/// Standard input or a file read as it grows (`tgrid --follow`, `tgrid -f FILE`), on a
/// thread of its own that cuts what arrives into records (``RecordSplitter``) and wakes the
/// run loop; the browser takes them with ``take()``.
///
/// Idle means idle: the thread sleeps in `read(2)` on a pipe, and on a file in
/// ``FileWatch`` (inotify, else a poll that backs off). A file is followed by its name, as
/// `tail -F` does: truncated, it is read again from its start; replaced (rotated), the new
/// file at the name is read from its start; deleted, what was read stays.
package final class FollowedStream: Sendable {
  /// What arrived since the last ``take()``.
  struct Arrivals {
    /// The records, in order.
    var records: [RecordSplitter.Record] = []
    /// What happened to the file (truncated, rotated, deleted, the end of the input).
    var notes: [String] = []
    /// Why following stopped, if it failed (a file that cannot be read).
    var failure: String?
    /// How many of the records were read from the file a save replaced, after the save:
    /// written there by another process meanwhile, they are not in the saved file.
    var missingFromSavedFile = 0
  }

  /// Where a save of the document over the followed file stands (tgrid's own save replaces
  /// the file at the name, which is no rotation: the new file is read from its end).
  private enum Replacement {
    case none
    /// A save is writing the file now.
    case saving
    /// A save replaced the file at the name with this one, `size` bytes long.
    case saved(device: UInt64, inode: UInt64, size: Int)
  }

  /// The file followed, or nil for standard input.
  let path: String?
  /// The name shown for the stream.
  let name: String
  private let maximumLineByteCount: Int
  private let arrivals = Locked(Arrivals())
  private let wakerSlot = WakerSlot()
  private let stopped = Atomic<Bool>(false)
  /// Records taken so far, all told (for tests that wait for them).
  private let arrivedCount = Atomic<Int>(0)
  /// Bytes of the records handed over and not taken yet.
  private let pendingByteCount = Atomic<Int>(0)
  /// The most bytes of records waiting to be taken before reading stops until they are
  /// (a writer faster than the browser then waits on the pipe, as it would for `less`):
  /// what was read and not yet taken would otherwise grow with the whole input.
  private let maximumPendingByteCount: Int
  package static let defaultMaximumPendingByteCount = 8 << 20
  private let replacement = Locked(Replacement.none)

  /// Bytes read at once.
  static let readByteCount = 1 << 20

  /// Where reading a file starts: its bytes before are in the document already.
  private let startOffset: Int

  /// Where a followed file is mapped (nil for standard input, or when no address space
  /// could be reserved): its records arrive as positions there (``RecordSplitter/Record/mapped(_:)``),
  /// read by the document where they are, not copied into memory.
  package let mapping: GrowingFileMapping?

  /// Prepares to follow `path` (nil or `-`: standard input), a file from `startOffset` on
  /// (the bytes before it are in the document already); reading waits while more than
  /// `maximumPendingByteCount` bytes of records wait to be taken; a file is mapped
  /// `mappingChunkByteCount` bytes at a time (unless `mapsFile` is false: then its records
  /// are read into memory, as standard input's are).
  package init(
    path: String?, maximumLineByteCount: Int, startOffset: Int = 0,
    maximumPendingByteCount: Int = FollowedStream.defaultMaximumPendingByteCount,
    mapsFile: Bool = true, mappingChunkByteCount: Int = 64 << 20
  ) {
    self.startOffset = startOffset
    self.maximumPendingByteCount = maximumPendingByteCount
    self.path = path == "-" ? nil : path
    name = self.path.map(DocumentLoader.baseName) ?? "(stdin)"
    self.maximumLineByteCount = maximumLineByteCount
    mapping = self.path == nil || !mapsFile ? nil : GrowingFileMapping(chunkByteCount: mappingChunkByteCount)
    // A save or a copy that finds the mapped text changed: the run loop takes the records
    // that lost it out of the document.
    let slot = wakerSlot
    mapping?.onLoss { slot.waker?.wake() }
  }

  /// The run loop's waker, told of every arrival.
  var waker: RunLoopWaker? {
    get { wakerSlot.waker }
    set { wakerSlot.set(newValue) }
  }

  /// Starts reading on a thread of its own.
  package func start() {
    // A queue of its own: its thread may sleep in `read` for as long as the stream is quiet.
    DispatchQueue(label: "tgrid.follow", qos: .userInitiated).async { [self] in
      if let path { followFile(path) } else { followDescriptor(StandardStreams.input) }
    }
  }

  /// Stops at the next arrival (the thread may be asleep in `read` until then).
  package func stop() { stopped.store(true, ordering: .relaxed) }

  /// Tells that tgrid is about to save the document over the followed file: the file that
  /// appears at the name is not read as a rotated one until ``didReplaceFile(device:inode:size:)``
  /// or ``didNotReplaceFile()``.
  func willReplaceFile() { replacement.withLock { $0 = .saving } }

  /// Tells that tgrid saved the document over the followed file (the file now at the name):
  /// what the old file got after the last read is read to its end, then the new file from
  /// the end of what was saved.
  func didReplaceFile(device: UInt64, inode: UInt64, size: Int) {
    replacement.withLock { $0 = .saved(device: device, inode: inode, size: size) }
  }

  /// Tells that the save over the followed file failed (the old file is still there).
  func didNotReplaceFile() { replacement.withLock { $0 = .none } }

  /// Takes what arrived since the last call: at most `maximumRecords` records, the oldest
  /// (the rest wait for the next take, and the run loop is woken again for them, so a key
  /// typed meanwhile is answered between two batches); the notes come with the first
  /// batch, a failure and the count of records the saved file lacks with the last.
  func take(maximumRecords: Int = .max) -> Arrivals {
    let (taken, isPartial) = arrivals.withLock { pending -> (Arrivals, Bool) in
      guard pending.records.count > maximumRecords else {
        defer {
          pending = Arrivals()
          pendingByteCount.store(0, ordering: .relaxed)
        }
        return (pending, false)
      }
      var first = Arrivals(records: Array(pending.records.prefix(maximumRecords)), notes: pending.notes)
      pending.records.removeFirst(maximumRecords)
      pending.notes = []
      first.missingFromSavedFile = 0
      pendingByteCount.subtract(Self.byteCount(of: first.records), ordering: .relaxed)
      return (first, true)
    }
    if isPartial { waker?.wake() }
    return taken
  }

  /// The bytes of records' lines.
  private static func byteCount(of records: [RecordSplitter.Record]) -> Int {
    var bytes = 0
    for record in records {
      switch record {
      case .json(let line), .text(let line, _): bytes += line.count
      case .mapped(let range): bytes += range.count
      case .tooLong: break
      }
    }
    return bytes
  }

  /// Bytes of the records read and not taken yet (at most about
  /// ``maximumPendingByteCount`` and one read more).
  package var pendingBytes: Int { pendingByteCount.load(ordering: .relaxed) }

  /// Records handed over so far.
  package var recordCount: Int { arrivedCount.load(ordering: .relaxed) }

  /// Where in the mapping the records not handed over yet may start: the start of the
  /// generation that was current at the last hand-over (the follower holds no record of an
  /// earlier one).
  private let handedBound = Atomic<Int>(0)

  /// Gives back the mapping's generations no record reads any more: wholly before the
  /// first position the document reads (`documentLowest`: nil when it reads none), the
  /// records waiting to be taken and those the follower has not handed over yet (so that a
  /// rotated or deleted file's disk space is given back once its records left).
  /// - Returns: how many generations were given back now.
  @discardableResult
  func releaseMappedText(documentLowest: Int?) -> Int {
    guard let mapping else { return 0 }
    // The bound first: what it covers was handed over before, so is among the pending.
    var bound = handedBound.load(ordering: .acquiring)
    let pendingLowest = arrivals.withLock { pending in
      pending.records.lazy.compactMap { record -> Int? in
        if case .mapped(let range) = record { range.lowerBound } else { nil }
      }.first
    }
    if let pendingLowest { bound = min(bound, pendingLowest) }
    if let documentLowest { bound = min(bound, documentLowest) }
    return mapping.releaseGenerations(below: bound)
  }

  private func hand(_ new: Arrivals) {
    guard !new.records.isEmpty || !new.notes.isEmpty || new.failure != nil else { return }
    arrivals.withLock { pending in
      pending.records += new.records
      pending.notes += new.notes
      if pending.failure == nil { pending.failure = new.failure }
      pending.missingFromSavedFile += new.missingFromSavedFile
    }
    if let mapping { handedBound.store(mapping.generationStart, ordering: .releasing) }
    arrivedCount.add(new.records.count, ordering: .relaxed)
    var woke = waker != nil
    waker?.wake()
    // Backlogged: wait (a millisecond at a time, only while the browser is busy taking
    // what came) until it took them, so memory stays bounded however fast the input is.
    var waiting = pendingByteCount.add(Self.byteCount(of: new.records), ordering: .relaxed).newValue
    while waiting > maximumPendingByteCount, !stopped.load(ordering: .relaxed) {
      // The run loop may have started since: it needs one wake to take them.
      if !woke, let waker {
        waker.wake()
        woke = true
      }
      Machine.sleep(microseconds: 1_000)
      waiting = pendingByteCount.load(ordering: .relaxed)
    }
  }

  /// A pipe or a terminal: reads until its end, asleep in `read` in between.
  private func followDescriptor(_ descriptor: Int32) {
    var splitter = RecordSplitter(maximumLineByteCount: maximumLineByteCount)
    var buffer = [UInt8](repeating: 0, count: Self.readByteCount)
    while !stopped.load(ordering: .relaxed) {
      let count: Int
      do {
        count = try Self.read(descriptor, into: &buffer)
      } catch {
        hand(Arrivals(failure: "tgrid: cannot read \(name): \(error)"))
        return
      }
      if count == 0 {
        // What the writer wrote last is a record even without a newline after it.
        var last: [RecordSplitter.Record] = []
        splitter.end(into: &last)
        hand(Arrivals(records: last, notes: ["\(name) ended: nothing more will arrive"]))
        return
      }
      var records: [RecordSplitter.Record] = []
      buffer.withUnsafeBytes { splitter.feed(UnsafeRawBufferPointer(rebasing: $0[..<count]), into: &records) }
      hand(Arrivals(records: records))
    }
  }

  /// A file, by its name: reads what it has, then waits for it to change.
  private func followFile(_ path: String) {
    var splitter = RecordSplitter(maximumLineByteCount: maximumLineByteCount)
    splitter.mapsLines = mapping != nil
    var buffer = [UInt8](repeating: 0, count: Self.readByteCount)
    let watch = FileWatch(path: path)
    var descriptor: Int32 = -1
    var identity: (device: UInt64, inode: UInt64)?
    var offset = 0
    var isDeleted = false
    do {
      descriptor = try SystemFile.open(path)
      let status = try SystemFile.status(of: descriptor)
      identity = (status.device, status.inode)
      if startOffset > 0 {
        try SystemFile.seek(descriptor, to: startOffset)
        offset = startOffset
      }
      splitter.position = mapping?.position(ofFileOffset: offset) ?? offset
    } catch {
      hand(Arrivals(failure: "tgrid: \(path): \(error)"))
      return
    }
    defer { if descriptor >= 0 { SystemFile.release(descriptor) } }
    var changed = true
    while !stopped.load(ordering: .relaxed) {
      var notes: [String] = []
      var records: [RecordSplitter.Record] = []
      // What the open file has now.
      let status = try? SystemFile.status(of: descriptor)
      let shrank = status.map { $0.size < offset } ?? false
      // Mapped, a file truncated and written again past where it was read never shrinks to
      // the follower's eyes: what it read is checked instead (the first and the last block).
      let rewritten =
        !shrank && offset > 0 && mapping.map { $0.isCurrentGenerationLost || !$0.isCurrentTextIntact() } == true
      if shrank || rewritten {
        // Mapped, the records read before lost their text with it: the follow controller
        // says how many left the document with it.
        notes.append(
          rewritten
            ? "\(name) was written again where it was read (truncated and rewritten): reading it again from its start"
            : "\(name) was truncated: reading it again from its start")
        offset = 0
        // The records read before lost their text with it: they read as empty from now on
        // (see GrowingFileMapping), never through the mapped pages of a file that shrank,
        // and leave the document (FollowController.removeRecordsWithLostText).
        mapping?.startGeneration(afterTruncation: true)
        splitter.reset()
        splitter.position = mapping?.position(ofFileOffset: 0) ?? 0
        try? SystemFile.seek(descriptor, to: 0)
      }
      let read = readToEnd(descriptor, from: offset, buffer: &buffer, splitter: &splitter, into: &records)
      offset += read
      changed = read > 0
      // The name: deleted, or another file now (rotated).
      let atName = try? SystemFile.status(ofPath: path)
      if let atName = atName ?? nil {
        if let known = identity, known != (atName.device, atName.inode),
          let saved = savedFile(device: atName.device, inode: atName.inode), let next = try? SystemFile.open(path)
        {
          // tgrid's own save: the old file's last lines are arrivals the saved file lacks;
          // the new one holds what was saved, and is read from its end.
          var late: [RecordSplitter.Record] = []
          let lateCount = readToEnd(descriptor, from: offset, buffer: &buffer, splitter: &splitter, into: &late)
          offset += lateCount
          records += late
          SystemFile.release(descriptor)
          descriptor = next
          identity = (atName.device, atName.inode)
          // The old file keeps its inode, and its mapping, for the records read from it.
          mapping?.startGeneration()
          splitter.reset()
          offset = saved
          splitter.position = mapping?.position(ofFileOffset: offset) ?? offset
          try? SystemFile.seek(descriptor, to: saved)
          watch.watchAgain()
          hand(Arrivals(records: records, notes: notes, missingFromSavedFile: late.count))
          records = []
          notes = []
          let newCount = readToEnd(descriptor, from: offset, buffer: &buffer, splitter: &splitter, into: &records)
          offset += newCount
          changed = true
        } else if let known = identity, known != (atName.device, atName.inode),
          let next = try? SystemFile.open(path)
        {
          // The old file's last lines first, then the new one from its start.
          let lastCount = readToEnd(descriptor, from: offset, buffer: &buffer, splitter: &splitter, into: &records)
          offset += lastCount
          SystemFile.release(descriptor)
          descriptor = next
          identity = (atName.device, atName.inode)
          offset = 0
          mapping?.startGeneration()
          splitter.reset()
          splitter.position = mapping?.position(ofFileOffset: 0) ?? 0
          notes.append(
            isDeleted ? "\(name) is back: following it" : "\(name) was replaced (rotated): following the new file")
          isDeleted = false
          watch.watchAgain()
          let newCount = readToEnd(descriptor, from: offset, buffer: &buffer, splitter: &splitter, into: &records)
          offset += newCount
          changed = true
        }
      } else if !isDeleted {
        isDeleted = true
        notes.append("\(name) was deleted: keeping what was read; a new file at the name is followed")
      }
      hand(Arrivals(records: records, notes: notes))
      watch.wait(changed: changed)
    }
  }

  /// Whether the file at the name is the one tgrid's save made (the size it saved), waiting
  /// while a save is under way; nil for any other file (a rotation).
  private func savedFile(device: UInt64, inode: UInt64) -> Int? {
    while !stopped.load(ordering: .relaxed) {
      switch replacement.withLock({ $0 }) {
      case .none: return nil
      case .saving: Machine.sleep(microseconds: 2_000)
      case .saved(let savedDevice, let savedInode, let size):
        guard savedDevice == device, savedInode == inode else { return nil }
        replacement.withLock { $0 = .none }
        return size
      }
    }
    return nil
  }

  /// Reads from the descriptor's offset (`offset`) to the end of the file; returns the
  /// bytes read. Mapped, the bytes read are mapped before the records they end are given.
  private func readToEnd(
    _ descriptor: Int32, from offset: Int, buffer: inout [UInt8], splitter: inout RecordSplitter,
    into records: inout [RecordSplitter.Record]
  ) -> Int {
    var total = 0
    while true {
      let count = (try? Self.read(descriptor, into: &buffer)) ?? 0
      guard count > 0 else { return total }
      total += count
      if splitter.mapsLines,
        buffer.withUnsafeBytes({ bytes in
          mapping?.extend(
            descriptor, toFileOffset: offset + total, read: UnsafeRawBufferPointer(rebasing: bytes[..<count]))
        }) != true
      {
        // No room left to map it (or it cannot be mapped): what follows is copied.
        splitter.mapsLines = false
      }
      buffer.withUnsafeBytes { splitter.feed(UnsafeRawBufferPointer(rebasing: $0[..<count]), into: &records) }
      if records.count >= 10_000 {
        // A large file's first records show while the rest is read.
        hand(Arrivals(records: records))
        records = []
      }
    }
  }

  /// Reads once into `buffer` (from its start); 0 at the end.
  private static func read(_ descriptor: Int32, into buffer: inout [UInt8]) throws(SystemError) -> Int {
    let count = buffer.count
    return try buffer.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return Result<Int, SystemError>.success(0) }
      return Result { () throws(SystemError) in try SystemFile.read(descriptor, into: base, count: count) }
    }.get()
  }
}
