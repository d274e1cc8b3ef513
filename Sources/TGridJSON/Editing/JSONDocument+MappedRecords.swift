import TGridSystem

extension JSONDocument {
  /// Appends records of a followed file at the end of a JSON Lines document, as one edit,
  /// reading their text where the file is mapped (`ranges`: each record's bytes, one JSON
  /// value on one line, at positions of `mapping`, in order). Nothing is copied: the
  /// records' values point into the mapping, which the document keeps.
  ///
  /// Records whose ranges follow one another with only blank space between (as lines of
  /// a file do) are parsed together, and their text between is the document's too; a
  /// line break (the document's) goes before each other stretch.
  /// - Throws: ``JSONEditError/notAContainer(_:)`` when the document is not JSON Lines,
  ///   ``JSONEditError/invalidValue(_:)`` when a range is not exactly one JSON value (the
  ///   file changed where it was mapped), ``JSONEditError/positionOutOfRange(position:childCount:)``
  ///   when a range lies outside what `mapping` published, or when the document reads
  ///   another mapping already.
  @discardableResult
  package mutating func appendRecords(mapped ranges: [Range<Int>], in mapping: GrowingFileMapping)
    throws(JSONEditError) -> JSONEdit
  {
    if storage.isPartial { throw .partialDocument }
    guard storage.isLines else { throw .notAContainer(root) }
    let published = mapping.count
    guard let first = ranges.first, storage.mapped == nil || storage.mapped === mapping,
      Int(JSONStorage.mappedBase) + published <= Int(TapeWord.payloadMask)
    else { throw .positionOutOfRange(position: 0, childCount: 0) }
    let bytes = UnsafePointer(mapping.base.assumingMemoryBound(to: UInt8.self))
    // Stretches of records with only blank space between.
    var runs: [(text: Range<Int>, count: Int)] = []
    var run = (text: first, count: 0)
    var previousEnd = first.lowerBound
    for range in ranges {
      guard range.lowerBound >= 0, range.upperBound <= published, !range.isEmpty else {
        throw .positionOutOfRange(position: range.upperBound, childCount: published)
      }
      var isBlank = range.lowerBound >= previousEnd
      var position = previousEnd
      while isBlank, position < range.lowerBound {
        let byte = bytes[position]
        isBlank = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        position += 1
      }
      if !isBlank {
        runs.append(run)
        run = (text: range, count: 0)
      }
      run.text = run.text.lowerBound..<range.upperBound
      run.count += 1
      previousEnd = range.upperBound
    }
    runs.append(run)

    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    storage.mapped = mapping
    let lineBreak = Array(formatStyle.lineBreak.utf8)
    let count = storage.childCount(0)
    let end = count > 0 ? storage.logicalEnd(of: storage.childIndex(at: count - 1, in: 0)) : storage.logicalCount
    var words: [UInt64] = []
    var longKeys: [UInt32: UInt64] = [:]
    var inserted: [Piece] = []
    // The first stretch joins the document's last piece when that is the mapped text just
    // before it (the previous wake's records, the file's lines before these): one piece for
    // a file's stretch of records, not two more for every wake (86,400 wakes made the list
    // 172,800 pieces long, and each wake's edit copies it).
    let joinsLastPiece = Self.continuesMappedText(
      storage.pieces.last, before: runs[0].text.lowerBound, at: end, in: storage, mapping: mapping)
    for (text, recordCount) in runs {
      let value: JSONDocument
      do {
        value = try JSONDocument(
          bytes: JSONBytes(viewing: bytes + text.lowerBound, count: text.count, owner: mapping),
          options: JSONParseOptions(mode: .lines))
      } catch {
        throw .invalidValue(error)
      }
      let added = value.storage
      guard added.childCount(0) == recordCount else {
        throw .positionOutOfRange(position: added.childCount(0), childCount: recordCount)
      }
      if (end > 0 && !joinsLastPiece) || !inserted.isEmpty {
        inserted.append(Piece(physical: storage.appendAdded(lineBreak), length: lineBreak.count))
      }
      let shift = JSONStorage.mappedBase + UInt64(text.lowerBound)
      inserted.append(Piece(physical: shift, length: text.count))
      let firstChild = added.firstChild(0)
      var runWords = added.wordArray(from: firstChild, count: added.subtreeEnd(0) - firstChild)
      var index = 0
      while index < runWords.count {
        let word = runWords[index]
        runWords[index] = TapeWord.replacingPayload(word, with: TapeWord.payload(word) + shift)
        if let offset = added.longKeyOffsets[UInt32(firstChild + index)] {
          longKeys[UInt32(words.count + index)] = offset + shift
        }
        index += TapeWord.isContainer(word) ? 2 : 1
      }
      words += runWords
    }
    var pieces = storage.pieces
    var logical = end
    if joinsLastPiece, let last = pieces.popLast() {
      logical -= last.length
      inserted[0] = Piece(
        physical: last.physical, length: Int(inserted[0].physical - last.physical) + inserted[0].length)
    }
    for piece in inserted {
      pieces = JSONStorage.pieces(pieces, replacing: logical..<logical, with: piece)
      logical += piece.length
    }
    let splice = TapeSplice(
      start: storage.subtreeEnd(0), removedCount: 0, insertedWords: words, insertedLongKeys: longKeys,
      parent: 0, childCountDelta: ranges.count, pieces: pieces)
    return commit(splice, kind: .inserted, parent: 0, position: count)
  }
}

