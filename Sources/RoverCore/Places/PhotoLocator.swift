/// Gives photos their positions for one run: each rover's localizations are fetched once, whatever the number of
/// photos or batches (concurrent callers share the one request), and a rover NASA publishes no map for is said
/// once as a warning. An actor: downloads and listings call it from several tasks.
package actor PhotoLocator {
  private let places: PlacesClient
  private let events: ClientEventHandler?
  private var fetches: [String: Task<RoverLocalizations?, any Error>] = [:]

  package init(settings: ConnectionSettings, events: ClientEventHandler?) {
    places = PlacesClient(settings: settings, events: events)
    self.events = events
  }

  /// `photos` with ``Photo/position`` set (nil where unknown) and their JSON carrying the position keys.
  /// - Throws: what ``PlacesClient/localizations(of:)`` throws for a rover's waypoint file.
  package func locate(_ photos: [Photo]) async throws -> [Photo] {
    var located = photos
    for index in located.indices {
      located[index].includesPosition = true
      guard !located[index].isKnownOnlyByURL else { continue }
      located[index].position = try await localizations(of: located[index].rover.name)?.position(of: located[index])
    }
    return located
  }

  /// One photo, as ``locate(_:)``.
  package func locate(_ photo: Photo) async throws -> Photo {
    try await locate([photo])[0]
  }

  private func localizations(of rover: String) async throws -> RoverLocalizations? {
    let key = rover.lowercased()
    if let fetch = fetches[key] { return try await fetch.value }
    let places = places
    let events = events
    let fetch = Task {
      let answer = try await places.localizations(of: key)
      if answer == nil {
        events?(.warning(.noPositionsPublished(rover: key)))
      }
      return answer
    }
    fetches[key] = fetch
    return try await fetch.value
  }
}
