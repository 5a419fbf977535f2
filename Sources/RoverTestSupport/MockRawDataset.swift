/// The records a `MockRawFeeds` serves, plus the queries tests use to compute what a correct client should see.
///
/// Rover keys are `perseverance`, `curiosity`, `ingenuity` and `insight` (helpers accept any case). Each sol's list
/// is in the feed's order; the feeds list sols newest first.
public struct MockRawDataset: Sendable, Equatable {
  public static let perseverance = "perseverance"
  public static let curiosity = "curiosity"
  public static let ingenuity = "ingenuity"
  public static let insight = "insight"

  /// Images by rover key and sol.
  public var imagesByRover: [String: [Int: [MockRawImage]]]
  /// Body size of the image route when the request gives no `size`.
  public var imageSize: Int

  public init(imagesByRover: [String: [Int: [MockRawImage]]] = [:], imageSize: Int = 4096) {
    self.imagesByRover = Dictionary(imagesByRover.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.imageSize = imageSize
  }

  /// One sol's images in feed order. The default matches a plain feed request: every sample type. `instrument`
  /// matches exactly, ignoring case.
  public func images(rover: String, sol: Int, includeThumbnails: Bool = true, instrument: String? = nil)
    -> [MockRawImage]
  {
    (imagesByRover[rover.lowercased()]?[sol] ?? []).filter { image in
      (includeThumbnails || !image.isThumbnail)
        && (instrument == nil || image.instrument.uppercased() == instrument?.uppercased())
    }
  }

  /// Every image of the rover, sols newest first.
  public func allImages(rover: String) -> [MockRawImage] {
    sols(rover: rover).reversed().flatMap { imagesByRover[rover.lowercased()]?[$0] ?? [] }
  }

  /// Sols with at least one image of any camera, ascending.
  public func sols(rover: String) -> [Int] {
    (imagesByRover[rover.lowercased()] ?? [:]).filter { !$0.value.isEmpty }.keys.sorted()
  }

  /// The feeds' `latest_sol`: the highest sol with any image; nil when there are none.
  public func latestSol(rover: String) -> Int? {
    sols(rover: rover).last
  }

  /// Every image of the rover, all sample types and cameras: the feeds' `total`.
  public func total(rover: String) -> Int {
    imagesByRover[rover.lowercased()]?.values.reduce(0) { $0 + $1.count } ?? 0
  }
}
