import Foundation
import RoverCore

extension Photo: Tabular {
  static var columns: [String] { ["ID", "ROVER", "SOL", "EARTH DATE", "CAMERA", "IMAGE"] }
  static var numericColumns: Set<Int> { [2] }

  var cells: [String] {
    [id.description, rover.name, String(sol), earthDate.description, camera.name, imageSource]
  }

  /// CSV columns: the photo's own, then every metadata field in a fixed order, named as in JSON.
  static var fields: [String] {
    [
      "id", "rover", "sol", "earth_date", "camera", "img_src", "taken_utc", "received_utc", "lmst", "ltst", "sclk",
      "site", "drive", "xyz", "attitude", "mast_azimuth", "mast_elevation", "camera_model", "camera_position",
      "camera_vector", "width", "height", "subframe", "scale_factor", "filter", "title", "caption", "credit", "eye",
      "product", "sequence", "tile", "version",
    ]
  }

  var fieldValues: [String?] {
    let meta = metadata
    let frame = self.frame
    let own: [String?] = [id.description, rover.name, String(sol), earthDate.description, camera.name, imageSource]
    let time: [String?] = [meta.takenUTC, meta.receivedUTC, meta.lmst, meta.ltst, Self.number(meta.sclk)]
    let place: [String?] = [
      meta.site.map(String.init), meta.drive.map(String.init), Self.list(meta.xyz), Self.list(meta.attitude),
      Self.number(meta.mastAzimuth), Self.number(meta.mastElevation), Self.json(meta.cameraModel),
      Self.list(meta.cameraPosition), Self.list(meta.cameraVector),
    ]
    let image: [String?] = [
      meta.width.map(String.init), meta.height.map(String.init), Self.json(meta.subframe),
      meta.scaleFactor.map(String.init), meta.filter, meta.title, meta.caption, meta.credit,
    ]
    let name: [String?] = [
      frame?.eye?.rawValue, frame?.product, frame?.sequence, frame?.tile.map(String.init),
      frame?.version.map(String.init),
    ]
    return own + time + place + image + name
  }

  /// CSV columns added when positions were looked up, named as in JSON.
  static let positionFields = ["lon", "lat", "elevation", "position_method"]

  var positionValues: [String?] {
    [
      Self.number(position?.longitude), Self.number(position?.latitude), Self.number(position?.elevation),
      position?.method.rawValue,
    ]
  }

  var pairs: [(String, String)] {
    var pairs = [
      ("id", id.description), ("rover", rover.name), ("sol", String(sol)), ("earth date", earthDate.description),
      ("camera", camera.fullName.map { "\(camera.name) (\($0))" } ?? camera.name), ("image", imageSource),
    ]
    let meta = metadata
    let known: [(String, String?)] = [
      ("taken", meta.takenUTC), ("lmst", meta.lmst), ("ltst", meta.ltst), ("sclk", Self.number(meta.sclk)),
      ("site / drive", meta.site.map { site in "\(site) / \(meta.drive.map(String.init) ?? "-")" }),
      ("mast az / el", meta.mastAzimuth.map { "\($0) / \(meta.mastElevation.map { "\($0)" } ?? "-")" }),
      ("sequence", frame?.sequence), ("camera model", meta.cameraModel?.type),
    ]
    pairs += known.compactMap { key, value in value.map { (key, $0) } }
    if let position {
      let elevation = position.elevation.map { ", \($0) m" } ?? ""
      pairs.append(
        ("position", "\(position.longitude) E, \(position.latitude) N\(elevation) (\(position.method.rawValue))"))
    }
    return pairs
  }

  private static func number(_ value: Double?) -> String? {
    value.map { value in
      let text = String(value)
      return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
  }

  /// Numbers as a JSON array, so a CSV cell stays one field that a script can parse.
  private static func list(_ values: [Double]?) -> String? {
    values.map { "[" + $0.compactMap { number($0) }.joined(separator: ",") + "]" }
  }

  private static func json<Value: Encodable>(_ value: Value?) -> String? {
    guard let value else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
  }
}
