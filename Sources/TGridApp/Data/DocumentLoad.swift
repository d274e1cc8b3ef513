import Dispatch
import Synchronization
import TGridJSON
import TermGrid

/// Reads and parses a document on a background queue, so the terminal stays responsive.
///
/// The background work never touches the UI: after each slice it records its progress and
/// wakes the run loop (``waker``), whose thread then looks at ``phase`` and ``preview``
/// and shows what is new. Before there is a run loop, ``waitForFirstScreen(children:milliseconds:)``
/// blocks until the first screenful is parsed, the load ends, or time is up — woken by the
/// same progress, never by polling.
package final class DocumentLoad: Sendable {
  /// Where the load stands.
  enum Phase: Sendable {
    /// Reading standard input (its size is not known in advance).
    case reading
    /// Parsing, with a known total.
    case parsing
    /// Done: take the document with ``DocumentLoad/takeDocument()``.
    case finished
    /// The input could not be read or is not valid JSON.
    case failed(LoadFailure)
    /// Stopped by the user.
    case cancelled

    /// Whether the load still runs.
    var isRunning: Bool {
      switch self {
      case .reading, .parsing: true
      default: false
      }
    }
  }

  /// The name shown for the document.
  let name: String
  /// The file read, or `nil` for standard input.
  let path: String?
  private let options: JSONParseOptions
  private let state = Locked<Phase>(.reading)
  private let parser = Locked<JSONProgressiveParser?>(nil)
  private let readCount = Atomic<Int>(0)
  /// The latest preview, made on the loading thread between slices (asking the parser for
  /// one from another thread would wait for the slice under way).
  private let latestPreview = Locked<JSONDocument?>(nil)
  /// The whole document once parsed, until someone takes it: the load must not keep a
  /// reference (a second holder makes the first edit copy the whole tape).
  private let result = Locked<JSONDocument?>(nil)
  private let finishedByteCount = Atomic<Int>(0)
  private let cancelled = Atomic<Bool>(false)
  /// Who is told of progress: the run loop's waker, once there is one.
  private let wakerSlot = WakerSlot()
  /// When the run loop was last woken (milliseconds), how many times, and how many times
  /// there was progress to tell (tests).
  private let lastWake = Atomic<Int>(0)
  private let wakes = Atomic<Int>(0)
  private let notifications = Atomic<Int>(0)
  /// The least time between two wakes for progress alone (a slice parsed, no new preview).
  let progressWakeMilliseconds: Int
  /// Signalled after every slice, for ``waitForFirstScreen(children:milliseconds:)``.
  private let progressed = DispatchSemaphore(value: 0)
  /// When loading started, in milliseconds.
  let startedAt: Int

  /// Bytes parsed per slice: small enough that progress and cancellation feel immediate.
  static let sliceBytes = 4 << 20
  /// The least time between two frames that only show progress: a gigabyte is 250 slices,
  /// and a frame for each drew the same screen with other figures in its status line (the
  /// frames were 3–4 % of the CPU a load of 100 MB took).
  static let progressWakeInterval = 50
  /// Children a preview holds: enough to scroll through while the rest loads, and one
  /// more than the grid sizes card by card (2,000; views are named only in their registry,
  /// so a test holds the two together): the preview of a larger document then shows its
  /// cards at the one size they share once the document is whole, measured on a sample
  /// (2,000 cards measured one by one were 12 ms of a 100 MB load's 220 ms, and the screen
  /// changed when the rest came).
  static let previewChildren = 2_001
  /// Bytes parsed in the first slice: a screenful of values or more.
  static let firstSliceBytes = 128 << 10

  /// The largest input accepted (`--max-size`).
  let maximumByteCount: Int
  /// Whether reading the whole file waits (up to ``firstScreenWaitMilliseconds``) for the
  /// first screen of a large file's head to be drawn: with two cores, two threads reading a
  /// gigabyte leave the first frame none.
  let yieldsToFirstScreen: Bool
  /// Values at the root that make a first screen: more than any screen shows at once as
  /// rows or cards.
  package static let firstScreenChildren = 60
  /// The most memory the document's index may take: past it, or as soon as the part parsed
  /// so far says the whole will need more, the load stops with a message instead of running
  /// the machine out of memory (the kernel's OOM killer ends a process with SIGKILL, which
  /// leaves the terminal as it was).
  let maximumIndexByteCount: Int
  /// Where an index that will not fit in ``maximumIndexByteCount`` is kept instead, in a
  /// temporary file (see ``JSONProgressiveParser/keepIndexOnDisk(in:)``); nil to refuse
  /// such a file.
  let indexDirectory: String?
  /// Whether the index went to ``indexDirectory``.
  private let indexOnDisk = Atomic<Bool>(false)

  /// Half the memory available now (`MemAvailable` in /proc/meminfo), or no limit where
  /// that cannot be read: the browser's own structures (the container index, child
  /// tables, the views' lists) come on top of the tape; a 32 GB file whose tape was within
  /// four fifths of the memory still ran out once loaded.
  static func availableMemoryBudget() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return .max }
    return kilobytes / 2 * 1024
  }

  /// The longest the whole file's reading waits for the first screen.
  static let firstScreenWaitMilliseconds = 100
  private let firstScreenDrawn = DispatchSemaphore(value: 0)
  private let firstScreenSignalled = Atomic<Bool>(false)

  /// How long the background work waits before it reads anything (tests: a load that
  /// loses the race with the first screen, as on a busy machine).
  let startDelayMilliseconds: Int

  /// Prepares to load `path` (`nil` or `-` for standard input).
  package init(
    path: String?, name: String, options: JSONParseOptions,
    maximumByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount, yieldsToFirstScreen: Bool = false,
    maximumIndexByteCount: Int = DocumentLoad.availableMemoryBudget(),
    indexDirectory: String? = JSONProgressiveParser.defaultIndexDirectory(), startDelayMilliseconds: Int = 0,
    progressWakeMilliseconds: Int = DocumentLoad.progressWakeInterval
  ) {
    self.startDelayMilliseconds = startDelayMilliseconds
    self.progressWakeMilliseconds = progressWakeMilliseconds
    self.yieldsToFirstScreen = yieldsToFirstScreen
    self.maximumIndexByteCount = maximumIndexByteCount
    self.indexDirectory = indexDirectory
    self.path = path == "-" ? nil : path
    self.name = name
    self.options = options
    self.maximumByteCount = maximumByteCount
    startedAt = MonotonicClock.milliseconds()
  }

  /// The waker to call after each slice (the run loop's).
  var waker: RunLoopWaker? {
    get { wakerSlot.waker }
    set { wakerSlot.set(newValue) }
  }

  /// Starts loading on a background queue.
  package func start() {
    DispatchQueue.global(qos: .userInitiated).async { [self] in run() }
  }

  private func run() {
    if startDelayMilliseconds > 0 { CurrentThread.sleep(milliseconds: startDelayMilliseconds) }
    // A large file's first screen comes from its head while the whole file is read.
    if let path,
      let head = JSONProgressiveParser.previewOfHead(
        of: path, headByteCount: Self.firstSliceBytes, maximumFileSize: maximumByteCount,
        maximumChildren: Self.previewChildren, options: options),
      !cancelled.load(ordering: .relaxed)
    {
      latestPreview.withLock { $0 = head }
      notify()
      // Only a head that fills a screen is drawn before the rest: otherwise whoever waits
      // for a first screen waits for the whole file's parse.
      if yieldsToFirstScreen, Self.childCount(of: head) >= Self.firstScreenChildren {
        _ = firstScreenDrawn.wait(timeout: .now() + .milliseconds(Self.firstScreenWaitMilliseconds))
      }
    }
    // Cancelled while the head was shown: the whole file is not read at all.
    if cancelled.load(ordering: .relaxed) {
      finish(.cancelled)
      return
    }
    let progressive: JSONProgressiveParser
    do {
      // A regular file is read at once; standard input, a pipe or a device streams in and
      // is parsed as it arrives, so an error in its first bytes shows at once.
      // On both cores, as `tgrid check` does: a fragment of a large file's second half is
      // parsed ahead on another thread and taken where this one confirms it (the same
      // document either way; the head's preview above stays on one).
      var wholeOptions = options
      wholeOptions.allowsSecondThread = true
      progressive = try JSONProgressiveParser.open(
        path ?? "-", options: wholeOptions, maximumByteCount: maximumByteCount)
    } catch {
      finish(.failed(LoadFailure(message: "tgrid: \(error)", exitCode: 2)))
      return
    }
    parser.withLock { $0 = progressive }
    if cancelled.load(ordering: .relaxed) { progressive.cancel() }
    var previewed = latestPreview.withLock { $0 }.map(Self.childCount(of:)) ?? 0
    /// Takes a larger preview, if there is one; returns whether it did.
    func takePreview() -> Bool {
      guard previewed < Self.previewChildren, let preview = progressive.preview(maximumChildren: Self.previewChildren)
      else {
        return false
      }
      previewed = Self.childCount(of: preview)
      latestPreview.withLock { $0 = preview }
      return true
    }
    do {
      while try progressive.readMore() {
        readCount.store(progressive.totalByteCount, ordering: .relaxed)
        _ = try progressive.advance(byteBudget: Self.sliceBytes)
        try checkIndexSize(of: progressive)
        notify(progressOnly: !takePreview())
      }
      readCount.store(progressive.totalByteCount, ordering: .relaxed)
      state.withLock { if case .reading = $0 { $0 = .parsing } }
      // A small first slice: the first screenful is parsed (and shown) at once, whatever
      // the file's size.
      var budget = Self.firstSliceBytes
      while try !progressive.advance(byteBudget: budget) {
        try checkIndexSize(of: progressive)
        notify(progressOnly: !takePreview())
        budget = Self.sliceBytes
      }
      let document = try progressive.document()
      finishedByteCount.store(document.originalByteCount, ordering: .relaxed)
      result.withLock { $0 = document }
      finish(.finished)
    } catch let failure as LoadFailure {
      progressive.cancel()
      finish(.failed(failure))
    } catch let error as JSONSyntaxError {
      finish(.failed(LoadFailure(message: DocumentLoader.syntaxMessage(error, name: name), exitCode: 1)))
    } catch let error as JSONInputError {
      finish(.failed(LoadFailure(message: "tgrid: \(error)", exitCode: 2)))
    } catch {
      finish(.cancelled)
    }
  }

  /// Says that the browser drew a frame (the first shows the head's preview, or the
  /// loading screen when there is none); the whole file's reading may start (see
  /// ``yieldsToFirstScreen``). Cheap to call on every frame.
  func firstScreenShown() {
    if !firstScreenSignalled.exchange(true, ordering: .relaxed) { firstScreenDrawn.signal() }
  }

  /// Watches the index's size (see ``watchIndexSize(of:budget:indexDirectory:name:)``).
  private func checkIndexSize(of progressive: JSONProgressiveParser) throws(LoadFailure) {
    if let failure = Self.watchIndexSize(
      of: progressive, budget: maximumIndexByteCount, indexDirectory: indexDirectory,
      name: path.map(DocumentLoader.baseName) ?? name)
    {
      throw failure
    }
    if progressive.isIndexOnDisk { indexOnDisk.store(true, ordering: .relaxed) }
  }

  /// Whether the document's index is kept on disk, its file too large for memory.
  var isIndexOnDisk: Bool { indexOnDisk.load(ordering: .relaxed) }

  /// Free disk the index must leave, so the rest of the machine is not starved of it.
  static let diskReserve = 1 << 30

  /// What to do, between two slices, about an index that outgrows `budget` bytes, or that
  /// the part parsed so far (a tenth or more of the input) says will: keep it on disk in
  /// `indexDirectory` from now on when the disk there has room for it all (the load goes
  /// on), else stop with a message; once on disk, stop when the disk would fill up. Nil
  /// while the load may go on. A file of 32 GB on a machine of 23 GB is known in seconds.
  static func watchIndexSize(
    of progressive: JSONProgressiveParser, budget: Int, indexDirectory: String?, name what: String
  ) -> LoadFailure? {
    guard budget < .max || progressive.isIndexOnDisk else { return nil }
    let index = progressive.indexByteCount
    let done = progressive.bytesConsumed
    let total = progressive.isReceiving ? 0 : progressive.totalByteCount
    var needed = index
    if total > 0, done >= total / 10, done > 0 {
      needed = max(index, Int(Double(index) * Double(total) / Double(done)))
    }
    let percent = total > 0 ? " at \(done * 100 / total)% of it" : ""
    let took = "its index would take about \(Self.gigabytes(needed)) (it took \(Self.gigabytes(index))\(percent))"
    if progressive.isIndexOnDisk, let indexDirectory {
      let free = JSONProgressiveParser.freeDiskBytes(in: indexDirectory)
      guard needed - index > free - diskReserve else { return nil }
      return LoadFailure(
        message:
          "tgrid: \(what): too large to browse: \(took), kept on disk in \(indexDirectory), which has \(Self.gigabytes(free)) free; TGRID_INDEX_DIR chooses another folder, and `tgrid check` validates a file of any size",
        exitCode: 2)
    }
    guard needed > budget else { return nil }
    var disk = "; no folder on a disk was found to keep it in (TGRID_INDEX_DIR chooses one)"
    if let indexDirectory {
      let free = JSONProgressiveParser.freeDiskBytes(in: indexDirectory)
      if free - diskReserve <= needed + needed / 10 {
        disk =
          "; keeping it on disk needs that much free in \(indexDirectory), which has \(Self.gigabytes(free)) (TGRID_INDEX_DIR chooses another folder)"
      } else if progressive.keepIndexOnDisk(in: indexDirectory) {
        return nil
      } else {
        disk =
          "; it cannot be kept in \(indexDirectory), which is not a folder on a disk that tgrid can write (TGRID_INDEX_DIR chooses another)"
      }
    }
    return LoadFailure(
      message:
        "tgrid: \(what): too large to browse in this machine's memory: \(took), and \(Self.gigabytes(budget)) can be spared\(disk); `tgrid check` validates a file of any size",
      exitCode: 2)
  }

  /// A byte count in gigabytes with one decimal (`12.5 GB`).
  static func gigabytes(_ bytes: Int) -> String {
    let tenths = (Double(bytes) / 100_000_000).rounded()
    return "\(Int(tenths) / 10).\(Int(tenths) % 10) GB"
  }

  /// Tells whoever waits that there is progress; the run loop only once
  /// ``progressWakeMilliseconds`` passed since its last wake when it is `progressOnly`.
  private func notify(progressOnly: Bool = false) {
    progressed.signal()
    notifications.add(1, ordering: .relaxed)
    let now = MonotonicClock.milliseconds()
    if progressOnly && now - lastWake.load(ordering: .relaxed) < progressWakeMilliseconds { return }
    lastWake.store(now, ordering: .relaxed)
    guard let waker else { return }
    wakes.add(1, ordering: .relaxed)
    waker.wake()
  }

  /// How many times the run loop was woken, and how many times there was progress (tests).
  var wakeCount: (wakes: Int, progress: Int) {
    (wakes.load(ordering: .relaxed), notifications.load(ordering: .relaxed))
  }

  private func finish(_ phase: Phase) {
    state.withLock { current in
      if case .cancelled = current { return }
      current = phase
    }
    parser.withLock { $0 = nil }
    latestPreview.withLock { $0 = nil }
    notify()
  }

  /// Stops loading; the phase becomes `.cancelled`.
  package func cancel() {
    cancelled.store(true, ordering: .relaxed)
    parser.withLock { $0?.cancel() }
    state.withLock { current in
      switch current {
      case .finished, .failed: break
      default: current = .cancelled
      }
    }
  }

  /// Hands the parsed document over (once): the load keeps no reference to it.
  package func takeDocument() -> JSONDocument? {
    result.withLock { taken in
      defer { taken = nil }
      return taken
    }
  }

  /// The current phase.
  var phase: Phase { state.withLock { $0 } }

  /// Bytes parsed so far and the total (`nil` while a stream still comes in).
  var progress: (done: Int, total: Int?) {
    if let parser = parser.withLock({ $0 }) {
      if case .reading = phase { return (readCount.load(ordering: .relaxed), nil) }
      return (parser.bytesConsumed, parser.totalByteCount)
    }
    if case .finished = phase {
      let count = finishedByteCount.load(ordering: .relaxed)
      return (count, count)
    }
    return (readCount.load(ordering: .relaxed), nil)
  }

  /// A read-only document of the root's first children complete so far (up to
  /// ``previewChildren``), made between slices.
  package var preview: JSONDocument? {
    latestPreview.withLock { $0 }
  }

  /// Blocks until the load ended, or a preview holds at least `children` of the root's
  /// children (a screenful), or `milliseconds` passed. Returns whether the load ended.
  ///
  /// Woken by each slice of progress; nothing polls.
  package func waitForFirstScreen(children: Int, milliseconds: Int) -> Bool {
    let deadline = DispatchTime.now() + .milliseconds(milliseconds)
    while true {
      if !phase.isRunning { return true }
      if let preview, Self.childCount(of: preview) >= children { return false }
      if progressed.wait(timeout: deadline) == .timedOut { return !phase.isRunning }
    }
  }

  /// How many values a preview shows at its root (1 for a scalar).
  static func childCount(of document: JSONDocument) -> Int {
    document.kind(of: document.root).isContainer ? document.childCount(of: document.root) : 1
  }
}
