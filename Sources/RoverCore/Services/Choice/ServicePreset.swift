import Foundation

/// The services `rover` knows by name. A preset is only defaults: `--base-url` points any of them elsewhere.
public enum ServicePreset: String, CaseIterable, Sendable {
  case nebulum
  case marsvista
  case nasa
  case nasaRaw = "nasa-raw"
  case pds

  public var defaultBaseURL: URL {
    switch self {
    case .nebulum: return URL(constant: "https://rovers.nebulum.one/api/v1")
    case .marsvista: return URL(constant: "https://api.marsvista.dev/api/v1")
    case .nasa: return URL(constant: "https://api.nasa.gov/mars-photos/api/v1")
    case .nasaRaw: return URL(constant: "https://mars.nasa.gov")
    case .pds: return URL(constant: "https://pds-imaging.jpl.nasa.gov/solr/pds_archives")
    }
  }

  public var authentication: Authentication {
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
public enum Authentication: Hashable, Sendable {
  case none
  case header(String)
  case queryItem(String)
}
