import TGridJSON

/// What the table shows, as a file for other tools (`:w FILE.csv`, `.tsv`, `.ndjson`): the
/// rows in the order shown (filtered, sorted), one field per column, a header row of the
/// column names. Scalars are written as their text (strings without quotes, numbers as
/// written in the document), `null` and missing keys as empty fields, nested values as
/// compact JSON.
enum TableExport {
  /// A format an export is written in, chosen by the file's extension.
  enum Format: Equatable {
    /// RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote, or line
    /// break quoted and its quotes doubled.
    case csv
    /// Tab-separated; a tab, line break or backslash in a field written `\t`, `\n`, `\r`,
    /// `\\` (as VisiData and PostgreSQL's text format do).
    case tsv
    /// JSON Lines: each row's record (or value) as one line of compact JSON.
    case ndjson
    /// A GitHub-flavoured Markdown table: a header row, a rule, one line per row; a `|`
    /// in a field written `\|`, a line break as a space.
    case markdown

    /// The format a file name asks for (`.csv`, `.tsv`, `.tab`, `.ndjson`, `.jsonl`), if any.
    init?(path: String) {
      let lowered = path.lowercased()
      if lowered.hasSuffix(".csv") {
        self = .csv
      } else if lowered.hasSuffix(".tsv") || lowered.hasSuffix(".tab") {
        self = .tsv
      } else if lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".jsonl") {
        self = .ndjson
      } else if lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") {
        self = .markdown
      } else {
        return nil
      }
    }

    /// Its name in messages.
    var name: String {
      switch self {
      case .csv: return "CSV"
      case .tsv: return "TSV"
      case .ndjson: return "JSON Lines"
      case .markdown: return "a Markdown table"
      }
    }
  }

  /// One field's text: see ``TableExport``.
  static func fieldText(_ node: JSONNode?, in document: JSONDocument) -> String {
    guard let node else { return "" }
    switch document.kind(of: node) {
    case .string: return document.string(of: node) ?? ""
    case .number: return document.numberText(of: node) ?? document.rawText(of: node)
    case .true: return "true"
    case .false: return "false"
    case .null: return ""
    case .object, .array: return document.formattedText(of: node, style: .compact)
    }
  }

  /// Rows of fields as CSV (RFC 4180).
  static func csv(_ rows: [[String]]) -> String {
    var text = ""
    for row in rows {
      text += row.map(csvField).joined(separator: ",")
      text += "\r\n"
    }
    return text
  }

  /// A CSV field, quoted when it holds a comma, a quote or a line break.
  static func csvField(_ field: String) -> String {
    guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return field
    }
    var quoted = "\""
    for scalar in field.unicodeScalars {
      if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
    }
    return quoted + "\""
  }

  /// Rows of fields as TSV.
  static func tsv(_ rows: [[String]]) -> String {
    var text = ""
    for row in rows {
      text += row.map(tsvField).joined(separator: "\t")
      text += "\n"
    }
    return text
  }

  /// A TSV field with its tabs, line breaks and backslashes escaped.
  static func tsvField(_ field: String) -> String {
    var escaped = ""
    for scalar in field.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// Rows of fields as a Markdown table, the first row the header.
  static func markdown(_ rows: [[String]]) -> String {
    guard let header = rows.first else { return "" }
    func line(_ fields: [String]) -> String {
      "| " + fields.map(markdownField).joined(separator: " | ") + " |\n"
    }
    var text = line(header)
    text += "|" + String(repeating: " --- |", count: header.count) + "\n"
    for row in rows.dropFirst() { text += line(row) }
    return text
  }

  /// A Markdown table field: its `|` and backslashes escaped, line breaks as spaces.
  static func markdownField(_ field: String) -> String {
    var escaped = ""
    for scalar in field.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "|": escaped += "\\|"
      case "\n", "\r": escaped += " "
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
