import RoverCore

extension SolDescription: Tabular {
  static var columns: [String] { ["SOL", "EARTH DATE", "PHOTOS", "CAMERAS"] }
  static var numericColumns: Set<Int> { [0, 2] }

  var cells: [String] {
    [String(sol), earthDate?.description ?? "-", String(totalPhotos), cameras.joined(separator: " ")]
  }

  static var fields: [String] { ["sol", "earth_date", "total_photos", "cameras"] }

  var fieldValues: [String?] {
    [String(sol), earthDate?.description, String(totalPhotos), cameras.joined(separator: " ")]
  }
}
