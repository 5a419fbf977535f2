import Foundation

/// The query parameters both raw feeds share, parsed once: sol conditions, missions, instrument search, order.
///
/// Conditions are `value:field:operator` (`4600:sol:in`, `100:sol:gte`, `msl:mission`); the Perseverance feed's
/// `sol=N` reads as `N:sol:in`. Conditions on other fields are ignored.
struct MockRawQuery {
  /// Which sols match: every stated condition must hold.
  struct SolFilter {
    private(set) var isPresent = false
    private var lower = Int.min
    private var upper = Int.max
    private var allowed: Set<Int>?

    func matches(_ sol: Int) -> Bool {
      sol >= lower && sol <= upper && (allowed?.contains(sol) ?? true)
    }

    /// A value that is not a number matches nothing.
    mutating func add(_ value: String, operator: String) {
      isPresent = true
      let numbers = value.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
      guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else {
        allowed = []
        return
      }
      let values = numbers.compactMap { $0 }
      switch `operator` {
      case "gte": lower = max(lower, values[0])
      case "gt": lower = max(lower, values[0] &+ 1)
      case "lte": upper = min(upper, values[0])
      case "lt": upper = min(upper, values[0] &- 1)
      default: allowed = (allowed ?? Set(values)).intersection(values)
      }
    }
  }

  /// One `order` clause, e.g. `sol desc`.
  struct OrderClause {
    let field: String
    let descending: Bool
  }

  enum SortKey: Comparable {
    case int(Int)
    case text(String)
  }

  var sols = SolFilter()
  /// `msl:mission` and the like, lower-cased.
  var missions: [String] = []
  /// From `search=A|B`, upper-cased; nil when absent or empty.
  var instruments: Set<String>?
  var order: [OrderClause]

  init(_ request: TestRequest) {
    if let sol = request.query("sol") {
      sols.add(sol, operator: "in")
    }
    for item in request.queryItems where item.name.hasPrefix("condition_") {
      let parts = (item.value ?? "").split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      guard parts.count >= 2 else { continue }
      let (field, op) = parts.count == 2 ? (parts[1], "eq") : (parts[parts.count - 2], parts[parts.count - 1])
      let value = parts.count == 2 ? parts[0] : parts[0..<(parts.count - 2)].joined(separator: ":")
      switch field.lowercased() {
      case "sol": sols.add(value, operator: op.lowercased())
      case "mission": missions.append(value.lowercased())
      default: continue
      }
    }
    let searched = (request.query("search") ?? "").split(separator: "|").map {
      $0.trimmingCharacters(in: .whitespaces).uppercased()
    }.filter { !$0.isEmpty }
    instruments = searched.isEmpty ? nil : Set(searched)
    let clauses = (request.query("order") ?? "").split(separator: ",").compactMap { clause -> OrderClause? in
      let words = clause.split(separator: " ")
      guard let field = words.first else { return nil }
      return OrderClause(field: field.lowercased(), descending: words.dropFirst().first?.lowercased() == "desc")
    }
    // Both feeds list the newest sol first when not told otherwise.
    order = clauses.isEmpty ? [OrderClause(field: "sol", descending: true)] : clauses
  }

  func matchesInstrument(_ image: MockRawImage) -> Bool {
    instruments?.contains(image.instrument.uppercased()) ?? true
  }

  /// Sorted by the `order` clauses, ties kept in dataset order; unknown fields are ignored.
  func sorted(_ entries: [MockRawEntry]) -> [MockRawEntry] {
    entries.sorted { lhs, rhs in
      for clause in order {
        guard let left = Self.key(clause.field, lhs.image), let right = Self.key(clause.field, rhs.image),
          left != right
        else { continue }
        return clause.descending ? left > right : left < right
      }
      return lhs.rank < rhs.rank
    }
  }

  /// A non-negative integer parameter; junk, absent or negative gives `fallback`.
  static func count(_ text: String?, default fallback: Int) -> Int {
    guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else { return fallback }
    return value
  }

  private static func key(_ field: String, _ image: MockRawImage) -> SortKey? {
    switch field {
    case "sol": .int(image.sol)
    case "instrument_sort": .int(MockRawInstrument.named(image.instrument).sort)
    case "sample_type_sort": .int(MockRawRouter.sampleTypeSort(image.sampleType))
    case "date_taken", "date_taken_utc": MockRawClock.milliseconds(fromISO: image.dateTakenUTC).map(SortKey.int)
    case "instrument": .text(image.instrument)
    case "imageid": .text(image.id)
    case "id": image.curiosityID.map(SortKey.int) ?? .text(image.id)
    default: nil
    }
  }
}
