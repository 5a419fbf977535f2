import RoverCore

extension Rover: Tabular {
  static var columns: [String] { ["NAME", "STATUS", "LAUNCH", "LANDING", "MAX SOL", "MAX DATE", "PHOTOS", "CAMERAS"] }
  static var numericColumns: Set<Int> { [4, 6, 7] }

  var cells: [String] {
    [
      name, status.rawValue, launchDate?.description ?? "-", landingDate?.description ?? "-",
      maxSol.map(String.init) ?? "-", maxDate?.description ?? "-", totalPhotos.map(String.init) ?? "-",
      String(cameras?.count ?? 0),
    ]
  }

  static var fields: [String] {
    ["name", "status", "launch_date", "landing_date", "max_sol", "max_date", "total_photos", "cameras"]
  }

  /// `cameras` is the JSON array's names, space-separated.
  var fieldValues: [String?] {
    [
      name, status.rawValue, launchDate?.description, landingDate?.description, maxSol.map(String.init),
      maxDate?.description, totalPhotos.map(String.init), cameras.map { $0.map(\.name).joined(separator: " ") },
    ]
  }
}
