import TermGrid

/// What the status line asks of the person, when it asks: text to type (a command, a
/// value, a key, a path) or a question answered with one key.
///
/// While a prompt is open it gets every key and paste first; the rest of the screen stays
/// as it is.
enum StatusPrompt {
  /// A text field: `submit` gets the text and says whether the field closes (or stays
  /// open with a note, such as a JSON error and its column); `hooks` follow its typing.
  case field(TextField, submit: (String) -> FieldResult, cancel: () -> Void, hooks: FieldHooks = FieldHooks())
  /// A question with a few one-key answers (`y`, `n`, Esc…).
  case question(Question)

  /// What a field may do besides submitting and cancelling: follow each edit (an
  /// incremental search), and take keys the field itself ignores (Tab completes, Ctrl-R
  /// toggles regular expressions).
  struct FieldHooks {
    /// Called after each edit with the field; it may set the field's note.
    var edited: ((TextField) -> Void)?
    /// Offered keys the field ignores; returns whether it took the key.
    var key: ((KeyEvent, TextField) -> Bool)?

    /// Tab and Shift-Tab put the next or previous candidate in the field (in its last
    /// comma-separated part, for a list of several), with "N/M" as its note.
    static func cycling(through candidates: [String], replacingLastPart: Bool = false) -> FieldHooks {
      var index: Int?
      return FieldHooks(key: { key, field in
        guard !candidates.isEmpty, key.key == .tab || key.key == .backTab else { return false }
        let count = candidates.count
        let forward = key.key == .tab
        let next = index.map { ($0 + (forward ? 1 : count - 1)) % count } ?? (forward ? 0 : count - 1)
        index = next
        let text = field.text
        if replacingLastPart, let comma = text.lastIndex(of: ",") {
          field.text = String(text[...comma]) + candidates[next]
        } else {
          field.text = candidates[next]
        }
        field.note = "\(next + 1)/\(count)"
        return true
      })
    }
  }

  /// What submitting a field did.
  enum FieldResult {
    /// Done: close the field.
    case close
    /// Not accepted: keep the field open with this note.
    case keepOpen(String)
    /// Done, and another prompt takes its place.
    case next(StatusPrompt)
  }

  /// A question: the text, and the keys that answer it.
  struct Question {
    /// One answer.
    struct Choice {
      /// The key that chooses it.
      var key: KeyEvent
      /// How the question names it (`(y)es`); empty for a synonym it does not show.
      var title: String
      /// What it does; it may open another prompt.
      var action: () -> StatusPrompt?
    }

    var text: String
    var choices: [Choice]
    /// What Esc does (nothing by default, besides closing).
    var cancel: () -> Void = {}

    /// The line shown: the text, then the choices.
    var line: String {
      text + "  " + choices.map(\.title).filter { !$0.isEmpty }.joined(separator: "  ") + "  Esc cancels"
    }
  }

  /// A question whose choices are letters: `ask("Save?", ("y", "(y)es", save), …)`.
  static func ask(
    _ text: String, _ choices: [(Character, String, () -> StatusPrompt?)], cancel: @escaping () -> Void = {}
  ) -> StatusPrompt {
    .question(
      Question(
        text: text,
        choices: choices.map { Question.Choice(key: KeyEvent(.character($0.0)), title: $0.1, action: $0.2) },
        cancel: cancel))
  }

  /// A field with a prompt and starting text.
  static func field(
    _ prompt: String, text: String = "", hooks: FieldHooks = FieldHooks(),
    submit: @escaping (String) -> FieldResult, cancel: @escaping () -> Void = {}
  ) -> StatusPrompt {
    .field(TextField(prompt: prompt, text: text), submit: submit, cancel: cancel, hooks: hooks)
  }

  /// What handling an event did to the prompt.
  enum Outcome {
    /// The prompt stays (maybe changed).
    case open
    /// The prompt is done.
    case closed
    /// Another prompt replaces it.
    case replaced(StatusPrompt)
  }

  /// Handles a key or a paste.
  func handle(_ event: InputEvent) -> Outcome {
    switch self {
    case .field(let field, let submit, let cancel, let hooks):
      switch field.handle(event) {
      case .submitted:
        switch submit(field.text) {
        case .close: return .closed
        case .keepOpen(let note):
          field.note = note
          return .open
        case .next(let prompt): return .replaced(prompt)
        }
      case .cancelled:
        cancel()
        return .closed
      case .edited:
        field.note = ""
        hooks.edited?(field)
        return .open
      case .ignored:
        if case .key(let key) = event, let take = hooks.key, take(key, field) { return .open }
        return .open
      case .moved:
        return .open
      }
    case .question(let question):
      guard case .key(let key) = event else { return .open }
      if key.key == .escape || key == KeyEvent(.control("c")) {
        question.cancel()
        return .closed
      }
      let lowered: KeyEvent = {
        if case .character(let character) = key.key { return KeyEvent(.character(Character(character.lowercased()))) }
        return key
      }()
      guard let choice = question.choices.first(where: { $0.key == key || $0.key == lowered }) else { return .open }
      if let next = choice.action() { return .replaced(next) }
      return .closed
    }
  }

  /// Draws the prompt on the status line.
  func draw(in canvas: inout Canvas, line: CellRect, context: DrawingContext) {
    switch self {
    case .field(let field, _, _, _):
      field.draw(in: &canvas, region: line, clip: line, context: context)
    case .question(let question):
      let label = LabelView()
      label.text = " " + question.line
      label.style = context.theme.status.adding(.bold)
      label.draw(in: &canvas, region: line, clip: line, context: context)
    }
  }
}
