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

  /// Edits between two names, a swap of two neighbouring letters counting as one (optimal string alignment), so
  /// `--nmae` is one edit from `--name` and two from `--near`; names are short, so the plain table is fine.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
