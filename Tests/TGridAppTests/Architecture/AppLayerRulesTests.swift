import TestSupport
import Testing

/// The import rules of the app and the engine, as `LayerRulesTests` holds the library's:
/// the C library is reached from a shrinking list of files, and the engine leans on the
/// library's platform layer only.
@Suite struct AppLayerRulesTests {
  /// The files of TGridApp and TGridJSON that reach the C library today (`import Glibc`,
  /// `canImport(Glibc)`, or Foundation, which re-exports it).
  ///
  /// This list may only shrink. Issue 27.4: libc only in a system target (TermGridPlatform)
  /// and `NcursesTerminal.swift`. Put a new call behind a TermGridPlatform function instead
  /// of adding a file here; when a file stops importing libc, take it off the list (the
  /// second test says so). A file that only moves keeps its entry under its new path.
  static let filesThatMayImportTheCLibrary: Set<String> = [
    "Sources/TGridApp/Benchmarks/EditingBenchmark.swift",
    "Sources/TGridApp/Benchmarks/FirstScreenBenchmark.swift",
    "Sources/TGridApp/Benchmarks/KeyBytesBenchmark.swift",
    "Sources/TGridApp/Benchmarks/ViewSwitchBenchmark.swift",
    "Sources/TGridApp/CLI/StandardOutput.swift",
    "Sources/TGridApp/Check/CheckCommand.swift",
    "Sources/TGridApp/Data/DocumentLoader.swift",
    "Sources/TGridApp/Data/StandardInput.swift",
    "Sources/TGridApp/File/AbandonedSaves.swift",
    "Sources/TGridApp/File/DocumentSaver.swift",
    "Sources/TGridApp/File/ExtendedAttributes.swift",
    "Sources/TGridApp/File/FileSystem.swift",
    "Sources/TGridApp/File/RecoveryFile.swift",
    "Sources/TGridJSON/Document/JSONStorage+Compaction.swift",
    "Sources/TGridJSON/Editing/JSONDocument+Serialization.swift",
    "Sources/TGridJSON/Editing/TapeSplice.swift",
    "Sources/TGridJSON/Input/FileReadAhead.swift",
    "Sources/TGridJSON/Input/GrowableBuffer.swift",
    "Sources/TGridJSON/Input/JSONBytes+Files.swift",
    "Sources/TGridJSON/Input/JSONBytes.swift",
    "Sources/TGridJSON/Input/JSONSourceFile.swift",
    "Sources/TGridJSON/Input/MappedFaultGuard.swift",
    "Sources/TGridJSON/Input/SpillFile.swift",
    "Sources/TGridJSON/Input/StreamBuffer.swift",
    "Sources/TGridJSON/Input/WorkerThread.swift",
    "Sources/TGridJSON/Parsing/JSONProgressiveParser.swift",
    "Sources/TGridJSON/Parsing/ParallelSpeculation.swift",
    "Sources/TGridJSON/Regex/RegexMatcher.swift",
    "Sources/TGridJSON/Search/JSONSearch+Scanning.swift",
  ]

  /// The targets these rules cover.
  static let targets: Set<String> = ["TGridApp", "TGridJSON"]

  /// The modules that bring the C library in.
  static let cLibraryModules: Set<String> = ["Glibc", "Darwin", "Musl", "Foundation"]

  /// The library's modules the engine may import: what it shares with the library (`Locked`,
  /// the clock) needs nothing but libc, so the fuzzer can build it with the engine.
  static let engineMayImport: Set<String> = ["TermGridPlatform"]

  @Test func onlyFilesOnTheListReachTheCLibrary() throws {
    let files = try Self.sourceFiles()
    #expect(files.count > 100, "found only \(files.count) app and engine source files")
    let reaching = files.filter(Self.reachesTheCLibrary)
    for file in reaching where !Self.filesThatMayImportTheCLibrary.contains(file.path) {
      Issue.record("\(file.path) reaches the C library: put the call behind a TermGridPlatform function")
    }
  }

  @Test func everyFileOnTheListStillReachesTheCLibrary() throws {
    let reaching = Set(try Self.sourceFiles().filter(Self.reachesTheCLibrary).map(\.path))
    for path in Self.filesThatMayImportTheCLibrary.sorted() where !reaching.contains(path) {
      Issue.record("\(path) no longer reaches the C library (or is gone): take it off the list, which only shrinks")
    }
  }

  @Test func theEngineImportsOnlyThePlatformLayer() throws {
    for file in try Self.sourceFiles() where file.target == "TGridJSON" {
      for module in file.imports where module.hasPrefix("TermGrid") || module.hasPrefix("TGrid") || module == "ArgumentParser" {
        #expect(
          Self.engineMayImport.contains(module),
          "\(file.path) imports \(module): the engine builds on TermGridPlatform alone")
      }
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

  /// Every Swift file of the app and the engine.
  static func sourceFiles() throws -> [PackageSources.File] {
    try PackageSources.files { targets.contains($0) }
  }

  /// Whether a file imports a module that brings libc in, or tests for one.
  static func reachesTheCLibrary(_ file: PackageSources.File) -> Bool {
    file.imports.contains(where: cLibraryModules.contains)
      || file.text.contains("canImport(Glibc)") || file.text.contains("canImport(Darwin)")
  }
}
