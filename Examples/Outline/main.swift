import TermGrid

// An outline list: folders and files in a section snapshot, shown by a diffable data source
// with list cells. See Outline.swift for the keys.
let terminal = try NcursesTerminal()
let exit = TerminalRunLoop(terminal: terminal, root: Outline(size: terminal.size)).run()
terminal.shutdown()
if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
