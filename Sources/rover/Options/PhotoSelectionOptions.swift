import ArgumentParser
import RoverCore

/// The days, cameras and count of a photo listing, shared by `photos` and `fetch-image`, checked before any
/// request: one sol or a range (`1000..1100`, `3000..` up to the latest), one date or a range, or the latest sol.
struct PhotoSelectionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Martian day counted from 0 at landing, or an inclusive range: 1000..1100, or 3000.. (to the latest).",
      valueName: "sol"))
  var sol: String?

  @Option(help: ArgumentHelp("Earth date (UTC), YYYY-MM-DD, or a range D1..D2.", valueName: "date"))
  var earthDate: String?

  @Flag(help: "The rover's most recent sol with photos.")
  var latest = false

  @Option(
    name: .customLong("camera"),
    help: ArgumentHelp(
      "Only these cameras: repeat the flag or give a comma list (case-insensitive).", valueName: "name"),
    completion: Completions.cameras)
  var cameraArguments: [String] = []

  @Option(help: ArgumentHelp("Stop after this many photos.", valueName: "n"))
  var limit: Int?

  /// Whether any of --sol, --earth-date, --latest was given; `fetch-image` also takes photo ids instead.
  var isGiven: Bool { sol != nil || earthDate != nil || latest }

  var cameras: [String] { Self.cameras(cameraArguments) }

  /// `--camera` repeated or as a comma list (`sync` and `watch` take it the same way).
  static func cameras(_ arguments: [String]) -> [String] {
    arguments.flatMap { $0.split(separator: ",") }.map { String($0).trimmingCharacters(in: .whitespaces) }
  }

  func validate() throws {
    if isGiven { _ = try days() }
    for camera in cameras where camera.isEmpty || camera.contains(where: { $0.isWhitespace || $0 == "/" }) {
      throw ValidationError("invalid --camera '\(camera)'")
    }
    if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, got \(limit)") }
  }

  /// The days asked for: one (`.single`) or a stretch.
  enum Days {
    case single(PhotoSelection)
    case range(PhotoRange.Days)
  }

  func days() throws -> Days {
    let given = [sol != nil, earthDate != nil, latest].filter { $0 }.count
    guard given == 1 else {
      throw ValidationError("give exactly one of --sol, --earth-date or --latest")
    }
    if let sol { return try Self.sols(sol) }
    if let earthDate { return try Self.dates(earthDate) }
    return .single(.latest)
  }

  static func sols(_ text: String) throws -> Days {
    func number(_ part: Substring) throws -> Int {
      guard let value = Int(part), value >= 0 else {
        throw ValidationError("--sol must be a sol (0 or more) or a range A..B, got '\(text)'")
      }
      return value
    }
    guard let dots = text.range(of: "..") else { return .single(.sol(try number(Substring(text)))) }
    let lower = try number(text[..<dots.lowerBound])
    let upperText = text[dots.upperBound...]
    let upper = upperText.isEmpty ? nil : try number(upperText)
    if let upper, upper < lower {
      throw ValidationError("--sol \(text): the range ends before it starts (give A..B with A ≤ B)")
    }
    return .range(.sols(lower: lower, upper: upper))
  }

  static func dates(_ text: String) throws -> Days {
    func date(_ part: Substring) throws -> CalendarDate {
      guard let value = CalendarDate(strict: String(part)) else {
        throw ValidationError("--earth-date must be a real date as YYYY-MM-DD (or D1..D2), got '\(text)'")
      }
      return value
    }
    guard let dots = text.range(of: "..") else { return .single(.earthDate(try date(Substring(text)))) }
    let lower = try date(text[..<dots.lowerBound])
    let upper = try date(text[dots.upperBound...])
    if upper < lower {
      throw ValidationError("--earth-date \(text): the range ends before it starts (give D1..D2 with D1 ≤ D2)")
    }
    return .range(.earthDates(lower: lower, upper: upper))
  }

  /// What to ask the service: the days as given, with the cameras and the limit; the library decides between a
  /// single query and a listing sol by sol.
  func request(rover: String) throws -> PhotoRequest {
    let days: PhotoRequest.Days
    switch try self.days() {
    case .single(.sol(let sol)): days = .sol(sol)
    case .single(.earthDate(let date)): days = .earthDate(date)
    case .single(.latest): days = .latest
    case .range(.sols(let lower, let upper)): days = upper.map { .sols(lower...$0) } ?? .solsFrom(lower)
    case .range(.earthDates(let lower, let upper)): days = .earthDates(lower...upper)
    }
    return PhotoRequest(rover: rover, days: days, cameras: cameras, limit: limit)
  }

}
