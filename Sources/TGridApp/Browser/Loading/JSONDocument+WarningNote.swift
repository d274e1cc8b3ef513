import TGridJSON

extension JSONDocument {
  /// What the status line says about the document's warnings (duplicate keys), if any.
  var warningNote: String? {
    guard let first = warnings.first else { return nil }
    let count = warningCount
    return count == 1 ? "warning: \(first)" : "\(count) warnings; the first: \(first)"
  }
}
