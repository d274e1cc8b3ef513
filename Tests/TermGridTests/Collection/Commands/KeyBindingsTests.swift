import TermGrid
import Testing

@Suite struct KeyBindingsTests {
  @Test func aKeyLooksUpItsCommand() {
    let keys = sampleTable
    #expect(keys.command(for: KeyEvent(.character("j"))) == .moveDown)
    #expect(keys.command(for: KeyEvent(.down)) == .moveDown)
    #expect(keys.command(for: KeyEvent(.function(10), modifiers: .shift)) == .showEditMenu)
    #expect(keys.command(for: KeyEvent(.menu)) == .showEditMenu)
    #expect(keys.command(for: KeyEvent(.control("l"))) == .redraw)
    #expect(keys.command(for: KeyEvent(.character("z"))) == nil)
    #expect(keys.command(for: KeyEvent(.down, modifiers: .shift)) == nil)
  }

  @Test func aCommandListsItsKeysInTableOrder() {
    #expect(sampleTable.keys(for: .showEditMenu).map(\.name) == ["m", "Menu", "Shift-F10"])
    #expect(sampleTable.keys(for: .quit).isEmpty)
  }

  @Test func groupsKeepTheOrderTheyFirstAppearIn() {
    #expect(sampleTable.groups == ["Moving", "Editing", "Other"])
  }

  @Test func rebindingMovesAKeyFromOneCommandToAnother() {
    var keys = sampleTable
    keys.rebind([KeyEvent(.character("j"))], to: .redraw)
    #expect(keys.command(for: KeyEvent(.character("j"))) == .redraw)
    #expect(keys.keys(for: .moveDown).map(\.name) == ["Down"])
    keys.unbind(KeyEvent(.down))
    #expect(keys.command(for: KeyEvent(.down)) == nil)
    #expect(!keys.helpText().contains { $0.contains("Move down") })
  }

  @Test func mergingAddsAnotherTablesBindingsAfter() {
    let extra = KeyBindings([KeyBinding(keyNames: ["t"], "switchToTree", help: "Tree view", group: "View")])
    let merged = sampleTable.merging(extra)
    #expect(merged.command(for: KeyEvent(.character("t"))) == "switchToTree")
    #expect(merged.groups.last == "View")
  }

  @Test func theHelpIsGeneratedFromTheTableByGroup() {
    #expect(
      sampleTable.helpLines == [
        .heading("Moving"),
        .entry(keys: "j, Down", help: "Move down"),
        .entry(keys: "k, Up", help: "Move up"),
        .blank,
        .heading("Editing"),
        .entry(keys: "m, Menu, Shift-F10", help: "Edit menu"),
        .blank,
        .heading("Other"),
        .entry(keys: "Ctrl-L", help: "Redraw"),
      ])
    #expect(
      sampleTable.helpText(width: 40) == [
        "Moving",
        "  j, Down             Move down",
        "  k, Up               Move up",
        "",
        "Editing",
        "  m, Menu, Shift-F10  Edit menu",
        "",
        "Other",
        "  Ctrl-L              Redraw",
      ])
  }

  @Test func helpTextIsCutToTheWidth() {
    #expect(sampleTable.helpText(width: 12).allSatisfy { TextWidth.displayWidth(of: $0) <= 12 })
  }

  @Test func theStandardTableBindsEveryKeyOnceAndListsEveryCommand() {
    let table = KeyBindings.standard
    var seen: Set<KeyEvent> = []
    for binding in table.bindings {
      #expect(!binding.keys.isEmpty, "\(binding.command)")
      for key in binding.keys { #expect(seen.insert(key).inserted, "\(key.name)") }
    }
    for command: CommandIdentifier in [.showEditMenu, .select, .moveDown, .pageDown, .quit, .showHelp, .toggleMouse] {
      #expect(table.binding(for: command) != nil, "\(command)")
    }
  }

  @Test func aKeyBoundTwiceStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = KeyBindings([
        KeyBinding(keyNames: ["j"], .moveDown, help: "Down", group: "Moving"),
        KeyBinding(keyNames: ["j"], .moveUp, help: "Up", group: "Moving"),
      ])
    }
  }

  // MARK: Key names

  @Test(arguments: [
    "a", "G", "Space", "Enter", "Tab", "Shift-Tab", "Backspace", "Delete", "Insert", "Esc", "Up", "Down", "Left",
    "Right", "Home", "End", "PgUp", "PgDn", "F1", "F12", "Menu", "Ctrl-A", "Ctrl-Space", "Ctrl-Up", "Shift-F10",
    "Alt-x", "Ctrl-Alt-Shift-Left", "Alt-Ctrl-B", "?", "-", "é",
  ])
  func keyNamesReadBackAsTheSameKey(name: String) throws {
    let key = try #require(KeyEvent(name: name))
    #expect(KeyEvent(name: key.name) == key)
  }

  @Test func keyNamesMeanTheKeysTerminalsSend() {
    #expect(KeyEvent(name: "ctrl-a") == KeyEvent(.control("a")))
    #expect(KeyEvent(name: "Shift-Tab") == KeyEvent(.backTab))
    #expect(KeyEvent(name: "shift-f10") == KeyEvent(.function(10), modifiers: .shift))
    #expect(KeyEvent(name: "Alt-Ctrl-b") == KeyEvent(.control("b"), modifiers: .alt))
    #expect(KeyEvent(name: "pagedown") == KeyEvent(.pageDown))
    #expect(KeyEvent(.control("a")).name == "Ctrl-A")
    #expect(KeyEvent(.up, modifiers: [.control, .shift]).name == "Ctrl-Shift-Up")
    #expect(KeyEvent(name: "Ctrl-") == nil)
    #expect(KeyEvent(name: "Nothing") == nil)
    #expect(KeyEvent(name: "") == nil)
  }

  // MARK: - Fixtures

  private var sampleTable: KeyBindings {
    KeyBindings([
      KeyBinding(keyNames: ["j", "Down"], .moveDown, help: "Move down", group: "Moving"),
      KeyBinding(keyNames: ["k", "Up"], .moveUp, help: "Move up", group: "Moving"),
      KeyBinding(keyNames: ["m", "Menu", "Shift-F10"], .showEditMenu, help: "Edit menu", group: "Editing"),
      KeyBinding(keyNames: ["Ctrl-L"], .redraw, help: "Redraw", group: "Other"),
      KeyBinding([], .quit, help: "Quit", group: "Other"),
    ])
  }
}
