import TestSupport
import Testing

/// The import rules of the app, the engine and the benchmarks, as `LayerRulesTests` holds
/// the library's: the C library is reached from the system targets (`TermGridPlatform`,
/// `TGridSystem`) and `NcursesTerminal.swift` only, and the engine leans on the library's
/// platform layer and the system target alone.
@Suite struct AppLayerRulesTests {
  /// The files outside the system targets that still reach the C library (`import Glibc`,
  /// `canImport(Glibc)`, or, in the app and the engine, Foundation, which re-exports it).
  ///
  /// This list may only shrink, and is empty (issue 27.4): the engine's reading ahead (its
  /// condition variable, its window of moved pages) and the progressive parser's
  /// descriptors call `TGridSystem` like the rest. Put a new call behind a `TGridSystem`
  /// function instead of adding a file here; the rule stays, so a file that starts to reach
  /// libc fails the first test.
  static let filesThatMayImportTheCLibrary: Set<String> = []

  /// The targets held to the rule that Foundation counts as the C library (the app and the
  /// engine ship in `tgrid`).
  static let targets: Set<String> = ["TGridApp", "TGridJSON"]

  /// The benchmark targets: they may use Foundation (`Process`, `String(format:)`) for
  /// running and printing, but reach libc itself through `TGridSystem` only.
  static let benchmarkTargets: Set<String> = ["TGridAppBenchmarks", "TGridBenchmarks"]

  /// The targets that hold the package's C boundary.
  static let systemTargets: Set<String> = ["TermGridPlatform", "TGridSystem"]

  /// The modules that bring the C library in.
  static let cLibraryModules: Set<String> = ["Glibc", "Darwin", "Musl", "Foundation"]

  /// The library's modules the engine may import: what it shares with the library (`Locked`,
  /// the clock) and the system target need nothing but libc, so the fuzzer can build them
  /// with the engine.
  static let engineMayImport: Set<String> = ["TermGridPlatform", "TGridSystem"]

  @Test func onlyFilesOnTheListReachTheCLibrary() throws {
    let files = try Self.sourceFiles()
    #expect(files.count > 100, "found only \(files.count) app and engine source files")
    let reaching = files.filter(Self.reachesTheCLibrary)
    for file in reaching where !Self.filesThatMayImportTheCLibrary.contains(file.path) {
      Issue.record("\(file.path) reaches the C library: put the call behind a TGridSystem function")
    }
  }

  @Test func everyFileOnTheListStillReachesTheCLibrary() throws {
    let reaching = Set(try Self.sourceFiles().filter(Self.reachesTheCLibrary).map(\.path))
    for path in Self.filesThatMayImportTheCLibrary.sorted() where !reaching.contains(path) {
      Issue.record("\(path) no longer reaches the C library (or is gone): take it off the list, which only shrinks")
    }
  }

  /// Issue 27.4's "done when": across the whole package, `import Glibc` or
  /// `canImport(Glibc)` (and Darwin's and Musl's) appear only in the system targets,
  /// `NcursesTerminal.swift` and the shrinking list above.
  @Test func libcIsImportedOnlyAtTheBoundary() throws {
    let files = try PackageSources.files { _ in true }
    #expect(files.count > 300, "found only \(files.count) source files")
    #expect(files.contains { $0.target == "TGridSystem" }, "the system target is where the rules expect it")
    for file in files where Self.importsTheCLibraryDirectly(file) {
      let allowed =
        Self.systemTargets.contains(file.target)
        || file.path == "Sources/TermGridTerminal/Terminals/NcursesTerminal.swift"
        || Self.filesThatMayImportTheCLibrary.contains(file.path)
      #expect(allowed, "\(file.path) imports libc: put the call behind a TGridSystem (or TermGridPlatform) function")
    }
  }

