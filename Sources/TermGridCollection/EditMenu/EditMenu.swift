import TermGridCore

/// The edit menu (the guide's "Showing the Edit Menu for a Cell"): a small popup of
/// actions next to a cell, or at the pointer for a right click.
///
/// Entries the delegate does not allow for the selection are shown greyed and cannot be
/// chosen. Arrows move between enabled entries, Enter chooses, an entry's letter
/// (accelerator) chooses it directly, Esc or a click outside closes. The popup is placed
/// below its anchor, else above, and starts at the anchor's left edge, else ends at its
/// right edge, else is shifted onto the screen; on a screen too small for it, it loses its
/// border, then scrolls its entries, and never draws outside the screen.
///
/// ``CollectionView`` opens, routes events to and draws the menu
/// (`CollectionView+EditMenu.swift`); this type is the popup alone.
public struct EditMenu: Hashable, Sendable {
  /// One line of the menu.
  public struct Entry: Hashable, Sendable {
    /// The action it performs.
    public var action: EditAction
    /// Whether it can be chosen (the delegate's `canPerformAction` for the selection).
    public var isEnabled: Bool

    /// Creates an entry.
    public init(action: EditAction, isEnabled: Bool) {
      self.action = action
      self.isEnabled = isEnabled
    }
  }

  /// What an event did.
  public enum Outcome: Hashable, Sendable {
    /// Nothing visible (the event is swallowed while the menu is open).
    case unchanged
    /// The highlighted entry changed: draw again.
    case changed
    /// Close the menu without an action.
    case dismissed
    /// Close the menu and perform this action.
    case chosen(EditAction)
  }

  /// The entries, in menu order.
  public private(set) var entries: [Entry]
  /// The entry Enter would choose; always an enabled one, `nil` when none is.
  public private(set) var highlightedIndex: Int?
  /// The screen cells the menu sits next to: the cell it was opened for, or the pointer.
  public var anchor: CellRect
  /// The keys of the open menu.
  public var keyBindings: KeyBindings = .editMenu
  /// Where the menu was last placed by ``layout(in:)``, in screen cells.
  public private(set) var frame: CellRect = .zero
  /// Whether the last placement had room for a border.
  public private(set) var hasBorder = true
  /// The first entry shown, when the entries do not all fit.
  public private(set) var firstVisibleIndex = 0
  /// How many entries the last placement shows.
  public private(set) var visibleEntryCount = 0
  /// True until the release of the button whose press opened the menu (a right click):
  /// that release must not choose the entry that happens to be under the pointer.
  private var awaitsOpeningRelease: Bool

  /// Creates a menu; the first enabled entry is highlighted. Call ``layout(in:)`` to place it.
  /// - Parameter openedByPress: the menu opens on a mouse press, whose release is still to
  ///   come and is ignored.
  public init(entries: [Entry], anchor: CellRect, openedByPress: Bool = false) {
    self.entries = entries
    self.anchor = anchor
    awaitsOpeningRelease = openedByPress
    highlightedIndex = entries.firstIndex { $0.isEnabled }
  }

  /// Whether any entry can be chosen (the guide shows the menu only then).
  public var hasEnabledEntry: Bool { highlightedIndex != nil }

  // MARK: - Size and placement

  /// The size with a border and every entry shown.
  public var preferredSize: CellSize {
    CellSize(columns: contentWidth + 2, rows: entries.count + 2)
  }

  /// The width of an entry line without the border: a space, the title, a gap and the
  /// accelerator, a space.
  private var contentWidth: Int {
    let titles = entries.map { TextWidth.displayWidth(of: $0.action.title) }.max() ?? 0
    let hasAccelerators = entries.contains { $0.action.accelerator != nil }
    return 1 + titles + (hasAccelerators ? 3 : 0) + 1
  }

  /// Places the menu next to ``anchor`` inside `screen`, keeping the highlighted entry in
  /// view. Call it again after the screen changed size.
  public mutating func layout(in screen: CellRect) {
    hasBorder = screen.rows >= 3 && screen.columns >= 6
    let chrome = hasBorder ? 2 : 0
    visibleEntryCount = max(0, min(entries.count, screen.rows - chrome))
    let size = CellSize(
      columns: min(contentWidth + chrome, screen.columns),
      rows: visibleEntryCount == 0 ? 0 : visibleEntryCount + chrome)
    frame = Self.placement(of: size, nextTo: anchor, in: screen)
    keepHighlightVisible()
  }

