import TGridJSON
import TGridSystem
import TermGrid
import Testing

@testable import TGridApp

/// The timeline reads many records in two halves on two threads (issue 34.4): its events
/// are the ones reading each record by name in order gives, wherever in a half a record
/// of another shape or without a date turns up; several timelines read one document at once.
@Suite struct TimelineHalvesTests {
  static let count = TimelineModel.initialReadRecords + 10 * TimelineModel.recordsPerThread + 33

  static func records() -> String {
    let first = TimelineModel.initialReadRecords
    let half = TimelineModel.recordsPerThread
    return TimelineFieldPlacesTests.records(
      count: count,
      odd: [
        first + 3: #"{"id": 1, "start": "2024-02-01", "extra": true}"#,  // an earlier half
        first + half: #"{"start": "2024-02-02", "name": "Zoë", "id": 2, "minutes": 1}"#,  // a later half's first
        first + 3 * half + 9: #"{"id": 3, "name": "no date"}"#,  // undated, in a later half
        first + 4 * half - 1: #"{"id": 4, "name": 5, "start": "2024-03-01T00:00:00Z"}"#,  // a half's last
        count - 2: #"{"id": 5, "start": "not a date"}"#,  // the records after the last chunk
      ])
  }

  @Test func halvesGiveTheEventsOfAPassInOrder() throws {
    let store = DocumentStore(document: try JSONDocument(parsing: Self.records()), name: "t.json")
    var model = TimelineModel(store: store, root: store.root, fields: nil)
    #expect(!model.isRead)
    model.readAll(in: store)
    #expect(model.isRead)
    #expect(model.events.count + model.undatedCount == Self.count)
    #expect(model.undatedCount == 2)
    TimelineFieldPlacesTests.expectSameAsByName(model, in: store)
  }

  @Test func timelinesReadOneDocumentOnSeveralThreadsAtOnce() throws {
    let document = try JSONDocument(parsing: Self.records())
    let store = DocumentStore(document: document, name: "t.json")
    var reference = TimelineModel(store: store, root: store.root, fields: nil)
    reference.readAll(in: store)
    let starts = Locked<[[Double]]>([])
    let threads = (0..<3).compactMap { _ in
      WorkerThread.start {
        let store = DocumentStore(document: document, name: "t.json")
        var model = TimelineModel(store: store, root: store.root, fields: nil)
        // In slices with a deadline, as the app reads between frames.
        while !model.read(in: store, until: MonotonicClock.nanoseconds() + 1_000_000) {}
        starts.withLock { $0.append(model.events.map(\.start)) }
      }
    }
    #expect(threads.count == 3)
    for thread in threads { thread.join() }
    #expect(starts.withLock { $0 } == Array(repeating: reference.events.map(\.start), count: 3))
  }
}
