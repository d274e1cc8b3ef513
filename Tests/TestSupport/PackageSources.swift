import Foundation

/// The package's Swift sources as text, for tests that hold rules over the code itself:
/// which modules a target's files import (`LayerRulesTests`, `AppLayerRulesTests`).
public enum PackageSources {
  /// One Swift file of a target.
  public struct File: Sendable {
    /// The path from the package's root, such as `Sources/TGridJSON/Document/JSONStorage.swift`.
    public var path: String
    /// The target: the folder under `Sources/`.
    public var target: String
    /// The file's text.
    public var text: String
    /// The modules it imports, in order.
    public var imports: [String]

    /// A file; `imports` defaults to what `text` imports.
    public init(path: String, target: String, text: String, imports: [String]? = nil) {
      self.path = path
      self.target = target
      self.text = text
      self.imports = imports ?? PackageSources.imports(in: text)
    }
  }

  /// The package's root: two folders up from this file (Tests/TestSupport).
  public static var root: URL {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }

  /// Every Swift file of the targets under `Sources/` whose name `includesTarget` accepts,
  /// sorted by path.
  public static func files(inTargets includesTarget: (String) -> Bool) throws -> [File] {
    let sources = root.appendingPathComponent("Sources")
    let manager = FileManager.default
    var files: [File] = []
    for target in try manager.contentsOfDirectory(atPath: sources.path).sorted() where includesTarget(target) {
      let folder = sources.appendingPathComponent(target)
      guard let walker = manager.enumerator(atPath: folder.path) else { continue }
      for case let relative as String in walker where relative.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
        files.append(File(path: "Sources/\(target)/\(relative)", target: target, text: text))
      }
    }
    return files.sorted { $0.path < $1.path }
  }

  /// The modules a file imports, in order, whatever the attributes and access level.
  public static func imports(in text: String) -> [String] {
    var modules: [String] = []
    for line in text.split(separator: "\n") {
      var words = line.split(separator: " ").map(String.init)
      while let first = words.first,
        first.hasPrefix("@") || ["public", "package", "internal", "private"].contains(first)
      {
        words.removeFirst()
      }
      guard words.count >= 2, words[0] == "import" else { continue }
      modules.append(String(words[1].prefix { $0 != "." }))
    }
    return modules
  }
}
