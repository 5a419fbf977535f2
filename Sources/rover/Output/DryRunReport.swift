import Foundation
import RoverCore

/// `fetch-image --dry-run`: where each photo would go, one path a line, or JSON Lines with `--json`.
struct DryRunReport {
  let json: Bool
  let template: NameTemplate

  struct Line: Encodable {
    var id: String
    var rover: String
    var sol: Int
    var camera: String
    var imgSrc: String
    var path: String

    enum CodingKeys: String, CodingKey {
      case id, rover, sol, camera, path
      case imgSrc = "img_src"
    }
  }

  func print(_ photos: [Photo]) {
    var text = ""
    for photo in photos {
      let path = template.path(for: photo)
      if json {
        let line = Line(
          id: photo.id.description, rover: photo.rover.name, sol: photo.sol, camera: photo.camera.name,
          imgSrc: photo.imageSource, path: path)
        text += (try? JSONOutput.lines([line])) ?? ""
      } else {
        text += path + "\n"
      }
    }
    Printer(format: json ? .jsonl : .urls, color: false).write(text)
  }
}
