/// One photo: what the cards show.
struct Photo: Hashable, Sendable {
  /// Stays the same whatever album the photo is in: the diffable data source's identifier.
  var id: Int
  var title: String
  var year: Int
}

/// An album: a name and its photos, in order.
struct Album: Hashable, Sendable {
  var name: String
  var photos: [Int]
}

/// The photos and albums: the app's model. Every change goes through it, and the app then
/// shows the new state as a snapshot.
struct Library {
  private(set) var photos: [Int: Photo] = [:]
  private(set) var albums: [Album] = []
  private var nextID = 1

  /// Three albums of sample photos.
  static let sample: Library = {
    var library = Library()
    let albums: [(String, [(String, Int)])] = [
      (
        "Holidays",
        [
          ("Beach", 2023), ("Harbour", 2023), ("Lighthouse", 2022), ("Dunes", 2023), ("Ferry", 2024), ("Sunset", 2024),
          ("Pier", 2022),
        ]
      ),
      ("Family", [("Grandma", 2019), ("Birthday", 2024), ("Garden", 2021), ("Picnic", 2023), ("Kitten", 2024)]),
      (
        "City walks",
        [("Bridge", 2022), ("Market", 2024), ("Tram", 2021), ("Rooftops", 2023), ("Museum", 2022), ("Park", 2024)]
      ),
    ]
    for (name, photos) in albums {
      library.albums.append(Album(name: name, photos: []))
      for (title, year) in photos { library.add(title: title, year: year, toAlbum: library.albums.count - 1) }
    }
    return library
  }()

  subscript(photo id: Int) -> Photo? { photos[id] }

  /// Adds a photo to an album, after `afterPhoto` or at the end.
  @discardableResult
  mutating func add(title: String, year: Int, toAlbum album: Int, after afterPhoto: Int? = nil) -> Int {
    let id = nextID
    nextID += 1
    photos[id] = Photo(id: id, title: title, year: year)
    let position =
      afterPhoto.flatMap { albums[album].photos.firstIndex(of: $0) }.map { $0 + 1 } ?? albums[album].photos.count
    albums[album].photos.insert(id, at: position)
    return id
  }

  /// Removes photos from their albums.
  mutating func delete(_ ids: Set<Int>) {
    for index in albums.indices { albums[index].photos.removeAll { ids.contains($0) } }
    for id in ids { photos[id] = nil }
  }

  /// Sorts an album's photos by title.
  mutating func sortAlbum(_ album: Int) {
    albums[album].photos.sort { (photos[$0]?.title ?? "") < (photos[$1]?.title ?? "") }
  }

  /// Moves a photo to the start of the next album (the first after the last).
  mutating func moveToNextAlbum(_ id: Int) {
    guard let from = albums.firstIndex(where: { $0.photos.contains(id) }) else { return }
    albums[from].photos.removeAll { $0 == id }
    albums[(from + 1) % albums.count].photos.insert(id, at: 0)
  }

  /// The album holding a photo.
  func album(containing id: Int) -> Int? {
    albums.firstIndex { $0.photos.contains(id) }
  }
}
