/// The rows a `MockRoverAPI` serves, plus the queries tests use to compute what a correct client should see.
///
/// A plain value: build one, tweak it, hand it to the mock. Every helper here answers in the order the services do
/// (camera id, then photo id), so an expectation is one call, not a re-implementation in each test.
public struct MockDataset: Sendable, Equatable {
  /// The multiplier of the services' earth-date formula: seconds in a sol over seconds in a day (api-reference 1.6).
  public static let secondsPerSol = 88_775.244

  /// In id order, which is the order `/rovers` lists them.
  public var rovers: [MockRover]
  /// Photos by rover name (as stored) and sol.
  public var photosByRover: [String: [Int: [MockPhoto]]]
  /// Body size of the image route when the request gives no `size`.
  public var imageSize: Int

  public init(rovers: [MockRover], photosByRover: [String: [Int: [MockPhoto]]] = [:], imageSize: Int = 4096) {
    self.rovers = rovers.sorted { $0.id < $1.id }
    self.photosByRover = photosByRover
    self.imageSize = imageSize
  }

  /// Builds photos from counts: ids run from `firstPhotoID` through the rovers in the order given, sols ascending,
  /// and the n-th photo of a sol uses camera n modulo the rover's camera count.
  public static func generated(
    rovers: [MockRover], photoCounts: [String: [Int: Int]], firstPhotoID: Int = 100_000, imageSize: Int = 4096
  ) -> MockDataset {
    var nextID = firstPhotoID
    var photos: [String: [Int: [MockPhoto]]] = [:]
    for rover in rovers {
      guard let counts = photoCounts[rover.name], !rover.cameras.isEmpty else { continue }
      for sol in counts.keys.sorted() {
        let count = counts[sol] ?? 0
        photos[rover.name, default: [:]][sol] = (0..<count).map { index in
          defer { nextID += 1 }
          return MockPhoto(
            id: nextID, sol: sol, rover: rover.name, camera: rover.cameras[index % rover.cameras.count].name)
        }
      }
    }
    return MockDataset(rovers: rovers, photosByRover: photos, imageSize: imageSize)
  }

  /// The rover called `name`, case-insensitively.
  public func rover(named name: String) -> MockRover? {
    let wanted = name.lowercased()
    return rovers.first { $0.name.lowercased() == wanted }
  }

  /// The photos of one sol, optionally of one camera (case-insensitive), ordered camera id then photo id.
  public func photos(rover name: String, sol: Int, camera: String? = nil) -> [MockPhoto] {
    guard let rover = rover(named: name) else { return [] }
    let all = photosByRover[rover.name]?[sol] ?? []
    return ordered(filter(all, camera: camera, rover: rover), rover: rover)
  }

  /// The photos whose computed earth date is `earthDate` (`YYYY-MM-DD`), ordered like `photos(rover:sol:camera:)`.
  public func photos(rover name: String, earthDate: String, camera: String? = nil) -> [MockPhoto] {
    guard let rover = rover(named: name), let wanted = MockDay(earthDate, lenient: true),
      let landing = MockDay(rover.landingDate)
    else { return [] }
    let sols = solsWithPhotos(rover: rover.name).filter { Self.earthDate(landing: landing, sol: $0) == wanted }
    let all = sols.flatMap { photosByRover[rover.name]?[$0] ?? [] }
    return ordered(filter(all, camera: camera, rover: rover), rover: rover)
  }

  /// Every photo of the rover, by sol, then camera id, then photo id (Mars Vista's answer to a query without sol).
  public func allPhotos(rover name: String, camera: String? = nil) -> [MockPhoto] {
    guard let rover = rover(named: name) else { return [] }
    return solsWithPhotos(rover: rover.name).flatMap { photos(rover: rover.name, sol: $0, camera: camera) }
  }

  /// The highest sol with photos, or nil when the rover has none.
  public func maxSol(rover name: String) -> Int? {
    solsWithPhotos(rover: name).last
  }

  /// The earth date of `maxSol`, or nil when the rover has no photos.
  public func maxDate(rover name: String) -> String? {
    maxSol(rover: name).flatMap { earthDate(rover: name, sol: $0) }
  }

  public func totalPhotos(rover name: String) -> Int {
    guard let rover = rover(named: name) else { return 0 }
    return photosByRover[rover.name]?.values.reduce(0) { $0 + $1.count } ?? 0
  }

  /// Sols that have at least one photo, ascending; the gaps are real.
  public func solsWithPhotos(rover name: String) -> [Int] {
    guard let rover = rover(named: name) else { return [] }
    return (photosByRover[rover.name] ?? [:]).filter { !$0.value.isEmpty }.keys.sorted()
  }

  public func photo(id: Int) -> MockPhoto? {
    for sols in photosByRover.values {
      for photos in sols.values {
        if let match = photos.first(where: { $0.id == id }) { return match }
      }
    }
    return nil
  }

  /// The earth date the services store for a sol: landing date plus floor(sol × 88775.244 / 86400) days.
  public func earthDate(rover name: String, sol: Int) -> String? {
    guard let rover = rover(named: name) else { return nil }
    return Self.earthDate(landingDate: rover.landingDate, sol: sol)
  }

  /// The formula of api-reference 1.6, e.g. Curiosity (2012-08-06) sol 1000 → `2015-05-30`; nil for a bad date.
  public static func earthDate(landingDate: String, sol: Int) -> String? {
    MockDay(landingDate).map { earthDate(landing: $0, sol: sol).description }
  }

  static func earthDate(landing: MockDay, sol: Int) -> MockDay {
    landing.adding(days: Int((Double(sol) * secondsPerSol / 86_400).rounded(.down)))
  }

  /// The cameras used on one sol: distinct names, alphabetical, as the manifest lists them.
  public func cameraNames(rover name: String, sol: Int) -> [String] {
    Set(photos(rover: name, sol: sol).map(\.camera)).sorted()
  }

  private func filter(_ photos: [MockPhoto], camera: String?, rover: MockRover) -> [MockPhoto] {
    guard let camera else { return photos }
    let wanted = camera.uppercased()
    return photos.filter { $0.camera.uppercased() == wanted }
  }

  private func ordered(_ photos: [MockPhoto], rover: MockRover) -> [MockPhoto] {
    let cameraIDs = Dictionary(rover.cameras.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
    return photos.sorted { lhs, rhs in
      let left = cameraIDs[lhs.camera] ?? Int.max
      let right = cameraIDs[rhs.camera] ?? Int.max
      return left != right ? left < right : lhs.id < rhs.id
    }
  }
}
