import Foundation

/// Reads waypoint features off a `JSONTape` without its decoder: every lookup answers nil or a skip instead of
/// throwing, and nothing here marks the tape unsure, so one bad feature never sends the whole file to
/// Foundation's decoder.
struct WaypointTapeReader {
  let tape: JSONTape

  /// Why one feature was left out.
  struct Skipped: Error {
    var reason: WaypointFile.Skip
  }

  /// The largest absolute value a coordinate, elevation or distance may take: Mars' elevations span ±30 km and
  /// its map coordinates ±11 000 km; 1e308 or 1e30 is damage.
  static let maxMagnitude = 1e8

  /// The value node of `name` in `object` (the first, where a key is given twice), nil when absent.
  func member(_ name: String, of object: Int) -> Int? {
    guard tape.kind(object) == .object else { return nil }
    var child = object + 1
    let end = tape.nodes[object].next
    while child < end {
      if key(child, equals: name) { return child + 1 }
      child = tape.nodes[child + 1].next
    }
    return nil
  }

  /// Calls `body` with each element node of an array.
  func forEachElement(of array: Int, _ body: (Int) -> Void) {
    var child = array + 1
    let end = tape.nodes[array].next
    while child < end {
      body(child)
      child = tape.nodes[child].next
    }
  }

  private func key(_ node: Int, equals name: String) -> Bool {
    let value = tape.nodes[node]
    if value.kind == .string { return JSONTape.unescape(tape.bytes[value.start..<value.end]) == name }
    guard name.utf8.count == value.end - value.start else { return false }
    return name.utf8.elementsEqual(tape.bytes[value.start..<value.end])
  }

  /// A string's text; nil for anything else or invalid text.
  func string(_ node: Int?) -> String? {
    guard let node else { return nil }
    let value = tape.nodes[node]
    switch value.kind {
    case .plainString: return String(decoding: tape.bytes[value.start..<value.end], as: UTF8.self)
    case .string: return JSONTape.unescape(tape.bytes[value.start..<value.end])
    default: return nil
    }
  }

  /// A number: nil when absent or null; a skip for a string, a container, or a value past ``maxMagnitude``.
  func number(_ node: Int?) throws(Skipped) -> Double? {
    guard let node, tape.kind(node) != .null else { return nil }
    let value = tape.nodes[node]
    guard value.kind == .integer || value.kind == .number, value.end - value.start <= 64,
      let number = Double(String(decoding: tape.bytes[value.start..<value.end], as: UTF8.self)),
      number.isFinite, abs(number) <= Self.maxMagnitude
    else { throw Skipped(reason: .badNumber) }
    return number
  }

  /// An integer counter (site, drive, sol): nil when absent; a skip for anything but a whole number in range.
  func counter(_ node: Int?) throws(Skipped) -> Int? {
    guard let number = try number(node) else { return nil }
    guard number >= 0, number <= 10_000_000, number.rounded() == number else { throw Skipped(reason: .badNumber) }
    return Int(number)
  }

  /// One feature as a localization, or why it was left out.
  func localization(_ feature: Int) -> Result<Localization, Skipped> {
    guard let properties = member("properties", of: feature), tape.kind(properties) == .object else {
      return .failure(Skipped(reason: .notAFeature))
    }
    func value(_ name: String) -> Int? { member(name, of: properties) }
    do throws(Skipped) {
      guard let site = try counter(value("site")), let drive = try counter(value("drive")) else {
        throw Skipped(reason: .noSiteOrDrive)
      }
      let point = try coordinates(member("geometry", of: feature))
      guard let longitude = try number(value("lon")) ?? point?.longitude,
        let latitude = try number(value("lat")) ?? point?.latitude
      else { throw Skipped(reason: .noPosition) }
      guard abs(latitude) <= 90, abs(longitude) <= 360 else { throw Skipped(reason: .badNumber) }
      let olderDistance = try number(value("dist_total"))
      return .success(
        Localization(
          sol: try counter(value("sol")), site: site, drive: drive, longitude: longitude, latitude: latitude,
          elevation: try number(value("elev_geoid")) ?? point?.elevation,
          easting: try number(value("easting")), northing: try number(value("northing")),
          totalDistance: try number(value("dist_total_m")) ?? olderDistance,
          isFinal: string(value("final"))?.lowercased() != "m", note: string(value("Note"))))
    } catch {
      return .failure(error)
    }
  }

  /// A Point geometry's `[lon, lat, elevation?]`; nil for a missing or null geometry or another type.
  private func coordinates(_ geometry: Int?) throws(Skipped) -> (
    longitude: Double, latitude: Double, elevation: Double?
  )? {
    guard let geometry, string(member("type", of: geometry)) == "Point",
      let array = member("coordinates", of: geometry), tape.kind(array) == .array
    else { return nil }
    var numbers: [Double?] = []
    var failure: Skipped?
    forEachElement(of: array) { node in
      guard numbers.count < 3 else { return }
      do throws(Skipped) { numbers.append(try number(node)) } catch { failure = error }
    }
    if let failure { throw failure }
    guard numbers.count >= 2, let longitude = numbers[0], let latitude = numbers[1] else { return nil }
    return (longitude, latitude, numbers.count > 2 ? numbers[2] : nil)
  }
}
