import TGridApp

TGridCommand.main()
