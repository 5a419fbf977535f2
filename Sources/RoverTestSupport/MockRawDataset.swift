/// The records a `MockRawFeeds` serves, plus the queries tests use to compute what a correct client should see.
///
/// Rover keys are `perseverance` and `curiosity` (helpers accept any case). Each sol's list is in the feed's order
/// for that sol; the feeds list sols newest first unless `order` says otherwise.
public struct MockRawDataset: Sendable, Equatable {
  public static let perseverance = "perseverance"
  public static let curiosity = "curiosity"

  /// Images by rover key and sol.
  public var imagesByRover: [String: [Int: [MockRawImage]]]
  /// Body size of the image route when the request gives no `size`.
  public var imageSize: Int

  public init(imagesByRover: [String: [Int: [MockRawImage]]] = [:], imageSize: Int = 4096) {
    self.imagesByRover = Dictionary(imagesByRover.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.imageSize = imageSize
  }

  /// One sol's images in feed order. The defaults match a plain feed request: every sample type, and (for
  /// Perseverance) no Ingenuity cameras, as with `category=mars2020`. `instrument` matches exactly, ignoring case.
  public func images(
    rover: String, sol: Int, includeThumbnails: Bool = true, includeIngenuity: Bool = false, instrument: String? = nil
  ) -> [MockRawImage] {
    let wanted = instrument?.uppercased()
    return (imagesByRover[rover.lowercased()]?[sol] ?? []).filter { image in
      (includeThumbnails || !image.isThumbnail) && (includeIngenuity || !image.isIngenuity)
        && (wanted == nil || image.instrument.uppercased() == wanted)
    }
  }

  /// Every image of the rover in the feeds' default order: sols newest first, each sol in feed order. Ingenuity
  /// cameras included.
  public func allImages(rover: String) -> [MockRawImage] {
    sols(rover: rover).reversed().flatMap { imagesByRover[rover.lowercased()]?[$0] ?? [] }
  }

  /// Sols with at least one image (of any camera, Ingenuity's included), ascending.
  public func sols(rover: String) -> [Int] {
    (imagesByRover[rover.lowercased()] ?? [:]).filter { !$0.value.isEmpty }.keys.sorted()
  }

  /// The feeds' `latest_sol`: the highest sol with any image, Ingenuity's included; nil when there are none.
  public func latestSol(rover: String) -> Int? {
    sols(rover: rover).last
  }

  /// Every image of the rover, all sample types and cameras: Perseverance's `total_images`, the latest `total`.
  public func total(rover: String) -> Int {
    imagesByRover[rover.lowercased()]?.values.reduce(0) { $0 + $1.count } ?? 0
  }

  /// The image whose `imageid` is `id`, in either rover.
  public func image(id: String) -> MockRawImage? {
    for sols in imagesByRover.values {
      for images in sols.values {
        if let match = images.first(where: { $0.id == id }) { return match }
      }
    }
    return nil
  }

  /// `allImages(rover:)` with each image's position within its sol and overall, for the router.
  func entries(rover: String) -> [MockRawEntry] {
    var entries: [MockRawEntry] = []
    for sol in sols(rover: rover).reversed() {
      for (ordinal, image) in (imagesByRover[rover.lowercased()]?[sol] ?? []).enumerated() {
        entries.append(MockRawEntry(image: image, ordinal: ordinal, rank: entries.count))
      }
    }
    return entries
  }
}

/// An image with its place in the dataset: `ordinal` within its sol, `rank` in the default order.
struct MockRawEntry {
  let image: MockRawImage
  let ordinal: Int
  let rank: Int
}
