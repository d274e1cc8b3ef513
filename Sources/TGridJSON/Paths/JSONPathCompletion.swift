/// What can follow a partly typed path, for Tab completion: the last step written out in
/// each way the document allows, in the syntax being typed.
public struct JSONPathCompletion: Sendable, Equatable {
  /// Where, in the typed text (in Unicode scalars), the text the candidates replace starts;
  /// it runs to the end of the text.
  public let replacementStart: Int
  /// The last step as it can be completed, e.g. `.title`, `["cover art"]`, `[3]` (jq),
  /// `['cover art']` (JSONPath), `/title` (JSON Pointer), in document order.
  public let candidates: [String]
  /// How many candidates there are in all (``candidates`` holds at most the limit asked for).
  public let totalCount: Int

  /// What all candidates share: the text Tab can put in place of the replaced text at once.
  public var commonPrefix: String {
    guard var prefix = candidates.first.map({ Array($0.unicodeScalars) }) else { return "" }
    for candidate in candidates.dropFirst() {
      let scalars = Array(candidate.unicodeScalars)
      var length = 0
      while length < min(prefix.count, scalars.count) && prefix[length] == scalars[length] { length += 1 }
      prefix.removeLast(prefix.count - length)
    }
    return String(String.UnicodeScalarView(prefix))
  }

  /// `text` with its replaced part swapped for `candidate` (one of ``candidates``).
  public func applying(_ candidate: String, to text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.prefix(replacementStart))) + candidate
  }
}
