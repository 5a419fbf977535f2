/// What a service knows of a rover's sols before listing photos: the newest sol, which sols in a range may have
/// photos (with each one's count where the service has it), and the camera names it uses.
public struct SolIndex: Sendable {
  public struct Entry: Sendable, Hashable {
    public var sol: Int
    /// The service's own count for the sol, to check a listing against; nil where it gives none.
    public var expected: Int?

    public init(sol: Int, expected: Int?) {
      self.sol = sol
      self.expected = expected
    }
  }

  /// nil for a rover with no photos.
  public var latestSol: Int?
  public var entries: [Entry]
  public var cameras: [String]

  public init(latestSol: Int?, entries: [Entry], cameras: [String]) {
    self.latestSol = latestSol
    self.entries = entries
    self.cameras = cameras
  }
}
