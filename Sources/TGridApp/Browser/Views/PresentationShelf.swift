import TGridJSON
import TermGrid

/// Every presentation the browser has made, each kept with its state (collapsed nodes, a
/// table drilled into, a timeline's zoom) while another is on screen, and the data source
/// the collection view holds for each.
///
/// Presentations are made on first use, as their ``PresentationRegistration`` says, with the
/// options the browser was opened with and its colours.
final class PresentationShelf {
  /// Who shows the presentations (the browser).
  private unowned let host: any PresentationHost
  /// Every presentation made so far, by kind.
  private var made: [PresentationKind: any Presentation] = [:]
  /// What the collection view holds as each presentation's data source (weakly).
  private var dataSources: [PresentationKind: PresentationDataSource] = [:]
  /// What presentations are made with: the tree's shape, the timeline's date fields. Every
  /// presentation made hears of a change.
  var options: PresentationOptions {
    didSet {
      for presentation in made.values { presentation.optionsDidChange(options) }
    }
  }
  /// The presentations that missed a change while another was shown.
  private var stale: Set<PresentationKind> = []
  /// How many colours the terminal has (256 until it says).
  private(set) var colorCount = 256

  init(host: any PresentationHost, options: PresentationOptions) {
    self.host = host
    self.options = options
  }

  /// The presentation of a kind: the one made before, else a new one.
  func presentation(_ kind: PresentationKind) -> any Presentation {
    if let known = made[kind] { return known }
    let fresh = kind.registration.makePresentation(host: host, options: options)
    fresh.applyColorCount(colorCount)
    made[kind] = fresh
    return fresh
  }

  /// Every presentation made so far.
  var all: some Collection<any Presentation> { made.values }

  /// Forgets every presentation (the document was replaced: nothing they hold means
  /// anything now).
  func removeAll() {
    made = [:]
    stale = []
  }

  /// The data source the collection view holds for a presentation (identifying its items).
  func dataSource(for presentation: any Presentation) -> PresentationDataSource {
    if let known = dataSources[presentation.kind], known.presentationID == ObjectIdentifier(presentation) {
      return known
    }
    let fresh = PresentationDataSource(presentation: presentation)
    dataSources[presentation.kind] = fresh
    return fresh
  }

  /// Colours for the terminal, in every presentation made and every one made later.
  func applyColorCount(_ count: Int) {
    colorCount = count
    for presentation in made.values { presentation.applyColorCount(count) }
  }

  /// Every presentation follows a change: `current`, on screen, at once; the others read
  /// their items again when they next show (``bringUpToDate(_:)``), however many changes
  /// came meanwhile.
  func apply(_ change: DocumentChange, current: any Presentation) {
    current.apply(change)
    for kind in made.keys where kind != current.kind { stale.insert(kind) }
  }

  /// Brings a presentation's items up to date if the document changed while it was not
  /// shown (before it shows, or reveals a value in its items).
  func bringUpToDate(_ presentation: any Presentation) {
    guard stale.remove(presentation.kind) != nil else { return }
    presentation.readAgain()
  }
}
