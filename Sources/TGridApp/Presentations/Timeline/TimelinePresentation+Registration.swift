import TermGrid

extension PresentationKind {
  /// Records with dates on a time axis.
  static let timeline: PresentationKind = "timeline"
}

extension CommandIdentifier {
  /// Show the document on a timeline.
  static let showTimeline: CommandIdentifier = "showTimeline"
}

extension BrowserKeys {
  /// Keys on the timeline.
  static let timeline = makeTable(for: .timeline) { keys in
    keys.add(KeyBinding([], .zoomIn, help: "Zoom in (Ctrl-wheel too)", group: "Timeline"))
    keys.rebind([KeyEvent(.character("+")), KeyEvent(.character("="))], to: .zoomIn)
    keys.add(KeyBinding(keyNames: ["-"], .zoomOut, help: "Zoom out", group: "Timeline"))
    keys.add(KeyBinding(keyNames: ["0"], .zoomToFit, help: "Fit everything in the width", group: "Timeline"))
    keys.add(
      KeyBinding(keyNames: ["T"], .nextTimeField, help: "Use the next date field (start, end)", group: "Timeline"))
    keys.add(
      KeyBinding(
        keyNames: ["w"], .nextLaneField, help: "Group lanes by the next category field (swim lanes; then none)",
        group: "Timeline"))
    // Events are ordered by time: moving one changes nothing on the axis.
    for key in [
      KeyEvent(.up, modifiers: .alt), KeyEvent(.down, modifiers: .alt), KeyEvent(.left, modifiers: .alt),
      KeyEvent(.right, modifiers: .alt),
    ] {
      keys.unbind(key)
    }
  }
}

extension TimelinePresentation {
  /// The timeline, as ``PresentationRegistry`` lists it: `4`, `--layout timeline`, on the
  /// date fields `--time-field` names.
  static let registration = PresentationRegistration(
    kind: .timeline, digitKey: "4", commandLineName: "timeline", helpTitle: "a timeline",
    switchingCommand: .showTimeline, keyBindings: { BrowserKeys.timeline },
    make: { host, options in
      TimelinePresentation(host: host, fields: options.timeFields, laneField: options.laneField)
    })
}
