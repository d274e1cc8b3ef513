extension InputDecoder {
  /// `Esc [ M b x y`: the legacy X10/normal mouse report, each value a byte plus 32.
  mutating func x10MouseStep(at index: Int, atEnd: Bool) -> Step {
    guard index + 6 <= buffer.count else {
      return atEnd ? .event(nil, length: buffer.count - index) : .incomplete
    }
    let code = Int(buffer[index + 3]) - 32
    let column = Int(buffer[index + 4]) - 33
    let row = Int(buffer[index + 5]) - 33
    guard code >= 0 else { return .event(nil, length: 6) }
    // Coordinates past 223 do not fit in a byte; terminals send 0 (or wrap): clamp.
    let position = CellPoint(column: max(0, column), row: max(0, row))
    return .event(mouseEvent(code: code, position: position, isRelease: nil), length: 6)
  }

  /// `Esc [ < b ; x ; y M` (press, drag, wheel) or `… m` (release): the SGR 1006 report.
  mutating func sgrMouseEvent(parameters: [Int?], final: UInt8) -> InputEvent? {
    guard parameters.count == 3, let code = parameters[0], let column = parameters[1], let row = parameters[2],
      final == UInt8(ascii: "M") || final == UInt8(ascii: "m")
    else { return nil }
    let position = CellPoint(column: max(0, column - 1), row: max(0, row - 1))
    return mouseEvent(code: code, position: position, isRelease: final == UInt8(ascii: "m"))
  }

  /// Decodes the button code shared by both encodings: the low two bits name the button
  /// (3 is "released" in X10), 4 Shift, 8 Alt, 16 Ctrl, 32 motion, 64 wheel, 128 extra
  /// buttons. `isRelease` is `nil` for X10, where releases are button 3.
  private mutating func mouseEvent(code: Int, position: CellPoint, isRelease: Bool?) -> InputEvent? {
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let low = code & 3
    let isMotion = code & 32 != 0
    if code & 128 != 0 { return nil }  // Buttons 8–11 (back, forward): nothing to do.
    if code & 64 != 0 {
      // Wheels report presses only.
      guard isRelease != true, !isMotion else { return nil }
      let actions: [MouseEvent.Action] = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight]
      return .mouse(MouseEvent(actions[low], at: position, modifiers: modifiers))
    }
    let buttons: [MouseButton] = [.left, .middle, .right]
    if isMotion {
      // Motion with no button down is only reported in any-motion mode, which is never on.
      guard low < 3 else { return nil }
      return .mouse(MouseEvent(.drag(buttons[low]), at: position, modifiers: modifiers))
    }
    if isRelease == true || (isRelease == nil && low == 3) {
      let button = low < 3 && isRelease == true ? buttons[low] : lastPressedButton
      return .mouse(MouseEvent(.release(button), at: position, modifiers: modifiers))
    }
    guard low < 3 else { return nil }
    lastPressedButton = buttons[low]
    return .mouse(MouseEvent(.press(buttons[low]), at: position, modifiers: modifiers))
  }
}