  /// Where a popup of `size` goes next to `anchor` on `screen`: below the anchor, else
  /// above it, else as near as fits; starting at the anchor's left edge, else ending at its
  /// right edge (flipped), else shifted onto the screen. Never outside `screen`; cut down
  /// to the screen's size when larger.
  public static func placement(of size: CellSize, nextTo anchor: CellRect, in screen: CellRect) -> CellRect {
    let width = max(0, min(size.columns, screen.columns))
    let height = max(0, min(size.rows, screen.rows))
    guard width > 0, height > 0 else { return CellRect(column: screen.column, row: screen.row, columns: 0, rows: 0) }
    func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), high) }
    let row: Int
    if anchor.maxRow >= screen.row, anchor.maxRow + height <= screen.maxRow {
      row = anchor.maxRow
    } else if anchor.row <= screen.maxRow, anchor.row - height >= screen.row {
      row = anchor.row - height
    } else {
      row = clamp(anchor.row, screen.row, screen.maxRow - height)
    }
    let column: Int
    if anchor.column >= screen.column, anchor.column + width <= screen.maxColumn {
      column = anchor.column
    } else if anchor.maxColumn <= screen.maxColumn, anchor.maxColumn - width >= screen.column {
      column = anchor.maxColumn - width
    } else {
      column = clamp(anchor.column, screen.column, screen.maxColumn - width)
    }
    return CellRect(column: column, row: row, columns: width, rows: height)
  }

  private mutating func keepHighlightVisible() {
    guard visibleEntryCount > 0 else {
      firstVisibleIndex = 0
      return
    }
    firstVisibleIndex = min(max(0, firstVisibleIndex), max(0, entries.count - visibleEntryCount))
    guard let highlighted = highlightedIndex else { return }
    if highlighted < firstVisibleIndex { firstVisibleIndex = highlighted }
    if highlighted >= firstVisibleIndex + visibleEntryCount { firstVisibleIndex = highlighted - visibleEntryCount + 1 }
  }

  /// The entry drawn at a screen cell, if any.
  public func entryIndex(at point: CellPoint) -> Int? {
    guard frame.contains(point) else { return nil }
    let border = hasBorder ? 1 : 0
    let row = point.row - frame.row - border
    guard row >= 0, row < visibleEntryCount else { return nil }
    if hasBorder, point.column == frame.column || point.column == frame.maxColumn - 1 { return nil }
    let index = firstVisibleIndex + row
    return index < entries.count ? index : nil
  }

  // MARK: - Events

  /// Handles an event while the menu is open.
  public mutating func handle(_ event: InputEvent) -> Outcome {
    switch event {
    case .key(let key): return handle(key)
    case .mouse(let mouse): return handle(mouse)
    case .paste: return .dismissed
    case .resize, .signal: return .unchanged
    }
  }

  private mutating func handle(_ key: KeyEvent) -> Outcome {
    if case .character(let character) = key.key, key.modifiers.subtracting(.shift).isEmpty,
      let index = entries.firstIndex(where: { $0.action.accelerator?.lowercased() == character.lowercased() })
    {
      return entries[index].isEnabled ? .chosen(entries[index].action) : .unchanged
    }
    guard let command = keyBindings.command(for: key) else { return .unchanged }
    switch command {
    case .menuPrevious: return moveHighlight(by: -1)
    case .menuNext: return moveHighlight(by: 1)
    case .menuFirst: return highlight(entries.firstIndex { $0.isEnabled })
    case .menuLast: return highlight(entries.lastIndex { $0.isEnabled })
    case .menuChoose: return highlightedIndex.map { .chosen(entries[$0].action) } ?? .unchanged
    case .menuClose: return .dismissed
    default: return .unchanged
    }
  }

  private mutating func handle(_ mouse: MouseEvent) -> Outcome {
    if awaitsOpeningRelease {
      if case .release = mouse.action {
        awaitsOpeningRelease = false
        return .unchanged
      }
      if case .press = mouse.action { awaitsOpeningRelease = false }
    }
    let index = entryIndex(at: mouse.position)
    let inside = frame.contains(mouse.position)
    switch mouse.action {
    case .press, .drag:
      guard inside else {
        // A press outside closes; a drag outside (still holding the button that opened
        // the menu) does not.
        if case .press = mouse.action { return .dismissed }
        return .unchanged
      }
      guard let index, entries[index].isEnabled else { return .unchanged }
      return highlight(index)
    case .release(let button):
      guard button != .middle, let index, entries[index].isEnabled else { return .unchanged }
      return .chosen(entries[index].action)
    case .wheelUp, .wheelLeft:
      return inside ? moveHighlight(by: -1) : .dismissed
    case .wheelDown, .wheelRight:
      return inside ? moveHighlight(by: 1) : .dismissed
    }
  }

  /// Moves to the next enabled entry in a direction, wrapping around.
  private mutating func moveHighlight(by step: Int) -> Outcome {
    guard let start = highlightedIndex, !entries.isEmpty else { return .unchanged }
    var index = start
    for _ in 0..<entries.count {
      index = (index + step + entries.count) % entries.count
      if entries[index].isEnabled { return highlight(index) }
    }
    return .unchanged
  }

  private mutating func highlight(_ index: Int?) -> Outcome {
    guard let index, index != highlightedIndex else { return .unchanged }
    highlightedIndex = index
    keepHighlightVisible()
    return .changed
  }

  // MARK: - Drawing

  /// Draws the menu at ``frame`` (place it with ``layout(in:)`` first). ``EditMenuView``
  /// draws it the way every view is drawn.
  public func draw(into canvas: inout Canvas, theme: Theme) {
    draw(into: &canvas, clip: canvas.bounds, theme: theme)
  }

  /// Draws the part of the menu at ``frame`` that lies inside `clip`.
  func draw(into canvas: inout Canvas, clip: CellRect, theme: Theme) {
    let area = frame.intersection(clip).intersection(canvas.bounds)
    guard !area.isEmpty, visibleEntryCount > 0 else { return }
    canvas.fill(area, style: theme.menu)
    let border = hasBorder ? 1 : 0
    if hasBorder { drawBorder(into: &canvas, style: theme.menu, clip: area) }
    let lineWidth = frame.columns - 2 * border
    guard lineWidth > 0 else { return }
    for row in 0..<visibleEntryCount {
      let index = firstVisibleIndex + row
      guard index < entries.count else { break }
      let entry = entries[index]
      let style = !entry.isEnabled ? theme.menuDisabled : (index == highlightedIndex ? theme.menuSelected : theme.menu)
      let line = CellRect(column: frame.column + border, row: frame.row + border + row, columns: lineWidth, rows: 1)
      canvas.fill(line.intersection(area), style: style)
      canvas.draw(
        Self.text(of: entry.action, width: lineWidth), at: CellPoint(column: line.column, row: line.row), style: style,
        clip: line.intersection(area))
    }
  }

  /// One entry's line: the title at the left, the accelerator at the right.
  static func text(of action: EditAction, width: Int) -> String {
    guard width > 0 else { return "" }
    let key = action.accelerator.map { String($0) } ?? ""
    let keyWidth = key.isEmpty ? 0 : TextWidth.displayWidth(of: key) + 2
    guard width >= 2 else { return TextWidth.truncated(action.title, toWidth: width) }
    if TextWidth.displayWidth(of: action.title) > width - 2 - keyWidth {
      // No room for both: the title wins (the letter still works).
      return " " + TextWidth.padded(action.title, toWidth: width - 1)
    }
    let title = TextWidth.padded(action.title, toWidth: width - 2 - keyWidth)
    return " " + title + (key.isEmpty ? "" : "  " + key) + " "
  }

  private func drawBorder(into canvas: inout Canvas, style: Style, clip: CellRect) {
    let last = frame.columns - 1
    guard last >= 1, frame.rows >= 2 else { return }
    let horizontal = String(repeating: "─", count: max(0, last - 1))
    let moreAbove = firstVisibleIndex > 0
    let moreBelow = firstVisibleIndex + visibleEntryCount < entries.count
    canvas.draw("┌" + horizontal + "┐", at: CellPoint(column: frame.column, row: frame.row), style: style, clip: clip)
    canvas.draw(
      "└" + horizontal + "┘", at: CellPoint(column: frame.column, row: frame.maxRow - 1), style: style, clip: clip)
    for row in (frame.row + 1)..<(frame.maxRow - 1) {
      canvas.draw("│", at: CellPoint(column: frame.column, row: row), style: style, clip: clip)
      canvas.draw("│", at: CellPoint(column: frame.maxColumn - 1, row: row), style: style, clip: clip)
    }
    // Arrows on the border say there are entries scrolled out of view.
    if moreAbove, last >= 2 {
      canvas.draw("▲", at: CellPoint(column: frame.maxColumn - 2, row: frame.row), style: style, clip: clip)
    }
    if moreBelow, last >= 2 {
      canvas.draw("▼", at: CellPoint(column: frame.maxColumn - 2, row: frame.maxRow - 1), style: style, clip: clip)
    }
  }
}
