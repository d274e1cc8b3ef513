extension Theme {
  /// The theme for a terminal that shows `colorCount` colours: `base` with every colour
  /// reduced to the nearest one the terminal has (256, 16 or 8), or ``monochrome`` when it
  /// has fewer than 8 (or `NO_COLOR` asked for none: pass 0).
  public static func forColorCount(_ colorCount: Int, base: Theme = .standard) -> Theme {
    guard colorCount >= 8 else { return .monochrome }
    return base.reduced(toColorCount: colorCount)
  }

  /// This theme with every colour reduced to what a terminal with `colorCount` colours can
  /// show; below 8 colours, colours become the terminal's defaults and only attributes stay.
  public func reduced(toColorCount colorCount: Int) -> Theme {
    func reduce(_ style: Style) -> Style {
      Style(
        foreground: style.foreground.reduced(toColorCount: colorCount) ?? .default,
        background: style.background.reduced(toColorCount: colorCount) ?? .default,
        attributes: style.attributes)
    }
    var theme = self
    theme.normal = reduce(normal)
    theme.focused = reduce(focused)
    theme.highlighted = reduce(highlighted)
    theme.selected = reduce(selected)
    theme.selectedFocused = reduce(selectedFocused)
    theme.header = reduce(header)
    theme.footer = reduce(footer)
    theme.connector = reduce(connector)
    theme.badge = reduce(badge)
    theme.dim = reduce(dim)
    theme.border = reduce(border)
    theme.status = reduce(status)
    theme.menu = reduce(menu)
    theme.menuSelected = reduce(menuSelected)
    theme.menuDisabled = reduce(menuDisabled)
    theme.kinds = kinds.mapValues(reduce)
    return theme
  }

  /// The styles that tell an item's states apart, which must all differ for the theme to
  /// be usable: normal, focused, highlighted, selected, and selected with focus.
  public var itemStateStyles: [Style] { [normal, focused, highlighted, selected, selectedFocused] }
}
