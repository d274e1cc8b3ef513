import TermGrid

// A photo album: albums as sections with headers and footers, photos as cards in a flow
// layout, shown through a diffable data source. See PhotoAlbum.swift for the keys.
let terminal = try NcursesTerminal()
let exit = TerminalRunLoop(terminal: terminal, root: PhotoAlbum(size: terminal.size)).run()
terminal.shutdown()
if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
