import TermGrid

// A chart from the talk "Beyond the Grid": a year of monthly temperatures in two cities,
// every reading an item placed by ChartLayout, the axes, ticks and gridlines supplementary
// views and the legend a decoration. `c` cycles scatter, line and bar; `+` and `-` zoom by
// switching to a layout of another zoom, animated, and `0` fits the year again; the arrows
// move between readings; q quits.
let terminal = try NcursesTerminal()
let exit = TerminalRunLoop(terminal: terminal, root: Chart(size: terminal.size)).run()
terminal.shutdown()
if case .signal(let signal) = exit { TerminalSignals.terminateProcess(bySignal: signal) }
