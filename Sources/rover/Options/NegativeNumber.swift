/// A negative number given to an option: ArgumentParser reads `-3` as a flag and reports the option's value as
/// missing, which hides the real mistake. This names the value and what the option allows.
enum NegativeNumber {
  /// What each numeric option allows, in the words of its own check.
  static let allowed: [String: String] = [
    "timeout": "more than 0 and at most 3600 seconds", "retries": "between 0 and 20", "jobs": "between 1 and 64",
    "limit": "1 or more", "page": "1 or more", "per-page": "between 1 and 1000", "lookback": "0 or more",
    "sol": "a sol (0 or more) or a range A..B", "from": "0 or more", "to": "0 or more",
    "thumbnail-size": "between 64 and 1024", "site": "a site (0 or more) or a range A..B",
    "drive": "a drive (0 or more) or a range A..B", "lmst": "a window of local mean solar time HH:MM..HH:MM",
  ]

  static func message(for arguments: ArraySlice<String>) -> String? {
    var previous: String?
    for argument in arguments {
      defer { previous = argument }
      // `-3`, `-1..5`, `-1:00..02:00`: a value beginning with a minus sign and a digit, never an option.
      guard let option = previous, option.hasPrefix("-"), argument.hasPrefix("-"),
        argument.dropFirst().first?.isNumber == true
      else { continue }
      let name = option == "-j" ? "jobs" : String(option.drop { $0 == "-" })
      return "--\(name) must be \(allowed[name] ?? "0 or more"), got \(argument)"
    }
    return nil
  }
}
