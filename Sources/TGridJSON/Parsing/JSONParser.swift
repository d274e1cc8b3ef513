/// The one-pass, resumable tape builder behind every document (internal).
///
/// The parser is a small state machine with an explicit stack instead of recursion, so any
/// nesting depth parses in constant native stack. It can stop at any value boundary and
/// resume later (``parse(upTo:)``), which is what progressive loading is built on. The hot
/// loop keeps all state in locals and writes it back on every exit.
final class JSONParser {
  /// One open container (the top frame lives in a local during parsing).
  struct Frame {
    /// Tape index of the container's word.
    var tapeIndex: Int
    var childCount: Int
    /// Index in `keys` where this object's keys start.
    var keyBase: UInt32
    var isObject: Bool
    /// One bit per key hash (mod 64) seen in this object: a clear bit proves a key new
    /// without searching.
    var keyMask: UInt64 = 0
  }

  /// A key seen in one of the open objects, for duplicate detection.
  struct KeyEntry {
    var hash: UInt64
    /// Offset of the key's opening quote.
    var offset: Int
    var isEscaped: Bool
  }

  /// A duplicate key found while parsing (resolved to line and column at the end).
  struct Duplicate {
    var offset: Int
    var firstOffset: Int
    var key: String
    /// Line and column of `offset` and of `firstOffset`, once located.
    var position = (line: 0, column: 0)
    var firstPosition = (line: 0, column: 0)
  }

  let storage: JSONStorage
  let mode: JSONTextMode
  /// Byte offset parsing has reached.
  private(set) var position: Int
  private(set) var isFinished = false
  /// Whether more input may follow the bytes in `storage.original` (a stream still being
  /// read): the parser then stops where a value, a key or a separator could run on into
  /// bytes not yet received, instead of taking the end of the bytes for the end of input.
  var isStreaming = false
  /// Whether the byte order mark check has been made (it needs the first three bytes).
  private var checkedByteOrderMark = false
  private var expectsValue = true
  private var top: Frame
  private var stack: GrowableBuffer<Frame>
  @exclusivity(unchecked) private var keys: GrowableBuffer<KeyEntry>
  /// Hash index of the keys of objects with many members, by stack depth.
  @exclusivity(unchecked) private var keyIndexes: [Int: [UInt64: [Int]]] = [:]
  private var pendingKeyOffset = -1
  private var pendingKeyEscaped = false
  @exclusivity(unchecked) private var deepestStack = 1
  private var duplicates: [Duplicate] = []
  private var duplicateCount = 0
  /// What this parser is: a whole text, or a fragment parsed ahead on another thread.
  let role: Role
  /// For a fragment that ended cleanly: the index of the byte that ended it (the `]` of
  /// the array it started in, or the end of the input for top-level values).
  private(set) var fragmentEnd = -1
  /// The fragment being parsed ahead on another thread, until this parser reaches its start.
  private var speculation: ParallelSpeculation?
  /// Whether a speculation was considered for this text (once per parser).
  private var consideredSpeculation = false
  /// Whether a fragment parsed on another thread was taken (tests check it).
  private(set) var tookFragment = false
  /// The children of the synthetic root and of the value at tape index 2, noted as each
  /// starts (see ``RootChildren``); not for a parse that drops its values.
  @exclusivity(unchecked) var rootChildren = RootChildren()
  /// How to parse: on this thread alone, or with a fragment parsed ahead (tests force one).
  var parallelism = Parallelism.automatic(minimumByteCount: ParallelSpeculation.minimumByteCount)
  /// Whether the words of finished values are dropped after each slice, for a parse that
  /// only validates and counts (`tgrid check`): the tape then keeps only the two words of
  /// each open container, so memory is the input plus the nesting, and ``storage`` is no
  /// document. Set before parsing. A fragment parsed ahead on a second thread drops its
  /// values too, and only its counts are taken.
  var dropsFinishedValues = false
  /// Whether finished pages of the tape are stored in 2 or 4 bytes a word where they
  /// allow it (see ``CompactTape``; tests turn it off to compare).
  var compactsTape = true
  /// Tape words dropped so far (see ``dropsFinishedValues``).
  private(set) var droppedWordCount = 0
  /// Whether the bytes of the input already parsed may be given back (with
  /// ``dropsFinishedValues``, for a file read in a window: `tgrid check`): between slices
  /// ``inputFloor`` rises to what nothing will read again, and warnings and errors are
  /// located from ``floorCounter`` instead of from the start of the text.
  var dropsParsedInput = false
  /// Offset below which the input is never read again (0 unless ``dropsParsedInput``):
  /// before it lie only finished values. What stays above it: the keys of the open
  /// objects (for duplicate keys, and the first of a pair), and at least
  /// ``retainedInputByteCount`` bytes before the parse position, so an error's line excerpt
  /// (a window of 50 characters when its line is longer than 120) is all above it.
  private(set) var inputFloor = 0
  /// Line and column at ``inputFloor``.
  private(set) var floorCounter: TextPosition.Counter?
  /// Duplicates whose lines and columns are known (the first ones of `duplicates`).
  private var locatedDuplicateCount = 0
  /// Bytes kept before the parse position when parsed input is given back.
  static let retainedInputByteCount = 64 << 10
  /// Whether the pages of a mapped input are taken out of this process's memory as they
  /// are parsed (`tgrid check` of a mapped file): unlike ``dropsParsedInput``, nothing is
  /// counted for that, since the pages stay in the file and reading them again (to locate
  /// an error or a duplicate key) maps them again.
  var releasesParsedPages = false
  /// Offset below which the pages were released (see ``releasesParsedPages``).
  private var releasedByteCount = 0
  /// The floor rises in steps of at least this many bytes.
  var inputFloorStep = 1 << 20

