/// "Did you mean …?" for a mistyped name: the closest known one within two edits, or one it starts.
enum Suggestion {
  static func closest(to typed: String, in names: [String]) -> String? {
    let lower = typed.lowercased()
    // A name the user began to type wins over one a few letters away: `fetch` means `fetch-image`, not `watch`.
    if lower.count >= 3, let begun = names.filter({ $0.lowercased().hasPrefix(lower) }).min(by: { $0.count < $1.count })
    {
      return begun
    }
    let scored = names.map { ($0, distance(lower, $0.lowercased())) }.filter { $0.1 <= 2 }
    return scored.min(by: { $0.1 < $1.1 })?.0
  }

  /// Levenshtein distance; names are short, so the plain table is fine.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
