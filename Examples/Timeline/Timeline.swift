import TermGrid

extension CommandIdentifier {
  static let zoomIn: CommandIdentifier = "zoomIn"
  static let zoomOut: CommandIdentifier = "zoomOut"
  static let scrollToToday: CommandIdentifier = "scrollToToday"
}

/// A project's events on three tracks over 30 days, and the keys that zoom and scroll.
final class Timeline: RunLoopRoot, CollectionViewDataSource, TimelineLayoutDataSource {
  struct Track {
    var name: String
    var events: [(day: Int, title: String)]
  }

  let tracks = [
    Track(name: "Design", events: [(0, "Kickoff"), (3, "Sketches"), (8, "Review"), (12, "Sign-off")]),
    Track(name: "Build", events: [(6, "Setup"), (10, "Alpha"), (14, "Beta"), (24, "Release")]),
    Track(name: "Launch", events: [(19, "Press"), (26, "Launch"), (29, "Retro")]),
  ]
  let today = 14
  let collectionView: CollectionView
  let keys = KeyBindings.standard.merging(
    KeyBindings([
      KeyBinding(keyNames: ["+", "="], .zoomIn, help: "Zoom in", group: "Timeline"),
      KeyBinding(keyNames: ["-"], .zoomOut, help: "Zoom out", group: "Timeline"),
      KeyBinding(keyNames: ["t"], .scrollToToday, help: "Scroll to today", group: "Timeline"),
    ]))

  init(size: CellSize) {
    collectionView = CollectionView(frame: CellRect(size: size), layout: CollectionLayout())
    collectionView.register(EventDot.self, forCellWithReuseIdentifier: "event")
    collectionView.register(
      DateHeading.self, forSupplementaryViewOfKind: TimelineLayout.dateKind, withReuseIdentifier: "date")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: TimelineLayout.trackKind, withReuseIdentifier: "track")
    collectionView.register(
      LabelView.self, forSupplementaryViewOfKind: TimelineLayout.labelKind, withReuseIdentifier: "label")
    collectionView.register(
      SpanLine.self, forSupplementaryViewOfKind: TimelineLayout.spanKind, withReuseIdentifier: "span")
    collectionView.dataSource = self
    collectionView.setCollectionViewLayout(makeLayout(scale: 3), animated: false)
  }

  /// The current layout.
  var layout: TimelineLayout? { collectionView.collectionViewLayout as? TimelineLayout }

  /// A timeline layout at a scale, over this data.
  func makeLayout(scale: Int) -> TimelineLayout {
    let layout = TimelineLayout(scale: scale, today: today, dayCount: 30, firstDate: ("Nov", 2))
    layout.dataSource = self
    return layout
  }

  /// Zooms by switching to a layout of another scale; the elements slide to their new places.
  func zoom(by step: Int) {
    let scale = min(8, max(1, (layout?.scale ?? 3) + step))
    guard scale != layout?.scale else { return }
    collectionView.setCollectionViewLayout(makeLayout(scale: scale), animated: true)
  }

  // MARK: - Data sources

  func timelineLayout(_ layout: TimelineLayout, dayOfEventAt indexPath: IndexPath) -> Int {
    tracks[indexPath.section].events[indexPath.item].day
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { tracks.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    tracks[section].events.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    collectionView.dequeueReusableCell(EventDot.self, withReuseIdentifier: "event", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> ReusableView? {
    switch kind {
    case TimelineLayout.dateKind:
      return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "date", for: indexPath)
    case TimelineLayout.spanKind:
      return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "span", for: indexPath)
    case TimelineLayout.trackKind:
      let label = collectionView.dequeueReusableSupplementaryView(
        LabelView.self, ofKind: kind, withReuseIdentifier: "track", for: indexPath)
      label.text = tracks[indexPath.section].name
      return label
    case TimelineLayout.labelKind:
      let label = collectionView.dequeueReusableSupplementaryView(
        LabelView.self, ofKind: kind, withReuseIdentifier: "label", for: indexPath)
      label.text = tracks[indexPath.section].events[indexPath.item].title
      label.role = .normal
      return label
    default:
      return nil
    }
  }

  // MARK: - RunLoopRoot

  func willRun(in runLoop: TerminalRunLoop) {
    collectionView.displayHost = runLoop
  }

  func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    if case .resize(let size) = event { collectionView.resize(to: CellRect(size: size)) }
    let command = keys.command(for: event)
    switch command {
    case .quit: return .quit
    case .zoomIn: zoom(by: 1)
    case .zoomOut: zoom(by: -1)
    case .scrollToToday:
      if let layout {
        let line = Rect(x: layout.x(ofDay: today) - 10, y: 0, width: 21, height: 1)
        collectionView.scrollToVisible(line, at: .nearest, animated: true)
      }
    default:
      return collectionView.handle(event, command: command) ? .changed : .unchanged
    }
    return .changed
  }

  func draw(into canvas: inout Canvas) {
    collectionView.draw(into: &canvas)
  }

  var millisecondsUntilNextFrame: Int? { collectionView.millisecondsUntilNextFrame }
}
