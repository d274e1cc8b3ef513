/// Display widths of text on a terminal, by grapheme cluster.
///
/// ## The model: columns are counted per code point, as terminals do
///
/// Terminals do not lay text out by grapheme cluster. xterm, tmux, VTE and ncurses itself
/// advance the cursor per code point by `wcwidth`: East Asian wide and fullwidth characters
/// and emoji take two columns, combining marks, joiners, variation selectors and other
/// format characters none (they go into the cell before them), everything else one. So a
/// cluster takes the sum of its code points' widths: Devanagari `न्दी` (न, virama, द,
/// vowel sign ी) is one cluster but three columns, Thai `กำ` two, `👍🏽` (a thumb and a
/// skin-tone modifier) four, a flag `🇯🇵` two (a regional indicator is one column), `❤️`
/// (a one-column heart and variation selector 16) one.
///
/// The one exception is the zero width joiner: a terminal that draws emoji sequences as one
/// glyph (tmux, kitty, WezTerm) puts a code point that follows a joiner into the joiner's
/// cell, so `👨‍👩‍👧` takes two columns, not six. Terminals disagree here (xterm draws six),
/// so the rule is a setting, ``emojiSequences``: a terminal that is opened measures it
/// (``NcursesTerminal`` writes `👨‍👩‍👧` and asks where the cursor went) and counts per code
/// point when it cannot; without a terminal (text dumps) the rule is always the joined one
/// tabled here.
///
/// Measured with glibc 2.36's `wcwidth` in `C.UTF-8`, Python's `wcwidth` 0.7.0 and tmux
/// 3.3a (the columns the cursor advanced after `printf`):
///
/// | text | glibc sum | Python `wcswidth` | tmux 3.3a | here |
/// |---|---:|---:|---:|---:|
/// | `हि` | 2 | 2 | 2 | 2 |
/// | `न्दी` | 3 | 2 | 3 | 3 |
/// | `กำ` | 2 | 2 | 2 | 2 |
/// | `e` + U+0301 | 1 | 1 | 1 | 1 |
/// | `🇯🇵` | 2 | 2 | 2 | 2 |
/// | `👍🏽` | 4 | 2 | 4 | 4 |
/// | `👨‍👩‍👧` | 6 | 2 | 2 | 2 |
/// | `❤️` (VS16) | 1 | 2 | 1 | 1 |
/// | `☺︎` (VS15) | 1 | 1 | 1 | 1 |
/// | `1️⃣` | 1 | 2 | 1 | 1 |
/// | U+1100 U+1161 U+11A8 | 2 | 2 | 2 | 2 |
/// | a lone U+0301, U+200D | 0 | 0 | 0 | 0 |
///
/// Where glibc and tmux agree this follows them, because ncurses counts a cell's columns
/// with the C library's `wcwidth` of its first code point: any other width would put
/// ncurses' idea of the cursor out of step with the terminal and shift the rest of the
/// line. Terminals that widen a one-column symbol followed by VS16 (kitty, newer tmux)
/// draw `❤️` two columns wide and disagree with every ncurses program there; xterm, which
/// does not join emoji, draws `👨‍👩‍👧` six columns wide.
///
/// Code point widths come from Unicode's East Asian Width property and general category,
/// adjusted where glibc differs (Hangul jamo vowels and final consonants take no column,
/// prepended concatenation marks such as U+0600 take one); the tests compare them with the
/// C library's `wcwidth` for every code point it knows.
///
/// ## Cells
///
/// ``Canvas`` stores a cluster in as many cells as it is wide (the first holds it, the rest
/// are continuations), and ``NcursesTerminal`` writes it as the terminal will lay it out:
/// one cell per spacing code point, each with the zero-width code points after it, and
/// whatever follows a joiner in the joiner's cell. A curses cell holds at most five code
/// points (`CCHARW_MAX`): zero-width code points beyond that are dropped (a base with more
/// than four combining marks), and an emoji sequence longer than that is split into two
/// glyphs at a joiner, which is dropped (`👨‍👩‍👧‍👦` is drawn as `👨‍👩‍👧` and `👦`, four
/// columns). Those are the only code points a terminal never receives.
///
/// ## What is never drawn as itself
///
/// Control characters, escape sequences and invisible format characters that could change
/// what the terminal shows are never drawn as themselves: ``visibleForm(of:)`` gives the
/// text that is drawn in their place, and widths count that text. That includes a zero
/// width joiner that ends a cluster: it joins nothing in Unicode, but a terminal would pull
/// the next character into its cell.
public enum TextWidth {
  /// The number of columns a grapheme cluster takes when drawn as itself: the sum of the
  /// widths of the terminal cells it is drawn in (see ``TextWidth``), 0 for a cluster of
  /// zero-width code points only.
  ///
  /// Call ``visibleForm(of:)`` first: a cluster with a control character is drawn as its
  /// visible form, which has its own width.
  public static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    guard let second = iterator.next() else { return scalarWidth(first) }
    if first.value >= 0x20 && first.value < 0x7F && scalarWidth(second) == 0, iterator.next() == nil {
      // Printable ASCII with one combining mark or selector: the most common pair.
      return 1
    }
    var splitter = CellSplitter()
    var width = 0
    for scalar in scalars {
      if case .startsCell(let columns) = splitter.step(scalar) { width += columns }
    }
    return width
  }

  /// The number of columns `text` takes when drawn, counting visible forms of controls.
  public static func displayWidth(of text: some StringProtocol) -> Int {
    if let columns = printableASCIIWidth(of: text) { return columns }
    var total = 0
    for character in text {
      if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
        total += 1
      } else if let visible = visibleForm(of: character) {
        for replacement in visible { total += width(of: replacement) }
      } else {
        total += width(of: character)
      }
    }
    return total
  }

  /// The width of text made only of printable ASCII (`0x20`–`0x7E`: each byte one cluster
  /// of one column, none replaced), read from its bytes; nil for any other text.
  static func printableASCIIWidth(of text: some StringProtocol) -> Int? {
    // A native string's bytes are one buffer: checked in a loop of their own, not a
    // generic iterator's step (a call through the protocol) per byte.
    if let known = text.utf8.withContiguousStorageIfAvailable(printableASCIIWidth(ofBytes:)) { return known }
    var count = 0
    for byte in text.utf8 {
      guard byte >= 0x20, byte < 0x7F else { return nil }
      count += 1
    }
    return count
  }

  static func printableASCIIWidth(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
    return bytes.count
  }

  /// The text drawn in place of a cluster that must not reach the terminal as itself, or
  /// `nil` when the cluster is safe to draw.
  ///
  /// C0 controls and DEL become their Unicode control pictures (`␛` for ESC, `␊` for a line
  /// feed); C1 controls and invisible direction, separator and format characters become an
  /// escape such as `\u009b` or `\u200b`, so a `CSI` byte, a right-to-left override or a
  /// zero width space shows up as data. A zero
  /// width joiner that ends the cluster becomes `\u200d`: the next cluster is not joined to
  /// it in Unicode, but a terminal would draw that cluster's first code point into the
  /// joiner's cell.
  public static func visibleForm(of character: Character) -> String? {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return nil }
    let scalars = character.unicodeScalars
    let endsWithJoiner = scalars.last?.value == 0x200D
    var needsReplacement = endsWithJoiner
    if !needsReplacement {
      for scalar in scalars where isUnsafe(scalar) {
        needsReplacement = true
        break
      }
    }
    guard needsReplacement else { return nil }
    var text = ""
    var index = scalars.startIndex
    while index != scalars.endIndex {
      let scalar = scalars[index]
      scalars.formIndex(after: &index)
      if isUnsafe(scalar) || (endsWithJoiner && index == scalars.endIndex) {
        text += visibleForm(ofUnsafe: scalar)
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
  /// Control characters are replaced by their visible forms first.
  public static func truncated(_ text: some StringProtocol, toWidth width: Int, ellipsis: String = "…")
    -> String
  {
    guard width > 0 else { return "" }
    if let columns = printableASCIIWidth(of: text) {
      // Most labels: one column a byte, nothing to replace, cut at a byte.
      if columns <= width { return String(text) }
      let ellipsisWidth = displayWidth(of: ellipsis)
      guard width > ellipsisWidth else { return String(repeating: ".", count: width) }
      return String(decoding: text.utf8.prefix(width - ellipsisWidth), as: UTF8.self) + ellipsis
    }
    let visible = visibleText(text)
    if displayWidth(of: visible) <= width { return visible }
    let ellipsisWidth = displayWidth(of: ellipsis)
    guard width > ellipsisWidth else { return String(repeating: ".", count: width) }
    var result = ""
    var used = 0
    for character in visible {
      let columns = self.width(of: character)
      if used + columns > width - ellipsisWidth { break }
      result.append(character)
      used += columns
    }
    return result + ellipsis
  }

  /// `text` with every unsafe cluster replaced by its visible form.
  public static func visibleText(_ text: some StringProtocol) -> String {
    if printableASCIIWidth(of: text) != nil { return String(text) }
    var needsWork = false
    for character in text where visibleForm(of: character) != nil {
      needsWork = true
      break
    }
    guard needsWork else { return String(text) }
    var result = ""
    for character in text {
      if let visible = visibleForm(of: character) { result += visible } else { result.append(character) }
    }
    return result
  }

  /// `text` truncated or padded with spaces to exactly `width` columns.
  public static func padded(_ text: some StringProtocol, toWidth width: Int) -> String {
    let cut = truncated(text, toWidth: width)
    let missing = width - displayWidth(of: cut)
    return missing > 0 ? cut + String(repeating: " ", count: missing) : cut
  }

  // MARK: - Code points

  /// The columns one code point takes on its own: 0, 1 or 2, as glibc's `wcwidth` counts
  /// them for every code point it knows.
  package static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    if isWide(value) {
      // A few combining marks sit in wide blocks (U+302A–302D, U+3099–309A): they take none.
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark: return 0
      default: return 2
      }
    }
    // Arrows, mathematical and technical symbols, box drawing, blocks, shapes, dingbats and
    // braille (U+2190–U+2BFF) hold no marks and no format characters: one column, without
    // the general-category lookup (a chart's cells are braille dots, thousands a frame).
    if value >= 0x2190 && value <= 0x2BFF { return 1 }
    // Hangul jamo medial vowels and final consonants join the initial consonant's cell.
    if (value >= 0x1160 && value <= 0x11FF) || (value >= 0xD7B0 && value <= 0xD7FF) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return 0
    case .format: return isPrependedConcatenationMark(value) ? 1 : 0
    default: return value == 0x1171E ? 0 : 1  // glibc still has Ahom medial ra as a non-spacing mark
    }
  }

  /// Format characters that are drawn, with a width of their own, above or below the digits
  /// after them (the Arabic number sign and its kin): glibc gives them one column.
  static func isPrependedConcatenationMark(_ value: UInt32) -> Bool {
    switch value {
    case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return true
    default: return false
    }
  }

  static func isWide(_ value: UInt32) -> Bool {
    let ranges = wideRanges
    var low = 0
    var high = ranges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = ranges[middle]
      if value < range.first {
        high = middle - 1
      } else if value > range.last {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Code points that must not be written to a terminal as they are: controls, direction
  /// and separator characters, and invisible format characters that would make different
  /// text look the same (`ab` and `a` U+200B `b`): the zero width space, the word joiner
  /// and invisible operators, the byte order mark (U+FEFF), the Mongolian vowel separator,
  /// deprecated format characters, interlinear annotation marks and the language tag.
  /// Joiners, variation selectors and emoji tag characters, which shape what they join,
  /// are drawn as themselves.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
    switch value {
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    case 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0xE0001: return true
    default: return false
    }
  }

  static func visibleForm(ofUnsafe scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    if value < 0x20, let picture = Unicode.Scalar(0x2400 + value) { return String(Character(picture)) }
    if value == 0x7F { return "␡" }
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
