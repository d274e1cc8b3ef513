/// The demo datasets that ship inside the binary, so `swift run tgrid` works anywhere.
///
/// The files live in `demo-data/`; `Scripts/embed-demo-data.py` copies them into
/// `DemoData+Files.swift`, and a test checks that the two agree.
public enum DemoData {
  /// The dataset `tgrid` opens with no file and a terminal on standard input.
  public static let defaultName = "photo-albums.json"

  /// The names of the embedded files.
  public static var names: [String] { files.map(\.name) }

  /// The exact text of an embedded file.
  public static func text(named name: String) -> String? {
    files.first { $0.name == name }?.text
  }
}
