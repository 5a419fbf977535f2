import Foundation

/// The map projection of NASA's mission maps: equirectangular on the Mars 2000 sphere, with a standard parallel per
/// mission (Perseverance 18.4663°, Curiosity 0°). It turns a localization's easting and northing (metres) into the
/// longitude and latitude the same file gives, and measures great-circle distances on the same sphere.
package struct MarsMapProjection: Sendable, Hashable {
  /// The Mars 2000 sphere's radius, metres (IAU 2000).
  package static let radius = 3_396_190.0

  /// The projection's standard parallel in degrees.
  package let standardParallel: Double

  package init(standardParallel: Double) {
    self.standardParallel = standardParallel
  }

  private var parallelScale: Double { cos(standardParallel * .pi / 180) }

  /// East longitude in degrees of an easting in metres.
  package func longitude(easting: Double) -> Double {
    easting / (Self.radius * parallelScale) * 180 / .pi
  }

  /// Latitude in degrees of a northing in metres.
  package func latitude(northing: Double) -> Double {
    northing / Self.radius * 180 / .pi
  }

  /// Easting in metres of a longitude in degrees: the inverse of ``longitude(easting:)``.
  package func easting(longitude: Double) -> Double {
    longitude * .pi / 180 * Self.radius * parallelScale
  }

  /// Northing in metres of a latitude in degrees: the inverse of ``latitude(northing:)``.
  package func northing(latitude: Double) -> Double {
    latitude * .pi / 180 * Self.radius
  }

  /// The great-circle distance in metres between two points given in degrees, on the Mars 2000 sphere
  /// (haversine: exact on a sphere, stable for the few metres between neighbouring photos).
  package static func distance(
    longitude lon1: Double, latitude lat1: Double, toLongitude lon2: Double, latitude lat2: Double
  ) -> Double {
    let phi1 = lat1 * .pi / 180
    let phi2 = lat2 * .pi / 180
    let dPhi = phi2 - phi1
    let dLambda = (lon2 - lon1) * .pi / 180
    let a = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * radius * asin(min(1, sqrt(a)))
  }
}
