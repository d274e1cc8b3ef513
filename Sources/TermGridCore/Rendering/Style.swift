/// A terminal colour: the terminal's default, or an entry of the 256-colour palette
/// (0–7 the basic colours, 8–15 their bright forms, 16–255 the cube and greys).
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// A palette entry.
  case indexed(UInt8)

  /// Basic black.
  public static let black = Color.indexed(0)
  /// Basic red.
  public static let red = Color.indexed(1)
  /// Basic green.
  public static let green = Color.indexed(2)
  /// Basic yellow.
  public static let yellow = Color.indexed(3)
  /// Basic blue.
  public static let blue = Color.indexed(4)
  /// Basic magenta.
  public static let magenta = Color.indexed(5)
  /// Basic cyan.
  public static let cyan = Color.indexed(6)
  /// Basic white (light grey on most terminals).
  public static let white = Color.indexed(7)
  /// Bright black (dark grey).
  public static let brightBlack = Color.indexed(8)

  /// The nearest colour a terminal with `count` colours can show (`count` of 8, 16 or 256);
  /// `nil` when the terminal has no colours.
  public func reduced(toColorCount count: Int) -> Color? {
    guard case .indexed(let index) = self else { return self }
    if count >= 256 { return self }
    if count < 8 { return nil }
    if index < 16 { return count >= 16 ? self : .indexed(index % 8) }
    let basic = Color.nearestBasic(toPaletteIndex: Int(index))
    return .indexed(UInt8(count >= 16 ? basic : basic % 8))
  }

  /// The closest of the 16 basic colours to a 256-palette entry.
  static func nearestBasic(toPaletteIndex index: Int) -> Int {
    let (r, g, b) = rgb(ofPaletteIndex: index)
    let basics: [(Int, Int, Int)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
      (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    var best = 0
    var bestDistance = Int.max
    for (candidate, color) in basics.enumerated() {
      let distance = (color.0 - r) * (color.0 - r) + (color.1 - g) * (color.1 - g) + (color.2 - b) * (color.2 - b)
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
    }
    return best
  }

  static func rgb(ofPaletteIndex index: Int) -> (Int, Int, Int) {
    if index >= 232 {
      let level = 8 + (index - 232) * 10
      return (level, level, level)
    }
    let cube = index - 16
    let steps = [0, 95, 135, 175, 215, 255]
    return (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
  }
}

/// Text attributes a terminal can show.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold or bright.
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim (faint); how alpha below 1 is shown.
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Italic, where the terminal has it.
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// Underlined.
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Foreground and background swapped.
  public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
  /// The text colour.
  public var foreground: Color
  /// The cell colour.
  public var background: Color
  /// Bold, dim, reverse and so on.
  public var attributes: TextAttributes

  /// The terminal's default look.
  public static let plain = Style()

  /// Creates a style.
  public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// This style with `attributes` added.
  public func adding(_ attributes: TextAttributes) -> Style {
    var style = self
    style.attributes.formUnion(attributes)
    return style
  }

  /// This style drawn over `base`: default colours let the base show through, and
  /// attributes add up.
  public func over(_ base: Style) -> Style {
    Style(
      foreground: foreground == .default ? base.foreground : foreground,
      background: background == .default ? base.background : background,
      attributes: attributes.union(base.attributes))
  }
}
