extension JSONDocument {
  /// The steps that can complete a partly typed path (jq, JSONPath or JSON Pointer, told
  /// apart as ``JSONPath/init(parsing:)`` does): the keys of the object reached by the
  /// complete steps that start with what is typed of the last one (keys that match only
  /// ignoring case come after), or the positions of an array.
  ///
  /// `.albums[0].ti` offers `.title`; `.albums[0].` and `.albums[0]` every key;
  /// `.albums[` positions; `.["cov` and `$['cov` keys starting with `cov`; `/albums/0/t`
  /// `/title`. A text whose complete steps lead nowhere offers nothing.
  ///
  /// - Parameter limit: at most this many candidates (an array of a million elements
  ///   offers its first positions).
  public func completions(forPath text: String, limit: Int = 200) -> JSONPathCompletion {
    guard let request = PathCompletionRequest(text) else {
      return JSONPathCompletion(replacementStart: text.unicodeScalars.count, candidates: [], totalCount: 0)
    }
    guard let base = node(at: JSONPath(request.base)) else {
      return JSONPathCompletion(replacementStart: request.replacementStart, candidates: [], totalCount: 0)
    }
    var steps: [JSONPath.Component] = []
    var total = 0
    switch kind(of: base) {
    case .object:
      var seen = Set<String>()
      var exact: [String] = []
      var folded: [String] = []
      let lowered = request.partial.lowercased()
      for child in children(of: base) {
        guard let key = key(of: child), seen.insert(key).inserted else { continue }
        if key.unicodeScalars.starts(with: request.partial.unicodeScalars) {
          exact.append(key)
        } else if !request.partial.isEmpty, key.lowercased().hasPrefix(lowered) {
          folded.append(key)
        }
      }
      total = exact.count + folded.count
      steps = (exact + folded).prefix(limit).map { .key($0) }
    case .array:
      let count = childCount(of: base)
      if request.partial.isEmpty {
        total = count
        steps = (0..<min(count, limit)).map { .index($0) }
      } else if let typed = Int(request.partial), typed >= 0 {
        // Positions whose digits start with the typed ones, smallest first.
        var positions: [Int] = []
        var low = typed
        var high = typed + 1
        while low < count {
          for position in low..<min(high, count) {
            if positions.count < limit { positions.append(position) }
            total += 1
          }
          if typed == 0 { break }
          low *= 10
          high *= 10
        }
        steps = positions.map { .index($0) }
      }
    default:
      break
    }
    let isFirst = request.base.isEmpty
    let candidates = steps.map { request.syntax.render($0, isFirst: isFirst) }
    return JSONPathCompletion(replacementStart: request.replacementStart, candidates: candidates, totalCount: total)
  }
}
