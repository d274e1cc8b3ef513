import TermGrid

enum TermGridWidthBridge {
  static func width(_ text: String) -> Int { TextWidth.displayWidth(of: text) }
}
