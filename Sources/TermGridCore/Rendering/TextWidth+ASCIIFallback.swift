extension TextWidth {
  /// The ASCII character drawn in place of a line, border or marker glyph where the
  /// terminal's locale cannot encode it (`LC_ALL=C`): `-` and `|` for lines, `+` for
  /// corners and junctions, `>` `v` `<` `^` for the tree's and menus' triangles, `~` for
  /// the ellipsis that marks cut text, `.` for a middle dot. `nil` for a character with no
  /// sensible stand-in (data text, which such a terminal cannot show at all).
  ///
  /// Every stand-in is one column wide, as are the glyphs it stands for, so nothing moves.
  public static func asciiFallback(for character: Character) -> Character? {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
    let value = scalar.value
    switch value {
    case 0x2500...0x257F:
      switch value {
      // Horizontal lines, light, heavy, dashed and double, and half lines across.
      case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A,
        0x257C, 0x257E:
        return "-"
      // Vertical lines, the same kinds.
      case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B,
        0x257D, 0x257F:
        return "|"
      default:
        return "+"
      }
    case 0x2580...0x259F: return "#"  // block elements
    case 0x25B2, 0x25B4, 0x25B3, 0x25B5: return "^"
    case 0x25B6, 0x25B8, 0x25B7, 0x25B9, 0x25BA, 0x25BB, 0x2192, 0x21B3: return ">"
    case 0x25BC, 0x25BE, 0x25BD, 0x25BF, 0x2193: return "v"
    case 0x25C0, 0x25C2, 0x25C1, 0x25C3, 0x25C4, 0x25C5, 0x2190: return "<"
    case 0x2191: return "^"
    case 0x2026: return "~"  // …
    case 0x00B7, 0x2022, 0x2219, 0x22C5: return "."
    case 0x2013, 0x2014, 0x2212: return "-"
    case 0x2018, 0x2019: return "'"
    case 0x201C, 0x201D: return "\""
    case 0x00D7: return "x"
    case 0x2713, 0x2714: return "*"
    default: return nil
    }
  }
}
