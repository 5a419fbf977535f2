import Foundation

/// Reads NASA's mission-map layers for the rovers' localizations, through the response cache: a day's freshness,
/// revalidated after that, and answered from the cache alone under `--offline` once fetched.
package struct PlacesClient: Sendable {
  /// The largest waypoint file read: Perseverance's is 0.5 MB after three years, Curiosity's a few MB.
  package static let maxFileBytes = 16 * 1024 * 1024
  /// A waypoint file changes once a drive is localized: a day is fresh enough.
  static let lifetime: TimeInterval = 86_400

  let configuration: ServiceConfiguration
  let fetcher: CachedFetcher
  let events: ClientEventHandler?

  package init(settings: ConnectionSettings, events: ClientEventHandler?) {
    configuration = settings.placesConfiguration
    fetcher = CachedFetcher(
      configuration: configuration, cache: settings.responseCache, cacheMode: settings.activeCacheMode, events: events,
      maxBodyBytes: Self.maxFileBytes)
    self.events = events
  }

  /// A mission's map layer and its projection's standard parallel, for the rovers NASA publishes one for.
  package static func layer(rover: String) -> (path: String, standardParallel: Double)? {
    switch rover.lowercased() {
    case "perseverance": ("/mmgis-maps/M20/Layers/json/M20_waypoints.json", 18.4663)
    case "curiosity": ("/mmgis-maps/MSL/Layers/json/MSL_waypoints.json", 0)
    default: nil
    }
  }

  /// The waypoint file's URL for `rover`, nil for a rover without one.
  package func url(rover: String) -> URL? {
    guard let layer = Self.layer(rover: rover) else { return nil }
    let base = configuration.baseURL.absoluteString
    return URL(string: (base.hasSuffix("/") ? String(base.dropLast()) : base) + layer.path)
  }

  /// `rover`'s localizations; nil for a rover without a NASA map layer (Spirit, Opportunity, Ingenuity, InSight).
  /// Features left out of the file are said once as a warning event.
  /// - Throws: ``HTTPError`` (`responseTooLarge` past ``maxFileBytes``), ``ServiceError`` (`offlineMiss`,
  ///   `malformedJSON` for a file that is not a FeatureCollection, `unknownRover` for a name no mission has).
  package func localizations(of rover: String) async throws -> RoverLocalizations? {
    guard let layer = Self.layer(rover: rover), let url = url(rover: rover) else {
      if Mission(name: rover) == nil { throw ServiceError.unknownRover(name: rover) }
      return nil
    }
    let shown = configuration.redactor.redact(url)
    let request = CachedFetcher.Request<WaypointFile>(
      key: "places \(shown)", url: url, headers: [:], what: "\(rover.lowercased()) localizations (\(shown))",
      classify: RawFeedClassifier(redactor: configuration.redactor).verdict, lifetime: { _ in Self.lifetime })
    let file = try await fetcher.fetch(request)
    if let notice = file.skippedNotice(url: shown) { events?(.warning(notice)) }
    return RoverLocalizations(
      file.localizations, projection: MarsMapProjection(standardParallel: layer.standardParallel))
  }
}
