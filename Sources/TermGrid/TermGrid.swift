// TermGrid is built in layers, each a module of its own so the compiler keeps the rules
// between them (see the Architecture article). This module is the one users import: it
// re-exports every layer, so `import TermGrid` is all a program writes.
@_exported import TermGridCollection
@_exported import TermGridCore
@_exported import TermGridLayout
@_exported import TermGridPlatform
@_exported import TermGridTerminal
@_exported import TermGridViews