extension JSONDocument {
  /// Whether records of the mapping from position `start` on continue the document's last
  /// piece (see ``appendRecords(mapped:in:)``): it is mapped text of the file followed now
  /// (the mapping's current generation) that ends the document's text at `end`, before
  /// `start`, with only blank space between.
  static func continuesMappedText(
    _ last: Piece?, before start: Int, at end: Int, in storage: JSONStorage, mapping: GrowingFileMapping
  ) -> Bool {
    guard let last, end > 0, last.physical >= JSONStorage.mappedBase else { return false }
    let lastStart = Int(last.physical - JSONStorage.mappedBase)
    let lastEnd = lastStart + last.length
    guard lastStart >= mapping.generationStart, lastEnd <= start, storage.logicalCount == end else { return false }
    let bytes = mapping.base.assumingMemoryBound(to: UInt8.self)
    for position in lastEnd..<start {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return false }
    }
    return true
  }

  /// Whether some of the document's text is read where a followed file is mapped
  /// (``appendRecords(mapped:in:)``) and has not been copied into memory since.
  package var readsMappedText: Bool {
    storage.mapped != nil && storage.pieces.contains { $0.length > 0 && $0.physical >= JSONStorage.mappedBase }
  }

  /// The first position of a followed file's mapping the document reads, if it reads any:
  /// the mapping's generations wholly before it may be given back
  /// (``GrowingFileMapping/releaseGenerations(below:)``). Records arrive in order and an
  /// edit copies every mapped text first, so the first mapped piece is the lowest.
  package var lowestMappedPosition: Int? {
    guard storage.mapped != nil else { return nil }
    for piece in storage.pieces where piece.length > 0 && piece.physical >= JSONStorage.mappedBase {
      return Int(piece.physical - JSONStorage.mappedBase)
    }
    return nil
  }

  /// Copies the text the document reads where a followed file is mapped into its edit
  /// buffer (as text an edit writes) and points its values there, so that nothing it holds
  /// depends on the mapping any more: a file truncated afterwards takes none of it. Only
  /// what is mapped and not copied yet is copied. Not an edit: the document's state, its
  /// nodes and the undo of its edits stay as they are.
  ///
  /// The bytes are taken from copies of the mapping's blocks checked against what the
  /// follower read (``GrowingFileMapping/forEachVerifiedStretch(_:_:)``): text a truncation
  /// or a rewrite changed is never copied. Then nothing is copied at all, and the records
  /// of the changed generation are among ``recordsWithLostText``.
  /// - Returns: the bytes copied (0 when nothing was mapped), nil when some mapped text
  ///   was no longer what was read (nothing copied).
  @discardableResult
  package mutating func copyMappedText() -> Int? {
    guard readsMappedText else { return 0 }
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage.copyMappedText()
  }

  /// Checks every text the document reads where a followed file is mapped against what
  /// the follower read (block by block, a changed block's generation made lost) without
  /// copying it anywhere.
  /// - Returns: whether all of it is still what was read (true when nothing is mapped).
  package func checkMappedText() -> Bool {
    guard readsMappedText, let mapped = storage.mapped else { return true }
    var verifier = GrowingFileMapping.Verifier()
    var isSame = true
    for piece in storage.pieces where piece.length > 0 && piece.physical >= JSONStorage.mappedBase {
      let start = Int(piece.physical - JSONStorage.mappedBase)
      if !mapped.checkText(start..<(start + piece.length), using: &verifier) { isSame = false }
    }
    return isSame
  }

  /// Takes out of the document the records whose text where their followed file is mapped
  /// is no longer what was read (``checkMappedText()`` fails for their generation), so
  /// that what is left can be written (a recovery file keeps the person's edits when the
  /// file changed under records that only arrived). Edited text is never among them (an
  /// edit copies the mapped text first). Not an undoable step of the person's.
  /// - Returns: how many records were taken out.
  @discardableResult
  package mutating func removeRecordsWithChangedText() -> Int {
    guard !checkMappedText() else { return 0 }
    var removed = 0
    for run in recordsWithLostText.reversed() {
      do {
        try removeRecords(run)
        removed += run.count
      } catch {
        continue
      }
    }
    return removed
  }

  /// The runs of records (positions among the root's children, in order) whose text a
  /// truncation of their followed file took (see ``GrowingFileMapping/isIntact(_:)``):
  /// they read as empty. Records copied into memory before are not among them.
  package var recordsWithLostText: [Range<Int>] {
    guard let mapped = storage.mapped, storage.isLines, !storage.isPartial else { return [] }
    var runs: [Range<Int>] = []
    var index = storage.firstChild(0)
    let end = storage.subtreeEnd(0)
    var position = 0
    while index < end {
      let payload = TapeWord.payload(storage.word(index))
      if payload >= JSONStorage.mappedBase {
        let start = Int(payload - JSONStorage.mappedBase)
        if !mapped.isIntact(start..<(start + 1)) {
          if let last = runs.last, last.upperBound == position {
            runs[runs.count - 1] = last.lowerBound..<(position + 1)
          } else {
            runs.append(position..<(position + 1))
          }
        }
      }
      index = storage.subtreeEnd(index)
      position += 1
    }
    return runs
  }

  /// Removes a run of records of a JSON Lines document (`positions`), as one edit, the
  /// line break after each with it (the last record's: the one before; all of them: the
  /// whole text).
  @discardableResult
  package mutating func removeRecords(_ positions: Range<Int>) throws(JSONEditError) -> JSONEdit {
    if storage.isPartial { throw .partialDocument }
    guard storage.isLines else { throw .notAContainer(root) }
    let total = storage.childCount(0)
    guard !positions.isEmpty, positions.lowerBound >= 0, positions.upperBound <= total else {
      throw .positionOutOfRange(position: positions.upperBound, childCount: total)
    }
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    let first = storage.childIndex(at: positions.lowerBound, in: 0)
    let last = storage.childIndex(at: positions.upperBound - 1, in: 0)
    let wordEnd = storage.subtreeEnd(last)
    let range: Range<Int>
    if positions.count == total {
      range = 0..<storage.logicalCount
    } else if positions.upperBound < total {
      range = storage.logicalStart(of: first)..<storage.logicalStart(of: wordEnd)
    } else {
      // The last records: from the end of the one before to the end of the text but its
      // blank space (not through their own ends: the text of records a truncation took is
      // no longer theirs, and cannot say where they end).
      let before = storage.childIndex(at: positions.lowerBound - 1, in: 0)
      range = storage.logicalEnd(of: before)..<storage.logicalEndOfContent
    }
    let splice = TapeSplice(
      start: first, removedCount: wordEnd - first, insertedWords: [], insertedLongKeys: [:], parent: 0,
      childCountDelta: -positions.count, pieces: storage.piecesReplacing(range, withPhysical: 0, length: 0))
    return commit(splice, kind: .removed, parent: 0, position: positions.lowerBound)
  }
}

