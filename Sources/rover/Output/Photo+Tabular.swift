import RoverCore

extension Photo: Tabular {
  static var columns: [String] { ["ID", "ROVER", "SOL", "EARTH DATE", "CAMERA", "IMAGE"] }
  static var numericColumns: Set<Int> { [2] }

  var cells: [String] {
    [id.description, rover.name, String(sol), earthDate.description, camera.name, imageSource]
  }

  static var fields: [String] { ["id", "rover", "sol", "earth_date", "camera", "img_src"] }

  var fieldValues: [String?] {
    [id.description, rover.name, String(sol), earthDate.description, camera.name, imageSource]
  }

  var pairs: [(String, String)] {
    [
      ("id", id.description), ("rover", rover.name), ("sol", String(sol)), ("earth date", earthDate.description),
      ("camera", camera.fullName.map { "\(camera.name) (\($0))" } ?? camera.name), ("image", imageSource),
    ]
  }
}
