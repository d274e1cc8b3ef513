import Synchronization

extension TextWidth {
  /// How a terminal lays out a code point that follows a zero width joiner: the one place
  /// terminals disagree about emoji sequences such as `👨‍👩‍👧` (a man, a joiner, a woman, a
  /// joiner, a girl).
  public enum EmojiSequences: UInt8, Hashable, Sendable {
    /// The code point after a joiner goes into the joiner's cell, so a sequence is drawn as
    /// one glyph: `👨‍👩‍👧` takes two columns (tmux 3.3a, kitty, WezTerm). The rule
    /// `dump` and every text rendering use, whatever terminal is at hand.
    case joined
    /// Every code point takes its own columns, joiner or not: `👨‍👩‍👧` takes six (xterm,
    /// the C library's `wcswidth`). What a terminal that could not be measured is assumed
    /// to do.
    case perCodePoint
  }

  private static let emojiSequencesStorage = Atomic<UInt8>(EmojiSequences.joined.rawValue)
  @TaskLocal private static var emojiSequencesOverride: EmojiSequences?

  /// How widths count code points after a zero width joiner, for the whole process: the
  /// terminal's rule once it was measured (``NcursesTerminal`` measures it when it opens a
  /// terminal), ``EmojiSequences/joined`` until then.
  ///
  /// Set it before anything is laid out: widths already measured (a layout's cached label
  /// widths) are not measured again. Code running inside ``withEmojiSequences(_:_:)`` sees
  /// that rule instead.
  public static var emojiSequences: EmojiSequences {
    get {
      if let override = emojiSequencesOverride { return override }
      return EmojiSequences(rawValue: emojiSequencesStorage.load(ordering: .relaxed)) ?? .joined
    }
    set { emojiSequencesStorage.store(newValue.rawValue, ordering: .relaxed) }
  }

  /// Runs `body` with widths counted by `rule` on this task, whatever the process-wide rule
  /// is (tests, and rendering text for another terminal than the one at hand).
  public static func withEmojiSequences<Result>(_ rule: EmojiSequences, _ body: () throws -> Result) rethrows
    -> Result
  {
    try $emojiSequencesOverride.withValue(rule, operation: body)
  }

  /// A sequence whose width tells the two rules apart: a man, a joiner, a woman, a joiner,
  /// a girl; two columns joined, six per code point.
  public static let emojiSequenceProbe = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"

  /// The rule a terminal follows, from how many columns it advanced the cursor over
  /// ``emojiSequenceProbe``: 2 is ``EmojiSequences/joined``; anything else (6, or a
  /// terminal that joins only some sequences) is counted per code point, which is what a
  /// terminal that does not join draws.
  public static func emojiSequences(forProbeAdvance columns: Int) -> EmojiSequences {
    columns == 2 ? .joined : .perCodePoint
  }
}
