/// The usual photo read straight from the tape: the six keys of the Photos API, each of the type every listing and
/// rover's own lines send. Decoding it through the keyed containers cost a download about 5% of its CPU and a
/// re-run a fifth; here each value is looked up once and converted by the same functions the lenient rules use
/// (`CalendarDate(lenient:)`, `PhotoID(argument:)`, `RoverStatus(rawValue:)`), so both paths give the same photo.
/// Anything else (a number sent as a string, a null, a rover with totals) answers nil, and `init(from:)` reads it
/// with the lenient rules.
extension Photo {
  init?(sixKeysOf tape: JSONTape, object node: Int) throws {
    let read = TapeObject(tape: tape, node: node)
    guard let id = try read.photoID("id"), let sol = try read.integer("sol"),
      let camera = try read.object("camera").flatMap(Self.camera), let imageSource = try read.string("img_src"),
      let earthDate = try read.string("earth_date").flatMap(CalendarDate.init(lenient:)),
      let rover = try read.object("rover").flatMap(Self.rover)
    else { return nil }
    self.init(id: id, sol: sol, camera: camera, imageSource: imageSource, earthDate: earthDate, rover: rover)
  }

  private static func camera(_ read: TapeObject) throws -> Camera? {
    guard let name = try read.string("name"), let id = try read.optionalInteger("id"),
      let roverID = try read.optionalInteger("rover_id"), let fullName = try read.optionalString("full_name")
    else { return nil }
    return Camera(id: id, name: name, fullName: fullName, roverID: roverID)
  }

  private static func rover(_ read: TapeObject) throws -> Rover? {
    // Totals and cameras have rules of their own (Mars Vista's `max_sol: 0`): such a rover takes the long way.
    for key in ["max_sol", "max_date", "total_photos", "cameras"] where try read.has(key) { return nil }
    guard let name = try read.string("name"), let id = try read.optionalInteger("id"),
      let landing = try read.optionalString("landing_date"), let launch = try read.optionalString("launch_date"),
      let status = try read.optionalString("status")
    else { return nil }
    return Rover(
      id: id, name: name, landingDate: landing.flatMap(CalendarDate.init(lenient:)),
      launchDate: launch.flatMap(CalendarDate.init(lenient:)),
      status: status.map { RoverStatus(rawValue: $0) } ?? .other("unknown"))
  }
}

/// One object of a tape, read by key for `Photo.init(sixKeysOf:object:)`. Each reader answers nil when the value is
/// not of the plain kind it reads; the optional ones answer `.some(nil)` for an absent key or a null.
private struct TapeObject {
  let tape: JSONTape
  let node: Int

  private func value(_ key: String) throws -> Int? { try tape.member(key, of: node) }

  func has(_ key: String) throws -> Bool { try value(key) != nil }

  func integer(_ key: String) throws -> Int? {
    guard let value = try value(key), tape.kind(value) == .integer else { return nil }
    return try tape.integer(Int.self, value)
  }

  private func isText(_ value: Int) -> Bool { tape.kind(value) == .plainString || tape.kind(value) == .string }

  func string(_ key: String) throws -> String? {
    guard let value = try value(key), isText(value) else { return nil }
    return try tape.string(value)
  }

  func object(_ key: String) throws -> TapeObject? {
    guard let value = try value(key), tape.kind(value) == .object else { return nil }
    return TapeObject(tape: tape, node: value)
  }

  func photoID(_ key: String) throws -> PhotoID? {
    guard let value = try value(key) else { return nil }
    if tape.kind(value) == .integer { return .number(try tape.integer(Int.self, value)) }
    return isText(value) ? PhotoID(argument: try tape.string(value)) : nil
  }

  func optionalInteger(_ key: String) throws -> Int?? {
    guard let value = try value(key), tape.kind(value) != .null else { return .some(nil) }
    return tape.kind(value) == .integer ? .some(try tape.integer(Int.self, value)) : nil
  }

  func optionalString(_ key: String) throws -> String?? {
    guard let value = try value(key), tape.kind(value) != .null else { return .some(nil) }
    return isText(value) ? .some(try tape.string(value)) : nil
  }
}
