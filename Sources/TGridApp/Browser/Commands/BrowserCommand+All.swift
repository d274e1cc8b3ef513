import TermGrid

extension CommandIdentifier {
  /// Select from the anchor to the focused item (`v`).
  static let extendToFocus: CommandIdentifier = "extendToFocus"
  /// Pause following a stream, or follow its end again (`W`).
  static let toggleFollow: CommandIdentifier = "toggleFollow"
}

extension BrowserCommand {
  /// Every command of the browser, in the order the help lists the ones it adds. TermGrid's
  /// standard commands appear here too when the browser gives them keys or checks them
  /// (cut is refused while loading; `G` is a jump); a view's own commands are in its key
  /// table, except those the browser records as jumps.
  static let all: [BrowserCommand] = application + moving + editing + reading + finding + files + diff

  /// Quitting, the help, the screen and the mouse.
  private static let application: [BrowserCommand] = [
    BrowserCommand(.quit, run: .browser(quit)),
    BrowserCommand(.showHelp, traits: .keepsIntendedFocus, run: .action { $0.browser.showHelp() }),
    BrowserCommand(.redraw, traits: .keepsIntendedFocus, run: .action { $0.runLoop?.redrawEverything() }),
    BrowserCommand(.toggleMouse, traits: .keepsIntendedFocus, run: .browser(toggleMouseCapture)),
  ]

  /// Moving and selecting (TermGrid's standard keys, and the jumps among them).
  private static let moving: [BrowserCommand] = [
    BrowserCommand(.moveToFirst, traits: .jumps),
    BrowserCommand(.moveToLast, traits: .jumps),
    // The views' drill-in and out (their key tables bind them).
    BrowserCommand(.openContainer, traits: .jumps),
    BrowserCommand(.goUp, traits: .jumps),
    BrowserCommand(.openCell, traits: .jumps),
    BrowserCommand(
      .toggleFollow, keys: ["W"],
      help: "Following a stream (--follow): pause, or follow the end again (edits go before what arrives)",
      group: "Moving", run: .action { $0.browser.following.toggle() }),
    BrowserCommand(.selectAll, keys: ["a"]),
    BrowserCommand(
      .extendToFocus, keys: ["v"], help: "Select from the anchor to here", group: "Selecting",
      run: .action { context in
        context.collectionView.ensureFocus()
        if let focused = context.collectionView.indexPathForFocusedItem {
          context.collectionView.extendSelection(to: focused)
        }
      }),
  ]

  /// Editing: the edit menu's actions (the collection view runs them) and the rest.
  private static let editing: [BrowserCommand] = [
    BrowserCommand(.cut, traits: [.editsDocument, .actsOnValues]),
    BrowserCommand(.copy, traits: [.actsOnValues, .keepsIntendedFocus]),
    BrowserCommand(.paste, traits: [.editsDocument, .actsOnValues]),
    BrowserCommand(.delete, keys: ["d"], traits: [.editsDocument, .actsOnValues]),
    edit(.pasteBefore, keys: ["P"], help: "Paste before"),
    edit(.duplicate, keys: ["D"], help: "Duplicate"),
    edit(.insertValue, keys: ["+", "Insert"], help: "Insert a new value after"),
    edit(.editValue, keys: ["e", "F2"], help: "Edit the value"),
    edit(.renameKey, keys: ["E"], help: "Rename the key"),
    edit(.moveItemUp, keys: ["Alt-Up"], help: "Move the value up"),
    edit(.moveItemDown, keys: ["Alt-Down"], help: "Move the value down"),
    edit(.moveItemLeft, keys: ["Alt-Left"], help: "Move the value left"),
    edit(.moveItemRight, keys: ["Alt-Right"], help: "Move the value right"),
    edit(.undo, keys: ["u"], help: "Undo", traits: .editsDocument),
    edit(.redo, keys: ["Ctrl-R"], help: "Redo", traits: .editsDocument),
  ]

  /// Reading values: the viewer, the source, folding, copying parts of a value, labels.
  private static let reading: [BrowserCommand] = [
    // K shows a value whole, as in jless (Shift-Up still extends the selection up).
    BrowserCommand(
      .viewValue, keys: ["K"], help: "Show the value whole (r: raw JSON)", group: "Reading",
      traits: [.actsOnValues, .keepsIntendedFocus], run: .action { $0.reading.viewFocusedValue() }),
    BrowserCommand(
      .viewSource, keys: ["V"], help: "Show the source text around the value", group: "Reading",
      traits: [.actsOnValues, .keepsIntendedFocus], run: .action { $0.reading.viewSource() }),
    BrowserCommand(
      .foldPrefix, keys: ["z"], help: "z 0–9: show that deep · z a: all · z c: collapse · z d: a diff's changes",
      group: "Reading",
      traits: .keepsIntendedFocus, run: .action { $0.reading.beginPrefix(.foldPrefix) }),
    BrowserCommand(
      .copyPrefix, keys: ["c"],
      help: "c k: copy key · c p: path · c v: value indented · c c: one line"
        + " · table: c r/C/T/M rows as JSON Lines/CSV/TSV/Markdown",
      group: "Editing", traits: .keepsIntendedFocus, run: .action { $0.reading.beginPrefix(.copyPrefix) }),
  ]

