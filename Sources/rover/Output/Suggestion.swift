/// "Did you mean …?" for a mistyped name: the closest known one within two edits, or one it starts.
enum Suggestion {
  static func closest(to typed: String, in names: [String]) -> String? {
    let lower = typed.lowercased()
    let scored = names.map { ($0, distance(lower, $0.lowercased())) }.filter { $0.1 <= 2 }
    if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
    return names.first { $0.hasPrefix(lower) && lower.count >= 3 }
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
