import TermGridCore

/// A one-line text field: a prompt, editable text with a cursor, and keys as shells and
/// Emacs have them.
///
/// The text is edited by grapheme cluster (a flag or an accented letter is one step of the
/// cursor), wide characters take their two columns, and text longer than the field
/// scrolls sideways to keep the cursor in view. Control characters in the text are drawn
/// visibly, like everywhere else.
///
/// | key | does |
/// |---|---|
/// | characters, a paste | insert at the cursor |
/// | ← → , Ctrl-B / Ctrl-F | move by one character |
/// | Alt-← Alt-→, Alt-B / Alt-F | move by one word |
/// | Home, Ctrl-A / End, Ctrl-E | to the start / the end |
/// | Backspace, Ctrl-H / Delete, Ctrl-D | delete before / at the cursor |
/// | Ctrl-W, Alt-Backspace | delete the word before the cursor |
/// | Ctrl-K / Ctrl-U | delete to the end / to the start |
/// | Enter | submit |
/// | Esc, Ctrl-C, Ctrl-G | cancel |
///
/// ```swift
/// let field = TextField(prompt: "rename: ", text: "name")
/// switch field.handle(event) {
/// case .submitted: rename(to: field.text)
/// case .cancelled: close()
/// default: break
/// }
/// field.draw(in: &canvas, region: line, clip: line, context: context)
/// ```
open class TextField: ReusableView {
  /// What handling an event did.
  public enum Outcome: Hashable, Sendable {
    /// The text changed.
    case edited
    /// Only the cursor moved.
    case moved
    /// Enter: the text is final.
    case submitted
    /// Esc: the field is abandoned.
    case cancelled
    /// The field does not use this event (Up, Down, Tab: the owner may).
    case ignored
  }

  /// Drawn before the text, not editable (`:`, `/`, `rename: `).
  public var prompt = ""
  /// Text shown after the text, dimmed (an error, a hint); not editable.
  public var note = ""
  /// The text's grapheme clusters.
  public private(set) var characters: [Character] = []
  /// Where the cursor is: an index into ``characters`` (the count means after the end).
  public private(set) var cursor = 0
  /// The first column of the text shown (the field scrolls to keep the cursor in view).
  public private(set) var scrollColumn = 0

  public required init() {
    super.init()
  }

  /// A field with a prompt and text, the cursor at its end.
  public convenience init(prompt: String, text: String = "") {
    self.init()
    self.prompt = prompt
    self.text = text
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    prompt = ""
    note = ""
    text = ""
  }

  /// The text; setting it puts the cursor at the end.
  public var text: String {
    get { String(characters) }
    set {
      characters = Array(newValue)
      cursor = characters.count
      scrollColumn = 0
    }
  }

  /// Moves the cursor (clamped to the text).
  public func moveCursor(to index: Int) {
    cursor = min(max(0, index), characters.count)
  }

  /// Inserts text at the cursor.
  public func insert(_ text: String) {
    let inserted = Array(text)
    characters.insert(contentsOf: inserted, at: cursor)
    cursor += inserted.count
  }

  // MARK: - Keys

  /// Handles a key or a paste.
  @discardableResult
  open func handle(_ event: InputEvent) -> Outcome {
    switch event {
    case .paste(let text):
      insert(text)
      return .edited
    case .key(let key):
      return handle(key)
    default:
      return .ignored
    }
  }

  private func handle(_ key: KeyEvent) -> Outcome {
    let alt = key.modifiers.contains(.alt)
    switch key.key {
    case .enter: return .submitted
    case .escape: return .cancelled
    case .character(let character) where alt:
      switch character {
      case "b": return move(to: wordStart(before: cursor))
      case "f": return move(to: wordEnd(after: cursor))
      case "d": return delete(cursor..<wordEnd(after: cursor))
      default: return .ignored
      }
    case .character(let character):
      insert(String(character))
      return .edited
    case .left: return move(to: alt || key.modifiers.contains(.control) ? wordStart(before: cursor) : cursor - 1)
    case .right: return move(to: alt || key.modifiers.contains(.control) ? wordEnd(after: cursor) : cursor + 1)
    case .home: return move(to: 0)
    case .end: return move(to: characters.count)
    case .backspace:
      return alt ? delete(wordStart(before: cursor)..<cursor) : delete(max(0, cursor - 1)..<cursor)
    case .delete: return delete(cursor..<min(characters.count, cursor + 1))
    case .control(let letter):
      switch letter {
      case "a": return move(to: 0)
      case "e": return move(to: characters.count)
      case "b": return move(to: cursor - 1)
      case "f": return move(to: cursor + 1)
      case "h": return delete(max(0, cursor - 1)..<cursor)
      case "d": return delete(cursor..<min(characters.count, cursor + 1))
      case "k": return delete(cursor..<characters.count)
      case "u": return delete(0..<cursor)
      case "w": return delete(wordStart(before: cursor)..<cursor)
      case "c", "g": return .cancelled
      case "j", "m": return .submitted
      default: return .ignored
      }
    default:
      return .ignored
    }
  }

