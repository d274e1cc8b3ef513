/// Why a search pattern cannot be used: a regular expression that does not parse.
public struct JSONSearchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Position of the problem in the pattern, in Unicode scalars from 0, when known.
  public let position: Int?
  /// What is wrong, as Swift's regular expression parser says it.
  public let message: String

  /// `column C: message` (columns from 1), or the message alone.
  public var description: String { position.map { "column \($0 + 1): \(message)" } ?? message }

  /// An error at a position.
  public init(position: Int?, message: String) {
    self.position = position
    self.message = message
  }

  /// Reads the message and, through reflection (the location is not public API), the
  /// position of an error thrown by `Regex(_:)`.
  init(regexError error: any Error, in pattern: String) {
    message = String(describing: error)
    var position: Int?
    if let location = Mirror(reflecting: error).children.first(where: { $0.label == "location" })?.value,
      let range = Mirror(reflecting: location).children.first(where: { $0.label == "range" })?.value as? Range<String.Index>,
      range.lowerBound >= pattern.startIndex, range.lowerBound <= pattern.endIndex
    {
      position = pattern.unicodeScalars.distance(from: pattern.startIndex, to: range.lowerBound)
    }
    self.position = position
  }
}
