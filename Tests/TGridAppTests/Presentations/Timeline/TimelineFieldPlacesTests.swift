import TGridJSON
import TestSupport
import Testing

@testable import TGridApp

/// The timeline reads records shaped like the record before by position (issue 34.4: a
/// gigabyte of records decoded every key and searched every title by name, more than 30 s),
/// and gives the events reading each record by name gives.
@Suite struct TimelineFieldPlacesTests {
  static func day(_ index: Int) -> String { index % 28 < 9 ? "0\(index % 28 + 1)" : "\(index % 28 + 1)" }

  /// A field after the title that is null in some records: its kind does not decide the title.
  static func manager(_ index: Int) -> String { index % 3 == 0 ? "null" : "\(index)" }

  static func records(count: Int, odd: [Int: String]) -> String {
    "["
      + (0..<count).map { index in
        odd[index]
          ?? #"{"id": \#(index), "name": "n\#(index)", "start": "2024-01-\#(day(index))T10:00:00Z", "minutes": 5, "manager": \#(manager(index))}"#
      }.joined(separator: ",") + "]"
  }

  /// What reading each record by name (``TimelineModel/event(of:id:position:start:end:labelField:in:)``) gives.
  static func expectSameAsByName(_ model: TimelineModel, in store: DocumentStore, labelField: String? = nil) {
    let document = store.document
    var expected: [TimelineModel.Event] = []
    for (position, record) in document.children(of: document.root).enumerated() {
      if let event = TimelineModel.event(
        of: record, id: store.id(record), position: position, start: model.startField ?? "", end: model.endField,
        labelField: labelField, in: document)
      {
        expected.append(event)
      }
    }
    #expect(model.events.map(\.id) == expected.map(\.id))
    #expect(model.events.map(\.start) == expected.map(\.start))
    #expect(model.events.map(\.labelWidth) == expected.map(\.labelWidth))
    #expect(model.events.map(\.isTitled) == expected.map(\.isTitled))
    #expect(model.events.map { model.label(of: $0, in: store) } == expected.map { model.label(of: $0, in: store) })
  }

  @Test func recordsOfOneShapeAreReadByPositionOncePerSlice() throws {
    let count = TimelineModel.initialReadRecords + 3_000
    let store = DocumentStore(document: try JSONDocument(parsing: Self.records(count: count, odd: [:])), name: "t.json")
    var model = TimelineModel(store: store, root: store.root, fields: nil)
    model.readAll(in: store)
    #expect(model.isRead)
    #expect(model.events.count == count)
    // On two cores the second pass reads 2 × 1,024 records in halves, the later half on a
    // worker with places of its own.
    #expect(
      model.recordsReadByName == (RecordHalves.hasTwoCores ? 3 : 2),
      "the first record of each of the two passes, and of the worker's half")
    #expect(model.events.allSatisfy { $0.end == $0.start + 300 }, "the duration is read by position too")
    Self.expectSameAsByName(model, in: store)
  }

  @Test func latinLettersAreMeasuredAsTheirLabelsAre() throws {
    // Titles of Latin-1 letters (two bytes each), long ones cut at the label's limit, and
    // others that are not one column a character (combining, wide, controls escaped).
    var names: [String] = [
      "Zoë Björk", "Ærøskøbing Ñandú ÿ", String(repeating: "é", count: 45), "Zoe\\u0308", "Zoë 東京",
      "é\\tx", "Ã©", "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ", "\\u00e9t\\u00e9",
      // Latin Extended-A and -B, IPA letters and Latin Extended Additional (two and three
      // bytes each), and their neighbours that are not measured by bytes.
      "Łukasz Yılmaz Doğan", "Ngọc Nguyễn", "\u{2C0}\u{2B0}x", "\u{1DFF}\u{1F00}", "a\u{0300}",
    ]
    // Every letter of those blocks, 30 a title.
    for block in [0x100..<0x280, 0x1E00..<0x1F00] {
      for start in stride(from: block.lowerBound, to: block.upperBound, by: 30) {
        let scalars = (start..<min(start + 30, block.upperBound)).compactMap { Unicode.Scalar(UInt32($0)) }
        names.append(String(String.UnicodeScalarView(scalars)))
      }
    }
    let odd = Dictionary(
      uniqueKeysWithValues: names.enumerated().map { index, name in
        (
          index * 2,
          #"{"id": \#(index), "name": "\#(name)", "start": "2024-01-02T10:00:00Z", "minutes": 5, "manager": 1}"#
        )
      })
    let store = DocumentStore(
      document: try JSONDocument(parsing: Self.records(count: 2 * names.count, odd: odd)), name: "t.json")
    var model = TimelineModel(store: store, root: store.root, fields: nil)
    model.readAll(in: store)
    #expect(model.events.count == 2 * names.count)
    #expect(model.events.first?.labelWidth == 9)
    Self.expectSameAsByName(model, in: store)
  }

  @Test func aRecordOfAnotherShapeOrKindIsReadByName() throws {
    let odd = [
      // Other keys, another order, an escaped key, the title of another kind, an
      // escaped title, a title wider than its bytes, no title key (the first short string).
      10: #"{"id": 1, "start": "2024-02-01", "extra": true}"#,
      20: #"{"start": "2024-02-02", "name": "n", "id": 2, "minutes": 1}"#,
      30: #"{"id": 3, "n\u0061me": "esc", "start": "2024-02-03", "minutes": 1}"#,
      40: #"{"id": [4], "name": {"a": 1}, "start": "2024-02-04", "minutes": 1}"#,
      50: #"{"id": 5, "name": "tab\there", "start": "2024-02-05", "minutes": 1}"#,
      60: #"{"id": 6, "name": "日本語の名前", "start": "2024-02-06", "minutes": 1}"#,
      70: #"{"id": 7, "name": "\#(String(repeating: "long ", count: 20))", "start": "2024-02-07", "minutes": 1}"#,
      80: #"{"start": "2024-02-08", "other": "short"}"#,
      81: #"{"start": "2024-02-09", "other": ""}"#,
      82: #"{"start": "not a date", "other": "short"}"#,
      // The shape before with one key other where the start is (undated), one member
      // fewer, one more.
      90: #"{"id": 90, "name": "n", "stop": "2024-02-10T10:00:00Z", "minutes": 5, "manager": 1}"#,
      100: #"{"id": 100, "name": "n", "start": "2024-02-11T10:00:00Z", "minutes": 9}"#,
      110: #"{"id": 110, "name": "n", "start": "2024-02-12T10:00:00Z", "minutes": 5, "manager": 1, "minutes": 7}"#,
    ]
    let store = DocumentStore(document: try JSONDocument(parsing: Self.records(count: 200, odd: odd)), name: "t.json")
    var model = TimelineModel(store: store, root: store.root, fields: nil)
    model.readAll(in: store)
    #expect(model.events.count == 198)
    #expect(model.undatedCount == 2)
    #expect(model.recordsReadByName < 31, "the odd records and the ones after them")
    Self.expectSameAsByName(model, in: store)
  }

  @Test func aChosenLabelFieldIsReadByPositionToo() throws {
    let store = DocumentStore(document: try JSONDocument(parsing: Self.records(count: 500, odd: [:])), name: "t.json")
    store.labelField = "id"
    var model = TimelineModel(store: store, root: store.root, fields: ["start"])
    model.readAll(in: store)
    #expect(model.recordsReadByName == 1)
    Self.expectSameAsByName(model, in: store, labelField: "id")
  }
}