  private func move(to index: Int) -> Outcome {
    let target = min(max(0, index), characters.count)
    guard target != cursor else { return .moved }
    cursor = target
    return .moved
  }

  private func delete(_ range: Range<Int>) -> Outcome {
    guard !range.isEmpty else { return .moved }
    characters.removeSubrange(range)
    cursor = range.lowerBound
    return .edited
  }

  /// The start of the word before `index` (skipping the spaces and punctuation before it).
  private func wordStart(before index: Int) -> Int {
    var position = index
    while position > 0 && !Self.isWordCharacter(characters[position - 1]) { position -= 1 }
    while position > 0 && Self.isWordCharacter(characters[position - 1]) { position -= 1 }
    return position
  }

  /// The end of the word after `index`.
  private func wordEnd(after index: Int) -> Int {
    var position = index
    while position < characters.count && !Self.isWordCharacter(characters[position]) { position += 1 }
    while position < characters.count && Self.isWordCharacter(characters[position]) { position += 1 }
    return position
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  // MARK: - Drawing

  open override func draw(in canvas: inout Canvas, region: CellRect, clip: CellRect, context: DrawingContext) {
    let style = context.theme.status
    canvas.fill(clip, style: style)
    guard region.columns > 0, region.rows > 0 else { return }
    let row = region.row
    let shownPrompt = TextWidth.truncated(prompt, toWidth: max(0, region.columns - 2))
    canvas.draw(shownPrompt, at: CellPoint(column: region.column, row: row), style: style.adding(.bold), clip: clip)
    let start = region.column + TextWidth.displayWidth(of: shownPrompt)
    let noteWidth = note.isEmpty ? 0 : min(TextWidth.displayWidth(of: note) + 2, max(0, (region.maxColumn - start) / 2))
    let width = region.maxColumn - start - noteWidth
    guard width > 0 else { return }
    scrollToCursor(width: width)
    // The text from the scroll column on, cut at the field's width; the cursor reversed.
    var column = 0
    var x = start
    for (index, character) in characters.enumerated() {
      let characterWidth = Self.columns(of: character)
      defer { column += characterWidth }
      if column < scrollColumn { continue }
      if column - scrollColumn + characterWidth > width { break }
      let cellStyle = index == cursor ? style.adding(.reverse) : style
      canvas.draw(String(character), at: CellPoint(column: x, row: row), style: cellStyle, clip: clip)
      x += characterWidth
    }
    if cursor == characters.count, x < start + width {
      canvas.draw(" ", at: CellPoint(column: x, row: row), style: style.adding(.reverse), clip: clip)
    }
    if noteWidth > 0 {
      let shownNote = TextWidth.truncated(note, toWidth: noteWidth - 2)
      canvas.draw(
        shownNote, at: CellPoint(column: region.maxColumn - noteWidth + 2, row: row), style: style.adding(.dim),
        clip: clip)
    }
  }

  /// The columns a character takes as drawn (a control character as its visible form; a
  /// zero-width one still gets a cell, so the cursor can stand on it).
  private static func columns(of character: Character) -> Int {
    max(1, TextWidth.displayWidth(of: String(character)))
  }

  /// The column of the cursor in the text.
  private var cursorColumn: Int {
    characters[..<cursor].reduce(0) { $0 + Self.columns(of: $1) }
  }

  /// Scrolls so the cursor (and the cell after the text) is inside `width` columns.
  private func scrollToCursor(width: Int) {
    let column = cursorColumn
    let cursorWidth = cursor < characters.count ? Self.columns(of: characters[cursor]) : 1
    if column < scrollColumn { scrollColumn = column }
    if column + cursorWidth > scrollColumn + width { scrollColumn = column + cursorWidth - width }
    scrollColumn = max(0, scrollColumn)
  }
}
