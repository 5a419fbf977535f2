/// One photo as one line of compact JSON, written directly: the same bytes `JSONEncoder` gives with sorted keys
/// and unescaped slashes (a test holds the two together), at a fraction of its cost, because `photos --format
/// jsonl` and `watch` print every photo of a mission this way.
package enum PhotoJSONLine {
  /// The photo's JSON and a newline.
  package static func line(_ photo: Photo) -> String {
    var out = ""
    out.reserveCapacity(512)
    write(photo, into: &out)
    out.append("\n")
    return out
  }

  package static func write(_ photo: Photo, into out: inout String) {
    // Keys in sorted order, as `.sortedKeys` prints them; the details' and metadata's keys sit among the photo's.
    let meta = photo.metadata
    let frame = photo.frame
    let details = photo.details
    out.append("{")
    key("attitude", &out); numbers(meta.attitude, &out)
    out.append(","); key("camera", &out); camera(photo.camera, &out)
    out.append(","); key("camera_model", &out); cameraModel(meta.cameraModel, &out)
    out.append(","); key("camera_position", &out); numbers(meta.cameraPosition, &out)
    out.append(","); key("camera_vector", &out); numbers(meta.cameraVector, &out)
    out.append(","); key("caption", &out); optional(meta.caption, &out)
    out.append(","); key("credit", &out); optional(meta.credit, &out)
    if let dateTaken = details?.dateTaken { out.append(","); key("date_taken", &out); string(dateTaken, &out) }
    out.append(","); key("drive", &out); integer(meta.drive, &out)
    out.append(","); key("earth_date", &out); string(photo.earthDate.description, &out)
    if photo.includesPosition || photo.position != nil {
      out.append(","); key("elevation", &out); number(photo.position?.elevation, &out)
    }
    out.append(","); key("eye", &out); optional(frame?.eye?.rawValue, &out)
    out.append(","); key("filter", &out); optional(meta.filter, &out)
    out.append(","); key("height", &out); integer(meta.height, &out)
    out.append(","); key("id", &out)
    switch photo.id {
    case .number(let number): out.append(String(number))
    case .text(let text): string(text, &out)
    }
    if let files = details?.imageFiles {
      out.append(","); key("image_files", &out); out.append("{")
      var firstFile = true
      for name in files.keys.sorted() { field(name, string: files[name] ?? "", &firstFile, &out) }
      out.append("}")
    }
    writeMiddle(photo, meta: meta, frame: frame, into: &out)
    writeRest(photo, meta: meta, frame: frame, into: &out)
  }

  /// The keys from `img_src` to `rover`, in order.
  private static func writeMiddle(_ photo: Photo, meta: FrameMetadata, frame: FrameName?, into out: inout String) {
    out.append(","); key("img_src", &out); string(photo.imageSource, &out)
    let hasPlace = photo.includesPosition || photo.position != nil
    if hasPlace { out.append(","); key("lat", &out); number(photo.position?.latitude, &out) }
    out.append(","); key("lmst", &out); optional(meta.lmst, &out)
    if hasPlace { out.append(","); key("lon", &out); number(photo.position?.longitude, &out) }
    out.append(","); key("ltst", &out); optional(meta.ltst, &out)
    out.append(","); key("mast_azimuth", &out); number(meta.mastAzimuth, &out)
    out.append(","); key("mast_elevation", &out); number(meta.mastElevation, &out)
    if hasPlace { out.append(","); key("position_method", &out); optional(photo.position?.method.rawValue, &out) }
    out.append(","); key("product", &out); optional(frame?.product, &out)
    out.append(","); key("received_utc", &out); optional(meta.receivedUTC, &out)
    out.append(","); key("rover", &out); rover(photo.rover, &out)
  }

  /// The keys after `rover`, in order.
  private static func writeRest(_ photo: Photo, meta: FrameMetadata, frame: FrameName?, into out: inout String) {
    if let sampleType = photo.details?.sampleType {
      out.append(","); key("sample_type", &out); string(sampleType, &out)
    }
    out.append(","); key("scale_factor", &out); integer(meta.scaleFactor, &out)
    out.append(","); key("sclk", &out); number(meta.sclk, &out)
    out.append(","); key("sequence", &out); optional(frame?.sequence, &out)
    out.append(","); key("site", &out); integer(meta.site, &out)
    out.append(","); key("sol", &out); out.append(String(photo.sol))
    out.append(","); key("subframe", &out)
    if let subframe = meta.subframe {
      out.append("{\"height\":\(subframe.height),\"width\":\(subframe.width),\"x\":\(subframe.x),\"y\":\(subframe.y)}")
    } else {
      out.append("null")
    }
    out.append(","); key("taken_utc", &out); optional(meta.takenUTC, &out)
    out.append(","); key("tile", &out); integer(frame?.tile, &out)
    out.append(","); key("title", &out); optional(meta.title ?? photo.details?.title, &out)
    out.append(","); key("version", &out); integer(frame?.version, &out)
    out.append(","); key("width", &out); integer(meta.width, &out)
    out.append(","); key("xyz", &out); numbers(meta.xyz, &out)
    out.append("}")
  }

  private static func camera(_ camera: Camera, _ out: inout String) {
    out.append("{")
    var first = true
    if let fullName = camera.fullName { field("full_name", string: fullName, &first, &out) }
    if let id = camera.id { field("id", raw: String(id), &first, &out) }
    field("name", string: camera.name, &first, &out)
    if let roverID = camera.roverID { field("rover_id", raw: String(roverID), &first, &out) }
    out.append("}")
  }

  private static func rover(_ rover: Rover, _ out: inout String) {
    out.append("{")
    var first = true
    if let id = rover.id { field("id", raw: String(id), &first, &out) }
    field("landing_date", optional: rover.landingDate?.description, &first, &out)
    field("launch_date", optional: rover.launchDate?.description, &first, &out)
    field("name", string: rover.name, &first, &out)
    field("status", string: rover.status.description, &first, &out)
    out.append("}")
  }

  private static func cameraModel(_ model: CameraModel?, _ out: inout String) {
    guard let model else { return out.append("null") }
    out.append("{\"parameters\":")
    numbers(model.parameters, &out)
    out.append(",\"type\":")
    string(model.type, &out)
    out.append(",\"vectors\":{")
    var first = true
    for letter in model.vectors.keys.sorted() {
      if !first { out.append(",") }
      first = false
      key(letter, &out)
      numbers(model.vectors[letter], &out)
    }
    out.append("}}")
  }

  private static func optional(_ value: String?, _ out: inout String) {
    guard let value else { return out.append("null") }
    string(value, &out)
  }

  private static func integer(_ value: Int?, _ out: inout String) {
    out.append(value.map { String($0) } ?? "null")
  }

  /// A number as `JSONEncoder` writes a `Double`: Swift's shortest form, without a trailing `.0`.
  private static func number(_ value: Double?, _ out: inout String) {
    guard let value else { return out.append("null") }
    let text = String(value)
    out.append(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
  }

  private static func numbers(_ values: [Double]?, _ out: inout String) {
    guard let values else { return out.append("null") }
    out.append("[")
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(",") }
      number(value, &out)
    }
    out.append("]")
  }

  private static func key(_ name: String, _ out: inout String) {
    out.append("\"")
    out.append(name)
    out.append("\":")
  }

  private static func field(_ name: String, string value: String, _ first: inout Bool, _ out: inout String) {
    if !first { out.append(",") }
    first = false
    key(name, &out)
    string(value, &out)
  }

  private static func field(_ name: String, raw value: String, _ first: inout Bool, _ out: inout String) {
    if !first { out.append(",") }
    first = false
    key(name, &out)
    out.append(value)
  }

  private static func field(_ name: String, optional value: String?, _ first: inout Bool, _ out: inout String) {
    guard let value else { return field(name, raw: "null", &first, &out) }
    field(name, string: value, &first, &out)
  }

  /// A JSON string as Foundation writes it: `"` and `\` escaped, the short escapes for \b \f \n \r \t, `\u00XX`
  /// for the other control characters, everything else (slashes and non-ASCII included) as it is.
  static func string(_ text: String, _ out: inout String) {
    out.append("\"")
    let utf8 = text.utf8
    guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
      out.append(text)
      out.append("\"")
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out.append("\\\"")
      case "\\": out.append("\\\\")
      case "\u{08}": out.append("\\b")
      case "\u{0C}": out.append("\\f")
      case "\n": out.append("\\n")
      case "\r": out.append("\\r")
      case "\t": out.append("\\t")
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: out.unicodeScalars.append(scalar)
      }
    }
    out.append("\"")
  }
}
