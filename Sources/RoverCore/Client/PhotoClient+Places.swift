extension PhotoClient {
  /// NASA's localizations of `rover` from its mission map (Perseverance and Curiosity), for
  /// ``RoverLocalizations/position(of:)``. One request per call, through the response cache (fresh for a day):
  /// fetch once per run and join every photo against the answer.
  ///
  /// - Returns: nil for a rover NASA publishes no map layer for (Spirit, Opportunity, Ingenuity, InSight).
  /// - Throws: ``HTTPError`` (a file past 16 MB is refused as `responseTooLarge`), ``ServiceError`` (not cached
  ///   under `--offline`; a file that is not a GeoJSON FeatureCollection).
  public func localizations(of rover: String) async throws -> RoverLocalizations? {
    guard let places else { return nil }
    return try await places.localizations(of: rover)
  }
}