  /// The system target stands on libc and the platform layer alone, so the fuzzer can
  /// build it with the engine and the library never depends on it.
  @Test func theSystemTargetImportsOnlyThePlatformLayer() throws {
    let files = try PackageSources.files { $0 == "TGridSystem" }
    #expect(!files.isEmpty)
    for file in files {
      for module in file.imports {
        #expect(
          ["Glibc", "Darwin", "Musl", "Synchronization", "TermGridPlatform"].contains(module),
          "\(file.path) imports \(module): the system target needs nothing but libc and TermGridPlatform")
      }
    }
    for file in try PackageSources.files(inTargets: { $0.hasPrefix("TermGrid") }) {
      #expect(!file.imports.contains("TGridSystem"), "\(file.path): the library never imports the app's system target")
    }
  }

  @Test func theEngineImportsOnlyThePlatformLayer() throws {
    for file in try Self.sourceFiles() where file.target == "TGridJSON" {
      for module in file.imports
      where module.hasPrefix("TermGrid") || module.hasPrefix("TGrid") || module == "ArgumentParser" {
        #expect(
          Self.engineMayImport.contains(module),
          "\(file.path) imports \(module): the engine builds on TermGridPlatform and TGridSystem alone")
      }
    }
  }

  /// Issue 27.3: the browser is the run loop's root that composes feature controllers, not
  /// the place every feature keeps its state: its file and every file that extends it stay
  /// under 600 lines together, and they sit in the browser's folder.
  @Test func theBrowserStaysTheRootAndNoMore() throws {
    var lines = 0
    for file in try Self.sourceFiles() where file.target == "TGridApp" {
      let isBrowser = file.path.hasSuffix("/BrowserController.swift")
      guard isBrowser || file.text.contains("extension BrowserController") else { continue }
      #expect(
        file.path.hasPrefix("Sources/TGridApp/Browser/"), "\(file.path) extends the browser from outside its folder")
      lines += file.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }
    #expect(lines > 0 && lines <= 600, "BrowserController and its extensions: \(lines) lines (at most 600)")
  }

  /// Issue 27.3: no file of the app outside the browser's folder reads the browser's
  /// state. The command line says what it wants in ``BrowserSettings`` and runs a
  /// ``BrowserSession``; presentations reach their host through ``PresentationHost``.
  @Test func nothingOutsideTheBrowserFolderReachesTheBrowser() throws {
    var checked = 0
    for file in try Self.sourceFiles() where file.target == "TGridApp" {
      guard !file.path.hasPrefix("Sources/TGridApp/Browser/") else { continue }
      checked += 1
      #expect(
        !file.text.contains("BrowserController"),
        "\(file.path) names BrowserController: go through BrowserSession or PresentationHost")
    }
    #expect(checked > 20, "the rule saw \(checked) files outside the browser's folder")
  }

  /// Issue 27.6: what measures the app lives in `TGridAppBenchmarks`, which reaches the
  /// app's `package` declarations; none of it ships in the app.
  @Test func theAppShipsNoBenchmarkCode() throws {
    for file in try Self.sourceFiles() where file.target == "TGridApp" {
      #expect(!file.path.contains("Benchmark"), "\(file.path): benchmarks go in Sources/TGridAppBenchmarks")
      #expect(
        Self.declaredTypeNames(in: file.text).allSatisfy { !$0.hasSuffix("Benchmark") },
        "\(file.path) declares a benchmark: it goes in Sources/TGridAppBenchmarks")
    }
  }

  /// Issue 27.6: generated sources sit in a `Generated` folder, and nothing else does.
  @Test func generatedSourcesSitInAGeneratedFolderOfTheirOwn() throws {
    for file in try Self.sourceFiles() {
      let isGenerated = file.text.hasPrefix("// Generated by ")
      #expect(isGenerated == file.path.contains("/Generated/"), "\(file.path)")
    }
  }

  @Test func theRulesSeeEveryWayOfReachingTheCLibrary() {
    func reaches(_ text: String) -> Bool {
      Self.reachesTheCLibrary(PackageSources.File(path: "", target: "TGridApp", text: text))
    }
    #expect(reaches("#if canImport(Glibc)\n  import Glibc\n#endif\n"))
    #expect(reaches("#if canImport(Darwin)\n  let x = 1\n#endif\n"))
    #expect(reaches("@preconcurrency import Foundation\n"))
    #expect(reaches("import Darwin.C\n"))
    #expect(!reaches("import TermGrid\nimport TGridJSON\n// a comment naming Glibc\n"))
  }

  // MARK: - Fixtures

  /// Every Swift file of the app and the engine, and the benchmarks' files that import
  /// libc directly (Foundation is allowed them).
  static func sourceFiles() throws -> [PackageSources.File] {
    let shipped = try PackageSources.files { targets.contains($0) }
    let benchmarks = try PackageSources.files { benchmarkTargets.contains($0) }.filter(importsTheCLibraryDirectly)
    return shipped + benchmarks
  }

  /// The names after `enum`, `struct`, `class` and `actor` at the start of a line.
  static func declaredTypeNames(in text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ").map(String.init).drop { ["public", "package", "final"].contains($0) }
      guard let keyword = words.first, ["enum", "struct", "class", "actor"].contains(keyword), words.count > 1 else {
        return nil
      }
      return String(words[words.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
  }

  /// Whether a file imports libc itself (not through Foundation), or tests for it.
  static func importsTheCLibraryDirectly(_ file: PackageSources.File) -> Bool {
    file.imports.contains { ["Glibc", "Darwin", "Musl"].contains($0) }
      || file.text.contains("canImport(Glibc)") || file.text.contains("canImport(Darwin)")
      || file.text.contains("canImport(Musl)")
  }

  /// Whether a file imports a module that brings libc in, or tests for one.
  static func reachesTheCLibrary(_ file: PackageSources.File) -> Bool {
    file.imports.contains(where: cLibraryModules.contains)
      || file.text.contains("canImport(Glibc)") || file.text.contains("canImport(Darwin)")
  }
}
