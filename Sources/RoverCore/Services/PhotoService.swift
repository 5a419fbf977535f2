/// What the commands need from a photo service. Each service (the API copies, NASA's raw feeds) implements it, so
/// commands never know which one they talk to.
package protocol PhotoService: Sendable {
  /// A short name for messages, e.g. `nebulum`.
  var serviceName: String { get }
  func rovers() async throws -> [Rover]
  func rover(named name: String) async throws -> Rover
  func manifest(rover name: String) async throws -> PhotoManifest
  func photos(_ query: PhotoQuery) async throws -> [Photo]
  /// ``photos(_:)`` handed to `body` a window at a time as pages come in, so a sol of any size costs a window
  /// (about ``Pager/windowBytes``) and a page, never the sol; nothing is handed over twice.
  /// - Throws: what ``photos(_:)`` throws; a sol cut by a limit hands over what it listed first.
  func forEachWindow(_ query: PhotoQuery, _ body: ([Photo]) async throws -> Void) async throws
  func photo(id: PhotoID) async throws -> Photo
  /// The sols that have photos, within `range`, optionally only where `camera` shot.
  func sols(rover name: String, range: ClosedRange<Int>?, camera: String?) async throws -> [SolDescription]
  /// The sols of `range` worth asking for, before any photo is listed.
  func solIndex(rover name: String, range: ClosedRange<Int>?) async throws -> SolIndex
}

extension PhotoService {
  /// A service that does not page hands its answer over at once.
  package func forEachWindow(_ query: PhotoQuery, _ body: ([Photo]) async throws -> Void) async throws {
    try await body(photos(query))
  }

  /// The API copies answer this from the manifest, in one request.
  package func sols(rover name: String, range: ClosedRange<Int>?, camera: String?) async throws -> [SolDescription] {
    try await manifest(rover: name).sols(in: range, camera: camera)
  }

  /// From the manifest: only sols with photos, each with its count.
  package func solIndex(rover name: String, range: ClosedRange<Int>?) async throws -> SolIndex {
    let manifest = try await manifest(rover: name)
    let sols = manifest.sols.filter { range?.contains($0.sol) ?? true }
    var cameras = Set((manifest.rover.cameras ?? []).map(\.name))
    for sol in manifest.sols { cameras.formUnion(sol.cameras) }
    return SolIndex(
      latestSol: manifest.rover.maxSol ?? manifest.sols.last?.sol,
      entries: sols.map { SolIndex.Entry(sol: $0.sol, expected: $0.totalPhotos) }, cameras: cameras.sorted())
  }
}
