/// How JSON text is laid out: indentation, line breaks, spaces after `:` and `,`.
///
/// ``JSONDocument/formatStyle`` detects it from a document's text; edits write inserted
/// values in it, and ``JSONDocument/formattedText(of:style:)`` uses it to re-lay out a value.
public struct JSONFormatStyle: Sendable, Equatable {
  /// One level of indentation.
  public enum Indentation: Sendable, Equatable {
    /// This many spaces per level.
    case spaces(Int)
    /// One tab per level.
    case tabs
    /// Everything on one line (minified).
    case none

    /// The text of one level (empty for `none`).
    public var unit: String {
      switch self {
      case .spaces(let count): String(repeating: " ", count: max(count, 0))
      case .tabs: "\t"
      case .none: ""
      }
    }
  }

  /// Indentation per nesting level; `none` writes everything on one line.
  public var indentation: Indentation
  /// The line break: `"\n"` or `"\r\n"`.
  public var lineBreak: String
  /// Whether a space follows the `:` between a key and its value.
  public var spaceAfterColon: Bool
  /// Whether a space follows `,` on one line (only used without indentation).
  public var spaceAfterComma: Bool

  /// A style from its parts.
  public init(
    indentation: Indentation, lineBreak: String = "\n", spaceAfterColon: Bool = true, spaceAfterComma: Bool = false
  ) {
    self.indentation = indentation
    self.lineBreak = lineBreak
    self.spaceAfterColon = spaceAfterColon
    self.spaceAfterComma = spaceAfterComma
  }

  /// Two spaces per level, `\n` line breaks, `"key": value` (the default when a text shows
  /// no style).
  public static let twoSpaces = JSONFormatStyle(indentation: .spaces(2))

  /// Everything on one line without spaces: `{"a":[1,2]}`.
  public static let compact = JSONFormatStyle(indentation: .none, spaceAfterColon: false)

  /// Whether values are spread over lines.
  public var isMultiLine: Bool { indentation != .none }
}
