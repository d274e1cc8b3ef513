import TGridJSON
import TermGrid

/// The browser as finding's context.
extension BrowserController: FindingContext {
  func open(_ prompt: StatusPrompt) {
    self.prompt = prompt
    setNeedsDisplay()
  }

  func recordJump(leaving origin: NodeID) {
    navigation.recordJump(from: Navigation.Place(id: origin, kind: presentation.kind))
  }
}
