import TermGrid

/// Runs the browser on a terminal: waits for input, lets the controller handle it, draws
/// when something changed. Several queued events are handled before one frame is drawn.
struct BrowserRunLoop {
  let terminal: any Terminal
  let controller: BrowserController

  /// Runs until the user quits or a terminating signal arrives.
  /// - Returns: the signal that ended the loop, if one did.
  func run() -> Int32? {
    var canvas = Canvas(size: terminal.size)
    while true {
      if controller.needsDisplay || controller.collectionView.isAnimating {
        if canvas.size != terminal.size { canvas = Canvas(size: terminal.size) }
        controller.draw(into: &canvas)
        terminal.present(canvas)
      }
      var timeout = controller.collectionView.millisecondsUntilNextFrame
      while let event = terminal.nextEvent(timeoutMilliseconds: timeout) {
        if case .signal(let signal) = event { return signal }
        if controller.handle(event) == .quit { return nil }
        // Drain what is already waiting without sleeping, then draw once.
        timeout = 0
      }
    }
  }
}
