/// One stretch of the current text: `length` bytes at a physical offset (internal).
///
/// Physical offsets below the original byte count address the original bytes; the rest
/// address the storage's append-only buffer of edited text.
struct Piece: Sendable, Equatable {
  var physical: UInt64
  var length: Int
}
