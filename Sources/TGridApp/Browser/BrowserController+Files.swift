/// The browser as files' context.
extension BrowserController: FileContext {}
