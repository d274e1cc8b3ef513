/// Turns the bytes a terminal sends into input events: UTF-8 text, control keys, escape
/// sequences for special keys (CSI, SS3, with xterm's modifier parameters), mouse reports
/// (SGR 1006 and legacy X10) and bracketed pastes.
///
/// Feed it whatever `read` returned, in any chunks: a sequence split across reads is held
/// until the rest arrives. A lone Esc cannot be told from the start of a sequence until a
/// moment passes with nothing after it, so the reader calls ``flushPending()`` when no byte
/// followed within ``flushDelayMilliseconds``. Sequences it does not know are swallowed
/// whole, never passed on as keys; text inside a bracketed paste is data, never keys.
public struct InputDecoder: Sendable {
  /// How long to wait after an Esc for the rest of a sequence: long enough for a terminal
  /// (even over ssh) to send a sequence in one go, short enough that Esc feels instant.
  public static let escapeDelayMilliseconds = 25
  /// How long a bracketed paste may stall before it is taken as ended (a terminal that
  /// never sends the end marker must not swallow the keyboard forever).
  public static let pasteStallMilliseconds = 3000
  /// The default cap on one paste: bytes beyond it are dropped (and counted).
  public static let defaultMaximumPasteBytes = 16 << 20

  /// Pasted bytes beyond this are dropped, so a runaway paste cannot eat the memory.
  public var maximumPasteBytes: Int
  /// How many pasted bytes were dropped over the cap, in total; apps can warn about it.
  public private(set) var droppedPasteByteCount = 0

  /// Bytes received but not decoded yet (a sequence still incomplete).
  private(set) var buffer: [UInt8] = []
  /// The paste being gathered, between the start and end markers.
  private var paste: [UInt8]?
  /// The button of the last press, for X10 releases (which do not say which button).
  var lastPressedButton: MouseButton = .left

  /// Creates a decoder.
  public init(maximumPasteBytes: Int = InputDecoder.defaultMaximumPasteBytes) {
    precondition(maximumPasteBytes >= 0, "InputDecoder: maximumPasteBytes must not be negative")
    self.maximumPasteBytes = maximumPasteBytes
  }

  /// True while bytes are held for an incomplete sequence or a paste in progress.
  public var hasPendingInput: Bool { !buffer.isEmpty || paste != nil }

  /// True between a paste's start and end markers.
  public var isInsidePaste: Bool { paste != nil }

  /// How long the reader should wait for more bytes before calling ``flushPending()``;
  /// `nil` when nothing is pending.
  public var flushDelayMilliseconds: Int? {
    if paste != nil { return Self.pasteStallMilliseconds }
    return buffer.isEmpty ? nil : Self.escapeDelayMilliseconds
  }

