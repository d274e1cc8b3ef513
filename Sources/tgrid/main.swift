import TGridApp

TGridCommand.runFromCommandLine()
