/// Round tick values and their labels for a chart's numeric axes: steps of 1, 2 or 5 times a
/// power of ten, as a person would mark an axis by hand.
public enum ChartScale {
  /// A power of ten (exact for the integral powers a `Double` holds).
  static func power(_ exponent: Int) -> Double {
    var value = 1.0
    if exponent >= 0 {
      for _ in 0..<min(exponent, 308) { value *= 10 }
    } else {
      for _ in 0..<min(-exponent, 308) { value /= 10 }
    }
    return value
  }

  /// The exponent of the largest power of ten at most `value` (> 0).
  static func exponent(of value: Double) -> Int {
    var exponent = 0
    var scaled = value
    while scaled >= 10 && exponent < 308 {
      scaled /= 10
      exponent += 1
    }
    while scaled < 1 && exponent > -308 {
      scaled *= 10
      exponent -= 1
    }
    return exponent
  }

  /// The round step that gives about `count` ticks (at least 1) over `span`.
  public static func niceStep(span: Double, count: Int) -> Double {
    guard span > 0, span.isFinite else { return 1 }
    let raw = span / Double(max(1, count))
    let exponent = exponent(of: raw)
    let base = power(exponent)
    for multiple in [1.0, 2, 5] where multiple * base >= raw { return multiple * base }
    return 10 * base
  }

  /// The multiples of `step` from `low` through `high`.
  public static func ticks(from low: Double, through high: Double, step: Double) -> [Double] {
    guard step > 0, low.isFinite, high.isFinite, low <= high else { return [] }
    var values: [Double] = []
    var index = (low / step).rounded(.up)
    while index * step <= high + step * 1e-9 && values.count < 100_000 {
      // Snap -0 and the rounding dust of the multiplication.
      let value = index * step
      values.append(value == 0 ? 0 : value)
      index += 1
    }
    return values
  }

  /// A tick's label: as many decimals as the step needs, and k, M or G for thousands,
  /// millions and billions when the step is a whole multiple of them (`1.5k`, `20M`).
  public static func label(_ value: Double, step: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let magnitude = abs(step)
    for (suffix, unit) in [("G", 1e9), ("M", 1e6), ("k", 1e3)] where magnitude >= unit && abs(value) >= unit {
      return label(value / unit, step: step / unit) + suffix
    }
    let decimals = magnitude > 0 && magnitude < 1 ? min(9, -exponent(of: magnitude)) : 0
    return fixed(value, decimals: decimals)
  }

  /// `value` written with exactly `decimals` decimals.
  static func fixed(_ value: Double, decimals: Int) -> String {
    let scale = power(decimals)
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9e15 else { return "\(value)" }
    let whole = Int(scaled)
    let sign = value < 0 && whole != 0 ? "-" : ""
    guard decimals > 0 else { return sign + "\(whole)" }
    let unit = Int(scale)
    var fraction = "\(whole % unit)"
    while fraction.count < decimals { fraction = "0" + fraction }
    return sign + "\(whole / unit).\(fraction)"
  }
}
