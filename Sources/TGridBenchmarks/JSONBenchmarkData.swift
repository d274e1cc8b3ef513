import TGridSystem

/// Writes the JSON benchmark inputs: record files of about 1, 10 and 100 MB and a tree of
/// 100,000 nodes. Deterministic (a fixed seed), so anyone regenerates the same bytes.
enum JSONBenchmarkData {
  /// The files, by name, with how to make them.
  static let files: [(name: String, make: @Sendable (inout [UInt8]) -> Void)] = [
    ("records-1MB.json", { records(targetSize: 1_000_000, into: &$0) }),
    ("records-10MB.json", { records(targetSize: 10_000_000, into: &$0) }),
    ("records-100MB.json", { records(targetSize: 100_000_000, into: &$0) }),
    ("tree-100k.json", { tree(nodeCount: 100_000, into: &$0) }),
  ]

  /// Writes one of the files into `directory`.
  static func generate(name: String, in directory: String) {
    guard let make = files.first(where: { $0.name == name })?.make else {
      print("unknown benchmark file \(name)")
      return
    }
    let path = directory + "/" + name
    var bytes: [UInt8] = []
    make(&bytes)
    guard
      let file = try? SystemFile.open(path + ".partial", [.writeOnly, .create, .truncate], permissions: 0o644)
    else {
      print("cannot write \(path)")
      return
    }
    _ = bytes.withUnsafeBytes { try? SystemFile.write(file, $0) }
    SystemFile.release(file)
    try? SystemFile.rename(path + ".partial", to: path)
  }

  // MARK: - Records

  /// `[` + one record per line + `]`: records with numbers, strings (some non-ASCII, some
  /// escapes), booleans, null, a nested object and arrays.
  static func records(targetSize: Int, into output: inout [UInt8]) {
    var random = BenchmarkRandom(seed: 20_261_121)
    output.reserveCapacity(targetSize + 1024)
    output.append(contentsOf: Array("[\n".utf8))
    var id = 0
    while output.count < targetSize {
      if id > 0 { output.append(contentsOf: Array(",\n".utf8)) }
      output.append(contentsOf: Array(record(id: id, random: &random).utf8))
      id += 1
    }
    output.append(contentsOf: Array("\n]\n".utf8))
  }

  private static let firstNames = [
    "Zoë", "José", "Łukasz", "Ana", "John", "Søren", "Marie", "Amélie", "Ngọc", "Chiara", "Oğuz", "Ines",
  ]
  private static let lastNames = [
    "Müller", "García", "Nowak", "Silva", "Smith", "Kierkegaard", "Curie", "Dubois", "Nguyễn", "Rossi", "Yılmaz",
    "Björk",
  ]
  private static let cities = [
    "Paris", "Zürich", "Kraków", "東京", "São Paulo", "Reykjavík", "New York", "Malmö", "Hà Nội", "Москва",
  ]
  private static let tags = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
  private static let words = [
    "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do", "eiusmod", "tempor",
  ]

  private static func record(id: Int, random: inout BenchmarkRandom) -> String {
    let first = random.pick(firstNames)
    let last = random.pick(lastNames)
    let tagCount = random.below(4)
    let tagList = (0..<tagCount).map { _ in "\"\(random.pick(tags))\"" }.joined(separator: ",")
    let noteWords = (0..<(3 + random.below(12))).map { _ in random.pick(words) }.joined(separator: " ")
    let note = random.below(5) == 0 ? "\(noteWords) \\\"quoted\\\"\\n\\u00e9" : noteWords
    let balance = "\(random.below(100_000)).\(10 + random.below(90))"
    let latitude = "\(random.below(180) - 90).\(1000 + random.below(9000))"
    let longitude = "\(random.below(360) - 180).\(1000 + random.below(9000))"
    let day = 1 + random.below(28)
    return
      "{\"id\":\(id),\"guid\":\"\(hex(random.next()))-\(hex(random.next()))\",\"name\":\"\(first) \(last)\","
      + "\"email\":\"\(id)@example.com\",\"age\":\(18 + random.below(70)),\"balance\":\(balance),"
      + "\"active\":\(random.below(2) == 0),\"score\":\(random.below(1000))e-3,\"tags\":[\(tagList)],"
      + "\"registered\":\"2024-03-\(day < 10 ? "0" : "")\(day)T10:22:33Z\","
      + "\"address\":{\"street\":\"\(1 + random.below(200)) Rue de la Paix\",\"city\":\"\(random.pick(cities))\","
      + "\"zip\":\"\(10000 + random.below(89999))\",\"geo\":[\(latitude),\(longitude)]},"
      + "\"manager\":\(random.below(3) == 0 ? "null" : String(random.below(max(id, 1)))),\"note\":\"\(note)\"}"
  }

  private static func hex(_ value: UInt64) -> String {
    let text = String(value & 0xFFFF_FFFF, radix: 16)
    return String(repeating: "0", count: 8 - text.count) + text
  }

  // MARK: - Tree

  /// A pretty-printed tree of `nodeCount` nodes, each `{"name", "size", "children"}`, with
  /// 0 to 6 children per node (shaped breadth first, written with an explicit stack).
  static func tree(nodeCount: Int, into output: inout [UInt8]) {
    var random = BenchmarkRandom(seed: 100_000)
    var childCounts = [Int](repeating: 0, count: nodeCount)
    var created = 1
    var node = 0
    while created < nodeCount {
      var count = random.below(7)
      if node == created - 1 && count == 0 { count = 1 }  // the last open node keeps the tree growing
      count = min(count, nodeCount - created)
      childCounts[node] = count
      created += count
      node += 1
    }
    var firstChild = [Int](repeating: 0, count: nodeCount)
    var running = 1
    for node in 0..<nodeCount {
      firstChild[node] = running
      running += childCounts[node]
    }

    var text = ""
    func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
    /// Writes a node up to its children; returns whether it has any (left open).
    func header(_ node: Int, depth: Int) -> Bool {
      text += "\(indent(depth)){\n\(indent(depth + 1))\"name\": \"node \(node)\",\n"
      text += "\(indent(depth + 1))\"size\": \(random.below(1 << 20)),\n\(indent(depth + 1))\"children\": ["
      if childCounts[node] == 0 {
        text += "]\n\(indent(depth))}"
        return false
      }
      text += "\n"
      return true
    }
    var stack: [(node: Int, nextChild: Int, depth: Int)] = []
    if header(0, depth: 0) { stack.append((0, 0, 0)) }
    while let top = stack.last {
      if top.nextChild < childCounts[top.node] {
        if top.nextChild > 0 { text += ",\n" }
        stack[stack.count - 1].nextChild += 1
        let child = firstChild[top.node] + top.nextChild
        if header(child, depth: top.depth + 2) { stack.append((child, 0, top.depth + 2)) }
      } else {
        text += "\n\(indent(top.depth + 1))]\n\(indent(top.depth))}"
        stack.removeLast()
      }
      if text.utf8.count > 1 << 20 {
        output.append(contentsOf: Array(text.utf8))
        text = ""
      }
    }
    text += "\n"
    output.append(contentsOf: Array(text.utf8))
  }
}
