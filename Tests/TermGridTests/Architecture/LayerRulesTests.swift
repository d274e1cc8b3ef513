import Foundation
import TestSupport
import Testing

/// The rules between TermGrid's layers, checked on the sources: which modules each target
/// may import, and that only the platform layer and the ncurses terminal touch the C
/// library. SwiftPM finds a module that is built anyway even when a target does not declare
/// it, so these rules are not left to the package manifest alone.
@Suite struct LayerRulesTests {
  /// Each layer and the TermGrid modules its files may import, lowest first: a layer may
  /// import only layers listed before it, so no cycle can pass.
  static let layers: [(target: String, mayImport: Set<String>)] = [
    ("TermGridPlatform", []),
    ("TermGridCore", []),
    ("TermGridViews", ["TermGridCore"]),
    ("TermGridLayout", ["TermGridCore", "TermGridViews"]),
    ("TermGridTerminal", ["TermGridPlatform", "TermGridCore"]),
    (
      "TermGridCollection", ["TermGridPlatform", "TermGridCore", "TermGridViews", "TermGridLayout", "TermGridTerminal"]
    ),
    (
      "TermGrid",
      ["TermGridPlatform", "TermGridCore", "TermGridViews", "TermGridLayout", "TermGridTerminal", "TermGridCollection"]
    ),
    // The testing product stands on the umbrella, as a program's tests do.
    ("TermGridTesting", ["TermGrid"]),
  ]

  /// The C library and ncurses, which only these files may import.
  static let systemModules: Set<String> = ["Glibc", "Darwin", "CNcurses"]
  static let mayImportSystemModules: [String] = [
    "Sources/TermGridPlatform/", "Sources/TermGridTerminal/Terminals/NcursesTerminal.swift",
  ]

  @Test func eachLayerImportsOnlyTheLayersBelowIt() throws {
    var seen: Set<String> = []
    for layer in Self.layers {
      #expect(layer.mayImport.isSubset(of: seen), "\(layer.target) may import a layer listed after it")
      seen.insert(layer.target)
    }
    let files = try Self.sourceFiles()
    #expect(files.count > 50, "found only \(files.count) TermGrid source files")
    for file in files {
      let target = file.target
      guard let layer = Self.layers.first(where: { $0.target == target }) else {
        Issue.record("\(file.path): the target \(target) has no layer rule here")
        continue
      }
      for module in file.imports where module.hasPrefix("TermGrid") && module != target {
        #expect(layer.mayImport.contains(module), "\(file.path) imports \(module), above \(target)")
      }
    }
  }

  @Test func onlyThePlatformLayerAndTheNcursesTerminalImportTheCLibrary() throws {
    for file in try Self.sourceFiles() {
      let allowed = Self.mayImportSystemModules.contains { file.path.hasPrefix($0) }
      for module in file.imports where Self.systemModules.contains(module) {
        #expect(allowed, "\(file.path) imports \(module): put the call behind TermGridPlatform")
      }
    }
  }

  @Test func theLibraryDoesNotKnowTheAppsName() throws {
    // The app passes its names in (environment variables, messages); the library's own C
    // shim counts too.
    var files = try Self.sourceFiles().map(\.path)
    files += ["Sources/CNcurses/shim.h", "Sources/CNcurses/module.modulemap"]
    for path in files {
      let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
      #expect(!text.lowercased().contains("tgrid"), "\(path) names the app")
    }
  }

  @Test func theRulesCatchAForbiddenImport() {
    let imports = Self.imports(
      in: "import Foundation\n#if canImport(Glibc)\n  import Glibc\n#endif\n@testable import TermGridViews\n")
    #expect(imports == ["Foundation", "Glibc", "TermGridViews"])
  }

  // MARK: - Fixtures

  /// The repository.
  static var root: URL { PackageSources.root }

  /// Every Swift file of every TermGrid target, with the modules it imports.
  static func sourceFiles() throws -> [PackageSources.File] {
    try PackageSources.files { $0.hasPrefix("TermGrid") }
  }

  /// The modules a file imports, in order, whatever the attributes and access level.
  static func imports(in text: String) -> [String] {
    PackageSources.imports(in: text)
  }
}
