/// One of N machines' share of a mission (`--shard I/N`): the sols with sol mod N = I - 1. Stable as new sols
/// arrive, and disjoint, so N machines running one command line cover every sol exactly once without talking.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// 1-based, as the user writes it.
  package let index: Int
  package let count: Int

  package init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `I/N`.
  package init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: index, count: count)
  }

  package func contains(sol: Int) -> Bool { sol % count == index - 1 }

  package var description: String { "\(index)/\(count)" }
}
