/// What the commands need from a photo service. Each service (the API copies, NASA's raw feeds) implements it, so
/// commands never know which one they talk to.
public protocol PhotoService: Sendable {
  /// A short name for messages, e.g. `nebulum`.
  var serviceName: String { get }
  func rovers() async throws -> [Rover]
  func rover(named name: String) async throws -> Rover
  func manifest(rover name: String) async throws -> PhotoManifest
  func photos(_ query: PhotoQuery) async throws -> [Photo]
  func photo(id: PhotoID) async throws -> Photo
  /// The sols that have photos, within `range`, optionally only where `camera` shot.
  func sols(rover name: String, range: ClosedRange<Int>?, camera: String?) async throws -> [SolDescription]
}

extension PhotoService {
  /// The API copies answer this from the manifest, in one request.
  public func sols(rover name: String, range: ClosedRange<Int>?, camera: String?) async throws -> [SolDescription] {
    try await manifest(rover: name).sols(in: range, camera: camera)
  }
}
