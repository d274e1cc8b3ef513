import TermGrid

// A photo library in a compositional layout: a row of featured photos that scrolls
// sideways, a grid of albums and a list of recent photos. See PhotoLibrary.swift.
let terminal = try NcursesTerminal()
let exit = TerminalRunLoop(terminal: terminal, root: PhotoLibrary(size: terminal.size)).run()
terminal.shutdown()
if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
