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
    // Keys in sorted order, as `.sortedKeys` prints them; the details' keys sit among the photo's own.
    out.append("{\"camera\":{")
    var first = true
    if let fullName = photo.camera.fullName { field("full_name", string: fullName, &first, &out) }
    if let id = photo.camera.id { field("id", raw: String(id), &first, &out) }
    field("name", string: photo.camera.name, &first, &out)
    if let roverID = photo.camera.roverID { field("rover_id", raw: String(roverID), &first, &out) }
    out.append("}")
    let details = photo.details
    if let dateTaken = details?.dateTaken { out.append(","); key("date_taken", &out); string(dateTaken, &out) }
    out.append(","); key("earth_date", &out); string(photo.earthDate.description, &out)
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
    out.append(","); key("img_src", &out); string(photo.imageSource, &out)
    out.append(","); key("rover", &out); out.append("{")
    var firstRover = true
    if let id = photo.rover.id { field("id", raw: String(id), &firstRover, &out) }
    field("landing_date", optional: photo.rover.landingDate?.description, &firstRover, &out)
    field("launch_date", optional: photo.rover.launchDate?.description, &firstRover, &out)
    field("name", string: photo.rover.name, &firstRover, &out)
    field("status", string: photo.rover.status.description, &firstRover, &out)
    out.append("}")
    if let sampleType = details?.sampleType { out.append(","); key("sample_type", &out); string(sampleType, &out) }
    out.append(","); key("sol", &out); out.append(String(photo.sol))
    if let title = details?.title { out.append(","); key("title", &out); string(title, &out) }
    out.append("}")
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
