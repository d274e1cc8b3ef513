import ArgumentParser

/// A `COLUMNSxROWS` size argument.
struct ScreenSize: ExpressibleByArgument {
  var columns: Int
  var rows: Int

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns > 0, rows > 0,
      columns <= 10_000, rows <= 10_000
    else { return nil }
    self.init(columns: columns, rows: rows)
  }

  var defaultValueDescription: String { "\(columns)x\(rows)" }
}
