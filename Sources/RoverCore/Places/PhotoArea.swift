/// A circle on Mars (`--near LON,LAT --within DISTANCE`): which photos were taken within `radius` metres of a
/// place, by great-circle distance on the Mars 2000 sphere.
package struct PhotoArea: Sendable, Hashable {
  package var longitude: Double
  package var latitude: Double
  /// Metres.
  package var radius: Double

  package init(longitude: Double, latitude: Double, radius: Double) {
    self.longitude = longitude
    self.latitude = latitude
    self.radius = radius
  }

  /// Whether `position` lies within the circle; a photo without a position is never in it.
  package func contains(_ position: Position?) -> Bool {
    guard let position else { return false }
    return MarsMapProjection.distance(
      longitude: longitude, latitude: latitude, toLongitude: position.longitude, latitude: position.latitude)
      <= radius
  }

  /// The photos within the circle, and how many were left out for having no position.
  package func filter(_ photos: [Photo]) -> (kept: [Photo], unplaced: Int) {
    (photos.filter { contains($0.position) }, photos.count(where: { $0.position == nil }))
  }
}
