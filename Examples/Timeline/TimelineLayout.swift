import TermGrid

/// What the timeline layout needs to know: which day each event is on.
protocol TimelineLayoutDataSource: AnyObject {
  /// The day an event falls on, counted from the timeline's first day.
  func timelineLayout(_ layout: TimelineLayout, dayOfEventAt indexPath: IndexPath) -> Int
}

/// The layout's own fields on an event's dot: the talk's custom attributes.
struct EventMark: Hashable, Sendable {
  /// The event's day.
  var day: Int
  /// Whether it is today's.
  var isToday: Bool
}

/// The layout's own fields on a date heading: the text it shows.
struct DateMark: Hashable, Sendable {
  var text: String
}

/// The talk's timeline: time runs left to right at ``scale`` columns a day; each track (a
/// section) is a row of event dots (cells). Around them, all from the same numbers:
/// - a date heading every week (supplementary, kind ``dateKind``) along the top,
/// - the track's name (``trackKind``) at the left,
/// - a line between each event and the next (``spanKind``), and a label under each event
///   (``labelKind``) as wide as the room before the next one,
/// - a line down the whole content at today (a decoration, ``todayKind``).
///
/// Zooming makes a new layout with another scale and hands it to the collection view
/// (`setCollectionViewLayout(_:animated:)`), as the talk does for a pinch: every element
/// slides from its frame in the old layout to its frame in the new.
final class TimelineLayout: CollectionLayout {
  static let dateKind = "date"
  static let trackKind = "track"
  static let spanKind = "span"
  static let labelKind = "label"
  static let todayKind = "today"

  /// Columns per day.
  let scale: Int
  /// The day the "today" line marks.
  let today: Int
  /// The days the timeline covers.
  let dayCount: Int
  /// The date of day 0, as a month name and a day of the month, for the headings.
  let firstDate: (month: String, day: Int)
  weak var dataSource: (any TimelineLayoutDataSource)?

  /// Columns left of day 0, for the track names.
  let margin = 10
  /// Rows above the first track, for the dates.
  let top = 2
  /// Rows per track: dots, labels and a gap.
  let trackHeight = 3

  private var elements: [LayoutAttributes] = []
  private var byKey: [ElementKey: LayoutAttributes] = [:]
  private var contentSize = Size.zero

  init(scale: Int, today: Int, dayCount: Int, firstDate: (month: String, day: Int)) {
    self.scale = scale
    self.today = today
    self.dayCount = dayCount
    self.firstDate = firstDate
    super.init()
    register(decorationViewOfKind: Self.todayKind) { TodayLineView() }
  }

  /// The column of a day's dot.
  func x(ofDay day: Int) -> Double { Double(margin + day * scale) }

  override func prepare() {
    elements = []
    guard let host = collectionView, let dataSource else { return }
    let tracks = host.numberOfSections
    let height = Double(top + tracks * trackHeight)
    let width = x(ofDay: dayCount) + 1
    contentSize = Size(width: width, height: height)

    var today = LayoutAttributes(
      forDecorationViewOfKind: Self.todayKind, with: IndexPath(item: 0, section: 0),
      frame: Rect(x: x(ofDay: self.today), y: 0, width: 1, height: height))
    today.zIndex = -1
    elements.append(today)
    for week in 0..<((dayCount + 6) / 7) {
      var date = LayoutAttributes(
        forSupplementaryViewOfKind: Self.dateKind, with: IndexPath(item: week, section: 0),
        frame: Rect(x: x(ofDay: week * 7), y: 0, width: Double(7 * scale), height: 1))
      date.info = LayoutInfo(DateMark(text: "\(firstDate.month) \(firstDate.day + week * 7)"))
      elements.append(date)
    }
    for track in 0..<tracks {
      let y = Double(top + track * trackHeight)
      elements.append(
        LayoutAttributes(
          forSupplementaryViewOfKind: Self.trackKind, with: IndexPath(item: 0, section: track),
          frame: Rect(x: 0, y: y, width: Double(margin - 1), height: 1)))
      let count = host.numberOfItems(inSection: track)
      let days = (0..<count).map { dataSource.timelineLayout(self, dayOfEventAt: IndexPath(item: $0, section: track)) }
      for (item, day) in days.enumerated() {
        let indexPath = IndexPath(item: item, section: track)
        var dot = LayoutAttributes(forCellWith: indexPath, frame: Rect(x: x(ofDay: day), y: y, width: 1, height: 1))
        dot.info = LayoutInfo(EventMark(day: day, isToday: day == self.today))
        dot.zIndex = 1
        elements.append(dot)
        // The label has the room up to the next event; the last one up to 12 columns.
        let next = item + 1 < count ? x(ofDay: days[item + 1]) : x(ofDay: day) + 13
        elements.append(
          LayoutAttributes(
            forSupplementaryViewOfKind: Self.labelKind, with: indexPath,
            frame: Rect(x: x(ofDay: day), y: y + 1, width: max(1, next - x(ofDay: day) - 1), height: 1)))
        if item + 1 < count, next - x(ofDay: day) > 1 {
          elements.append(
            LayoutAttributes(
              forSupplementaryViewOfKind: Self.spanKind, with: indexPath,
              frame: Rect(x: x(ofDay: day) + 1, y: y, width: next - x(ofDay: day) - 1, height: 1)))
        }
      }
    }
    byKey = Dictionary(elements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
  }

  override var collectionViewContentSize: Size { contentSize }

  override func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    elements.filter { $0.frame.intersects(rect) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    byKey[.cell(indexPath)]
  }

  override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes?
  {
    byKey[.supplementary(kind, indexPath)]
  }

  override func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
    byKey[.decoration(kind, indexPath)]
  }
}
