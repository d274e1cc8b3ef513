import ArgumentParser
import TGridJSON

/// The largest input read, shared by the app, `dump` and `check`: a file or stream over it
/// is refused with a message naming the option.
struct InputLimitOptions: ParsableArguments {
  @Option(help: "The largest input to read: 512M, 4G (default), 10G….")
  var maxSize: String = "4G"

  /// The limit in bytes.
  var maximumByteCount: Int {
    // Checked in `validate()`: never nil here.
    parseByteCount(maxSize) ?? JSONProgressiveParser.defaultMaximumStreamByteCount
  }

  mutating func validate() throws {
    guard parseByteCount(maxSize) != nil else {
      throw ValidationError("--max-size \(maxSize): expected a size such as 512M or 4G")
    }
  }
}
