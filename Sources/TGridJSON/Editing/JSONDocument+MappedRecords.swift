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
      if end > 0 || !inserted.isEmpty {
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
    let saved = storage.pieces
    var logical = end
    for piece in inserted {
      storage.replaceLogical(logical..<logical, with: piece)
      logical += piece.length
    }
    let pieces = storage.pieces
    storage.pieces = saved
    let splice = TapeSplice(
      start: storage.subtreeEnd(0), removedCount: 0, insertedWords: words, insertedLongKeys: longKeys,
      parent: 0, childCountDelta: ranges.count, pieces: pieces)
    return commit(splice, kind: .inserted, parent: 0, position: count)
  }
}
