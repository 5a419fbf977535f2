import ArgumentParser
import RoverCore

/// The day and camera of a photo query, shared by `photos` and `fetch-image`, checked before any request.
struct PhotoSelectionOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Martian day, counted from 0 at landing.", valueName: "sol"))
  var sol: Int?

  @Option(help: ArgumentHelp("Earth date, YYYY-MM-DD (UTC).", valueName: "date"))
  var earthDate: String?

  @Flag(help: "The rover's most recent sol with photos.")
  var latest = false

  @Option(help: ArgumentHelp("Only this camera, e.g. NAVCAM or NAVCAM_LEFT (case-insensitive).", valueName: "name"))
  var camera: String?

  /// Whether any of --sol, --earth-date, --latest was given; `fetch-image` also takes photo ids instead.
  var isGiven: Bool { sol != nil || earthDate != nil || latest }

  func validate() throws {
    if isGiven { _ = try selection() }
    if let camera, camera.isEmpty || camera.contains(where: { $0.isWhitespace }) {
      throw ValidationError("invalid --camera '\(camera)'")
    }
  }

  func selection() throws -> PhotoSelection {
    let given = [sol != nil, earthDate != nil, latest].filter { $0 }.count
    guard given == 1 else {
      throw ValidationError("give exactly one of --sol, --earth-date or --latest")
    }
    if let sol {
      guard sol >= 0 else { throw ValidationError("--sol must be 0 or more, got \(sol)") }
      return .sol(sol)
    }
    if let earthDate {
      guard let date = CalendarDate(strict: earthDate) else {
        throw ValidationError("--earth-date must be a real date as YYYY-MM-DD, got '\(earthDate)'")
      }
      return .earthDate(date)
    }
    return .latest
  }
}
