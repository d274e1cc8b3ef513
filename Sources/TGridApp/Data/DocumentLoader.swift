import TGridJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a document could not be opened, with the message and exit status to give.
struct LoadFailure: Error {
  /// What to print on standard error.
  var message: String
  /// 1 for invalid JSON, 2 for a file that cannot be read.
  var exitCode: Int32
}

/// Opens the document to show: a file, standard input, or the embedded demo data.
enum DocumentLoader {
  /// A loaded document and the name to show for it.
  struct Loaded {
    var document: JSONDocument
    var name: String
  }

  /// Loads `path` (`-` is standard input); with no path, standard input when it is not a
  /// terminal, else the demo data.
  static func load(path: String?, mode: JSONTextMode = .automatic) throws(LoadFailure) -> Loaded {
    let options = JSONParseOptions(mode: mode)
    let source: String
    let bytes: JSONBytes
    do {
      if let path, path != "-" {
        source = path
        bytes = try JSONBytes.contentsOfFile(path)
      } else if path == "-" || standardInputHasData() {
        source = "-"
        bytes = try JSONBytes.standardInput()
      } else {
        let name = DemoData.defaultName
        guard let text = DemoData.text(named: name) else {
          throw LoadFailure(message: "tgrid: the demo data \(name) is missing from this build", exitCode: 2)
        }
        do {
          return Loaded(document: try JSONDocument(parsing: text, options: options), name: "demo: " + name)
        } catch {
          throw LoadFailure(message: syntaxMessage(error, name: name), exitCode: 1)
        }
      }
    } catch let error as JSONInputError {
      throw LoadFailure(message: "tgrid: \(error)", exitCode: 2)
    } catch let failure as LoadFailure {
      throw failure
    } catch {
      throw LoadFailure(message: "tgrid: \(error)", exitCode: 2)
    }
    do {
      let document = try JSONDocument(bytes: bytes, options: options)
      return Loaded(document: document, name: source == "-" ? "(stdin)" : baseName(source))
    } catch {
      throw LoadFailure(message: syntaxMessage(error, name: source == "-" ? "(stdin)" : source), exitCode: 1)
    }
  }

  /// Whether standard input carries data to read: a pipe or a regular file (`< file`).
  /// A terminal, `/dev/null` or another device does not, and a closed one neither: then
  /// tgrid opens its demo data, as its help says.
  static func standardInputHasData() -> Bool {
    var status = stat()
    guard fstat(STDIN_FILENO, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
  }

  /// `tgrid: NAME: line L, column C: message`, then the offending line with a caret.
  static func syntaxMessage(_ error: JSONSyntaxError, name: String) -> String {
    "tgrid: \(name): \(error)\n    \(error.sourceLine)\n    \(error.caretLine)"
  }

  static func baseName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), path.index(after: slash) < path.endIndex else { return path }
    return String(path[path.index(after: slash)...])
  }
}
