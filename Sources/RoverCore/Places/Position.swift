/// Where on Mars a photo was taken: longitude and latitude in degrees on the Mars 2000 sphere (planetocentric
/// latitude, east longitude, as NASA's mission maps draw them) and elevation in metres above the areoid.
///
/// A position comes from NASA's own localizations of the rover (see ``RoverLocalizations``), never from a guess:
/// a photo taken where NASA fixed the rover carries that fix exactly (``Method/localized``); one taken elsewhere in
/// a site carries the site's origin moved by the rover's `xyz` in the site frame (``Method/siteXYZ``), which lands
/// within a few metres of the fix NASA makes later.
public struct Position: Sendable, Hashable {
  /// East longitude in degrees (Jezero is near 77.4).
  public var longitude: Double
  /// Planetocentric latitude in degrees (Jezero is near 18.4).
  public var latitude: Double
  /// Metres above the Mars areoid (`elev_geoid`); nil where the localization gives none.
  public var elevation: Double?
  /// How the position was found, which says how far to trust it.
  public var method: Method

  /// A position from its parts, as a localization or a test would make one.
  public init(longitude: Double, latitude: Double, elevation: Double?, method: Method) {
    self.longitude = longitude
    self.latitude = latitude
    self.elevation = elevation
    self.method = method
  }

  /// How a ``Position`` was found; its raw value is what JSON and CSV write as `position_method`.
  public enum Method: String, Sendable, Hashable, CaseIterable {
    /// NASA localized the rover at the photo's own site and drive: the position is NASA's fix, exactly.
    case localized
    /// The site's origin (its drive-0 localization) plus the rover's `xyz` in the site frame (x north, y east,
    /// z down, metres): a dead-reckoned position, typically within a few metres of a later fix.
    case siteXYZ = "site+xyz"
  }
}
