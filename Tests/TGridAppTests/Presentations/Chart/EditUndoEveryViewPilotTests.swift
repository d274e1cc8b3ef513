import TGridJSON
import TermGrid
import Testing

@testable import TGridApp

extension PilotTests {
  /// After every view was visited, an edit in the chart and its undo leave every view as
  /// it was (issue 34, item 2): the chart's and the timeline's arrays follow the edit in
  /// place, in the buffers they had, rather than being built again beside the old ones.
  @Suite struct EditUndoEveryViewPilotTests {
    /// `count` records with a name, a date and two numbers.
    private static func records(_ count: Int) -> String {
      let rows = (0..<count).map { index in
        #"{"name": "r\#(index)", "date": "2024-0\#(1 + index % 9)-1\#(index % 10)", "v": \#(index % 37), "w": \#(index * 3)}"#
      }
      return "[" + rows.joined(separator: ",") + "]"
    }

    /// Each view's screen at its first value (without the status line, which tells of the
    /// last key), in turn.
    private static func screens(of pilot: Pilot) -> [String] {
      ["1", "2", "3", "4", "5", "6"].map { key in
        pilot.press(key, "g", "Ctrl-L")
        return "view \(key):\n" + pilot.lines.dropLast().joined(separator: "\n")
      }
    }

    private static func events(_ model: TimelineModel) -> [String] {
      model.events.map { "\($0.id) \($0.start) \(String(describing: $0.end)) \($0.position) \($0.labelWidth)" }
    }

    @Test func everyViewShowsWhatItShowedBeforeAnEditInTheChartAndItsUndo() throws {
      let pilot = try Pilot(json: Self.records(300), size: CellSize(columns: 90, rows: 24))
      let before = Self.screens(of: pilot)
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      #expect(chart.model.isRead && chart.model.ids.count == 300)
      let points = (chart.model.ids, chart.model.x.map(\.bitPattern), chart.model.y.map { $0.map(\.bitPattern) })
      let xBuffer = chart.model.x.withUnsafeBufferPointer { $0.baseAddress }
      let yBuffers = chart.model.y.map { $0.withUnsafeBufferPointer { $0.baseAddress } }
      pilot.press("4")
      let timeline = try #require(pilot.browser.presentation as? TimelinePresentation)
      let events = Self.events(timeline.model)
      #expect(events.count == 300)
      pilot.press("6", "G", "d")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == 299)
      #expect(chart.model.ids.count == 299)
      pilot.press("u")
      #expect(pilot.store.document.childCount(of: pilot.store.document.root) == 300)
      #expect(chart.model.ids == points.0)
      #expect(chart.model.x.map(\.bitPattern) == points.1)
      #expect(chart.model.y.map { $0.map(\.bitPattern) } == points.2)
      // Followed in place: no second copy of the points beside the first.
      #expect(chart.model.x.withUnsafeBufferPointer { $0.baseAddress } == xBuffer, "x in its own buffer")
      #expect(chart.model.y.map { $0.withUnsafeBufferPointer { $0.baseAddress } } == yBuffers, "y in their own")
      // An edit and its undo shown in the timeline: the same events.
      pilot.press("4", "G", "d")
      #expect(timeline.model.events.count == 299)
      pilot.press("u")
      #expect(Self.events(timeline.model) == events)
      let after = Self.screens(of: pilot)
      for (was, now) in zip(before, after) { #expect(was == now) }
    }

    /// The first record removed in the chart and put back (`g d u`: the document's tape
    /// takes the record back into the room its removal left at the tape's start, instead
    /// of moving the whole tape and growing it by half): every view as before, in the
    /// chart the points in the buffers they had.
    @Test func everyViewShowsWhatItShowedBeforeTheFirstRecordWasRemovedAndPutBack() throws {
      let pilot = try Pilot(json: Self.records(300), size: CellSize(columns: 90, rows: 24))
      let before = Self.screens(of: pilot)
      let text = pilot.text
      let chart = try #require(pilot.browser.presentation as? ChartPresentation)
      let xBuffer = chart.model.x.withUnsafeBufferPointer { $0.baseAddress }
      let ids = chart.model.ids
      for round in 0..<2 {
        pilot.press("6", "g", "d")
        #expect(pilot.store.document.childCount(of: pilot.store.document.root) == 299, "round \(round)")
        #expect(chart.model.ids == Array(ids.dropFirst()), "round \(round)")
        pilot.press("u")
        #expect(pilot.text == text, "round \(round)")
        #expect(chart.model.ids == ids, "round \(round)")
        #expect(chart.model.x.withUnsafeBufferPointer { $0.baseAddress } == xBuffer, "round \(round): x in its buffer")
      }
      let after = Self.screens(of: pilot)
      for (was, now) in zip(before, after) { #expect(was == now) }
    }
  }
}

/// What a timeline keeps per event (issue 34, item 2).
@Suite struct TimelineEventSizeTests {
  @Test func anEventTakesFortyBytes() {
    #expect(MemoryLayout<TimelineModel.Event>.stride == 40)
    var event = TimelineModel.Event(
      id: NodeID(7), start: 1, end: nil, position: 123_456, labelWidth: 9, isTitled: false)
    #expect(event.position == 123_456)
    event.position = 3_000_000_000
    #expect(event.position == Int(Int32.max), "clamped")
  }
}

extension TimelineEventSizeTests {
  /// Room reserved for every record, given back once the last is read when few have dates.
  @Test func eventsOfAFewDatedRecordsTakeTheRoomTheyHold() throws {
    let records = (0..<20_000).map { $0 % 10 == 0 ? #"{"date": "2024-01-0\#(1 + $0 % 9)"}"# : #"{"n": \#($0)}"# }
    let store = DocumentStore(
      document: try JSONDocument(parsing: "[" + records.joined(separator: ",") + "]"), name: "t")
    var model = TimelineModel(store: store, root: store.root, fields: ["date"])
    model.readAll(in: store)
    #expect(model.events.count == 2_000)
    #expect(model.undatedCount == 18_000)
    #expect(model.events.capacity < 2_100, "\(model.events.capacity)")
  }
}
