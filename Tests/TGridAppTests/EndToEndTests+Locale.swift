import Foundation
import Testing

/// The terminal's locale (issue 13.10): one that cannot encode box-drawing characters
/// still gets borders and lines, in ASCII.
extension EndToEndTests {
  @Test func aNonUTF8LocaleDrawsBordersAndLinesInASCII() throws {
    let tmux = try launch(demoDataCopy("photo-albums.json"), columns: 100, rows: 30, environment: "LC_ALL=C")
    defer { tmux.close() }
    let screen = try tmux.waitFor(text: "? help")
    let text = screen.joined(separator: "\n")
    #expect(text.contains("+ IMG_4012.jpg --"), "a card's top border:\n\(text)")
    #expect(text.contains("| caption"), "a card's side:\n\(text)")
    #expect(!text.contains("?-") && !text.contains("-?") && !text.contains("??"), "no border drawn as `?`:\n\(text)")
    try tmux.send("t")
    // The tree's guide lines, once the switch has finished drawing.
    let tree = try tmux.waitFor("the tree's ASCII guide lines") { $0.contains { $0.contains("+- ") } }
    let treeText = tree.joined(separator: "\n")
    #expect(!treeText.contains("?- "), "\(treeText)")
    try tmux.send("q")
    try expectRestored(tmux, status: 0)
  }
}
