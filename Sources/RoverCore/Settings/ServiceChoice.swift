/// What `--service` chose: one preset, exactly that service; or `auto`, live services per rover with fallback.
public enum ServiceChoice: Hashable, Sendable, CustomStringConvertible {
  /// For each rover, the live services that have it, in order, the next tried when one fails.
  case auto
  /// Exactly this service, no fallback.
  case preset(ServicePreset)

  /// The choice a name means, whatever its case: `auto` or a preset's raw value (`nebulum`, `nasa-raw`); nil for
  /// any other name.
  public init?(name: String) {
    if name.lowercased() == "auto" {
      self = .auto
    } else if let preset = ServicePreset(rawValue: name.lowercased()) {
      self = .preset(preset)
    } else {
      return nil
    }
  }

  /// Every name ``init(name:)`` accepts, `auto` first: for help texts and for the message about an unknown name.
  public static var names: [String] { ["auto"] + ServicePreset.allCases.map(\.rawValue) }

  /// The name, as ``init(name:)`` reads it back.
  public var description: String {
    switch self {
    case .auto: return "auto"
    case .preset(let preset): return preset.rawValue
    }
  }
}
