/// Dates in the proleptic Gregorian calendar in UTC, for a time axis: days to and from
/// year, month and day (the civil-date algorithms, exact for any year an `Int` holds), and
/// the periods a timeline's headers can mark.
public enum TimelineCalendar {
  /// A civil date.
  public struct Date: Hashable, Sendable {
    /// The year (0 is 1 BC).
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    /// Creates a date.
    public init(year: Int, month: Int, day: Int) {
      self.year = year
      self.month = month
      self.day = day
    }
  }

  /// The day number (days since 1970-01-01) of a civil date.
  public static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthIndex = (month + 9) % 12
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day number.
  public static func date(fromDays days: Int) -> Date {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return Date(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
  }

  /// The largest magnitude of seconds the calendar works with (about ±285 million years):
  /// beyond it times are clamped, so no arithmetic overflows.
  public static let secondsLimit = 9.0e15

  /// The civil date and the seconds into that day of a time (seconds since 1970, UTC).
  public static func split(_ time: Double) -> (date: Date, secondOfDay: Int) {
    let clamped = Swift.min(Swift.max(time, -secondsLimit), secondsLimit)
    let seconds = Int(clamped.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    return (date(fromDays: days), seconds - days * 86_400)
  }

  static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// A period of the time axis: a unit and how many of them one header spans.
  public struct Period: Hashable, Sendable {
    /// The calendar unit.
    public enum Unit: Int, Hashable, Sendable, Comparable {
      /// Minutes.
      case minute
      /// Hours.
      case hour
      /// Days.
      case day
      /// Months.
      case month
      /// Years.
      case year

      public static func < (lhs: Unit, rhs: Unit) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The unit.
    public var unit: Unit
    /// How many units one period spans.
    public var step: Int

    /// Creates a period of `step` units.
    public init(unit: Unit, step: Int) {
      self.unit = unit
      self.step = max(1, step)
    }

    /// Roughly how long one period is, in seconds (months and years on average).
    public var approximateSeconds: Double {
      switch unit {
      case .minute: return 60 * Double(step)
      case .hour: return 3600 * Double(step)
      case .day: return 86_400 * Double(step)
      case .month: return 2_629_746 * Double(step)
      case .year: return 31_556_952 * Double(step)
      }
    }

    /// The periods from finest to coarsest.
    public static let all: [Period] = {
      var periods: [Period] = []
      for step in [1, 5, 15, 30] { periods.append(Period(unit: .minute, step: step)) }
      for step in [1, 3, 6, 12] { periods.append(Period(unit: .hour, step: step)) }
      for step in [1, 7] { periods.append(Period(unit: .day, step: step)) }
      for step in [1, 3, 6] { periods.append(Period(unit: .month, step: step)) }
      var step = 1
      while step <= 100_000_000 {
        for multiple in [1, 2, 5] { periods.append(Period(unit: .year, step: step * multiple)) }
        step *= 10
      }
      return periods
    }()

    /// A number that tells periods apart (used as the headers' section).
    public var code: Int { Period.all.firstIndex(of: self) ?? 0 }

    /// The index of the period that contains `time`: stable for a time whatever else is on
    /// the axis, so a header keeps its index path while the data changes.
    public func index(containing time: Double) -> Int {
      let (date, secondOfDay) = TimelineCalendar.split(time)
      switch unit {
      case .minute, .hour:
        let length = unit == .minute ? 60 * step : 3600 * step
        let days = TimelineCalendar.days(year: date.year, month: date.month, day: date.day)
        let seconds = days * 86_400 + secondOfDay
        return seconds >= 0 ? seconds / length : -((-seconds + length - 1) / length)
      case .day:
        let days = TimelineCalendar.days(year: date.year, month: date.month, day: date.day)
        // Weeks start on Monday (1970-01-05 was one).
        let shifted = step == 7 ? days - 4 : days
        return shifted >= 0 ? shifted / step : -((-shifted + step - 1) / step)
      case .month:
        let months = (date.year - 1970) * 12 + date.month - 1
        return months >= 0 ? months / step : -((-months + step - 1) / step)
      case .year:
        return date.year >= 0 ? date.year / step : -((-date.year + step - 1) / step)
      }
    }

    /// When period `index` starts, in seconds since 1970.
    public func start(ofIndex index: Int) -> Double {
      switch unit {
      case .minute: return Double(index) * 60 * Double(step)
      case .hour: return Double(index) * 3600 * Double(step)
      case .day: return Double(index * step + (step == 7 ? 4 : 0)) * 86_400
      case .month:
        let months = index * step
        let year = 1970 + (months >= 0 ? months / 12 : -((-months + 11) / 12))
        let month = months - (year - 1970) * 12 + 1
        return Double(TimelineCalendar.days(year: year, month: month, day: 1)) * 86_400
      case .year:
        return Double(TimelineCalendar.days(year: index * step, month: 1, day: 1)) * 86_400
      }
    }

    /// How a header of this period writes its start.
    public func label(forIndex index: Int) -> String {
      let (date, secondOfDay) = TimelineCalendar.split(start(ofIndex: index))
      let month = TimelineCalendar.monthNames[(date.month - 1) % 12]
      func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      switch unit {
      case .year: return "\(date.year)"
      case .month: return "\(month) \(date.year)"
      case .day: return "\(date.day) \(month) \(date.year)"
      case .hour: return "\(date.day) \(month) \(two(secondOfDay / 3600)):00"
      case .minute: return "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60))"
      }
    }
  }
}
