import Foundation
import Testing

@testable import TGridApp

@Suite struct DemoDataTests {
  @Test func theEmbeddedDemoDataMatchesTheFilesInDemoData() throws {
    let folder = URL(fileURLWithPath: demoDataPath("x")).deletingLastPathComponent()
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") || $0.hasSuffix(".ndjson") }.sorted()
    #expect(DemoData.names == names, "run Scripts/embed-demo-data.py")
    for name in names {
      let onDisk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      #expect(DemoData.text(named: name) == onDisk, "\(name) differs: run Scripts/embed-demo-data.py")
    }
  }

  @Test func theDefaultDemoIsEmbedded() {
    #expect(DemoData.text(named: DemoData.defaultName) != nil)
  }
}
