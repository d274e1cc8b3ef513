/// Every view of tgrid, in the order of their digit keys and of Tab.
///
/// The one place outside a view's folder that names its type: the browser makes
/// presentations from these registrations, the key tables bind their switching commands,
/// the help screen names them and `--layout` takes their command-line names. A new view is
/// a folder with its presentation and its ``PresentationRegistration``, and a line here.
enum PresentationRegistry {
  /// Every registration, in order.
  static let all: [PresentationRegistration] = [
    GridPresentation.registration,
    TreePresentation.registration,
    TablePresentation.registration,
    TimelinePresentation.registration,
    SchematicPresentation.registration,
    ChartPresentation.registration,
  ]

  /// The registration of a kind.
  static func registration(for kind: PresentationKind) -> PresentationRegistration {
    guard let found = all.first(where: { $0.kind == kind }) else {
      preconditionFailure("\(kind) is not registered: add its registration to PresentationRegistry.all")
    }
    return found
  }

  /// The registration whose command-line name is `name` (`--layout table`), if any.
  static func registration(commandLineName name: String) -> PresentationRegistration? {
    all.first { $0.commandLineName == name }
  }
}
