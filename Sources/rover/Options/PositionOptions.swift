import ArgumentParser
import RoverCore

/// `--positions`, `--near` and `--within`: where each photo was taken, from NASA's localizations (docs/positions.md).
struct PositionOptions: ParsableArguments {
  @Flag(
    help: "Add lon, lat, elevation and position_method (null when unknown) from NASA's localizations of the rover.")
  var positions = false

  @Option(
    help: ArgumentHelp(
      "Only photos taken within --within of this place: east longitude and latitude in degrees.",
      valueName: "lon,lat"))
  var near: String?

  @Option(help: ArgumentHelp("The distance for --near, in m or km (e.g. 500m, 2km).", valueName: "distance"))
  var within: String?

  func validate() throws {
    _ = try area()
  }

  /// The circle `--near` and `--within` describe, nil when neither is given.
  func area() throws -> PhotoArea? {
    switch (near, within) {
    case (nil, nil): return nil
    case (.some, nil): throw ValidationError("--near needs --within (e.g. --within 500m)")
    case (nil, .some): throw ValidationError("--within needs --near LON,LAT")
    case (let near?, let within?):
      let parts = near.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let lon = Double(parts[0]), let lat = Double(parts[1]), lon.isFinite, lat.isFinite,
        abs(lat) <= 90, abs(lon) <= 360
      else { throw ValidationError("--near must be LON,LAT in degrees (e.g. 77.3235,18.4910), got '\(near)'") }
      guard let metres = Self.metres(within) else {
        throw ValidationError("--within must be a distance in m or km (e.g. 500m, 2km), got '\(within)'")
      }
      return PhotoArea(longitude: lon, latitude: lat, radius: metres)
    }
  }

  /// Whether positions are looked up: asked for, or needed by `--near` or by the output.
  func wanted(format: String? = nil, template: String? = nil) -> Bool {
    positions || near != nil || format == "geojson"
      || (template.map { $0.contains("{lon}") || $0.contains("{lat}") } ?? false)
  }

  /// The placement these flags ask for (nil when positions are not wanted), looked up through the run's client.
  func placement(_ client: PhotoClient, format: String? = nil, template: String? = nil) throws -> PhotoPlacement? {
    guard wanted(format: format, template: template) else { return nil }
    return client.placement(area: try area())
  }

  /// One line on stderr for the photos `--near` left out because their position is unknown.
  static func reportUnplaced(_ placement: PhotoPlacement?) {
    guard let unplaced = placement?.unplaced, unplaced > 0 else { return }
    StandardError.line(
      "rover: \(unplaced) photo\(unplaced == 1 ? "" : "s") without a known position left out by --near")
  }

  static func metres(_ text: String) -> Double? {
    let lower = text.lowercased()
    let (number, scale): (Substring, Double) =
      lower.hasSuffix("km") ? (lower.dropLast(2), 1000) : lower.hasSuffix("m") ? (lower.dropLast(), 1) : ("", 0)
    guard let value = Double(number), value.isFinite, value > 0, value * scale <= 22_000_000 else { return nil }
    return value * scale
  }
}
