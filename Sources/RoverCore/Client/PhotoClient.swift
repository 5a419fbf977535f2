import Foundation

/// The entry point for reading the photo services: rovers, their manifests and sols, and photos of a sol, a sol
/// range, a date or the latest sol, or by id. Which service answers follows ``ConnectionSettings``: one service,
/// or under `auto` the live services that have the rover, one after another when one is down.
///
/// ```swift
/// let client = try PhotoClient(settings: ConnectionSettings())
/// for try await photo in client.photos(of: "curiosity", sol: 1000) {
///   print(photo.id, photo.camera.name, photo.imageURL?.absoluteString ?? "-")
/// }
/// ```
public struct PhotoClient: Sendable {
  /// The service the settings name (under `auto`, the fallback over every live one).
  package let service: any PhotoService
  var listing: PhotoListing
  /// NASA's map layers, for positions; nil for a client made around a bare service.
  let places: PlacesClient?
  /// The settings every request of this client, and every image of its downloaders, goes through.
  package let settings: ConnectionSettings

  /// A client for the services `settings` name, checked once here.
  /// - Parameters:
  ///   - settings: which service, where, how patiently, through which cache, engine and CAs, and how fast.
  ///   - filter: which frames every listing of this client keeps: by default each frame once, as its newest
  ///     version; `PhotoFilter(versions: .all)` keeps every version NASA sent, and the other fields select frames by
  ///     Mars time, site, drive or sequence.
  ///   - events: requests, retries, warnings (a sol listed short of its count, a service that fell back) as they
  ///     happen; the library never prints them itself.
  /// - Throws: ``SettingsError`` for settings that cannot work: a base URL under `auto` or that is not http(s), an
  ///   engine this build lacks, a key with a control character, a CA file that cannot be read, holds no
  ///   certificate, or is given with the URLSession engine.
  public init(
    settings: ConnectionSettings, filter: PhotoFilter = PhotoFilter(), events: (@Sendable (ClientEvent) -> Void)? = nil
  ) throws {
    try self.init(settings: settings, rawFeed: RawFeedOptions(), filter: filter, events: events)
  }

  /// A client whose services also take the command's photo choices (size, thumbnails, records kept).
  package init(
    settings: ConnectionSettings, rawFeed: RawFeedOptions, filter: PhotoFilter = PhotoFilter(),
    events: ClientEventHandler? = nil
  ) throws {
    try settings.validate()
    self.settings = settings
    service = ServiceFactory.make(settings, rawFeedOptions: rawFeed, events: events)
    listing = PhotoListing(service: service, events: events, filter: filter)
    places = PlacesClient(settings: settings, events: events)
  }

  init(service: any PhotoService, events: ClientEventHandler? = nil) {
    self.service = service
    listing = PhotoListing(service: service, events: events)
    places = nil
    settings = ConnectionSettings()
  }

  /// A downloader for this client's photos: its images go through this client's settings (engine, CA file,
  /// timeout, retries, rate), so a download never uses other settings than its listing.
  /// - Parameters:
  ///   - options: where the files go and how they are named.
  ///   - events: progress as it happens, called from the downloader's threads; keep it quick.
  public func downloader(
    _ options: DownloadOptions, events: @escaping @Sendable (DownloadEvent) -> Void = { _ in }
  ) -> Downloader {
    Downloader(validated: settings, options: options, events: events)
  }

  /// The service's name as messages give it (`nebulum`, `nasa-raw`, `auto`).
  public var serviceName: String { service.serviceName }

  /// Every rover the service knows, with its mission totals where the service keeps them.
  /// - Throws: ``ServiceError`` or ``HTTPError`` when no service answers.
  public func rovers() async throws -> [Rover] { try await service.rovers() }

  /// One rover with its totals and cameras.
  /// - Throws: ``ServiceError/unknownRover(name:)`` for a name the service does not know.
  public func rover(_ name: String) async throws -> Rover { try await service.rover(named: name) }

  /// A rover's manifest: every sol with photos, its photo count and cameras.
  /// - Throws: ``ServiceError`` or ``HTTPError``.
  public func manifest(of rover: String) async throws -> PhotoManifest { try await service.manifest(rover: rover) }

  /// The sols that have photos, within `range` (all when nil), only where `camera` shot (any when nil).
  /// - Throws: ``ServiceError`` or ``HTTPError``.
  public func sols(of rover: String, in range: ClosedRange<Int>? = nil, camera: String? = nil) async throws
    -> [SolDescription]
  {
    try await service.sols(rover: rover, range: range, camera: camera)
  }

  /// One photo by its id (a number on the Photos-API copies, NASA's product id on the raw feeds).
  /// - Throws: ``ServiceError/photoNotFound(id:)`` when no service has it.
  public func photo(id: PhotoID) async throws -> Photo { try await service.photo(id: id) }

  /// The photos a request selects, streamed: see ``PhotoStream``.
  public func photos(_ request: PhotoRequest) -> PhotoStream { PhotoStream(listing: listing, request: request.plan) }

  /// Photos by id, looked up a few at a time and delivered in the order given; an id no service knows is left out
  /// and the others are still delivered.
  public func photos(ids: [PhotoID]) -> PhotoStream { PhotoStream(listing: listing, request: .ids(ids)) }

  /// Every photo of one sol, optionally of one camera (a name such as `NAVCAM`, or a group such as Perseverance's
  /// `NAVCAM`, which is its members).
  public func photos(of rover: String, sol: Int, camera: String? = nil) -> PhotoStream {
    photos(PhotoRequest(rover: rover, days: .sol(sol), cameras: camera.map { [$0] } ?? []))
  }

  /// Every photo of a stretch of sols, sol by sol, optionally of some cameras only.
  public func photos(of rover: String, sols: ClosedRange<Int>, cameras: [String] = []) -> PhotoStream {
    photos(PhotoRequest(rover: rover, days: .sols(sols), cameras: cameras))
  }
}
