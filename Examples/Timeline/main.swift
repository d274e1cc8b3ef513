import TermGrid

// The timeline from the talk "UICollectionView: Create Unique, High Performance
// Interfaces": events as dots (cells), with dates, spans and labels as supplementary views
// and a "today" line as a decoration, laid out by TimelineLayout.swift. `+` and `-` zoom by
// switching to a layout of another scale, animated; `t` scrolls to today; q quits.
let terminal = try NcursesTerminal()
let exit = TerminalRunLoop(terminal: terminal, root: Timeline(size: terminal.size)).run()
terminal.shutdown()
if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
