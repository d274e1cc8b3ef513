/// The demo datasets that ship inside the binary, so `swift run tgrid` works anywhere.
///
/// The files live in `demo-data/`; `Scripts/embed-demo-data.py` copies them into
/// `Generated/DemoData+Files.swift`, and a test checks that the two agree.
public enum DemoData {
  /// The dataset `tgrid` opens with no file and a terminal on standard input.
  public static let defaultName = "photo-albums.json"

  /// The names of the embedded files.
  public static var names: [String] { files.map(\.name) }

  /// One line about an embedded file for `tgrid demo`.
  static func summary(of name: String) -> String {
    switch name {
    case "photo-albums.json": return "albums with their photos (grid)"
    case "classes.json": return "a class hierarchy (schematic, tree)"
    case "schematic.json": return "the talk's schematic (schematic)"
    case "timeline.json": return "a project plan with overlapping ranges and milestones (timeline)"
    case "countries.json": return "records of countries (table)"
    default: return ""
    }
  }

  /// The view a dataset opens in when no `--layout` is given.
  static func suggestedLayout(of name: String) -> LayoutChoice? {
    switch name {
    case "classes.json", "schematic.json": return .schematic
    case "timeline.json": return .timeline
    case "countries.json": return .table
    default: return nil
    }
  }

  /// The exact text of an embedded file.
  public static func text(named name: String) -> String? {
    files.first { $0.name == name }?.text
  }
}
