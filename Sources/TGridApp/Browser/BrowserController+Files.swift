/// The browser as files' context.
extension BrowserController: FileContext {}

/// The browser as the command line's context.
extension BrowserController: CommandLineContext {}
