import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// The table model's nested columns (issue 29.5) without a screen.
@Suite struct TableNestingTests {
  func store(_ json: String) throws -> DocumentStore {
    DocumentStore(document: try JSONDocument(parsing: json), name: "test.json", path: nil)
  }

  @Test func expandingListsTheUnionOfTheObjectsKeysAndReadsValuesAlongThePath() throws {
    let store = try store(
      #"[{"id": 1, "a": {"x": 1, "y": {"z": true}}}, {"id": 2, "a": {"w": "s", "x": 3}}, {"id": 3, "a": 7}, {"a.x": 9}]"#
    )
    var model = TableModel(store: store, root: store.root)
    #expect(model.columns == ["id", "a", "a.x"])
    #expect(model.expand(column: "a", in: store) == 3)
    // A row's own key `a.x` keeps its name; the sub-column is written with a quoted key.
    #expect(model.columns == ["id", #"a."x""#, "a.y", "a.w", "a.x"])
    #expect(model.path(ofColumn: #"a."x""#) == ["a", "x"])
    let document = store.document
    let row = store.id(try #require(document[document.root, 1]))
    #expect(model.value(row: row, column: 0, in: store).flatMap { document.double(of: $0) } == 2)
    #expect(model.value(row: row, column: 1, in: store).flatMap { document.double(of: $0) } == 3)
    #expect(model.value(row: row, column: 2, in: store) == nil, "no y in this row")
    let third = store.id(try #require(document[document.root, 2]))
    #expect(model.value(row: third, column: 1, in: store) == nil, "a is a number there: nothing below it")
    #expect(model.expand(column: "a.y", in: store) == 1)
    #expect(model.columns == ["id", #"a."x""#, "a.y.z", "a.w", "a.x"])
    #expect(model.column(forPath: ["a", "y", "z"]) == 2)
    #expect(model.column(forPath: ["a", "w", "deeper"]) == 3, "the nearest column above")
    // A rescan, or an edit that adds rows, keeps the sub-columns and adds no `a` again.
    model.rescan()
    _ = model.scan(in: store, until: UInt64.max)
    _ = model.include(rows: [row], in: store)
    #expect(model.columns == ["id", #"a."x""#, "a.y.z", "a.w", "a.x"])
    // Made again with the same nesting (a filter, a load): the same columns.
    let again = TableModel(store: store, root: store.root, nesting: model.nesting)
    #expect(again.columns == model.columns)
    #expect(model.collapse(column: "a.y.z") == "a.y")
    #expect(model.columns == ["id", #"a."x""#, "a.y", "a.w", "a.x"])
    #expect(model.collapse(column: "a.y") == "a")
    #expect(model.columns == ["id", "a", "a.x"])
    #expect(model.collapse(column: "a") == nil)
    #expect(model.expand(column: "id", in: store) == 0, "numbers have no keys")
  }

  @Test func anArrayCellWhoseFirstElementIsLongStillPreviewsIt() throws {
    let document = try JSONDocument(
      parsing:
        #"[[{"title": "To add permissions to a layer version"}], [{"title": "a"}, {"title": "b"}], [{"title": "To add permissions to a layer version"}, 2]]"#
    )
    func text(_ index: Int) throws -> String {
      TablePresentation.cellText(try #require(document[document.root, index]), in: document, limit: 24)
    }
    // The one element is written out (the cell cuts it to its width with `…`), not `[1] …`.
    let texts = try (0..<3).map(text)
    #expect(texts[0].hasPrefix("[1] {To add permissions to a"))
    #expect(!texts[0].hasSuffix("…"), "one element: nothing after it")
    #expect(texts[1] == "[2] {a}, {b}")
    #expect(texts[2].hasPrefix("[2] {To add permissions to a") && texts[2].hasSuffix("}, …"))
  }

  @Test func aSubColumnsFilterExpressionsKeepItsRows() throws {
    let document = try JSONDocument(
      parsing: #"[{"a": {"b": "x"}}, {"a": {"b": null}}, {"a": {}}, {"a": 3}, {}, {"a": {"b": "y"}}]"#)
    let path = ColumnValue.path(ofColumn: "a.b", keys: ["a", "b"])
    #expect(path == #".["a"]["b"]"#)
    let cases: [(ColumnValue, [Int])] = [(.string("x"), [0]), (.null, [1]), (.missing, [2, 3, 4])]
    for (value, expected) in cases {
      let text = value.filterExpression(path: path)
      let kept = try JSONFilter(text).filter(elementsOf: document.root, in: document).matches.compactMap {
        document.position(of: $0)
      }
      #expect(kept == expected, "\(text)")
    }
    #expect(ColumnValue.missing.filterExpression(path: #".["a"]["b\"]["]"#).contains(#"has("b\"][")"#))
  }
}
