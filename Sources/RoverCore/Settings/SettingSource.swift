/// Where a resolved setting came from, so `rover config` can explain surprising values.
public enum SettingSource: Hashable, Sendable, CustomStringConvertible {
  case flag(String)
  case environment(String)
  case file(String)
  case preset(String)
  case builtIn
  /// A key deliberately not used (see `ConnectionSettings.resolve`).
  case withheld

  public var description: String {
    switch self {
    case .flag(let name): return "flag \(name)"
    case .environment(let name): return "environment \(name)"
    case .file(let path): return "file \(path)"
    case .preset(let name): return "preset \(name)"
    case .builtIn: return "default"
    case .withheld: return "withheld: the base URL comes from the working directory's APIKeys.plist"
    }
  }
}

/// A value and its source.
public struct Sourced<Value: Sendable>: Sendable {
  public var value: Value
  public var source: SettingSource

  public init(_ value: Value, from source: SettingSource) {
    self.value = value
    self.source = source
  }
}
