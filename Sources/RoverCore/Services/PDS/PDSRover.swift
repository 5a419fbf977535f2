import Foundation

/// The two rovers the PDS Imaging Atlas holds for this service: the MER missions, complete since 2010 and 2018.
enum PDSRover: String, CaseIterable, Sendable {
  case spirit, opportunity

  /// Spirit or Opportunity; any other rover is named as unavailable (known) or unknown, without a request.
  init(_ name: String, service: String) throws {
    if let rover = PDSRover(rawValue: name.lowercased()) {
      self = rover
    } else if Mission(name: name) != nil {
      throw ServiceError.unavailableRover(name: name, service: service)
    } else {
      throw ServiceError.unknownRover(name: name)
    }
  }

  /// The rover from a product's first character: `1` is MER-1 (Opportunity), `2` is MER-2 (Spirit).
  init?(digit: Character) {
    switch digit {
    case "1": self = .opportunity
    case "2": self = .spirit
    default: return nil
    }
  }

  var digit: Character { self == .opportunity ? "1" : "2" }

  var displayName: String { rawValue.capitalized }

  /// The rover as photos embed it: identity and the mission's fixed dates.
  var summary: Rover {
    let dates = Mission(name: rawValue).map(MarsCalendar.dates)
    return Rover(name: displayName, landingDate: dates?.landing, launchDate: dates?.launch, status: .complete)
  }
}
