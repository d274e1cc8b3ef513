import TGridJSON
import TGridSystem

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
  ///
  /// A file of more than `slicedParseByteCount` bytes is parsed in slices, its index moved
  /// to a file in `indexDirectory` as soon as it would outgrow `maximumIndexByteCount`, or
  /// the load refused with a message when there is no room for it there either (see
  /// ``DocumentLoad/watchIndexSize(of:budget:indexDirectory:name:)``), rather than run the
  /// machine out of memory.
  static func load(
    path: String?, mode: JSONTextMode = .automatic,
    maximumByteCount: Int = JSONProgressiveParser.defaultMaximumStreamByteCount,
    maximumIndexByteCount: Int = DocumentLoad.availableMemoryBudget(),
    indexDirectory: String? = JSONProgressiveParser.defaultIndexDirectory(),
    slicedAbove slicedParseByteCount: Int = DocumentLoader.slicedParseByteCount
  ) throws(LoadFailure) -> Loaded {
    let options = JSONParseOptions(mode: mode)
    let source: String
    let bytes: JSONBytes
    do {
      if let path, path != "-" {
        source = path
        bytes = try JSONBytes.contentsOfFile(
          path, maximumStreamByteCount: maximumByteCount, maximumFileByteCount: maximumByteCount)
      } else if path == "-" || standardInputHasData() {
        return try loadStreaming(options: options, maximumByteCount: maximumByteCount)
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
      guard bytes.count > slicedParseByteCount else {
        return Loaded(document: try JSONDocument(bytes: bytes, options: options), name: baseName(source))
      }
      let parser = JSONProgressiveParser(bytes: bytes, options: options)
      var isParsed = false
      repeat {
        isParsed = try parser.advance(byteBudget: 16 << 20)
        if let failure = DocumentLoad.watchIndexSize(
          of: parser, budget: maximumIndexByteCount, indexDirectory: indexDirectory, name: baseName(source))
        {
          parser.cancel()
          throw failure
        }
      } while !isParsed
      return Loaded(document: try parser.document(), name: baseName(source))
    } catch let failure as LoadFailure {
      throw failure
    } catch let error as JSONSyntaxError {
      throw LoadFailure(message: syntaxMessage(error, name: source), exitCode: 1)
    } catch {
      throw LoadFailure(message: "tgrid: \(error)", exitCode: 2)
    }
  }

  /// Files larger than this are parsed in slices, with their index's size watched.
  static let slicedParseByteCount = 64 << 20

  /// Standard input, parsed as it streams in: the first error is reported as soon as its
  /// bytes arrive (`/dev/zero`, `/dev/urandom`), and an endless stream stops at the size
  /// limit with a message.
  private static func loadStreaming(options: JSONParseOptions, maximumByteCount: Int) throws(LoadFailure) -> Loaded {
    if StandardInput.wasClosed { throw LoadFailure(message: StandardInput.closedMessage, exitCode: 2) }
    do {
      let parser = try JSONProgressiveParser.open("-", options: options, maximumByteCount: maximumByteCount)
      while try parser.readMore() { _ = try parser.advance(byteBudget: Int.max) }
      return Loaded(document: try parser.document(), name: "(stdin)")
    } catch let error as JSONSyntaxError {
      throw LoadFailure(message: syntaxMessage(error, name: "(stdin)"), exitCode: 1)
    } catch {
      throw LoadFailure(message: "tgrid: \(error)", exitCode: 2)
    }
  }

  /// Whether standard input carries data to read: a pipe, a regular file (`< file`) or a
  /// device other than a terminal and `/dev/null` (`< /dev/urandom`). A terminal or
  /// `/dev/null` does not, and a closed one neither: then tgrid opens its demo data, as its
  /// help says.
  static func standardInputHasData() -> Bool {
    guard !StandardInput.wasClosed else { return false }
    guard let status = try? SystemFile.status(of: StandardStreams.input) else { return false }
    if status.kind == .characterDevice {
      let null = try? SystemFile.status(ofPath: "/dev/null")
      let isNull = null?.deviceNumber == status.deviceNumber
      return !isNull && !StandardStreams.isTerminal(StandardStreams.input)
    }
    return status.kind == .fifo || status.kind == .regular || status.kind == .socket
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
