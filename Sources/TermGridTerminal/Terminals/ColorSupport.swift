import TermGridPlatform

/// Whether the user wants colour, from the environment.
public enum ColorSupport {
  /// Whether a value of `NO_COLOR` allows colour: <https://no-color.org> says any
  /// non-empty value asks for no colour.
  public static func allowsColor(noColor value: String?) -> Bool {
    guard let value else { return true }
    return value.isEmpty
  }

  /// Whether this process's `NO_COLOR` allows colour.
  public static var environmentAllowsColor: Bool {
    allowsColor(noColor: Environment.value(of: "NO_COLOR"))
  }
}
