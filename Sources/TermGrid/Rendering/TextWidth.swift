/// Display widths of text on a terminal, by grapheme cluster.
///
/// A grapheme cluster (a Swift `Character`) takes 0, 1 or 2 columns: East Asian wide and
/// fullwidth characters and emoji take two, combining marks and other zero-width code
/// points take none (they join the cell before them), everything else one.
///
/// Control characters, escape sequences and invisible format characters that could change
/// what the terminal shows are never drawn as themselves: ``visibleForm(of:)`` gives the
/// text that is drawn in their place, and widths count that text.
public enum TextWidth {
  /// The number of columns a grapheme cluster takes when drawn as itself.
  ///
  /// Call ``visibleForm(of:)`` first: a cluster with a control character is drawn as its
  /// visible form, which has its own width.
  public static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    if first.value >= 0x20 && first.value < 0x7F {
      // Printable ASCII, possibly followed by combining marks or a keycap sequence.
      guard let second = iterator.next() else { return 1 }
      return second.value == 0xFE0F ? 2 : 1
    }
    var width = scalarWidth(first)
    if isRegionalIndicator(first) {
      // A pair of regional indicators is a flag and takes two columns.
      return scalars.count >= 2 ? 2 : 1
    }
    while let scalar = iterator.next() {
      if scalar.value == 0xFE0F, first.properties.isEmoji { width = 2 }  // emoji presentation
      if scalar.value == 0xFE0E, width == 2, !first.properties.isEmojiPresentation { width = 1 }
    }
    return width
  }

  /// The number of columns `text` takes when drawn, counting visible forms of controls.
  public static func displayWidth(of text: some StringProtocol) -> Int {
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

  /// The text drawn in place of a cluster that must not reach the terminal as itself, or
  /// `nil` when the cluster is safe to draw.
  ///
  /// C0 controls and DEL become their Unicode control pictures (`␛` for ESC, `␊` for a line
  /// feed); C1 controls and invisible direction or separator characters become an escape
  /// such as `\u009b`, so a `CSI` byte or a right-to-left override shows up as data.
  public static func visibleForm(of character: Character) -> String? {
    if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return nil }
    var needsReplacement = false
    for scalar in character.unicodeScalars where isUnsafe(scalar) {
      needsReplacement = true
      break
    }
    guard needsReplacement else { return nil }
    var text = ""
    for scalar in character.unicodeScalars {
      if isUnsafe(scalar) {
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

  /// The columns one code point takes on its own: 0, 1 or 2.
  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return 1 }
    if isWide(value) { return 2 }
    if value >= 0x1160 && value <= 0x11FF { return 0 }  // Hangul medial vowels and final consonants
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return 0
    case .format: return value == 0x00AD ? 1 : 0
    default: return 1
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

  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x1F1E6 && scalar.value <= 0x1F1FF
  }

  /// Code points that must not be written to a terminal as they are.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
    switch value {
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
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
