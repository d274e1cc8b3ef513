/// The styles a collection view and its views draw with.
///
/// Focused and selected must stay distinguishable without colour: the monochrome theme
/// tells them apart by attributes alone (bold, reverse, underline).
public struct Theme: Hashable, Sendable {
  /// Ordinary content.
  public var normal: Style
  /// The element with the keyboard focus.
  public var focused: Style
  /// An element being pressed (highlighted, before the release selects it).
  public var highlighted: Style
  /// A selected element.
  public var selected: Style
  /// A selected element that also has the focus.
  public var selectedFocused: Style
  /// Section headers.
  public var header: Style
  /// Section footers.
  public var footer: Style
  /// Connector lines between nodes.
  public var connector: Style
  /// Small counts and markers, such as a collapsed node's hidden count.
  public var badge: Style
  /// Secondary text, and elements with alpha below 1.
  public var dim: Style
  /// Card borders.
  public var border: Style
  /// The status line.
  public var status: Style
  /// A menu or popup.
  public var menu: Style
  /// The chosen entry of a menu.
  public var menuSelected: Style
  /// A menu entry that cannot be chosen now.
  public var menuDisabled: Style
  /// Styles by node kind (for example "normal", "important", "critical").
  public var kinds: [String: Style]

  /// Creates a theme.
  public init(
    normal: Style, focused: Style, highlighted: Style, selected: Style, selectedFocused: Style,
    header: Style, footer: Style, connector: Style, badge: Style, dim: Style, border: Style,
    status: Style, menu: Style, menuSelected: Style, menuDisabled: Style, kinds: [String: Style] = [:]
  ) {
    self.normal = normal
    self.focused = focused
    self.highlighted = highlighted
    self.selected = selected
    self.selectedFocused = selectedFocused
    self.header = header
    self.footer = footer
    self.connector = connector
    self.badge = badge
    self.dim = dim
    self.border = border
    self.status = status
    self.menu = menu
    self.menuSelected = menuSelected
    self.menuDisabled = menuDisabled
    self.kinds = kinds
  }

  /// The colour theme; keeps the terminal's default background.
  public static let standard = Theme(
    normal: .plain,
    focused: Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold]),
    highlighted: Style(foreground: .black, background: .indexed(250)),
    selected: Style(foreground: .black, background: .indexed(143)),
    selectedFocused: Style(foreground: .black, background: .indexed(185), attributes: [.bold, .underline]),
    header: Style(foreground: .indexed(75), attributes: [.bold]),
    footer: Style(foreground: .indexed(245)),
    connector: Style(foreground: .indexed(244)),
    badge: Style(foreground: .indexed(180)),
    dim: Style(attributes: [.dim]),
    border: Style(foreground: .indexed(240)),
    status: Style(attributes: [.reverse]),
    menu: Style(foreground: .black, background: .indexed(252)),
    menuSelected: Style(foreground: .indexed(15), background: .indexed(24), attributes: [.bold]),
    // Dim as well as grey: reduced to 8 colours the grey becomes the menu's own black.
    menuDisabled: Style(foreground: .indexed(245), background: .indexed(252), attributes: [.dim]),
    kinds: [
      "normal": .plain,
      "important": Style(foreground: .indexed(214), attributes: [.bold]),
      "critical": Style(foreground: .indexed(196), attributes: [.bold]),
      // A diff's values (their markers `+ - ~ →` say the same without colour).
      "added": Style(foreground: .indexed(2)),
      "removed": Style(foreground: .indexed(1)),
      "changed": Style(foreground: .indexed(3)),
      "moved": Style(foreground: .indexed(6)),
      // Alternating periods behind a timeline (BandView).
      "band": Style(background: .indexed(235)),
      // A chart's series in turn (ChartLegendInfo.styleKind); without them (monochrome) the
      // series after the first draw their markers instead.
      "series0": Style(foreground: .indexed(75)),
      "series1": Style(foreground: .indexed(214)),
      "series2": Style(foreground: .indexed(77)),
      "series3": Style(foreground: .indexed(170)),
      "series4": Style(foreground: .indexed(203)),
      "series5": Style(foreground: .indexed(44)),
    ])

  /// Attributes only, for terminals without colour and for `NO_COLOR`.
  public static let monochrome = Theme(
    normal: .plain,
    focused: Style(attributes: [.reverse]),
    highlighted: Style(attributes: [.reverse, .dim]),
    selected: Style(attributes: [.bold, .underline]),
    selectedFocused: Style(attributes: [.reverse, .bold, .underline]),
    header: Style(attributes: [.bold]),
    footer: Style(attributes: [.dim]),
    connector: .plain,
    badge: Style(attributes: [.bold]),
    dim: Style(attributes: [.dim]),
    border: .plain,
    status: Style(attributes: [.reverse]),
    menu: Style(attributes: [.reverse]),
    menuSelected: Style(attributes: [.bold, .underline]),
    menuDisabled: Style(attributes: [.reverse, .dim]),
    kinds: [
      "normal": .plain,
      "important": Style(attributes: [.bold]),
      "critical": Style(attributes: [.bold, .underline]),
      "changed": Style(attributes: [.bold]),
    ])
}
