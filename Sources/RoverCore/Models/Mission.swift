/// The missions rover knows, in one list: every table of the library (landing dates, cameras, which service has
/// which rover) is keyed by it, so a rover's name is spelled in one place.
public enum Mission: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
  /// Mars Science Laboratory, in Gale crater since 2012.
  case curiosity
  /// Mars 2020, in Jezero crater since 2021.
  case perseverance
  /// Mars Exploration Rover A, 2004–2010.
  case spirit
  /// Mars Exploration Rover B, 2004–2018.
  case opportunity
  /// The Mars 2020 helicopter, 2021–2024; it counts Perseverance's sols.
  case ingenuity
  /// The InSight lander, 2018–2022.
  case insight

  /// The mission a rover name means, whatever its case (`Curiosity`, `curiosity`); nil for a name rover does not
  /// know (a service may still know it).
  public init?(name: String) {
    self.init(rawValue: name.lowercased())
  }

  /// The name as users type it: lower case.
  public var description: String { rawValue }

  /// Spirit and Opportunity count sol 1 on landing day; the others count sol 0.
  public var landingSol: Int { self == .spirit || self == .opportunity ? 1 : 0 }

  /// The landing day (UTC).
  public var landingDate: CalendarDate { MarsCalendar.dates(self).landing }

  /// The launch day (UTC).
  public var launchDate: CalendarDate { MarsCalendar.dates(self).launch }
}
