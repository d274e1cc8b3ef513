import TGridJSON
import TermGrid

extension BrowserController {
  package func handle(_ event: InputEvent, in runLoop: TerminalRunLoop) -> EventResponse {
    handle(event, runLoop: runLoop)
  }

  /// Handles one event: each mode in ``EventMode/order`` is offered it until one handles it.
  func handle(_ event: InputEvent, runLoop: TerminalRunLoop? = nil) -> EventResponse {
    collectionView.setNeedsDisplay()  // what a key changes, cells may show without the view knowing
    for mode in EventMode.order {
      if let response = offer(event, to: mode, runLoop: runLoop) { return response }
    }
    return .unchanged
  }

  /// One mode's part of ``handle(_:runLoop:)``. - Returns: its answer, or nil when it
  /// leaves the event to the next mode.
  private func offer(_ event: InputEvent, to mode: EventMode, runLoop: TerminalRunLoop?) -> EventResponse? {
    switch mode {
    case .terminal:
      if case .resize(let size) = event {
        resize(to: size)
        return .changed
      }
      if case .signal = event { return .quit }
      return nil
    case .loadNotShown:
      guard load != nil, !store.hasContent else { return nil }
      if case .key(let key) = event, EventMode.cancelKeys.contains(key) {
        load?.cancel()
        load = nil
        return .quit
      }
      return .unchanged
    case .overlay:
      guard let overlay else { return nil }
      if case .key = event, message != nil {
        message = nil
        setNeedsDisplay()
      }
      switch overlay.handle(event) {
      case .close:
        closeOverlay()
        return .changed
      case .changed: return .changed
      case .unchanged: return response()
      }
    case .slicedFilterStop:
      guard finding.isFiltering, prompt == nil, case .key(let key) = event, EventMode.stopKeys.contains(key) else {
        return nil
      }
      finding.stopFiltering()
      return .changed
    case .keyHousekeeping:
      guard case .key = event else { return nil }
      if message != nil {
        message = nil
        setNeedsDisplay()
      }
      files.noticeChangesOnDisk()
      return nil
    case .prompt:
      guard let open = prompt else { return nil }
      switch event {
      case .key, .paste:
        // An answer may open the next prompt itself: the old one is gone while it runs.
        prompt = nil
        switch open.handle(event) {
        case .open: if prompt == nil { prompt = open }
        case .closed: break
        case .replaced(let next): prompt = next
        }
        setNeedsDisplay()
        return wantsToQuit ? .quit : .changed
      default:
        return .unchanged
      }
    case .editMenu:
      return collectionView.isEditMenuVisible && collectionView.handleEditMenuEvent(event) ? .changed : nil
    case .drag:
      // The collection view answers Esc first while a card is dragged.
      guard collectionView.isInteractivelyMoving, case .key(let key) = event, EventMode.stopKeys.contains(key) else {
        return nil
      }
      return collectionView.handle(.key(KeyEvent(.escape)), command: nil) ? .changed : .unchanged
    case .prefixKey:
      guard case .key(let key) = event, let prefix = reading.pendingPrefix else { return nil }
      reading.pendingPrefix = nil
      return reading.performSecondKey(key, after: prefix)
    case .viewKeyTable:
      guard case .key(let key) = event else { return nil }
      guard let command = presentation.keyBindings.command(for: key) else { return response() }
      return perform(command, runLoop: runLoop)
    case .collectionView:
      switch event {
      case .paste(let text):
        // A paste is one event, never keys: offered to the delegate as a Paste action.
        if !collectionView.paste(text) {
          let count = text.count
          show(
            message: "pasted \(count) character\(count == 1 ? "" : "s"): pasting into the document is not available yet"
          )
        }
        return .changed
      case .mouse(let mouse):
        if case .press = mouse.action { navigation.intended = nil }
        if !presentation.handleMouse(mouse) { _ = collectionView.handleMouse(mouse) }
        return response()
      case .key, .resize, .signal:
        return .unchanged
      }
    }
  }

  /// Commands that change the document: refused while it loads.
  static let editingCommands = BrowserCommand.ids(with: .editsDocument)

  /// Commands that act on values: refused with a note when the items they would act on
  /// stand for no value (a tree's groups of elements).
  static let valueCommands = BrowserCommand.ids(with: .actsOnValues)

  /// What to say when the items a command would act on are none of them values, but the
  /// presentation knows what the focused one is; nil when there is a value to act on.
  private func noteForItemsWithoutValues() -> String? {
    let view = collectionView
    guard let focused = view.indexPathForFocusedItem,
      view.indexPathsForEditActions.allSatisfy({ presentation.nodeID(at: $0) == nil })
    else { return nil }
    return presentation.noteForItemWithoutValue(at: focused)
  }

  /// Commands that jump: the place they leave goes on the jump list (and every view's
  /// switching command, which ``perform(_:runLoop:)`` knows from the registry).
  static let jumpCommands = BrowserCommand.ids(with: .jumps)

  /// Commands that leave an intended focus in place (they do not move the focus, or move it
  /// by id themselves).
  static let commandsKeepingIntendedFocus = BrowserCommand.ids(with: .keepsIntendedFocus)

  /// `.changed` when anything waits to be drawn.
  private func response() -> EventResponse {
    needsDisplay ? .changed : .unchanged
  }

  /// Carries out a command: the browser's own (``BrowserCommand/all``), else the
  /// presentation's, else the collection view's (moving, selecting, the edit menu).
  func perform(_ command: CommandIdentifier, runLoop: TerminalRunLoop? = nil) -> EventResponse {
    commandObserver?(command)
    // A view switch (any registered view's) is a jump that moves the focus by id itself.
    let switchesView = PresentationKind(switchingCommand: command) != nil
    // A move of the person's own takes over from a move by id still on its way.
    if !switchesView, !Self.commandsKeepingIntendedFocus.contains(command) { navigation.intended = nil }
    guard switchesView || Self.jumpCommands.contains(command) else { return performCommand(command, runLoop: runLoop) }
    var response = EventResponse.unchanged
    jumping { response = performCommand(command, runLoop: runLoop) }
    return response
  }

  private func performCommand(_ command: CommandIdentifier, runLoop: TerminalRunLoop?) -> EventResponse {
    if store.isLoading || store.showsOldSide, Self.editingCommands.contains(command) {
      show(message: store.whyEditsWait.description)
      return .changed
    }
    if Self.valueCommands.contains(command), let note = noteForItemsWithoutValues() {
      show(message: note)
      return .changed
    }
    if case .browser(let run) = BrowserCommand.byID[command]?.runner {
      if let answer = run(BrowserCommandContext(browser: self, runLoop: runLoop)) { return answer }
    } else if let kind = PresentationKind(switchingCommand: command) {
      show(kind, animated: true)
    } else if !presentation.perform(command), !collectionView.perform(command) {
      return response()
    }
    setNeedsDisplay()
    return .changed
  }
}