extension JSONStorage {
  /// Position just past the text's last byte that is not blank space.
  var logicalEndOfContent: Int {
    var end = logicalCount
    for piece in pieces.reversed() where piece.length > 0 {
      let text = bytes(at: piece.physical).pointer
      var count = piece.length
      while count > 0, [0x20, 0x0A, 0x0D, 0x09].contains(text[count - 1]) { count -= 1 }
      end -= piece.length - count
      if count > 0 { break }
    }
    return end
  }

  /// Copies every mapped piece into the edit buffer and moves the values, long keys and
  /// pieces that point into it there (see ``JSONDocument/copyMappedText()``).
  func copyMappedText() -> Int? {
    guard let mapped else { return 0 }
    // Where each copied stretch was and is now, by where it was.
    var moves: [(from: UInt64, to: UInt64, length: Int)] = []
    var repointed: [(position: Int, physical: UInt64)] = []
    var copied = 0
    var verifier = GrowingFileMapping.Verifier()
    for position in pieces.indices where pieces[position].length > 0 && pieces[position].physical >= Self.mappedBase {
      let piece = pieces[position]
      let start = Int(piece.physical - Self.mappedBase)
      var text: [UInt8] = []
      text.reserveCapacity(piece.length)
      // Only what was read: a changed block stops the copy, and nothing is repointed (the
      // bytes appended so far are reached by nothing, and compaction takes them back).
      guard
        mapped.forEachVerifiedStretch(
          start..<(start + piece.length), using: &verifier,
          { stretch in
            text += stretch
            return true
          })
      else { return nil }
      let physical = appendAdded(text)
      moves.append((piece.physical, physical, piece.length))
      repointed.append((position, physical))
      copied += piece.length
    }
    guard !moves.isEmpty else { return 0 }
    for (position, physical) in repointed { pieces[position].physical = physical }
    moves.sort { $0.from < $1.from }
    func moved(_ physical: UInt64) -> UInt64 {
      guard physical >= Self.mappedBase else { return physical }
      // The last stretch that starts at or before it.
      var low = 0
      var high = moves.count
      while low < high {
        let middle = (low + high) / 2
        if moves[middle].from <= physical { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { return physical }
      let move = moves[low - 1]
      // A value's text lies in the piece that holds it (its end at most at the piece's end).
      guard physical <= move.from + UInt64(move.length) else { return physical }
      return move.to + (physical - move.from)
    }
    var index = 0
    let count = wordCount
    while index < count {
      let value = word(index)
      let payload = TapeWord.payload(value)
      if payload >= Self.mappedBase { setWord(index, TapeWord.replacingPayload(value, with: moved(payload))) }
      index &+= TapeWord.isContainer(value) ? 2 : 1
    }
    for (key, offset) in longKeyOffsets where offset >= Self.mappedBase { longKeyOffsets[key] = moved(offset) }
    return copied
  }
}
