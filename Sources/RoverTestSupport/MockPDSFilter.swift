/// One Solr `q` or `fq` as the mock understands it: `FIELD:value` clauses joined by ` OR `, where a value is exact
/// (quoted or not, case-insensitive), a `?`/`*` pattern, or a range `[a TO b}` with `*` for an open end.
struct MockPDSFilter {
  enum Value {
    case exact(String)
    case pattern(String)
    case range(lower: String, upper: String, includesLower: Bool, includesUpper: Bool)
  }

  /// Field and value of each OR-ed clause; empty for `*:*`.
  let clauses: [(field: String, value: Value)]

  /// Nil for a clause the mock cannot read, which the real Solr would answer with a 400.
  init?(_ text: String) {
    guard text != "*:*" else {
      clauses = []
      return
    }
    var clauses: [(String, Value)] = []
    for clause in text.components(separatedBy: " OR ") {
      guard let colon = clause.firstIndex(of: ":") else { return nil }
      let field = String(clause[..<colon]).trimmingCharacters(in: .whitespaces)
      let raw = String(clause[clause.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
      guard MockPDSProduct.fields.contains(field) else { return nil }
      if let first = raw.first, first == "[" || first == "{", let last = raw.last, last == "]" || last == "}" {
        let bounds = raw.dropFirst().dropLast().components(separatedBy: " TO ")
        guard bounds.count == 2 else { return nil }
        clauses.append(
          (field, .range(lower: bounds[0], upper: bounds[1], includesLower: first == "[", includesUpper: last == "]")))
      } else if raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") {
        clauses.append((field, .exact(String(raw.dropFirst().dropLast()))))
      } else if raw.contains("?") || raw.contains("*") {
        clauses.append((field, .pattern(raw)))
      } else {
        clauses.append((field, .exact(raw)))
      }
    }
    self.clauses = clauses
  }

  func matches(_ product: MockPDSProduct) -> Bool {
    clauses.isEmpty || clauses.contains { Self.matches(product.value($0.field) ?? "", $0.value, field: $0.field) }
  }

  private static func matches(_ actual: String, _ value: Value, field: String) -> Bool {
    switch value {
    case .exact(let wanted): return actual.lowercased() == wanted.lowercased()
    case .pattern(let pattern): return wildcard(Array(pattern), Array(actual))
    case .range(let lower, let upper, let includesLower, let includesUpper):
      let low = lower == "*" || compare(actual, lower, field: field) > 0 || (includesLower && actual == lower)
      let high = upper == "*" || compare(actual, upper, field: field) < 0 || (includesUpper && actual == upper)
      return low && high
    }
  }

  /// Numbers by value, everything else (ISO times included) as text.
  static func compare(_ left: String, _ right: String, field: String) -> Int {
    if field == "PLANET_DAY_NUMBER", let left = Int(left), let right = Int(right) {
      return left < right ? -1 : (left == right ? 0 : 1)
    }
    return left < right ? -1 : (left == right ? 0 : 1)
  }

  /// `?` is any one character, `*` any run (case-sensitive, as on Solr's string fields).
  private static func wildcard(_ pattern: [Character], _ text: [Character]) -> Bool {
    guard let head = pattern.first else { return text.isEmpty }
    let rest = Array(pattern.dropFirst())
    if head == "*" { return (0...text.count).contains { wildcard(rest, Array(text.dropFirst($0))) } }
    guard let first = text.first, head == "?" || head == first else { return false }
    return wildcard(rest, Array(text.dropFirst()))
  }
}
