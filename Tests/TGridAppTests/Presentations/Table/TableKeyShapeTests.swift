import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

/// The table's scan of keys decodes only the rows whose keys differ from the row read
/// before them (issue 34.4: the first showing of a 2.5 M-record table read and hashed every
/// key of every record).
@Suite struct TableKeyShapeTests {
  func store(_ json: String) throws -> DocumentStore {
    DocumentStore(document: try JSONDocument(parsing: json), name: "test.json", path: nil)
  }

  @Test func rowsShapedLikeTheRowBeforeAreNotDecoded() throws {
    let count = TableModel.initialScanRows + 3_000
    let rows = (0..<count).map { #"{"id": \#($0), "name": "n\#($0)", "tags": [\#($0)]}"# }
    let store = try store("[" + rows.joined(separator: ",") + "]")
    var model = TableModel(store: store, root: store.root)
    _ = model.scan(in: store, until: UInt64.max)
    #expect(model.isScanned)
    #expect(model.columns == ["id", "name", "tags"])
    // One row a slice (the first of the model's, and of the scan's): not one a record.
    #expect(model.keyDecodedRowCount <= 2)
  }

  @Test func aRowOfAnotherShapeIsDecodedAndItsKeysTurnUp() throws {
    let count = TableModel.initialScanRows + 1_000
    let rows = (0..<count).map { index -> String in
      switch index {
      case count - 10: #"{"id": 1, "extra": 2}"#
      case count - 5: #"{"name": "x", "id": 1}"#
      case count - 3: #"{"id": 1, "na\u006De": 2}"#
      default: #"{"id": \#(index), "name": "n"}"#
      }
    }
    let store = try store("[" + rows.joined(separator: ",") + "]")
    var model = TableModel(store: store, root: store.root)
    _ = model.scan(in: store, until: UInt64.max)
    #expect(model.columns == ["id", "name", "extra"])
    #expect(model.keyDecodedRowCount < 20, "only the rows whose shape changed, and the rows after them")
  }

  @Test func theEngineComparesKeysAsWrittenInOrder() throws {
    let document = try JSONDocument(
      parsing:
        #"[{"a": 1, "b": [2]}, {"a": "x", "b": {}}, {"b": 1, "a": 2}, {"a": 1}, {"a": 1, "c": 2}, [1, 2], {}, {}]"#)
    let records = Array(document.children(of: document.root))
    #expect(document.hasSameKeys(records[0], as: records[1]), "values do not count")
    #expect(!document.hasSameKeys(records[0], as: records[2]), "order counts")
    #expect(!document.hasSameKeys(records[0], as: records[3]))
    #expect(!document.hasSameKeys(records[0], as: records[4]))
    #expect(!document.hasSameKeys(records[5], as: records[5]), "arrays have no keys")
    #expect(document.hasSameKeys(records[6], as: records[7]))
  }
}