  /// Decodes newly read bytes; returns the events they complete, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    buffer.append(contentsOf: bytes)
    return decode(atEnd: false)
  }

  /// Decodes what is held as if no more bytes were coming: a lone Esc becomes the Esc key,
  /// `Esc x` becomes Alt-x, an incomplete sequence is dropped, and a stalled paste ends
  /// with what arrived.
  public mutating func flushPending() -> [InputEvent] {
    if var pasted = paste {
      append(buffer, toPaste: &pasted)
      buffer.removeAll()
      paste = nil
      return [.paste(Self.pasteText(pasted))]
    }
    return decode(atEnd: true)
  }

  // MARK: - Decoding

  /// What one step of decoding found at a position.
  enum Step: Equatable {
    /// An event (or nothing, for a swallowed sequence) taking `length` bytes.
    case event(InputEvent?, length: Int)
    /// Several events (a run of text) taking `length` bytes.
    case events([InputEvent], length: Int)
    /// A bracketed paste starts after `length` bytes.
    case pasteStart(length: Int)
    /// The bytes so far may be the start of something longer: wait for more.
    case incomplete
  }

  private mutating func decode(atEnd: Bool) -> [InputEvent] {
    var events: [InputEvent] = []
    var index = 0
    while index < buffer.count {
      if paste != nil {
        guard let consumed = gatherPaste(from: index, into: &events) else {
          index = buffer.count - heldPasteTail(from: index)
          break
        }
        index = consumed
        continue
      }
      switch step(at: index, atEnd: atEnd) {
      case .event(let event, let length):
        if let event { events.append(event) }
        index += length
      case .events(let run, let length):
        events.append(contentsOf: run)
        index += length
      case .pasteStart(let length):
        paste = []
        index += length
      case .incomplete:
        buffer.removeFirst(index)
        return events
      }
    }
    // Inside a paste only a possible partial end marker is kept; the rest is in the paste.
    buffer.removeFirst(min(index, buffer.count))
    return events
  }

  /// One step at `index`, which must be inside the buffer.
  private mutating func step(at index: Int, atEnd: Bool) -> Step {
    let byte = buffer[index]
    switch byte {
    case 0x1B:
      return escapeStep(at: index, atEnd: atEnd)
    case 0x00..<0x20, 0x7F:
      return .event(.key(Self.controlKey(byte)), length: 1)
    default:
      return textStep(at: index, atEnd: atEnd)
    }
  }

  /// The key a single C0 control byte (or DEL) stands for.
  static func controlKey(_ byte: UInt8) -> KeyEvent {
    switch byte {
    case 0x0D, 0x0A: return KeyEvent(.enter)
    case 0x09: return KeyEvent(.tab)
    case 0x08, 0x7F: return KeyEvent(.backspace)
    case 0x1B: return KeyEvent(.escape)
    case 0x00: return KeyEvent(.control(" "))
    case 0x01...0x1A: return KeyEvent(.control(Character(Unicode.Scalar(byte + 0x60))))
    default: return KeyEvent(.control(Character(Unicode.Scalar(byte + 0x40))))  // \ ] ^ _
    }
  }

  // MARK: Text

  /// A run of UTF-8 text up to the next control byte, one event per grapheme cluster.
  private func textStep(at index: Int, atEnd: Bool) -> Step {
    var end = index
    var bytes: [UInt8] = []
    while end < buffer.count {
      let lead = buffer[end]
      if lead < 0x20 || lead == 0x7F { break }
      let length = Self.utf8Length(lead: lead)
      guard length > 0 else {
        // A byte that cannot start a character: drop it (it is not a key).
        if bytes.isEmpty { return .event(nil, length: 1) }
        break
      }
      guard end + length <= buffer.count else {
        if !bytes.isEmpty { break }
        // Only part of a character has arrived.
        return atEnd ? .event(nil, length: buffer.count - end) : .incomplete
      }
      guard String(validating: buffer[end..<end + length], as: UTF8.self) != nil else {
        if bytes.isEmpty { return .event(nil, length: 1) }
        break
      }
      bytes.append(contentsOf: buffer[end..<end + length])
      end += length
    }
    let text = String(decoding: bytes, as: UTF8.self)
    // C1 controls (U+0080–U+009F) are not keys: drop them like unknown sequences.
    let keys = text.filter { !($0.unicodeScalars.first.map { $0.value >= 0x80 && $0.value < 0xA0 } ?? false) }
    return .events(keys.map { .key(KeyEvent(.character($0))) }, length: end - index)
  }

  /// The length of the UTF-8 sequence a lead byte starts, or 0 for a byte that cannot lead.
  static func utf8Length(lead: UInt8) -> Int {
    switch lead {
    case 0x00..<0x80: return 1
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 0
    }
  }

  // MARK: Escape sequences

  private mutating func escapeStep(at index: Int, atEnd: Bool) -> Step {
    guard index + 1 < buffer.count else {
      return atEnd ? .event(.key(KeyEvent(.escape)), length: 1) : .incomplete
    }
    let next = buffer[index + 1]
    switch next {
    case UInt8(ascii: "["):
      return csiStep(at: index, atEnd: atEnd)
    case UInt8(ascii: "O"):
      return ss3Step(at: index, atEnd: atEnd)
    case 0x1B:
      // Esc Esc: Alt on a special key (as rxvt sends Alt-Up), or Esc pressed twice.
      guard index + 2 < buffer.count else {
        return atEnd ? .event(.key(KeyEvent(.escape)), length: 1) : .incomplete
      }
      let third = buffer[index + 2]
      guard third == UInt8(ascii: "[") || third == UInt8(ascii: "O") else {
        return .event(.key(KeyEvent(.escape)), length: 1)
      }
      let inner = escapeStep(at: index + 1, atEnd: atEnd)
      switch inner {
      case .event(.key(var event)?, let length):
        event.modifiers.insert(.alt)
        return .event(.key(event), length: length + 1)
      case .event(let other, let length):
        return .event(other, length: length + 1)
      case .incomplete:
        return .incomplete
      default:
        return .event(.key(KeyEvent(.escape)), length: 1)
      }
    case 0x00..<0x20, 0x7F:
      var event = Self.controlKey(next)
      event.modifiers.insert(.alt)
      return .event(.key(event), length: 2)
    default:
      // Alt (Meta) sends Esc before the character.
      let length = Self.utf8Length(lead: next)
      guard length > 0 else { return .event(nil, length: 2) }
      guard index + 1 + length <= buffer.count else {
        return atEnd ? .event(nil, length: buffer.count - index) : .incomplete
      }
      guard let text = String(validating: buffer[(index + 1)..<(index + 1 + length)], as: UTF8.self),
        let character = text.first
      else { return .event(nil, length: 2) }
      return .event(.key(KeyEvent(.character(character), modifiers: .alt)), length: 1 + length)
    }
  }

  /// `Esc O x`: the keypad and cursor keys in application mode, and F1–F4.
  private func ss3Step(at index: Int, atEnd: Bool) -> Step {
    var position = index + 2
    var modifierDigits = 0
    // Some terminals put a modifier number before the final byte (`Esc O 5 P`).
    while position < buffer.count, buffer[position] >= UInt8(ascii: "0"), buffer[position] <= UInt8(ascii: "9"),
      position - index < 6
    {
      modifierDigits = modifierDigits * 10 + Int(buffer[position] - UInt8(ascii: "0"))
      position += 1
    }
    guard position < buffer.count else {
      if atEnd {
        // `Esc O` alone is Alt-O.
        return position == index + 2
          ? .event(.key(KeyEvent(.character("O"), modifiers: .alt)), length: 2)
          : .event(nil, length: position - index)
      }
      return .incomplete
    }
    let final = buffer[position]
    guard var event = Self.ss3Keys[final] else {
      if position == index + 2 {
        // Not a sequence after all: Alt-O, then whatever follows.
        return .event(.key(KeyEvent(.character("O"), modifiers: .alt)), length: 2)
      }
      return .event(nil, length: position + 1 - index)
    }
    event.modifiers.formUnion(Self.modifiers(fromParameter: modifierDigits))
    return .event(.key(event), length: position + 1 - index)
  }

  /// Keys sent as `Esc O x`, by `x`; rxvt sends Ctrl-arrows as `Esc O a` to `Esc O d`.
  static let ss3Keys: [UInt8: KeyEvent] = {
    var keys: [UInt8: KeyEvent] = [
      UInt8(ascii: "A"): KeyEvent(.up), UInt8(ascii: "B"): KeyEvent(.down), UInt8(ascii: "C"): KeyEvent(.right),
      UInt8(ascii: "D"): KeyEvent(.left), UInt8(ascii: "H"): KeyEvent(.home), UInt8(ascii: "F"): KeyEvent(.end),
      UInt8(ascii: "P"): KeyEvent(.function(1)), UInt8(ascii: "Q"): KeyEvent(.function(2)),
      UInt8(ascii: "R"): KeyEvent(.function(3)), UInt8(ascii: "S"): KeyEvent(.function(4)),
      UInt8(ascii: "M"): KeyEvent(.enter), UInt8(ascii: "I"): KeyEvent(.tab),
      UInt8(ascii: "a"): KeyEvent(.up, modifiers: .control), UInt8(ascii: "b"): KeyEvent(.down, modifiers: .control),
      UInt8(ascii: "c"): KeyEvent(.right, modifiers: .control), UInt8(ascii: "d"): KeyEvent(.left, modifiers: .control),
    ]
    // The numeric keypad in application mode.
    for (byte, character) in zip(Array("jklmnoX".utf8), Array("*+,-./=")) {
      keys[byte] = KeyEvent(.character(character))
    }
    for digit in 0..<10 {
      keys[UInt8(ascii: "p") + UInt8(digit)] = KeyEvent(
        .character(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(digit)))))
    }
    return keys
  }()

  /// The longest CSI sequence worth waiting for; anything longer is garbage and dropped.
  static let maximumSequenceLength = 64

  /// `Esc [ …`: special keys, mouse reports and paste markers.
  private mutating func csiStep(at index: Int, atEnd: Bool) -> Step {
    let start = index + 2
    guard start < buffer.count else {
      // `Esc [` alone is Alt-[.
      return atEnd ? .event(.key(KeyEvent(.character("["), modifiers: .alt)), length: 2) : .incomplete
    }
    switch buffer[start] {
    case UInt8(ascii: "M"):
      return x10MouseStep(at: index, atEnd: atEnd)
    case UInt8(ascii: "["):
      // The Linux console's F1–F5: `Esc [ [ A` to `Esc [ [ E`.
      guard start + 1 < buffer.count else { return atEnd ? .event(nil, length: buffer.count - index) : .incomplete }
      let letter = buffer[start + 1]
      if letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "E") {
        return .event(.key(KeyEvent(.function(Int(letter - UInt8(ascii: "A")) + 1))), length: 4)
      }
      return .event(nil, length: 4)
    default:
      break
    }
    // Parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E.
    var position = start
    while position < buffer.count, buffer[position] >= 0x30, buffer[position] <= 0x3F { position += 1 }
    let parameterEnd = position
    // rxvt ends modified keys with `$` (Shift), which is an intermediate byte elsewhere.
    if position < buffer.count, buffer[position] == UInt8(ascii: "$"), position > start,
      buffer[start..<position].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    {
      return .event(
        tildeKey(parameters: Self.parameters(buffer[start..<parameterEnd]), extraModifiers: .shift),
        length: position + 1 - index)
    }
    while position < buffer.count, buffer[position] >= 0x20, buffer[position] <= 0x2F { position += 1 }
    guard position < buffer.count else {
      if atEnd || position - index > Self.maximumSequenceLength { return .event(nil, length: position - index) }
      return .incomplete
    }
    let final = buffer[position]
    guard final >= 0x40, final <= 0x7E else {
      // A control byte cut the sequence short: drop what came before it.
      return .event(nil, length: position - index)
    }
    let length = position + 1 - index
    let parameterBytes = buffer[start..<parameterEnd]
    let hasIntermediates = position != parameterEnd
    if let marker = parameterBytes.first, marker >= 0x3C {
      // Private parameters: `<` is an SGR mouse report; the rest are replies we never asked for.
      guard marker == UInt8(ascii: "<"), !hasIntermediates else { return .event(nil, length: length) }
      return .event(
        sgrMouseEvent(parameters: Self.parameters(parameterBytes.dropFirst()), final: final), length: length)
    }
    guard !hasIntermediates else { return .event(nil, length: length) }
    let parameters = Self.parameters(parameterBytes)
    switch final {
    case UInt8(ascii: "~"):
      if parameters.first == 200 { return .pasteStart(length: length) }
      return .event(tildeKey(parameters: parameters, extraModifiers: []), length: length)
    case UInt8(ascii: "^"):
      return .event(tildeKey(parameters: parameters, extraModifiers: .control), length: length)
    case UInt8(ascii: "@"):
      return .event(tildeKey(parameters: parameters, extraModifiers: [.control, .shift]), length: length)
    case UInt8(ascii: "u"):
      return .event(
        codePointKey(code: parameters.first ?? nil, modifierParameter: parameters.count > 1 ? parameters[1] : nil),
        length: length)
    case UInt8(ascii: "Z"):
      var modifiers = Self.modifiers(fromParameter: parameters.count > 1 ? parameters[1] : nil)
      modifiers.remove(.shift)
      return .event(.key(KeyEvent(.backTab, modifiers: modifiers)), length: length)
    default:
      guard var event = Self.csiLetterKeys[final] else { return .event(nil, length: length) }
      event.modifiers.formUnion(Self.modifiers(fromParameter: parameters.count > 1 ? parameters[1] : nil))
      return .event(.key(event), length: length)
    }
  }

  /// Keys sent as `Esc [ x` (with `1;m` for modifiers), by `x`; rxvt sends Shift-arrows
  /// as `Esc [ a` to `Esc [ d`.
  static let csiLetterKeys: [UInt8: KeyEvent] = [
    UInt8(ascii: "A"): KeyEvent(.up), UInt8(ascii: "B"): KeyEvent(.down), UInt8(ascii: "C"): KeyEvent(.right),
    UInt8(ascii: "D"): KeyEvent(.left), UInt8(ascii: "H"): KeyEvent(.home), UInt8(ascii: "F"): KeyEvent(.end),
    UInt8(ascii: "P"): KeyEvent(.function(1)), UInt8(ascii: "Q"): KeyEvent(.function(2)),
    UInt8(ascii: "R"): KeyEvent(.function(3)), UInt8(ascii: "S"): KeyEvent(.function(4)),
    UInt8(ascii: "a"): KeyEvent(.up, modifiers: .shift), UInt8(ascii: "b"): KeyEvent(.down, modifiers: .shift),
    UInt8(ascii: "c"): KeyEvent(.right, modifiers: .shift), UInt8(ascii: "d"): KeyEvent(.left, modifiers: .shift),
  ]

  /// Keys sent as `Esc [ n ~` (VT220 style), by `n`.
  static let tildeKeys: [Int: Key] = [
    1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12), 25: .function(13), 26: .function(14), 28: .function(15),
    29: .menu, 31: .function(17), 32: .function(18), 33: .function(19), 34: .function(20),
  ]

  private func tildeKey(parameters: [Int?], extraModifiers: KeyModifiers) -> InputEvent? {
    guard let number = parameters.first ?? nil else { return nil }
    if number == 27, parameters.count >= 3 {
      // xterm's modifyOtherKeys: `Esc [ 27 ; modifiers ; code ~`.
      return codePointKey(code: parameters[2], modifierParameter: parameters[1])
    }
    guard let key = Self.tildeKeys[number] else { return nil }
    var modifiers = Self.modifiers(fromParameter: parameters.count > 1 ? parameters[1] : nil)
    modifiers.formUnion(extraModifiers)
    return .key(KeyEvent(key, modifiers: modifiers))
  }

  /// A key reported by its code point (`CSI u` and modifyOtherKeys).
  private func codePointKey(code: Int?, modifierParameter: Int?) -> InputEvent? {
    guard let code, let scalar = Unicode.Scalar(UInt32(clamping: code)) else { return nil }
    var modifiers = Self.modifiers(fromParameter: modifierParameter)
    var event: KeyEvent
    if code < 0x20 || code == 0x7F {
      event = Self.controlKey(UInt8(code))
    } else if modifiers.contains(.control), scalar.properties.isAlphabetic, scalar.isASCII {
      modifiers.remove(.control)
      event = KeyEvent(.control(Character(scalar).lowercased().first ?? Character(scalar)))
    } else {
      event = KeyEvent(.character(Character(scalar)))
    }
    event.modifiers.formUnion(modifiers)
    return .key(event)
  }

  /// Splits `1;5` into numbers; an empty field is `nil` (the default). Sub-parameters after
  /// `:` are ignored.
  static func parameters(_ bytes: some Collection<UInt8>) -> [Int?] {
    guard !bytes.isEmpty else { return [] }
    var result: [Int?] = []
    var current: Int?
    var inSubParameter = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: ";"):
        result.append(current)
        current = nil
        inSubParameter = false
      case UInt8(ascii: ":"):
        inSubParameter = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard !inSubParameter else { continue }
        let digit = Int(byte - UInt8(ascii: "0"))
        current = min(1_000_000, (current ?? 0) * 10 + digit)
      default:
        continue
      }
    }
    result.append(current)
    return result
  }

  /// xterm's modifier parameter: 1 + (1 Shift, 2 Alt, 4 Ctrl, 8 Meta).
  static func modifiers(fromParameter parameter: Int?) -> KeyModifiers {
    guard let parameter, parameter > 1 else { return [] }
    let bits = parameter - 1
    var modifiers: KeyModifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    return modifiers
  }

  // MARK: Bracketed paste

  /// The end marker of a bracketed paste.
  static let pasteEnd: [UInt8] = [
    0x1B, UInt8(ascii: "["), UInt8(ascii: "2"), UInt8(ascii: "0"), UInt8(ascii: "1"), UInt8(ascii: "~"),
  ]

  /// Moves paste bytes from `index` on into the paste; returns the index after the end
  /// marker when the paste ended (appending the event), or `nil` when it has not ended yet.
  private mutating func gatherPaste(from index: Int, into events: inout [InputEvent]) -> Int? {
    guard var pasted = paste else { return index }
    paste = nil  // Hold the only reference, so appending does not copy the paste.
    if let end = Self.firstIndex(of: Self.pasteEnd, in: buffer, from: index) {
      append(buffer[index..<end], toPaste: &pasted)
      events.append(.paste(Self.pasteText(pasted)))
      return end + Self.pasteEnd.count
    }
    let held = heldPasteTail(from: index)
    append(buffer[index..<(buffer.count - held)], toPaste: &pasted)
    paste = pasted
    return nil
  }

  /// How many bytes at the end of the buffer could be the start of the end marker.
  private func heldPasteTail(from index: Int) -> Int {
    let available = buffer.count - index
    var length = min(Self.pasteEnd.count - 1, available)
    while length > 0 {
      if buffer[(buffer.count - length)...].elementsEqual(Self.pasteEnd[0..<length]) { return length }
      length -= 1
    }
    return 0
  }

  private mutating func append(_ bytes: some Collection<UInt8>, toPaste pasted: inout [UInt8]) {
    let room = max(0, maximumPasteBytes - pasted.count)
    if bytes.count <= room {
      pasted.append(contentsOf: bytes)
    } else {
      pasted.append(contentsOf: bytes.prefix(room))
      droppedPasteByteCount += bytes.count - room
    }
  }

  static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = pattern.first, bytes.count - start >= pattern.count else { return nil }
    var position = start
    let last = bytes.count - pattern.count
    while position <= last {
      if bytes[position] == first, bytes[position..<(position + pattern.count)].elementsEqual(pattern) {
        return position
      }
      position += 1
    }
    return nil
  }

  /// Pasted bytes as text: invalid UTF-8 becomes U+FFFD, and line ends (terminals send
  /// CR for a pasted newline) become `\n`.
  static func pasteText(_ bytes: [UInt8]) -> String {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0D {
        normalized.append(0x0A)
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
      } else {
        normalized.append(byte)
      }
      index += 1
    }
    return String(decoding: normalized, as: UTF8.self)
  }
}
