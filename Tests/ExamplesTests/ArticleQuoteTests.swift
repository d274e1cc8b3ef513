import Foundation
import Testing

/// The DocC articles that walk through the examples quote their code: each quote must still
/// be in the example, word for word, so the articles never drift from code that builds.
@Suite struct ArticleQuoteTests {
  @Test(arguments: [
    "TermGrid/TermGrid.docc/WritingACustomLayout", "TermGrid/TermGrid.docc/AnimatingChanges",
    "TermGrid/TermGrid.docc/TestingYourScreens", "TermGrid/TermGrid.docc/Outlines",
    "TermGrid/TermGrid.docc/ComposingLayouts", "TermGridTesting/TermGridTesting.docc/TestingYourViews",
  ])
  func everyQuoteOfAnExampleIsInItsFile(article: String) throws {
    let root = repositoryRoot()
    let text = try String(contentsOf: root.appendingPathComponent("Sources/\(article).md"), encoding: .utf8)
    let sources = try sourceFiles(in: ["Examples", "Tests/ExamplesTests"], under: root)
    let quotes = swiftBlocks(in: text)
    #expect(!quotes.isEmpty)
    var quoted = 0
    for quote in quotes where quote.hasPrefix("  ") || quote.hasPrefix("/// ") || quote.hasPrefix("@discardableResult")
    {
      // Indented code, or code with its doc comment, is a quote from a file.
      quoted += 1
      #expect(sources.contains { $0.contains(quote) }, "\(article) quotes code no example has:\n\(quote)")
    }
    #expect(quoted > 0, "\(article) quotes no example")
  }

  // MARK: - Fixtures

  /// The bodies of the article's ```swift blocks.
  func swiftBlocks(in text: String) -> [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append((current ?? []).joined(separator: "\n"))
        current = nil
      } else if current != nil {
        current?.append(String(line))
      }
    }
    return blocks
  }

  /// The text of every Swift file under the folders.
  func sourceFiles(in folders: [String], under root: URL) throws -> [String] {
    var texts: [String] = []
    for folder in folders {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        texts.append(try String(contentsOf: url, encoding: .utf8))
      }
    }
    return texts
  }
}
