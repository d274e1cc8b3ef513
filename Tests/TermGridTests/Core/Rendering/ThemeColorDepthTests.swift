import TermGrid
import Testing

@Suite struct ThemeColorDepthTests {
  @Test func inMonochromeEveryItemStateLooksDifferentByAttributesAlone() {
    let theme = Theme.monochrome
    let states = theme.itemStateStyles
    #expect(Set(states).count == states.count)
    #expect(Set(states.map(\.attributes)).count == states.count)
    for style in states {
      #expect(style.foreground == .default && style.background == .default)
    }
    // Focus and selection must not hang on dim alone, which some terminals do not show.
    #expect(theme.focused.attributes.subtracting(.dim) != theme.selected.attributes.subtracting(.dim))
    #expect(theme.selectedFocused.attributes.subtracting(.dim) != theme.selected.attributes.subtracting(.dim))
    #expect(theme.selectedFocused.attributes.subtracting(.dim) != theme.focused.attributes.subtracting(.dim))
  }

  @Test(arguments: [8, 16, 256])
  func reducedToAnyColourDepthTheItemStatesStayDistinct(colorCount: Int) {
    let theme = Theme.forColorCount(colorCount)
    let states = theme.itemStateStyles
    #expect(Set(states).count == states.count)
    for style in states + [theme.header, theme.menu, theme.menuSelected, theme.menuDisabled] {
      for color in [style.foreground, style.background] {
        if case .indexed(let index) = color { #expect(Int(index) < colorCount) }
      }
    }
    #expect(theme.menuSelected != theme.menu && theme.menuDisabled != theme.menu)
  }

  @Test func fewerThanEightColoursMeansTheMonochromeTheme() {
    #expect(Theme.forColorCount(0) == .monochrome)
    #expect(Theme.forColorCount(2) == .monochrome)
    #expect(Theme.forColorCount(256) == .standard)
  }

  @Test func reducingKeepsTheTerminalsDefaultBackground() {
    #expect(Theme.forColorCount(8).normal.background == .default)
    #expect(Theme.forColorCount(16).header.background == .default)
  }

  @Test func noColorWithAnyNonEmptyValueTurnsColourOff() {
    #expect(ColorSupport.allowsColor(noColor: nil))
    #expect(ColorSupport.allowsColor(noColor: ""))
    #expect(!ColorSupport.allowsColor(noColor: "1"))
    #expect(!ColorSupport.allowsColor(noColor: "0"))
  }
}