  /// Number of values parsed (every scalar and container, records included; the
  /// synthetic list of top-level values is not counted), whether or not their words were
  /// dropped. ``JSONDocument/valueCount`` of the finished document.
  var valueCount: Int { storage.words.count + droppedWordCount - storage.containerCount - 1 }

  /// What a parser is parsing.
  enum Role {
    /// A whole text, from its first byte.
    case document
    /// A fragment starting at a value that follows a `,` in an array whose start it never
    /// sees: it ends at that array's `]` (which it leaves unread).
    case arrayElements
    /// A fragment starting at a top-level value (JSON Lines): it ends at the end of the input.
    case topLevelValues
  }

  /// Whether a document is parsed with a fragment parsed ahead on a second thread.
  enum Parallelism {
    /// On texts of this many bytes or more, with two or more cores.
    case automatic(minimumByteCount: Int)
    /// Never.
    case serial
    /// Always, starting a fragment of this role at this byte offset, even where no value
    /// can start (tests use it to check that a wrong guess is thrown away).
    case forced(start: Int, role: Role)
  }

  /// Objects with more keys than this switch from a linear search to a hash index.
  static let linearKeyLimit = 24
  /// Duplicate-key warnings kept in detail; the rest are only counted.
  static let warningLimit = 1000
  /// Bytes parsed between capacity checks of the tape.
  static let sliceSize = 1 << 20
  /// Bytes parsed between capacity checks (``sliceSize``; tests make it small, so values are
  /// dropped and the input floor rises many times in a small text).
  var slice = JSONParser.sliceSize
  /// The tape's first capacity for a text of `byteCount` bytes (it grows as needed).
  static func initialWordCapacity(byteCount: Int) -> Int { min(byteCount / 8 + 16, 1 << 22) }

  init(bytes: JSONBytes, mode: JSONTextMode, isStreaming: Bool = false) {
    self.isStreaming = isStreaming
    role = .document
    storage = JSONStorage(original: bytes, wordCapacity: JSONParser.initialWordCapacity(byteCount: bytes.count))
    self.mode = mode
    stack = GrowableBuffer(capacity: 64)
    keys = GrowableBuffer(capacity: 64)
    // Tape index 0 is a synthetic array holding the top-level values: the root itself for
    // JSON Lines, hidden for a plain JSON text.
    storage.words.append(TapeWord.make(kind: TapeWord.array, keyEscaped: false, keyDelta: 0, payload: 0))
    storage.words.append(0)
    top = Frame(tapeIndex: 0, childCount: 0, keyBase: 0, isObject: false)
    position = 0
    checkByteOrderMark()
  }

  /// A fragment parser: parses `bytes` from `start` as if a parser of the whole text stood
  /// there (see ``Role``), into a tape of its own whose first two words are placeholders.
  init(fragmentOf bytes: JSONBytes, mode: JSONTextMode, role: Role, start: Int, wordCapacity: Int) {
    self.role = role
    self.mode = mode
    storage = JSONStorage(original: bytes, wordCapacity: wordCapacity)
    storage.containerCount = 0
    stack = GrowableBuffer(capacity: 64)
    keys = GrowableBuffer(capacity: 64)
    storage.words.append(0)
    storage.words.append(0)
    top = Frame(tapeIndex: 0, childCount: 0, keyBase: 0, isObject: false)
    position = start
    checkedByteOrderMark = true
    deepestStack = 0
    parallelism = .serial
  }

