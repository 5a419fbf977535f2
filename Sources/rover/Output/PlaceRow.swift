import RoverCore

/// One localization as `rover places` prints it: JSON keys, CSV columns and table cells in one place.
struct PlaceRow: Encodable, Tabular {
  var sol: Int?
  var site: Int
  var drive: Int
  var lon: Double
  var lat: Double
  var elevation: Double?
  var distTotalM: Double?
  /// `final`, or `mid-drive` for NASA's `final: "m"`.
  var fix: String
  var note: String?

  enum CodingKeys: String, CodingKey {
    case sol, site, drive, lon, lat, elevation, fix, note
    case distTotalM = "dist_total_m"
  }

  init(_ localization: Localization) {
    sol = localization.sol
    site = localization.site
    drive = localization.drive
    lon = localization.longitude
    lat = localization.latitude
    elevation = localization.elevation
    distTotalM = localization.totalDistance
    fix = localization.isFinal ? "final" : "mid-drive"
    note = localization.note
  }

  /// Every key, `null` where unknown: a column means the same in every row.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sol, forKey: .sol)
    try container.encode(site, forKey: .site)
    try container.encode(drive, forKey: .drive)
    try container.encode(lon, forKey: .lon)
    try container.encode(lat, forKey: .lat)
    try container.encode(elevation, forKey: .elevation)
    try container.encode(distTotalM, forKey: .distTotalM)
    try container.encode(fix, forKey: .fix)
    try container.encode(note, forKey: .note)
  }

  static let columns = ["SOL", "SITE", "DRIVE", "LON", "LAT", "ELEVATION", "DISTANCE M", "FIX", "NOTE"]
  static var numericColumns: Set<Int> { [0, 1, 2, 3, 4, 5, 6] }

  var cells: [String] {
    [
      sol.map(String.init) ?? "-", String(site), String(drive), String(lon), String(lat),
      elevation.map { String($0) } ?? "-", distTotalM.map { String($0) } ?? "-", fix,
      note ?? "",
    ]
  }

  static let fields = ["sol", "site", "drive", "lon", "lat", "elevation", "dist_total_m", "fix", "note"]

  var fieldValues: [String?] {
    [
      sol.map(String.init), String(site), String(drive), String(lon), String(lat), elevation.map { String($0) },
      distTotalM.map { String($0) }, fix, note,
    ]
  }
}
