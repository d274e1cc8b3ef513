import TGridJSON
import TermGrid

/// `:w FILE.csv`, `.tsv`, `.ndjson`, `.md`: the table's rows as shown, as a file
/// (``TableExport``); `c r`, `c C`, `c T`, `c M`: the selected rows (or the focused one) as
/// text on the clipboard, in the same formats.
extension TablePresentation {
  func export(forPath path: String) -> (text: String, description: String)? {
    guard sheet == nil, let format = TableExport.Format(path: path) else { return nil }
    let text = exportText(as: format)
    let rows = shownRows.count
    let what = "\(rows) row\(rows == 1 ? "" : "s") × \(model.columns.count) columns as \(format.name)"
    return (text, what)
  }

  var copySecondKeysHint: String? {
    sheet == nil ? "r rows as JSON Lines · C CSV · T TSV · M Markdown" : nil
  }

  func copyText(forSecondKey key: Character) -> (text: String, description: String)? {
    guard sheet == nil else { return nil }
    let format: TableExport.Format
    switch key {
    case "r": format = .ndjson
    case "C": format = .csv
    case "T": format = .tsv
    case "M": format = .markdown
    default: return nil
    }
    let rows = NodeIDList(rowsForCommands().map { shownRows[$0] })
    let count = rows.count
    return (exportText(as: format, rows: rows), "\(count) row\(count == 1 ? "" : "s") as \(format.name)")
  }

  /// The rows shown (filtered, sorted), or some of them, with their columns, in a format.
  func exportText(as format: TableExport.Format, rows: NodeIDList? = nil) -> String {
    let document = store.document
    let rows = rows ?? shownRows
    if format == .ndjson {
      var text = ""
      for row in rows {
        guard let node = store.node(row) else { continue }
        text += document.formattedText(of: node, style: .compact) + "\n"
      }
      return text
    }
    var fields: [[String]] = [model.columns]
    for row in rows {
      fields.append(
        model.columns.indices.map { TableExport.fieldText(model.value(row: row, column: $0, in: store), in: document) })
    }
    switch format {
    case .csv: return TableExport.csv(fields)
    case .markdown: return TableExport.markdown(fields)
    default: return TableExport.tsv(fields)
    }
  }
}