  /// Skips a UTF-8 byte order mark at the start, once three bytes (or all of them) are in.
  private func checkByteOrderMark() {
    guard !checkedByteOrderMark, position == 0, storage.originalCount >= 3 || !isStreaming else { return }
    checkedByteOrderMark = true
    let bytes = storage.original
    let base = bytes.base
    if bytes.count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
      storage.hasByteOrderMark = true
      position = 3
    }
  }

  /// Parses a stream's bytes received so far (`storage.original`), up to `safeEnd`: the
  /// position after the last structural character (`, : [ ] { }`) outside strings, before
  /// which every token is complete. Stops early where a key or a container's first byte
  /// would need bytes past it. An invalid byte where a value must start is reported at
  /// once. With `isStreaming` false (the input ended), parses to the end.
  func parseReceived(upTo safeEnd: Int) throws(ParseFailure) -> Bool {
    checkByteOrderMark()
    guard isStreaming else { return try parse(upTo: Int.max) }
    guard checkedByteOrderMark else { return false }
    while !isFinished {
      let before = position
      let sliceEnd = min(safeEnd, position + slice)
      try parseSlice(until: sliceEnd)
      if dropsFinishedValues { dropFinishedWords() }
      if dropsParsedInput { raiseInputFloor() }
      compactFinishedPages()
      if position == before || position >= safeEnd { break }
    }
    return isFinished
  }

  deinit {
    speculation?.discard()
    stack.release()
    keys.release()
  }

  /// Number of values completed at the top level so far.
  var topLevelCount: Int { stack.count == 0 ? top.childCount : stack.pointer[0].childCount }

  /// The frame of the outermost real container (the root), if it is still open.
  var openRoot: Frame? {
    if stack.count >= 2 { return stack.pointer[1] }
    return stack.count == 1 ? top : nil
  }

  /// Parses until `position` reaches `limit` (stopping only between values) or the text
  /// ends. Returns whether the whole text has been parsed.
  func parse(upTo limit: Int) throws(ParseFailure) -> Bool {
    if !consideredSpeculation { considerSpeculation() }
    while !isFinished {
      var sliceEnd = min(limit, position + slice)
      if sliceEnd <= position && limit < storage.originalCount { break }
      // Stop where the fragment parsed ahead starts, to see whether it can be taken.
      if let speculation, position < speculation.start { sliceEnd = min(sliceEnd, speculation.start) }
      do {
        try parseSlice(until: sliceEnd)
      } catch {
        speculation?.discard()
        speculation = nil
        throw error
      }
      if dropsFinishedValues { dropFinishedWords() }
      if dropsParsedInput { raiseInputFloor() }
      if releasesParsedPages { releaseParsedPages() }
      compactFinishedPages()
      if let speculation, position >= speculation.start {
        self.speculation = nil
        takeFragment(of: speculation)
      }
      if position >= limit && limit < storage.originalCount { break }
    }
    return isFinished
  }

  /// Drops the words of every finished value: only the two words of each open container
  /// stay, moved to the start of the tape (outermost first, so none is overwritten before
  /// it is moved), and the frames point at their new places. Called between slices.
  private func dropFinishedWords() {
    let words = storage.words.pointer
    var kept = 0
    func keep(_ frame: inout Frame) {
      words[kept] = words[frame.tapeIndex]
      words[kept &+ 1] = words[frame.tapeIndex &+ 1]
      frame.tapeIndex = kept
      kept &+= 2
    }
    for level in 0..<stack.count { keep(&stack.pointer[level]) }
    keep(&top)
    droppedWordCount += storage.words.count - kept
    storage.words.count = kept
    // Keyed by tape index, of members whose words are gone.
    storage.longKeyOffsets.removeAll()
  }

  /// Stores the finished pages of the tape compactly where they allow it (see
  /// ``CompactTape``): every whole page but those holding the info word of a container
  /// still open, which is written when it closes. Called between slices.
  private func compactFinishedPages() {
    guard compactsTape, !dropsFinishedValues else { return }
    // Only pages past the cursor matter: the frames opened since the last slice (the stack
    // is in tape order, so they are found by a binary search). Looking at every frame made
    // a chain of a million objects quadratic.
    let first = storage.compactionCursor
    func page(_ frame: Frame) -> Int { (frame.tapeIndex &+ 1) >> CompactTape.pageShift }
    var low = 0
    var high = stack.count
    while low < high {
      let middle = (low + high) / 2
      if page(stack.pointer[middle]) < first { low = middle + 1 } else { high = middle }
    }
    var kept = Set<Int>()
    for level in low..<stack.count { kept.insert(page(stack.pointer[level])) }
    if page(top) >= first { kept.insert(page(top)) }
    storage.compactPages(below: storage.words.count, keeping: kept)
  }

  /// Raises ``inputFloor`` to what no later read needs (see there), locating the
  /// duplicates found since the last rise while their bytes are still in.
  private func raiseInputFloor() {
    guard !isFinished else { return }
    var floor = position &- JSONParser.retainedInputByteCount
    if keys.count > 0 { floor = min(floor, keys.pointer[0].offset) }
    if pendingKeyOffset >= 0 { floor = min(floor, pendingKeyOffset) }
    guard floor >= inputFloor &+ inputFloorStep else { return }
    let bytes = storage.original
    var counter = floorCounter ?? TextPosition.Counter(start: bytes)
    locatePendingDuplicates(from: counter)
    counter.advance(to: floor, in: bytes)
    floorCounter = counter
    inputFloor = floor
  }

  /// Takes the pages of a mapped input well behind the parse position out of this
  /// process's memory (see ``releasesParsedPages``), a step at a time.
  private func releaseParsedPages() {
    let end = position &- JSONParser.retainedInputByteCount
    guard end >= releasedByteCount &+ inputFloorStep else { return }
    storage.original.releaseMappedPages(releasedByteCount..<end)
    releasedByteCount = end
  }

  /// Finds the line and column of the duplicates not yet located (all at or after
  /// `counter`'s offset).
  private func locatePendingDuplicates(from counter: TextPosition.Counter) {
    guard locatedDuplicateCount < duplicates.count else { return }
    let pending = locatedDuplicateCount..<duplicates.count
    let offsets = pending.flatMap { [duplicates[$0].offset, duplicates[$0].firstOffset] }
    let positions = TextPosition.locate(
      offsets, in: storage.original, from: counter, releasingPages: releasesParsedPages)
    for (number, index) in pending.enumerated() {
      duplicates[index].position = positions[2 * number]
      duplicates[index].firstPosition = positions[2 * number + 1]
    }
    locatedDuplicateCount = duplicates.count
  }

  /// A syntax error of this parser, located (with ``dropsParsedInput``, from
  /// ``floorCounter``) in `bytes`: the input as far as it was received.
  func syntaxError(_ failure: ParseFailure, in bytes: JSONBytes) -> JSONSyntaxError {
    guard let floorCounter else {
      return JSONSyntaxError(
        failure, in: bytes, from: TextPosition.Counter(start: bytes), floor: 0, releasingPages: releasesParsedPages)
    }
    return JSONSyntaxError(failure, in: bytes, from: floorCounter, floor: inputFloor)
  }

  /// Moves the tape to a file in `directory` (``JSONStorage/moveTapeToDisk(in:)``), and
  /// parses on alone: a fragment parsed ahead keeps its tape in memory, so it is dropped,
  /// and none is started again. False, with nothing changed but the fragment, when the
  /// file cannot be made. Call between slices.
  func moveTapeToDisk(in directory: String) -> Bool {
    speculation?.discard()
    speculation = nil
    consideredSpeculation = true
    parallelism = .serial
    return storage.moveTapeToDisk(in: directory)
  }

  // MARK: - Parallel parsing

  /// Starts a fragment of the text's second half on another thread, when it is worth it.
  private func considerSpeculation() {
    consideredSpeculation = true
    guard role == .document, !isStreaming, !isFinished else { return }
    switch parallelism {
    case .serial: return
    case .automatic(let minimumByteCount):
      guard
        let (start, role) = ParallelSpeculation.chooseStart(
          in: storage.original, from: position, mode: mode, minimumByteCount: minimumByteCount)
      else {
        return
      }
      speculation = startSpeculation(role: role, at: start)
    case .forced(let start, let role):
      guard start > position, start <= storage.originalCount else { return }
      speculation = startSpeculation(role: role, at: start)
    }
  }

  /// A fragment parsed ahead that keeps values or not, as this parser does.
  private func startSpeculation(role: Role, at start: Int) -> ParallelSpeculation? {
    let fragment: JSONParser
    if dropsFinishedValues {
      fragment = JSONParser.droppingFragment(
        of: storage.original, mode: mode, role: role, start: start, dropsParsedInput: dropsParsedInput)
      fragment.releasesParsedPages = releasesParsedPages
      fragment.inputFloorStep = inputFloorStep
      fragment.slice = slice
    } else {
      fragment = JSONParser(
        fragmentOf: storage.original, mode: mode, role: role, start: start,
        wordCapacity: JSONParser.initialWordCapacity(byteCount: storage.originalCount - start))
    }
    return ParallelSpeculation.start(fragment, role: role, at: start)
  }

  /// This parser stopped at or past the fragment's start: if it stands exactly where the
  /// fragment assumed (a value after a `,` of an array, or a top-level value), waits for the
  /// fragment and appends its tape and counts, as if it had parsed those bytes itself;
  /// otherwise (the guess was wrong, or the fragment met an error) throws it away and
  /// parses on alone, so errors are always found and reported by this parser.
  private func takeFragment(of speculation: ParallelSpeculation) {
    let start = speculation.start
    let base = storage.original.base
    var matches = position == start && expectsValue && pendingKeyOffset < 0
    switch speculation.role {
    case .arrayElements: matches = matches && stack.count >= 1 && !top.isObject && start > 0 && base[start - 1] == 0x2C
    case .topLevelValues: matches = matches && stack.count == 0 && mode != .json
    case .document: matches = false
    }
    guard matches, let fragment = speculation.finishedFragment() else {
      speculation.discard()
      return
    }
    if dropsFinishedValues {
      takeDroppingFragment(fragment, start: start)
      return
    }
    let added = fragment.storage.words.count - 2
    guard storage.words.count + added < Int(UInt32.max) - 2 else { return }
    let offset = storage.words.count
    // In pieces, giving each piece's pages back once copied: the two tapes are never
    // both whole in memory.
    let piece = 1 << 18
    var copied = 0
    let source = fragment.storage.words
    storage.words.reserve(offset + added)
    // Pages the fragment could not store compactly: the copy goes on both cores (the
    // fragment's thread is done), and the copied pages are looked at once after it.
    if fragment.storage.compactTape == nil && added >= 4 * piece {
      TapeWordCopy(source: source, start: 2, destination: storage.words.pointer + offset, count: added).copyInHalves()
      storage.words.count += added
      compactFinishedPages()
      copied = added
    }
    while copied < added {
      let count = min(piece, added - copied)
      if fragment.storage.compactTape == nil {
        storage.words.append(contentsOf: UnsafeBufferPointer(start: source.pointer + 2 + copied, count: count))
        source.discardPages(2 + copied..<2 + copied + count)
      } else {
        fragment.storage.copyWords(from: 2 + copied, count: count, to: storage.words.pointer + storage.words.count)
        storage.words.count += count
      }
      copied += count
      compactFinishedPages()
    }
    for (index, keyOffset) in fragment.storage.longKeyOffsets {
      storage.longKeyOffsets[UInt32(Int(index) - 2 + offset)] = keyOffset
    }
    storage.containerCount += fragment.storage.containerCount
    // The fragment's elements are children of the array this parser stands in.
    rootChildren.take(fragment.rootChildren, of: top.tapeIndex, placedAt: offset)
    top.childCount += fragment.top.childCount
    deepestStack = max(deepestStack, stack.count + fragment.deepestStack)
    duplicateCount += fragment.duplicateCount
    duplicates.append(contentsOf: fragment.duplicates.prefix(JSONParser.warningLimit - duplicates.count))
    position = fragment.fragmentEnd
    expectsValue = false
    tookFragment = true
  }

  /// Parses a fragment to its end on the calling thread, checking `isCancelled` between
  /// slices; returns whether it ended cleanly (false on any syntax error: the parser of the
  /// whole text will find and report it).
  func parseFragment(isCancelled: () -> Bool) -> Bool {
    let end = storage.originalCount
    do {
      while !isFinished {
        if isCancelled() { return false }
        try parseSlice(until: end - position > slice ? position + slice : end)
        if dropsFinishedValues { dropFinishedWords() }
        if dropsParsedInput { raiseInputFloor() }
        if releasesParsedPages { releaseParsedPages() }
        compactFinishedPages()
      }
    } catch {
      return false
    }
    return fragmentEnd >= 0
  }

  // MARK: - A fragment that keeps no values (`tgrid check`)

  /// A fragment parser that keeps no values, for a parser that does the same (`tgrid
  /// check`): it parses `bytes` from `start`. With `dropsParsedInput` it gives back its
  /// input as it goes, counting lines and columns from `start` as line 1, column 1.
  static func droppingFragment(
    of bytes: JSONBytes, mode: JSONTextMode, role: Role, start: Int, dropsParsedInput: Bool
  ) -> JSONParser {
    let parser = JSONParser(fragmentOf: bytes, mode: mode, role: role, start: start, wordCapacity: 1 << 12)
    parser.dropsFinishedValues = true
    parser.releasedByteCount = start
    if dropsParsedInput {
      parser.dropsParsedInput = true
      parser.inputFloor = start
      parser.floorCounter = TextPosition.Counter(index: start)
    }
    return parser
  }

  /// Takes the counts of a dropping fragment that ended cleanly, started at `start`
  /// (where this parser stands as the fragment assumed), as if this parser had parsed its
  /// bytes: values, containers, depth and duplicate keys, and goes on after it. When the
  /// input is given back, the fragment's duplicates were located from its start and move
  /// by this parser's line and column there, and its floor becomes this parser's;
  /// otherwise they are located with this parser's own at the end.
  func takeDroppingFragment(_ fragment: JSONParser, start: Int) {
    if dropsParsedInput, let fragmentCounter = fragment.floorCounter {
      // The fragment's last duplicates, while their bytes are in.
      fragment.locatePendingDuplicates(from: fragmentCounter)
      let bytes = storage.original
      var counter = floorCounter ?? TextPosition.Counter(start: bytes)
      locatePendingDuplicates(from: counter)
      counter.advance(to: start, in: bytes)
      for var duplicate in fragment.duplicates.prefix(JSONParser.warningLimit - duplicates.count) {
        duplicate.position = TextPosition.Counter.relocate(duplicate.position, after: counter)
        duplicate.firstPosition = TextPosition.Counter.relocate(duplicate.firstPosition, after: counter)
        duplicates.append(duplicate)
      }
      locatedDuplicateCount = duplicates.count
      // The floor moves up to the fragment's, unless a key of an object still open lies
      // below (a duplicate of it is located from there).
      if keys.count == 0 {
        floorCounter = fragmentCounter.relocated(after: counter)
        inputFloor = fragment.inputFloor
      }
    } else {
      duplicates.append(contentsOf: fragment.duplicates.prefix(JSONParser.warningLimit - duplicates.count))
    }
    duplicateCount += fragment.duplicateCount
    if releasesParsedPages {
      // What this parser had not released yet before the fragment's start.
      storage.original.releaseMappedPages(releasedByteCount..<start)
      releasedByteCount = max(start, fragment.releasedByteCount)
    }
    storage.containerCount += fragment.storage.containerCount
    droppedWordCount += fragment.droppedWordCount + fragment.storage.words.count - 2
    top.childCount += fragment.top.childCount
    deepestStack = max(deepestStack, stack.count + fragment.deepestStack)
    position = fragment.fragmentEnd
    expectsValue = false
    tookFragment = true
  }

  // MARK: - The hot loop

  private func parseSlice(until sliceEnd: Int) throws(ParseFailure) {
    let bytes = storage.original
    let base = bytes.base
    let end = bytes.count
    guard end <= TapeWord.maximumOffset else {
      throw ParseFailure(offset: 0, message: "the input is larger than 1 TiB, which the tape cannot address")
    }
    let streaming = isStreaming
    let stopsEarly = sliceEnd < end || streaming
    // Stack depth of the top-level values: -1 in an array fragment, which has none.
    let topLevelDepth = role == .arrayElements ? -1 : 0
    let notesRootChildren = !dropsFinishedValues
    var i = position
    var words = storage.words
    var containerCount = storage.containerCount
    var top = self.top
    var stack = self.stack
    var expectsValue = self.expectsValue
    var pendingKey = pendingKeyOffset
    var pendingKeyEscaped = self.pendingKeyEscaped
    // A value starts at each loop turn that passed the slice check, and a container takes
    // two words: so this capacity holds whatever the slice adds.
    words.reserve(words.count + 2 * (min(sliceEnd, end) - i) + 4)
    defer {
      position = i
      storage.words = words
      storage.containerCount = containerCount
      self.top = top
      self.stack = stack
      self.expectsValue = expectsValue
      pendingKeyOffset = pendingKey
      self.pendingKeyEscaped = pendingKeyEscaped
    }

    while true {
      if expectsValue {
        if stopsEarly && i >= sliceEnd {
          // A stream reports a byte that cannot start a value at once (`/dev/zero`).
          guard streaming else { return }
          let next = JSONScanner.skipWhitespace(base, i, end)
          guard next < end, !JSONParser.canStartValue(base, at: next, end: end) else { return }
        }
        i = JSONScanner.skipWhitespace(base, i, end)
        guard i < end else {
          if streaming { return }
          if stack.count == topLevelDepth {
            try finish(top: top, words: &words)
            return
          }
          throw ParseFailure(offset: end, message: "unexpected end of input: expected a value")
        }
        // A container's first byte: what follows it (`]`, or a key) must be in.
        if streaming && (base[i] == 0x5B || base[i] == 0x7B) && i &+ 1 >= sliceEnd { return }
        // The new value's word: key delta from a pending member key, parent's count.
        var keyDelta: UInt64 = 0
        var keyEscaped = false
        if pendingKey >= 0 {
          keyEscaped = pendingKeyEscaped
          keyDelta = UInt64(i &- pendingKey)
          if keyDelta >= TapeWord.longKeyDelta {
            storage.longKeyOffsets[UInt32(words.count)] = UInt64(pendingKey)
            keyDelta = TapeWord.longKeyDelta
          }
          pendingKey = -1
        }
        if words.count >= Int(UInt32.max) &- 2 {
          throw ParseFailure(
            offset: i, message: "the document has more than 4294967295 values, which the tape cannot index")
        }
        top.childCount &+= 1
        let byte = base[i]
        if notesRootChildren && top.tapeIndex <= 2 {
          rootChildren.note(child: words.count, of: top.tapeIndex, isContainer: byte == 0x5B || byte == 0x7B)
        }
        switch byte {
        case 0x22:
          var escaped = false
          let next = try JSONScanner.scanString(base, from: i &+ 1, end: end, escaped: &escaped)
          words.pointer[words.count] = TapeWord.make(
            kind: escaped ? TapeWord.escapedString : TapeWord.string,
            keyEscaped: keyEscaped, keyDelta: keyDelta, payload: UInt64(i))
          words.count &+= 1
          i = next
          expectsValue = false
        case 0x30...0x39, 0x2D:
          let next = try JSONScanner.scanNumber(base, from: i, end: end)
          words.pointer[words.count] = TapeWord.make(
            kind: TapeWord.number, keyEscaped: keyEscaped, keyDelta: keyDelta, payload: UInt64(i))
          words.count &+= 1
          i = next
          expectsValue = false
        case 0x74, 0x66, 0x6E:
          let kind = try literal(base, at: i, end: end)
          words.pointer[words.count] = TapeWord.make(
            kind: kind, keyEscaped: keyEscaped, keyDelta: keyDelta, payload: UInt64(i))
          words.count &+= 1
          i &+= kind == TapeWord.false ? 5 : 4
          expectsValue = false
        case 0x5B, 0x7B:
          let isObject = byte == 0x7B
          let tapeIndex = words.count
          words.pointer[tapeIndex] = TapeWord.make(
            kind: isObject ? TapeWord.object : TapeWord.array, keyEscaped: keyEscaped,
            keyDelta: keyDelta, payload: UInt64(i))
          words.pointer[tapeIndex &+ 1] = 0
          words.count &+= 2
          containerCount &+= 1
          stack.append(top)
          top = Frame(tapeIndex: tapeIndex, childCount: 0, keyBase: UInt32(keys.count), isObject: isObject)
          if stack.count >= deepestStack { deepestStack = stack.count &+ 1 }
          i = JSONScanner.skipWhitespace(base, i &+ 1, end)
          if i < end && base[i] == (isObject ? 0x7D : 0x5D) {
            words.pointer[tapeIndex &+ 1] = TapeWord.info(endDelta: 2, childCount: 0)
            top = stack.pointer[stack.count &- 1]
            stack.count &-= 1
            i &+= 1
            expectsValue = false
          } else if isObject {
            (pendingKey, pendingKeyEscaped, i) = try memberKey(
              base, at: i, end: end, top: &top, depth: stack.count, afterComma: false)
          }
        default:
          throw ParseFailure(
            offset: i, message: unexpectedValueMessage(base, at: i, end: end, top: top, depth: stack.count))
        }
        continue
      }

      // After a value: a separator, the end of the container, or the next top-level value.
      if stack.count == topLevelDepth {
        let valueEnd = i
        i = JSONScanner.skipWhitespace(base, i, end)
        if i >= end {
          if streaming {
            // More may come: resume from the value's end (the line break matters).
            i = valueEnd
            return
          }
          try finish(top: top, words: &words)
          return
        }
        try startNextTopLevelValue(base, from: valueEnd, at: i, end: end)
        expectsValue = true
        continue
      }
      i = JSONScanner.skipWhitespace(base, i, end)
      guard i < end else {
        if streaming { return }
        throw ParseFailure(
          offset: end,
          message: "unexpected end of input: expected ',' or '\(top.isObject ? "}" : "]")'")
      }
      let byte = base[i]
      if byte == 0x2C {
        // The key after a comma in an object must be in.
        if streaming && top.isObject && i &+ 1 >= sliceEnd { return }
        i &+= 1
        if top.isObject {
          i = JSONScanner.skipWhitespace(base, i, end)
          (pendingKey, pendingKeyEscaped, i) = try memberKey(
            base, at: i, end: end, top: &top, depth: stack.count, afterComma: true)
        }
        expectsValue = true
      } else if byte == (top.isObject ? 0x7D : 0x5D) {
        if stack.count == 0 {
          // Only an array fragment gets here: the `]` of the array it started in.
          fragmentEnd = i
          isFinished = true
          return
        }
        words.pointer[top.tapeIndex &+ 1] = TapeWord.info(
          endDelta: words.count &- top.tapeIndex, childCount: top.childCount)
        if top.isObject { closeObject(top, depth: stack.count) }
        top = stack.pointer[stack.count &- 1]
        stack.count &-= 1
        i &+= 1
      } else {
        throw ParseFailure(offset: i, message: separatorMessage(base, at: i, end: end, top: top))
      }
    }
  }

  // MARK: - Pieces of the loop

  /// Whether the bytes at `index` (up to `end`) can be the start of a value: a byte that
  /// starts one, and for `true`, `false` and `null` as much of the word as has arrived.
  static func canStartValue(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Bool {
    let literal: StaticString
    switch base[index] {
    case 0x22, 0x2D, 0x30...0x39, 0x5B, 0x7B: return true
    case 0x74: literal = "true"
    case 0x66: literal = "false"
    case 0x6E: literal = "null"
    default: return false
    }
    let count = min(literal.utf8CodeUnitCount, end - index)
    for offset in 0..<count where base[index + offset] != literal.utf8Start[offset] { return false }
    return true
  }

  @inline(__always)
  private func literal(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) throws(ParseFailure) -> UInt64 {
    if end &- index >= 4 {
      let word = UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self))
      if word == 0x6575_7274 { return TapeWord.true }
      if word == 0x6C6C_756E { return TapeWord.null }
      if word == 0x736C_6166 && end &- index >= 5 && base[index &+ 4] == 0x65 { return TapeWord.false }
    }
    let expected = base[index] == 0x74 ? "true" : base[index] == 0x66 ? "false" : "null"
    throw ParseFailure(offset: index, message: "invalid literal: expected '\(expected)'")
  }

  /// Parses `"key" :` at `index`; returns the key's offset and escape flag and the index
  /// after the colon. Reports duplicates.
  private func memberKey(
    _ base: UnsafePointer<UInt8>, at index: Int, end: Int, top: inout Frame, depth: Int, afterComma: Bool
  ) throws(ParseFailure) -> (Int, Bool, Int) {
    guard index < end, base[index] == 0x22 else {
      throw ParseFailure(offset: index, message: keyExpectation(base, at: index, end: end, afterComma: afterComma))
    }
    var escaped = false
    let keyEnd = try JSONScanner.scanString(base, from: index &+ 1, end: end, escaped: &escaped)
    noteKey(base, at: index, end: keyEnd, escaped: escaped, top: &top, depth: depth)
    var next = JSONScanner.skipWhitespace(base, keyEnd, end)
    guard next < end, base[next] == 0x3A else {
      throw ParseFailure(
        offset: next,
        message: "expected ':' after the key, found \(JSONScanner.describe(base, at: next, end: end).quotedIfCharacter)"
      )
    }
    next &+= 1
    return (index, escaped, next)
  }

  /// Records a key of the open object `top` and reports it if the object already has it.
  @inline(__always)
  private func noteKey(
    _ base: UnsafePointer<UInt8>, at index: Int, end keyEnd: Int, escaped: Bool, top: inout Frame, depth: Int
  ) {
    let hash: UInt64 =
      escaped
      ? JSONKeyHash.hash(JSONStringDecoder.decodedBytes(base + index, count: keyEnd &- index))
      : JSONKeyHash.hash(base + (index &+ 1), count: keyEnd &- index &- 2)
    let entry = KeyEntry(hash: hash, offset: index, isEscaped: escaped)
    let first = Int(top.keyBase)
    let existing = keys.count &- first
    let bit: UInt64 = 1 &<< (hash & 63)
    let mayRepeat = top.keyMask & bit != 0
    top.keyMask |= bit
    if existing < JSONParser.linearKeyLimit {
      guard mayRepeat else {
        keys.append(entry)
        return
      }
      var candidate = first
      while candidate < keys.count {
        if keys.pointer[candidate].hash == hash && sameKey(base, keys.pointer[candidate], entry) {
          noteDuplicate(at: index, first: keys.pointer[candidate].offset, base: base)
          break
        }
        candidate &+= 1
      }
    } else {
      // Taken out of the table while it grows, so the dictionary is not copied per key.
      var index = keyIndexes.removeValue(forKey: depth) ?? [:]
      if existing == JSONParser.linearKeyLimit {
        for position in first..<keys.count { index[keys.pointer[position].hash, default: []].append(position) }
      }
      for position in index[hash] ?? [] where sameKey(base, keys.pointer[position], entry) {
        noteDuplicate(at: entry.offset, first: keys.pointer[position].offset, base: base)
        break
      }
      index[hash, default: []].append(keys.count)
      keyIndexes[depth] = index
    }
    keys.append(entry)
  }

  private func sameKey(_ base: UnsafePointer<UInt8>, _ first: KeyEntry, _ second: KeyEntry) -> Bool {
    let end = base + storage.originalCount
    let firstLength = JSONScanner.stringLength(at: base + first.offset, end: end)
    let secondLength = JSONScanner.stringLength(at: base + second.offset, end: end)
    if !first.isEscaped && !second.isEscaped {
      return firstLength == secondLength
        && memcmpEqual(base + first.offset, base + second.offset, count: firstLength)
    }
    return JSONStringDecoder.decodedBytes(base + first.offset, count: firstLength)
      == JSONStringDecoder.decodedBytes(base + second.offset, count: secondLength)
  }

  private func memcmpEqual(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int) -> Bool {
    var index = 0
    while index < count {
      if first[index] != second[index] { return false }
      index += 1
    }
    return true
  }

  private func noteDuplicate(at offset: Int, first: Int, base: UnsafePointer<UInt8>) {
    duplicateCount += 1
    guard duplicates.count < JSONParser.warningLimit else { return }
    let length = JSONScanner.stringLength(at: base + offset, end: base + storage.originalCount)
    let key = String(decoding: JSONStringDecoder.decodedBytes(base + offset, count: length), as: UTF8.self)
    duplicates.append(Duplicate(offset: offset, firstOffset: first, key: key))
  }

  /// Pops an object's keys when it closes.
  @inline(__always)
  private func closeObject(_ frame: Frame, depth: Int) {
    if keys.count &- Int(frame.keyBase) >= JSONParser.linearKeyLimit {
      keyIndexes[depth] = nil
    }
    keys.count = Int(frame.keyBase)
  }

  /// Decides whether text after a complete top-level value starts another record.
  private func startNextTopLevelValue(
    _ base: UnsafePointer<UInt8>, from valueEnd: Int, at index: Int, end: Int
  ) throws(ParseFailure) {
    var crossesLine = false
    for position in valueEnd..<index where base[position] == 0x0A || base[position] == 0x0D {
      crossesLine = true
      break
    }
    let found = JSONScanner.describe(base, at: index, end: end).quotedIfCharacter
    if base[index] == 0x2F {
      throw ParseFailure(offset: index, message: "comments are not allowed in JSON (RFC 8259)")
    }
    switch mode {
    case .json:
      throw ParseFailure(
        offset: index, message: "unexpected \(found) after the JSON value: expected the end of the input")
    case .automatic:
      let byte = base[index]
      let startsValue =
        byte == 0x7B || byte == 0x5B || byte == 0x22 || byte == 0x2D || JSONScanner.isDigit(byte)
        || byte == 0x74 || byte == 0x66 || byte == 0x6E
      guard crossesLine && startsValue else {
        throw ParseFailure(
          offset: index,
          message: "unexpected \(found) after the JSON value: expected the end of the input"
            + (startsValue ? " (JSON Lines records go on separate lines)" : ""))
      }
    case .lines:
      guard crossesLine else {
        throw ParseFailure(
          offset: index, message: "unexpected \(found): JSON Lines records must be separated by a line break")
      }
    }
  }

  private func finish(top: Frame, words: inout GrowableBuffer<UInt64>) throws(ParseFailure) {
    if role != .document {
      // A fragment of top-level values ends with the input; its caller finishes the text.
      fragmentEnd = storage.originalCount
      isFinished = true
      return
    }
    if mode != .lines && top.childCount == 0 {
      throw ParseFailure(offset: storage.originalCount, message: "expected a JSON value, found the end of the input")
    }
    words.pointer[1] = TapeWord.info(endDelta: words.count, childCount: top.childCount)
    storage.isLines = mode == .lines || top.childCount > 1
    storage.maximumDepth = deepestStack &- 1
    isFinished = true
    resolveWarnings()
  }

  private func resolveWarnings() {
    storage.warningCount = duplicateCount
    guard !duplicates.isEmpty else { return }
    locatePendingDuplicates(from: floorCounter ?? TextPosition.Counter(start: storage.original))
    storage.warnings = duplicates.map { duplicate in
      let here = duplicate.position
      let first = duplicate.firstPosition
      return JSONWarning(
        line: here.line, column: here.column, byteOffset: duplicate.offset,
        message: "duplicate key \(JSONStringEncoder.quoted(duplicate.key)) (first at line \(first.line), "
          + "column \(first.column)); both members are kept",
        duplicateKey: duplicate.key)
    }
  }

  // MARK: - Error messages

  private func unexpectedValueMessage(
    _ base: UnsafePointer<UInt8>, at index: Int, end: Int, top: Frame, depth: Int
  ) -> String {
    let found = JSONScanner.describe(base, at: index, end: end).quotedIfCharacter
    switch base[index] {
    case 0x5D where !top.isObject && depth > 0:
      return "trailing comma is not allowed: expected a value after ','"
    case 0x7D where top.isObject:
      return "expected a value after ':', found '}'"
    case 0x27: return "strings must be in double quotes, found \"'\""
    case 0x2F: return "comments are not allowed in JSON (RFC 8259)"
    case 0x4E: return "NaN is not valid JSON (RFC 8259 has no NaN or infinities)"
    case 0x49: return "Infinity is not valid JSON (RFC 8259 has no NaN or infinities)"
    case 0x2B: return "a number cannot start with '+'"
    case 0x2E: return "a number must start with a digit (write 0.5, not .5)"
    case 0x80...0xFF:
      // As inside a string: name the byte that is not UTF-8.
      if let message = JSONScanner.invalidUTF8Message(base, at: index, end: end) { return message }
      return "expected a value (object, array, string, number, true, false or null), found \(found)"
    default:
      return "expected a value (object, array, string, number, true, false or null), found \(found)"
    }
  }

  private func keyExpectation(_ base: UnsafePointer<UInt8>, at index: Int, end: Int, afterComma: Bool) -> String {
    guard index < end else { return "unexpected end of input: expected a key in double quotes" }
    let found = JSONScanner.describe(base, at: index, end: end).quotedIfCharacter
    switch base[index] {
    case 0x7D where afterComma: return "trailing comma is not allowed: expected a key after ','"
    case 0x27: return "keys must be in double quotes, found \"'\""
    case 0x2F: return "comments are not allowed in JSON (RFC 8259)"
    default:
      return afterComma
        ? "expected a key in double quotes, found \(found)"
        : "expected a key in double quotes or '}', found \(found)"
    }
  }

  private func separatorMessage(_ base: UnsafePointer<UInt8>, at index: Int, end: Int, top: Frame) -> String {
    let found = JSONScanner.describe(base, at: index, end: end).quotedIfCharacter
    let close = top.isObject ? "}" : "]"
    switch base[index] {
    case 0x5D, 0x7D:
      return "mismatched \(found): expected ',' or '\(close)'"
    case 0x2F:
      return "comments are not allowed in JSON (RFC 8259)"
    case 0x22, 0x5B, 0x7B, 0x2D, 0x30...0x39, 0x74, 0x66, 0x6E:
      // A value glued to the previous one (`1.5x`) is garbage, not a missing comma.
      let startsToken = base[index] == 0x22 || base[index] == 0x5B || base[index] == 0x7B
      guard startsToken || (index > 0 && JSONScanner.isWhitespace(base[index - 1])) else {
        return "expected ',' or '\(close)', found \(found)"
      }
      return top.isObject
        ? "expected ',' or '}' after a member, found \(found) (missing ','?)"
        : "expected ',' or ']' after an element, found \(found) (missing ','?)"
    default:
      return "expected ',' or '\(close)', found \(found)"
    }
  }
}
