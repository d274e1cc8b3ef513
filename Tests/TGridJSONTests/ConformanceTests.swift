import Testing

@testable import TGridJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// JSONTestSuite (github.com/nst/JSONTestSuite): `y_` files must be accepted and written
/// back byte for byte, `n_` files rejected with a line and column, `i_` files either way.
///
/// The files live outside the repository, in `../shared/conformance/JSONTestSuite` next to
/// the package; without them these tests are skipped (the trait says why).
@Suite(.enabled(if: ConformanceFiles.isAvailable, "JSONTestSuite not found at \(ConformanceFiles.folder)"))
struct ConformanceTests {
  @Test func everyAcceptedFileParsesAndWritesBackByteForByte() throws {
    let files = ConformanceFiles.names(prefix: "y_")
    #expect(files.count > 90)
    for name in files {
      let bytes = try #require(ConformanceFiles.bytes(name))
      let document: JSONDocument
      do {
        document = try JSONDocument(parsing: bytes, options: JSONParseOptions(mode: .json))
      } catch {
        Issue.record("\(name) rejected: \(error)")
        continue
      }
      #expect(document.serializedBytes() == bytes, "\(name) not written back identically")
    }
  }

  @Test func everyRejectedFileFailsWithALineAndColumn() throws {
    let files = ConformanceFiles.names(prefix: "n_")
    #expect(files.count > 180)
    for name in files {
      let bytes = try #require(ConformanceFiles.bytes(name))
      do {
        _ = try JSONDocument(parsing: bytes, options: JSONParseOptions(mode: .json))
        Issue.record("\(name) accepted")
      } catch {
        #expect(error.line >= 1 && error.column >= 1, "\(name): \(error)")
        #expect(!error.message.isEmpty)
        #expect(error.caretLine.hasSuffix("^"))
      }
    }
  }

  @Test func everyRejectedFileIsAlsoRejectedWhenLinesAreDetected() throws {
    for name in ConformanceFiles.names(prefix: "n_") {
      let bytes = try #require(ConformanceFiles.bytes(name))
      #expect(throws: JSONSyntaxError.self, "\(name)") {
        try JSONDocument(parsing: bytes, options: JSONParseOptions(mode: .automatic))
      }
    }
  }

  @Test func everyImplementationDefinedFileGivesADocumentOrAnError() throws {
    let files = ConformanceFiles.names(prefix: "i_")
    #expect(files.count > 20)
    for name in files {
      let bytes = try #require(ConformanceFiles.bytes(name))
      if let document = try? JSONDocument(parsing: bytes, options: JSONParseOptions(mode: .json)) {
        #expect(document.serializedBytes() == bytes, "\(name)")
      }
    }
  }
}

// MARK: - Fixtures

/// Finds the JSONTestSuite folder relative to this source file.
enum ConformanceFiles {
  /// `<package>/../shared/conformance/JSONTestSuite/test_parsing`.
  static let folder: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast(3)  // Tests/TGridJSONTests/ConformanceTests.swift
    components.removeLast()  // the package folder
    return (components + ["shared", "conformance", "JSONTestSuite", "test_parsing"]).joined(separator: "/")
  }()

  static var isAvailable: Bool { !names(prefix: "").isEmpty }

  static func names(prefix: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var result: [String] = []
    while let entry = readdir(directory) {
      // Read where it lies: copying the whole `d_name` array reads past a short record.
      let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
      let name = String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
      if name.hasPrefix(prefix) && name.hasSuffix(".json") { result.append(name) }
    }
    return result.sorted()
  }

  static func bytes(_ name: String) -> [UInt8]? {
    (try? JSONBytes.contentsOfFile(folder + "/" + name))?.array
  }
}
