/// Where a resolved setting came from, so `rover config` can explain surprising values.
package enum SettingSource: Hashable, Sendable, CustomStringConvertible {
  /// A command-line flag of this name (`--base-url`).
  case flag(String)
  /// An environment variable of this name (`ROVER_BASE_URL`).
  case environment(String)
  /// An `APIKeys.plist` at this path.
  case file(String)
  /// The defaults of the named service.
  case preset(String)
  /// The library's default.
  case builtIn
  /// A value a program gave ``ConnectionSettings`` in code.
  case given
  /// A key deliberately not used: the base URL came from the working directory's `APIKeys.plist` and the key
  /// from elsewhere, so someone else's checkout cannot send your key to a host of its choosing.
  case withheld

  /// Where the value came from, as a short phrase: `environment ROVER_BASE_URL`, `file /path/APIKeys.plist`.
  package var description: String {
    switch self {
    case .flag(let name): return "flag \(name)"
    case .environment(let name): return "environment \(name)"
    case .file(let path): return "file \(path)"
    case .preset(let name): return "preset \(name)"
    case .builtIn: return "default"
    case .given: return "the settings given"
    case .withheld: return "withheld: the base URL comes from the working directory's APIKeys.plist"
    }
  }
}

/// A value and its source.
package struct Sourced<Value: Sendable>: Sendable {
  /// The value in force.
  package var value: Value
  /// Where it came from.
  package var source: SettingSource

  /// Pairs a value with its source.
  package init(_ value: Value, from source: SettingSource) {
    self.value = value
    self.source = source
  }
}
