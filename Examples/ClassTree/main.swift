import TermGrid

// The Collection View Programming Guide's worked example: a class hierarchy drawn by a
// custom layout (ClassTreeLayout.swift), one section per depth, with connector lines as
// supplementary views. Arrows move, Space selects, q quits.
let terminal = try NcursesTerminal()
let exit = TerminalRunLoop(terminal: terminal, root: ClassTree(size: terminal.size)).run()
terminal.shutdown()
if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
