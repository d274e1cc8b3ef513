import TermGrid

/// The name of one way tgrid can show a document: the browser keeps its presentations by
/// it, and a place in the jump list says which view it was seen in.
///
/// Each view declares its own beside its ``PresentationRegistration``:
/// ```swift
/// extension PresentationKind {
///   static let grid: PresentationKind = "grid"
/// }
/// ```
/// Everything else about a kind (its key, its command, its place in Tab's order) is read
/// from ``PresentationRegistry``.
package struct PresentationKind:
  RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The stable name (snapshot and benchmark names use it).
  package var rawValue: String

  package init(rawValue: String) {
    self.rawValue = rawValue
  }

  package init(stringLiteral value: String) {
    rawValue = value
  }

  package var description: String { rawValue }
}

extension PresentationKind: CaseIterable {
  /// Every registered kind, in the order of the registry (the digit keys', Tab's).
  package static var allCases: [PresentationKind] { PresentationRegistry.all.map(\.kind) }
}

extension PresentationKind {
  /// How this kind registered itself.
  var registration: PresentationRegistration { PresentationRegistry.registration(for: self) }

  /// The presentation a command switches to, if it is one of the switching commands.
  init?(switchingCommand command: CommandIdentifier) {
    guard let registration = PresentationRegistry.all.first(where: { $0.switchingCommand == command }) else {
      return nil
    }
    self = registration.kind
  }

  /// The command that shows this presentation.
  var switchingCommand: CommandIdentifier { registration.switchingCommand }

  /// The key that shows it.
  var digitKey: Character { registration.digitKey }

  /// What the help screen calls it.
  var helpName: String { registration.helpTitle }

  /// The next presentation in the registry's order (Tab), wrapping around.
  var next: PresentationKind {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }

  /// The previous one (Shift-Tab).
  var previous: PresentationKind {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + all.count - 1) % all.count]
  }
}
