/// What a service knows of a rover's sols before listing photos: the newest sol, which sols in a range may have
/// photos (with each one's count where the service has it), and the camera names it uses.
package struct SolIndex: Sendable {
  package struct Entry: Sendable, Hashable {
    package var sol: Int
    /// The service's own count for the sol, to check a listing against; nil where it gives none.
    package var expected: Int?

    package init(sol: Int, expected: Int?) {
      self.sol = sol
      self.expected = expected
    }
  }

  /// nil for a rover with no photos.
  package var latestSol: Int?
  package var entries: [Entry]
  package var cameras: [String]
  /// The service that answered, where the asker is `auto`: messages name it, not `auto`.
  package var answeredBy: String?

  package init(latestSol: Int?, entries: [Entry], cameras: [String]) {
    self.latestSol = latestSol
    self.entries = entries
    self.cameras = cameras
  }

  /// The photos the chosen sols hold by the service's counts, when it gives one for every sol and the listing takes
  /// whole sols (a camera or a date takes an unknown share); what is in place counts too, as it is announced too.
  package static func estimate(_ sols: [SolIndex.Entry], wholeSols: Bool) -> Int? {
    guard wholeSols, !sols.isEmpty else { return nil }
    var total = 0
    for sol in sols {
      guard let expected = sol.expected, expected >= 0 else { return nil }
      let (sum, overflow) = total.addingReportingOverflow(expected)
      guard !overflow else { return nil }
      total = sum
    }
    return total
  }
}
