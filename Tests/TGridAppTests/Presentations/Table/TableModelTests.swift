import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

@Suite struct TableModelTests {
  func store(_ json: String) throws -> DocumentStore {
    DocumentStore(document: try JSONDocument(parsing: json), name: "test.json", path: nil)
  }

  @Test func arrayRowsHaveAColumnPerPositionAndOtherValuesTheValueColumn() throws {
    let store = try store(#"[["a", 1], ["b", 2, true], 3, []]"#)
    let model = TableModel(store: store, root: store.root)
    #expect(model.columns == [TableModel.valueColumn, "[0]", "[1]", "[2]"])
    let document = store.document
    func text(_ row: Int, _ column: String) -> String? {
      model.column(named: column).flatMap { model.value(row: model.rows[row], column: $0, in: store) }
        .map { document.rawText(of: $0) }
    }
    #expect(text(1, "[2]") == "true")
    #expect(text(0, "[2]") == nil, "a shorter row has nothing there")
    #expect(text(0, "[0]") == #""a""#)
    #expect(text(0, TableModel.valueColumn) == nil, "an array shows in its positions, not as a preview")
    #expect(text(2, TableModel.valueColumn) == "3")
    #expect(text(3, TableModel.valueColumn) == "[]", "an empty array has no position to show in")
    #expect(model.firstFilledColumn(of: model.rows[0], in: store) == 1)
    // Records first: their keys lead; a key spelled as a position shares its column.
    let mixed = try self.store(#"[{"a": 1}, [5], {"[0]": 9}]"#)
    let mixedModel = TableModel(store: mixed, root: mixed.root)
    #expect(mixedModel.columns == ["a", "[0]"])
    let shared = try #require(mixedModel.value(row: mixedModel.rows[2], column: 1, in: mixed))
    #expect(mixed.document.rawText(of: shared) == "9")
  }

  @Test func columnsAreTheUnionOfKeysInFirstSeenOrderWithValuesFirst() throws {
    let store = try store(#"[{"b": 1, "a": 2}, 3, {"c": 4, "a": 5}]"#)
    let model = TableModel(store: store, root: store.root)
    #expect(model.columns == [TableModel.valueColumn, "b", "a", "c"])
    #expect(model.isScanned)
    #expect(model.column(named: "c") == 3)
    #expect(model.column(named: "zzz") == nil)
  }

  @Test func aMovedColumnKeepsItsPlaceThroughARescanAndNewKeysGoAfter() throws {
    let store = try store(#"[{"a": 1, "b": 2, "c": 3}]"#)
    var model = TableModel(store: store, root: store.root)
    let moved = model.moveColumn(named: "c", by: -2)
    #expect(moved)
    #expect(model.columns == ["c", "a", "b"])
    let movedAgain = model.moveColumn(named: "c", by: -1)
    #expect(!movedAgain, "not past the first")
    model.rescan()
    _ = model.scan(in: store, until: UInt64.max)
    #expect(model.columns == ["c", "a", "b"])
    let changed = model.include(rows: [], in: store)
    #expect(!changed && model.columns == ["c", "a", "b"], "the order stays as moved")
  }

  @Test func keysOfLaterRowsTurnUpAsTheScanReadsOnInSlices() throws {
    let count = TableModel.initialScanRows + 500
    let rows = (0..<count).map { $0 == count - 1 ? #"{"a": \#($0), "late": true}"# : #"{"a": \#($0)}"# }
    let store = try store("[" + rows.joined(separator: ",") + "]")
    var model = TableModel(store: store, root: store.root)
    #expect(model.rows.count == count, "every row is listed at once")
    #expect(model.columns == ["a"], "only the first rows are read for keys")
    #expect(!model.isScanned)
    #expect(model.scannedRowCount == TableModel.initialScanRows)
    let changed = model.scan(in: store, until: UInt64.max)
    #expect(changed)
    #expect(model.isScanned)
    #expect(model.columns == ["a", "late"])
    let again = model.scan(in: store, until: UInt64.max)
    #expect(!again, "nothing left to read: nothing changes")
  }

  @Test func aScanThatEndsAtOnceStillMakesProgress() throws {
    let store = try store(
      "[" + (0..<(TableModel.initialScanRows + 1_000)).map { #"{"k\#($0 % 7)": 1}"# }.joined(separator: ",") + "]")
    var model = TableModel(store: store, root: store.root)
    var slices = 0
    // A deadline already past: each call still reads a block of rows before it looks at the clock.
    while !model.isScanned, slices < 100 {
      _ = model.scan(in: store, until: 0)
      slices += 1
    }
    #expect(model.isScanned, "after \(slices) slices")
  }

  @Test func aTableOfScalarsListsItsRowsAsOneRunAndHasNoKeysToRead() throws {
    // 25 M zeros took 1.4 GB and 37 s: a word per row, and every row looked up by position
    // to find it had no keys. The rows are one run of ids and nothing is read.
    let count = TableModel.initialScanRows * 3
    let store = try store("[" + (0..<count).map(String.init).joined(separator: ",") + "]")
    let model = TableModel(store: store, root: store.root)
    #expect(model.rows.count == count)
    #expect(model.rows.runCount == 1, "no memory per row")
    #expect(model.isScanned && model.scannedRowCount == count, "scalars have no keys: nothing left to read")
    #expect(model.columns == [TableModel.valueColumn])
    #expect(
      store.document.int(of: try #require(model.value(row: model.rows[count - 1], column: 0, in: store))) == count - 1)
  }

  @Test func rowsReadAfterAFilterAreTheFilteredOnes() throws {
    let count = 10_000
    let rows = (0..<count).map { $0 == count - 2 ? #"{"a": \#($0), "late": true}"# : #"{"a": \#($0)}"# }
    let store = try store("[" + rows.joined(separator: ",") + "]")
    // The first rows and the last two: the scan reads on from the filtered rows, not the
    // document's rows at the same positions.
    store.setFilter(try JSONFilter(".a < 3000 or .a >= \(count - 2)"), on: store.root)
    var model = TableModel(store: store, root: store.root)
    #expect(model.rows.count == 3002)
    #expect(model.columns == ["a"])
    _ = model.scan(in: store, until: UInt64.max)
    #expect(model.isScanned)
    #expect(model.columns == ["a", "late"], "the late key is on a kept row")
  }

  @Test func theFirstFilledColumnFollowsColumnOrderNotMemberOrder() throws {
    let store = try store(#"[{"a": 1, "b": 2, "c": 3}, {"c": 1, "b": 2}, 7]"#)
    let model = TableModel(store: store, root: store.root)
    #expect(model.columns == [TableModel.valueColumn, "a", "b", "c"])
    #expect(model.firstFilledColumn(of: model.rows[0], in: store) == 1)
    #expect(model.firstFilledColumn(of: model.rows[1], in: store) == 2, "b comes before c among the columns")
    #expect(model.firstFilledColumn(of: model.rows[2], in: store) == 0)
  }

  @Test func sortKeysOrderNumbersAsNumbersAndStringsByCodePoints() throws {
    let store = try store(#"[10, 9, "é", "e\u0301", "Z", true, null, [1], "10"]"#)
    let document = store.document
    let keys = document.children(of: document.root).map { TableSortKey($0, in: document) }
    #expect(keys[1] < keys[0], "9 before 10")
    #expect(keys[4] < keys[3], "Z (U+005A) before e (U+0065)")
    #expect(keys[3] < keys[2], "e + combining accent before é (U+00E9): code points, not canonical equivalence")
    #expect(keys[3] != keys[2])
    #expect(keys[8] < keys[5] && keys[5] < keys[6] && keys[6] < keys[7], "strings, booleans, null, containers")
    #expect(keys[0] == keys[8], "a string that spells a number sorts as that number")
    #expect(keys[1] < keys[8])
    #expect(!keys[5].sortsLast && keys[6].sortsLast && keys[7].sortsLast)
    for (text, number) in [("88111030", 88_111_030.0), ("-3.5", -3.5), ("1e6", 1e6), ("+4", 4)] {
      #expect(TableSortKey.number(spelledBy: text) == number, "\(text)")
    }
    for text in ["", "0x10", "nan", "inf", "1,000", " 12", "12 ", "e", "-", "1.2.3", "12abc"] {
      #expect(TableSortKey.number(spelledBy: text) == nil, "\(text)")
    }
  }
}
