/// The escape sequence that asks the terminal to put text on the system clipboard:
/// `ESC ] 52 ; c ; <base64> BEL`. It works over ssh, since the terminal, not the remote
/// machine, owns the clipboard.
public enum OSC52 {
  /// The sequence setting the clipboard (`c`) to `text`.
  public static func sequence(for text: String) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + Base64.encode(text.utf8) + [0x07]
  }

  /// `sequence` wrapped for tmux's passthrough (`ESC P tmux; … ESC \`, every ESC inside
  /// doubled), so it reaches the terminal tmux runs in. tmux 3.3 and later pass it on only
  /// with `set -g allow-passthrough on`.
  public static func tmuxPassthrough(_ sequence: [UInt8]) -> [UInt8] {
    var wrapped = Array("\u{1B}Ptmux;".utf8)
    for byte in sequence {
      if byte == 0x1B { wrapped.append(0x1B) }
      wrapped.append(byte)
    }
    wrapped += [0x1B, UInt8(ascii: "\\")]
    return wrapped
  }
}
