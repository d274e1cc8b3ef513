import TermGrid

/// The modes of the browser, each of which may take an event before the next sees it
/// (``BrowserController`` offers an event to each in ``order``).
enum EventMode: CaseIterable {
  /// A resize and a signal, before anything else.
  case terminal
  /// A load that has shown nothing yet: only cancelling means anything.
  case loadNotShown
  /// The help, a value or the source over the screen: it takes every event.
  case overlay
  /// Esc or Ctrl-C while a filter is evaluated a slice per frame (no prompt open).
  case slicedFilterStop
  /// Never takes the event: a key clears the message and looks at the file on disk.
  case keyHousekeeping
  /// A prompt in the status line: it takes every key and paste.
  case prompt
  /// The collection view's edit menu, while it shows.
  case editMenu
  /// A card being dragged: Esc or Ctrl-C puts it back.
  case drag
  /// The second key of a two-key command (`z` then a digit, `c` then `k`).
  case prefixKey
  /// A key through the presentation's key table (looked up once), to a command.
  case viewKeyTable
  /// Pastes and the mouse, through the presentation and the collection view.
  case collectionView

  /// The order in which modes see an event: the first that handles it answers.
  static let order: [EventMode] = [
    .terminal, .loadNotShown, .overlay, .slicedFilterStop, .keyHousekeeping, .prompt, .editMenu, .drag, .prefixKey,
    .viewKeyTable, .collectionView,
  ]

  /// The keys that stop what runs (a filter in slices, a drag) before anything else sees
  /// them: Esc, and Ctrl-C as vim, readline and VisiData users press it.
  static let stopKeys: Set<KeyEvent> = [KeyEvent(.escape), KeyEvent(.control("c"))]

  /// The keys that cancel a load before anything shows.
  static let cancelKeys: Set<KeyEvent> = [
    KeyEvent(.character("q")), KeyEvent(.escape), KeyEvent(.control("c")),
  ]
}
