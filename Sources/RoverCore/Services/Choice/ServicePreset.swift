import Foundation

/// The services `rover` knows by name. A preset is only defaults: a base URL of your own (a mirror, a test server)
/// points any of them elsewhere and keeps its rules (how the key is sent, page size).
public enum ServicePreset: String, CaseIterable, Sendable {
  /// rovers.nebulum.one, a copy of the original Photos API's code: Curiosity and Perseverance, no key.
  case nebulum
  /// Mars Vista (marsvista.dev), a reimplementation of the Photos API: all four rovers, a free key required.
  case marsvista
  /// api.nasa.gov's Photos API, retired in 2025: for mirrors of the gateway; `DEMO_KEY` when no key is given.
  case nasa
  /// NASA's raw-image feeds on mars.nasa.gov, which every copy scrapes: Perseverance, Curiosity, Ingenuity and
  /// InSight, no key.
  case nasaRaw = "nasa-raw"
  /// The Planetary Data System's Imaging Atlas search: Spirit and Opportunity, no key.
  case pds

  /// Where the service answers when no base URL is given; `ROVER_<SERVICE>_URL` overrides it for
  /// ``ConnectionSettings/fromEnvironment(_:currentDirectory:)``.
  public var defaultBaseURL: URL {
    switch self {
    case .nebulum: return URL(constant: "https://rovers.nebulum.one/api/v1")
    case .marsvista: return URL(constant: "https://api.marsvista.dev/api/v1")
    case .nasa: return URL(constant: "https://api.nasa.gov/mars-photos/api/v1")
    case .nasaRaw: return URL(constant: "https://mars.nasa.gov")
    case .pds: return URL(constant: "https://pds-imaging.jpl.nasa.gov/solr/pds_archives")
    }
  }

  /// How the service expects its API key, if it takes one.
  package var authentication: Authentication {
    switch self {
    case .nebulum: return .queryItem("api_key")
    case .marsvista: return .header("X-API-Key")
    case .nasa: return .queryItem("api_key")
    case .nasaRaw, .pds: return .none
    }
  }

  /// Used when no key is configured: only NASA's gateway had a public demo key.
  public var defaultAPIKey: String? { self == .nasa ? "DEMO_KEY" : nil }

  /// The largest page each service returns; the original code has no limit, Mars Vista clamps to 100.
  public var maxPerPage: Int {
    switch self {
    case .marsvista, .nasaRaw: return 100
    case .nebulum, .nasa: return 500
    // Solr's `rows`: no documented maximum; Oshuma reads 1000 at a time (api-reference 7.1).
    case .pds: return 1000
    }
  }

  /// One line about the service for lists and help texts: its host, its rovers, whether it needs a key.
  public var summary: String {
    switch self {
    case .nebulum: return "rovers.nebulum.one, the original API's code, no key"
    case .marsvista: return "Mars Vista v1, needs a free key (X-API-Key)"
    case .nasa: return "api.nasa.gov (retired 2025), key or DEMO_KEY"
    case .nasaRaw: return "NASA's raw-image feeds on mars.nasa.gov: Perseverance, Curiosity, Ingenuity, InSight, no key"
    case .pds: return "the PDS Imaging Atlas search (Solr): Spirit and Opportunity, no key"
    }
  }
}

/// Where a service expects the API key.
package enum Authentication: Hashable, Sendable {
  /// The service takes no key.
  case none
  /// The key goes in the request header of this name (Mars Vista: `X-API-Key`).
  case header(String)
  /// The key goes in the query item of this name (`api_key`).
  case queryItem(String)
}
