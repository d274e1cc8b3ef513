import TGridJSON
import TermGrid

/// `:w FILE.csv`, `.tsv`, `.ndjson`: the table's rows as shown, as a file (``TableExport``).
extension TablePresentation {
  func export(forPath path: String) -> (text: String, description: String)? {
    guard sheet == nil, let format = TableExport.Format(path: path) else { return nil }
    let text = exportText(as: format)
    let rows = shownRows.count
    let what = "\(rows) row\(rows == 1 ? "" : "s") × \(model.columns.count) columns as \(format.name)"
    return (text, what)
  }

  /// The rows shown (filtered, sorted), their columns, in a format.
  func exportText(as format: TableExport.Format) -> String {
    let document = store.document
    if format == .ndjson {
      var text = ""
      for row in shownRows {
        guard let node = store.node(row) else { continue }
        text += document.formattedText(of: node, style: .compact) + "\n"
      }
      return text
    }
    var rows: [[String]] = [model.columns]
    for row in shownRows {
      rows.append(
        model.columns.indices.map { TableExport.fieldText(model.value(row: row, column: $0, in: store), in: document) })
    }
    return format == .csv ? TableExport.csv(rows) : TableExport.tsv(rows)
  }
}
