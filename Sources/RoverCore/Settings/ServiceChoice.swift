/// What `--service` chose: one preset, exactly that service; or `auto`, live services per rover with fallback.
public enum ServiceChoice: Hashable, Sendable, CustomStringConvertible {
  case auto
  case preset(ServicePreset)

  public init?(name: String) {
    if name.lowercased() == "auto" {
      self = .auto
    } else if let preset = ServicePreset(rawValue: name.lowercased()) {
      self = .preset(preset)
    } else {
      return nil
    }
  }

  public static var names: [String] { ["auto"] + ServicePreset.allCases.map(\.rawValue) }

  public var description: String {
    switch self {
    case .auto: return "auto"
    case .preset(let preset): return preset.rawValue
    }
  }
}
