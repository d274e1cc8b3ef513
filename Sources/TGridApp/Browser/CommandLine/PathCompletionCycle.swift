import TGridJSON
import TermGrid

/// Tab and Shift-Tab completing a path on the command line: where they are in a list of
/// candidates (the completion, and the text each step put in the field; typing anything
/// else starts over).
final class PathCompletionCycle {
  private var completion: JSONPathCompletion?
  private var base = ""
  private var index: Int?
  private var applied = ""

  /// Tab on the command line: completes a path's last step from the document (keys,
  /// positions); several candidates extend it to what they share and are listed; Tab again
  /// puts in each candidate in turn, Shift-Tab goes back (as in vim's wildmenu).
  /// - Returns: whether the key was taken (the field holds a path).
  func complete(in field: TextField, document: JSONDocument, forward: Bool = true) -> Bool {
    let text = field.text
    if let completion, text == applied, completion.candidates.count > 1 {
      let count = completion.candidates.count
      let next = index.map { ($0 + (forward ? 1 : count - 1)) % count } ?? (forward ? 0 : count - 1)
      index = next
      applied = completion.applying(completion.candidates[next], to: base)
      field.text = applied
      field.note = "\(next + 1)/\(count)" + (completion.totalCount > count ? " of the first \(count)" : "")
      return true
    }
    completion = nil
    index = nil
    guard let first = text.first, first == "." || first == "$" || first == "/" else { return false }
    let found = document.completions(forPath: text)
    guard !found.candidates.isEmpty else {
      field.note = "nothing to complete"
      return true
    }
    if found.candidates.count == 1, let only = found.candidates.first {
      field.text = found.applying(only, to: text)
      field.note = ""
      return true
    }
    let extended = found.applying(found.commonPrefix, to: text)
    if extended.count > text.count { field.text = extended }
    completion = found
    base = text
    applied = field.text
    let shown = found.candidates.prefix(8).joined(separator: "  ")
    let more = found.totalCount - min(8, found.candidates.count)
    field.note = shown + (more > 0 ? "  (+\(JSONPreview.grouped(more)))" : "")
    return true
  }
}