  /// Search, filter, labels and the jump list.
  private static let finding: [BrowserCommand] = [
    find(
      .search, keys: ["/"], help: "Search keys and values (Ctrl-R: regular expression)", traits: .keepsIntendedFocus),
    find(.nextMatch, keys: ["n"], help: "Next match", traits: .jumps),
    find(.previousMatch, keys: ["N"], help: "Previous match", traits: .jumps),
    find(
      .filter, keys: ["f"],
      help:
        "Filter the elements (jq: .age > 30, .n % 2 == 0, .name | test(\"^A\"), .x // 0; < > on a string and a number is an error: tonumber)",
      traits: .keepsIntendedFocus),
    // L labels records (Shift-Right still extends the selection right).
    BrowserCommand(
      .chooseLabel, keys: ["L"], help: "Label records by a member (Tab: its keys; empty: automatic)",
      group: "Reading", traits: .keepsIntendedFocus, run: .action { $0.reading.beginChoosingLabel() }),
    // B colours the schematic's boxes by a member, as w chooses the timeline's lanes.
    BrowserCommand(
      .chooseKindField, keys: ["B"],
      help: "Colour the schematic's boxes by a member (Tab: its keys; error, failed… critical; warning… important)",
      group: "Reading", traits: .keepsIntendedFocus, run: .action { $0.reading.beginChoosingKindField() }),
    find(.clearFilter, keys: ["F"], help: "Show every element again", traits: .keepsIntendedFocus),
    BrowserCommand(
      .jumpBack, keys: ["Ctrl-O"],
      help: "Back to the place before the last jump (go-to, search, g, G, i, Backspace, a view)",
      group: "Moving", traits: .keepsIntendedFocus, run: .action { $0.browser.navigation.performJump(.jumpBack) }),
    BrowserCommand(
      .jumpForward, keys: ["Ctrl-T"], help: "Forward again in the jump list (Ctrl-I is Tab in a terminal)",
      group: "Moving", traits: .keepsIntendedFocus, run: .action { $0.browser.navigation.performJump(.jumpForward) }),
    BrowserCommand(
      .markPrefix, keys: ["'"], help: "'' back to the place before the last jump, and again to return",
      group: "Moving", traits: .keepsIntendedFocus, run: .action { $0.reading.beginPrefix(.markPrefix) }),
  ]

  /// Saving and the command line.
  private static let files: [BrowserCommand] = [
    BrowserCommand(
      .save, keys: ["Ctrl-S"], help: "Save", group: "File", traits: [.editsDocument, .keepsIntendedFocus],
      run: .action { $0.files.save() }),
    BrowserCommand(
      .commandLine, keys: [":"],
      help:
        "Command line (:w, :w PATH copy, :w! PATH overwrites, :w FILE.csv exports the table, :saveas PATH, :q, :q!, :wq, a path, Tab completes)",
      group: "File", traits: .keepsIntendedFocus, run: .action { $0.browser.commandLine.openCommandLine() }),
  ]

  /// Browsing a diff (`tgrid diff A B`): `]c` and `[c`, as in vim's diff mode.
  private static let diff: [BrowserCommand] = [
    BrowserCommand(
      .nextChangePrefix, keys: ["]"],
      help: "]c next change of a diff (z d: only the changes; ]a [a align an array another way)", group: "Moving",
      traits: .keepsIntendedFocus, run: .action { $0.reading.beginPrefix(.nextChangePrefix) }),
    BrowserCommand(
      .previousChangePrefix, keys: ["["], help: "[c previous change of a diff", group: "Moving",
      traits: .keepsIntendedFocus, run: .action { $0.reading.beginPrefix(.previousChangePrefix) }),
    BrowserCommand(
      .takeOldSide, keys: ["<"],
      help: "Diff: take A's side of the changes in the selection (the table: z < and z >, as < > size columns)",
      group: "Editing", traits: [.editsDocument, .actsOnValues],
      run: .action { $0.reading.settleDiffChanges(takingOldSide: true) }),
    BrowserCommand(
      .switchDiffSide, keys: ["`"],
      help: "Diff: show A (old) in place of B, read-only, and back (animated, focus kept)",
      group: "Reading", run: .action { $0.reading.switchDiffSide() }),
    BrowserCommand(
      .keepNewSide, keys: [">"], help: "Diff: keep B's side of the changes in the selection (their marks go)",
      group: "Editing", traits: [.actsOnValues], run: .action { $0.reading.settleDiffChanges(takingOldSide: false) }),
  ]

  /// An edit of the document the editing controller carries out.
  private static func edit(
    _ id: CommandIdentifier, keys: [String], help: String, traits: Traits = [.editsDocument, .actsOnValues]
  ) -> BrowserCommand {
    BrowserCommand(
      id, keys: keys, help: help, group: "Editing", traits: traits, run: .action { _ = $0.editing.perform(id) })
  }

  /// A command the finding controller carries out.
  private static func find(_ id: CommandIdentifier, keys: [String], help: String, traits: Traits) -> BrowserCommand {
    BrowserCommand(
      id, keys: keys, help: help, group: "Finding", traits: traits, run: .action { _ = $0.finding.perform(id) })
  }

  /// `q`: stops a load that is running, else quits (asking first when there are edits).
  private static func quit(_ context: BrowserCommandContext) -> EventResponse {
    let browser = context.browser
    if let load = browser.load, browser.store.isLoading {
      // Quitting while a file loads stops the load.
      load.cancel()
      browser.load = nil
      return .quit
    }
    context.files.requestQuit()
    return browser.wantsToQuit ? .quit : .changed
  }

  /// `M`: mouse capture off (the terminal selects text) or on again.
  private static func toggleMouseCapture(_ context: BrowserCommandContext) -> EventResponse? {
    guard let terminal = context.browser.terminal else { return .unchanged }
    terminal.isMouseCaptureEnabled.toggle()
    context.browser.show(message: terminal.isMouseCaptureEnabled ? "mouse on" : "mouse off: the terminal selects text")
    return nil
  }
}
