import Foundation
import Testing

@testable import TGridApp

/// A view registers itself once (issue 27.2; STYLE.md, "A view registers itself once"):
/// nothing outside a view's folder names its presentation type but ``PresentationRegistry``,
/// so a new view is a folder and a line in the registry. Checked on the sources.
@Suite struct PresentationRegistryRulesTests {
  /// The one file outside the views' folders that may name their types.
  static let registryFile = "Sources/TGridApp/Presentations/PresentationRegistry.swift"

  @Test func nothingOutsideAViewsFolderNamesItsTypeButTheRegistry() throws {
    let views = try Self.viewFolders()
    #expect(Set(views).isSuperset(of: ["Grid", "Tree", "Table", "Timeline", "Schematic"]), "found \(views)")
    let files = try Self.swiftFiles(under: "Sources")
    #expect(files.count > 100, "found only \(files.count) source files")
    for view in views {
      let type = view + "Presentation"
      let folder = "Sources/TGridApp/Presentations/\(view)/"
      let naming = files.filter { !$0.path.hasPrefix(folder) && Self.text($0.text, names: type) }.map(\.path)
      for path in naming where path != Self.registryFile {
        Issue.record("\(path) names \(type): read it from PresentationRegistry (or a Presentation requirement) instead")
      }
      #expect(naming.contains(Self.registryFile), "\(type) is not in PresentationRegistry.all")
    }
  }

  @Test func everyViewFolderIsRegisteredOnce() throws {
    #expect(try Self.viewFolders().count == PresentationRegistry.all.count)
  }

  @Test func theCheckSeesATypeNamedButNotALongerName() {
    #expect(Self.text("let made = GridPresentation(host: self)", names: "GridPresentation"))
    #expect(Self.text("(presentation as? TimelinePresentation)?.useFields(f)", names: "TimelinePresentation"))
    #expect(Self.text("/// ``TreePresentation``", names: "TreePresentation"))
    #expect(!Self.text("InlineTreePresentationCell", names: "TreePresentation"))
    #expect(!Self.text("TreePresentation_2", names: "TreePresentation"))
    #expect(!Self.text("let kind = PresentationKind.tree", names: "TreePresentation"))
  }

  // MARK: - Fixtures

  /// The package: three folders up from this file (Tests/TGridAppTests/Architecture).
  static var root: URL {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url
  }

  /// The folders of `Presentations/` that hold a view: `Grid` holds `GridPresentation.swift`.
  static func viewFolders() throws -> [String] {
    let presentations = root.appendingPathComponent("Sources/TGridApp/Presentations")
    let manager = FileManager.default
    return try manager.contentsOfDirectory(atPath: presentations.path).sorted().filter { folder in
      manager.fileExists(atPath: presentations.appendingPathComponent("\(folder)/\(folder)Presentation.swift").path)
    }
  }

  /// Every Swift file under a folder of the package, with its path from the package's root.
  static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var files: [(path: String, text: String)] = []
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
      files.append(("\(folder)/\(relative)", text))
    }
    return files.sorted { $0.path < $1.path }
  }

  /// Whether `text` has `name` as a whole identifier (not part of a longer one), code or
  /// comment alike.
  static func text(_ text: String, names name: String) -> Bool {
    func isIdentifierCharacter(_ character: Character?) -> Bool {
      guard let character else { return false }
      return character == "_" || character.isLetter || character.isNumber
    }
    var searchStart = text.startIndex
    while let found = text.range(of: name, range: searchStart..<text.endIndex) {
      let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : nil
      let after = found.upperBound < text.endIndex ? text[found.upperBound] : nil
      if !isIdentifierCharacter(before) && !isIdentifierCharacter(after) { return true }
      searchStart = found.upperBound
    }
    return false
  }
}
