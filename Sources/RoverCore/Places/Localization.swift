/// One of NASA's localizations of a rover: where the rover was fixed at the end of a drive (or mid-drive), as one
/// feature of the mission map's waypoint file. Values are as the file gives them; nil where it gives none.
package struct Localization: Sendable, Hashable {
  /// The sol the drive ended (not the sol of the photos taken there, which are often the next sol's).
  package var sol: Int?
  /// The rover's site counter.
  package var site: Int
  /// The drive within the site; drive 0 is the site frame's origin.
  package var drive: Int
  /// East longitude, degrees.
  package var longitude: Double
  /// Planetocentric latitude, degrees.
  package var latitude: Double
  /// Metres above the areoid (`elev_geoid`).
  package var elevation: Double?
  /// Map-projection easting and northing, metres, where the file gives them.
  package var easting: Double?
  package var northing: Double?
  /// Metres driven since landing (`dist_total_m`, or `dist_total` in the older schema).
  package var totalDistance: Double?
  /// False for a mid-drive fix (`final: "m"`); true for `y` or when the file does not say.
  package var isFinal: Bool
  /// NASA's note (`Site increment, no motion.`), as sent.
  package var note: String?

  package init(
    sol: Int?, site: Int, drive: Int, longitude: Double, latitude: Double, elevation: Double?,
    easting: Double? = nil, northing: Double? = nil, totalDistance: Double? = nil, isFinal: Bool = true,
    note: String? = nil
  ) {
    self.sol = sol
    self.site = site
    self.drive = drive
    self.longitude = longitude
    self.latitude = latitude
    self.elevation = elevation
    self.easting = easting
    self.northing = northing
    self.totalDistance = totalDistance
    self.isFinal = isFinal
    self.note = note
  }
}
