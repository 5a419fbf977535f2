import Foundation

/// Photos in `rover photos --format jsonl` form, for piping into `fetch-image -`.
enum PhotoLines {
  static func line(
    id: String, imgSrc: String, rover: String = "Curiosity", camera: String = "FHAZ", sol: Int = 1000
  ) -> String {
    let object: [String: Any] = [
      "id": Int(id).map { $0 as Any } ?? id, "sol": sol, "img_src": imgSrc, "earth_date": "2015-05-30",
      "camera": ["id": 20, "name": camera, "rover_id": 5, "full_name": "Front Hazard Avoidance Camera"],
      "rover": [
        "id": 5, "name": rover, "landing_date": "2012-08-06", "launch_date": "2011-11-26", "status": "active",
      ],
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  static func data(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }
}

/// Files below a directory, relative paths, hidden ones included.
func filesBelow(_ directory: URL) -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
  var files: [String] = []
  while let path = enumerator.nextObject() as? String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      files.append(path)
    }
  }
  return files.sorted()
}

/// The files `fetch-image` and `sync` saved below a directory: `filesBelow` less the download record.
func imagesBelow(_ directory: URL) -> [String] {
  filesBelow(directory).filter { !$0.hasPrefix(".rover-record") }
}

func fileSize(_ url: URL) -> Int? {
  (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
}
