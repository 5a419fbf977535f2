/// One of N machines' share of a mission (`--shard I/N`): the sols with sol mod N = I - 1. Stable as new sols
/// arrive, and disjoint, so N machines running one command line cover every sol exactly once without talking.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  /// 1-based, as the user writes it.
  public let index: Int
  public let count: Int

  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `I/N`.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: index, count: count)
  }

  public func contains(sol: Int) -> Bool { sol % count == index - 1 }

  public var description: String { "\(index)/\(count)" }
}
