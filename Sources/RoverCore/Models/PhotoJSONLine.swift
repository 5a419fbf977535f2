/// One photo as one line of compact JSON, written directly: the same bytes `JSONEncoder` gives with sorted keys
/// and unescaped slashes (a test holds the two together), at a fraction of its cost, because `photos --format
/// jsonl` and `watch` print every photo of a mission this way. It writes UTF-8 bytes into an array: appending to a
/// `String` piece by piece cost twice as much (each append checks the string's storage and its ASCII flag).
package enum PhotoJSONLine {
  /// The photo's JSON and a newline.
  package static func line(_ photo: Photo) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(1024)
    write(photo, into: &out)
    out.append(0x0A)
    return String(decoding: out, as: UTF8.self)
  }

  /// The photo's JSON appended to `out`.
  package static func write(_ photo: Photo, into out: inout String) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024)
    write(photo, into: &bytes)
    out.append(String(decoding: bytes, as: UTF8.self))
  }

  /// The photo's JSON, as UTF-8, appended to `out` (no newline).
  package static func write(_ photo: Photo, into out: inout [UInt8]) {
    // Keys in sorted order, as `.sortedKeys` prints them; the metadata's keys sit among the photo's.
    let meta = photo.metadata
    let frame = photo.frame
    raw("{\"attitude\":", &out); numbers(meta.attitude, &out)
    raw(",\"camera\":", &out); camera(photo.camera, &out)
    raw(",\"camera_model\":", &out); cameraModel(meta.cameraModel, &out)
    raw(",\"camera_position\":", &out); numbers(meta.cameraPosition, &out)
    raw(",\"camera_vector\":", &out); numbers(meta.cameraVector, &out)
    raw(",\"caption\":", &out); optional(meta.caption, &out)
    raw(",\"credit\":", &out); optional(meta.credit, &out)
    if let dateTaken = meta.dateTaken { raw(",\"date_taken\":", &out); string(dateTaken, &out) }
    raw(",\"drive\":", &out); integer(meta.drive, &out)
    raw(",\"earth_date\":", &out); string(photo.earthDate.description, &out)
    if photo.includesPosition || photo.position != nil {
      raw(",\"elevation\":", &out); number(photo.position?.elevation, &out)
    }
    raw(",\"eye\":", &out); optional(frame?.eye?.rawValue, &out)
    raw(",\"filter\":", &out); optional(meta.filter, &out)
    raw(",\"height\":", &out); integer(meta.height, &out)
    raw(",\"id\":", &out)
    switch photo.id {
    case .number(let number): raw(String(number), &out)
    case .text(let text): string(text, &out)
    }
    if let files = meta.imageFiles {
      raw(",\"image_files\":", &out); raw("{", &out)
      var firstFile = true
      for name in files.keys.sorted() { field(name, string: files[name] ?? "", &firstFile, &out) }
      raw("}", &out)
    }
    writeMiddle(photo, meta: meta, frame: frame, into: &out)
    writeRest(photo, meta: meta, frame: frame, into: &out)
  }

  /// The keys from `img_src` to `rover`, in order.
  private static func writeMiddle(_ photo: Photo, meta: FrameMetadata, frame: FrameName?, into out: inout [UInt8]) {
    raw(",\"img_src\":", &out); string(photo.imageSource, &out)
    let hasPlace = photo.includesPosition || photo.position != nil
    if hasPlace { raw(",\"lat\":", &out); number(photo.position?.latitude, &out) }
    raw(",\"lmst\":", &out); optional(meta.lmst, &out)
    if hasPlace { raw(",\"lon\":", &out); number(photo.position?.longitude, &out) }
    raw(",\"ltst\":", &out); optional(meta.ltst, &out)
    raw(",\"mast_azimuth\":", &out); number(meta.mastAzimuth, &out)
    raw(",\"mast_elevation\":", &out); number(meta.mastElevation, &out)
    if hasPlace { raw(",\"position_method\":", &out); optional(photo.position?.method.rawValue, &out) }
    raw(",\"product\":", &out); optional(frame?.product, &out)
    raw(",\"received_utc\":", &out); optional(meta.receivedUTC, &out)
    raw(",\"rover\":", &out); rover(photo.rover, &out)
  }

  /// The keys after `rover`, in order.
  private static func writeRest(_ photo: Photo, meta: FrameMetadata, frame: FrameName?, into out: inout [UInt8]) {
    if let sampleType = meta.sampleType {
      raw(",\"sample_type\":", &out); string(sampleType, &out)
    }
    raw(",\"scale_factor\":", &out); integer(meta.scaleFactor, &out)
    raw(",\"sclk\":", &out); number(meta.sclk, &out)
    raw(",\"sequence\":", &out); optional(frame?.sequence, &out)
    raw(",\"site\":", &out); integer(meta.site, &out)
    raw(",\"sol\":", &out); raw(String(photo.sol), &out)
    raw(",\"subframe\":", &out)
    if let subframe = meta.subframe {
      raw("{\"height\":\(subframe.height),\"width\":\(subframe.width),\"x\":\(subframe.x),\"y\":\(subframe.y)}", &out)
    } else {
      raw("null", &out)
    }
    raw(",\"taken_utc\":", &out); optional(meta.takenUTC, &out)
    raw(",\"tile\":", &out); integer(frame?.tile, &out)
    raw(",\"title\":", &out); optional(meta.title, &out)
    raw(",\"version\":", &out); integer(frame?.version, &out)
    raw(",\"width\":", &out); integer(meta.width, &out)
    raw(",\"xyz\":", &out); numbers(meta.xyz, &out)
    raw("}", &out)
  }

  private static func camera(_ camera: Camera, _ out: inout [UInt8]) {
    raw("{", &out)
    var first = true
    if let fullName = camera.fullName { field("full_name", string: fullName, &first, &out) }
    if let id = camera.id { field("id", raw: String(id), &first, &out) }
    field("name", string: camera.name, &first, &out)
    if let roverID = camera.roverID { field("rover_id", raw: String(roverID), &first, &out) }
    raw("}", &out)
  }

  private static func rover(_ rover: Rover, _ out: inout [UInt8]) {
    raw("{", &out)
    var first = true
    if let id = rover.id { field("id", raw: String(id), &first, &out) }
    field("landing_date", optional: rover.landingDate?.description, &first, &out)
    field("launch_date", optional: rover.launchDate?.description, &first, &out)
    field("name", string: rover.name, &first, &out)
    field("status", string: rover.status.description, &first, &out)
    raw("}", &out)
  }

  private static func cameraModel(_ model: CameraModel?, _ out: inout [UInt8]) {
    guard let model else { return raw("null", &out) }
    raw("{\"parameters\":", &out)
    numbers(model.parameters, &out)
    raw(",\"type\":", &out)
    string(model.type, &out)
    raw(",\"vectors\":{", &out)
    var first = true
    for letter in model.vectors.keys.sorted() {
      if !first { raw(",", &out) }
      first = false
      key(letter, &out)
      numbers(model.vectors[letter], &out)
    }
    raw("}}", &out)
  }

  private static func optional(_ value: String?, _ out: inout [UInt8]) {
    guard let value else { return raw("null", &out) }
    string(value, &out)
  }

  private static func integer(_ value: Int?, _ out: inout [UInt8]) {
    guard let value else { return raw("null", &out) }
    raw(String(value), &out)
  }

  /// A number as `JSONEncoder` writes a `Double`: Swift's shortest form, without a trailing `.0`.
  private static func number(_ value: Double?, _ out: inout [UInt8]) {
    guard let value else { return raw("null", &out) }
    var text = String(value)
    if text.hasSuffix(".0") { text.removeLast(2) }
    raw(text, &out)
  }

  private static func numbers(_ values: [Double]?, _ out: inout [UInt8]) {
    guard let values else { return raw("null", &out) }
    raw("[", &out)
    for (index, value) in values.enumerated() {
      if index > 0 { raw(",", &out) }
      number(value, &out)
    }
    raw("]", &out)
  }

  private static func key(_ name: String, _ out: inout [UInt8]) {
    out.append(0x22)
    raw(name, &out)
    raw("\":", &out)
  }

  private static func field(_ name: String, string value: String, _ first: inout Bool, _ out: inout [UInt8]) {
    if !first { raw(",", &out) }
    first = false
    key(name, &out)
    string(value, &out)
  }

  private static func field(_ name: String, raw value: String, _ first: inout Bool, _ out: inout [UInt8]) {
    if !first { raw(",", &out) }
    first = false
    key(name, &out)
    raw(value, &out)
  }

  private static func field(_ name: String, optional value: String?, _ first: inout Bool, _ out: inout [UInt8]) {
    guard let value else { return field(name, raw: "null", &first, &out) }
    field(name, string: value, &first, &out)
  }

  /// A JSON string as Foundation writes it: `"` and `\` escaped, the short escapes for \b \f \n \r \t, `\u00XX`
  /// for the other control characters, everything else (slashes and non-ASCII included) as it is.
  static func string(_ text: String, _ out: inout [UInt8]) {
    raw("\"", &out)
    let utf8 = text.utf8
    guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
      out.append(contentsOf: utf8)
      out.append(0x22)
      return
    }
    // Byte by byte: every byte escaped is ASCII, and no byte of a multi-byte character is below 0x80.
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"", &out)
      case UInt8(ascii: "\\"): raw("\\\\", &out)
      case 0x08: raw("\\b", &out)
      case 0x0C: raw("\\f", &out)
      case 0x0A: raw("\\n", &out)
      case 0x0D: raw("\\r", &out)
      case 0x09: raw("\\t", &out)
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        raw("\\u00", &out)
        out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
    raw("\"", &out)
  }

  /// Text with nothing to escape (keys, punctuation, numbers), appended as it is.
  private static func raw(_ text: String, _ out: inout [UInt8]) {
    out.append(contentsOf: text.utf8)
  }
}
