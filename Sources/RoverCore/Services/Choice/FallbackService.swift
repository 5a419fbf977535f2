import Foundation

/// `--service auto`: for each rover an ordered list of live services; when one fails in a way another could
/// answer (cannot connect, 5xx after retries, a rover it should know answered as unknown, an answer that does not
/// decode, rate limits, a refused key), the next is tried with one warning naming both. A rover's list then
/// starts at the service that answered, so a range does not retry a dead host for every sol.
package struct FallbackService: PhotoService {
  let clients: [ServicePreset: any PhotoService]
  /// Services with a key configured, tried too (Mars Vista needs one).
  let keyed: Set<ServicePreset>
  let events: ClientEventHandler?
  /// A listing filtered or named by frame metadata (Mars time, site, drive, sequence) is asked only of the services
  /// that carry it: the Photos-API copies give a URL and no metadata, so they would list nothing, or name every
  /// file `unknown`.
  let needsFrameMetadata: Bool
  private let preferred = Locked<[String: Int]>([:])

  package init(
    clients: [ServicePreset: any PhotoService], keyed: Set<ServicePreset>, events: ClientEventHandler?,
    needsFrameMetadata: Bool = false
  ) {
    self.clients = clients
    self.keyed = keyed
    self.events = events
    self.needsFrameMetadata = needsFrameMetadata
  }

  /// The service `auto` asks for `rover`'s frame metadata: NASA's raw feeds, or the PDS for Spirit and Opportunity.
  package static func frameMetadataService(for rover: String) -> ServicePreset {
    switch Mission(name: rover) {
    case .spirit, .opportunity: return .pds
    default: return .nasaRaw
    }
  }

  package var serviceName: String { "auto" }

  /// The rovers `rovers` lists under `auto`, each asked of its own services.
  static let knownRovers = Mission.allCases.map(\.rawValue)

  /// Which services answer for a rover, best first.
  func chain(for rover: String) -> [ServicePreset] {
    var chain: [ServicePreset]
    if needsFrameMetadata {
      return [Self.frameMetadataService(for: rover)].filter { clients[$0] != nil }
    }
    switch Mission(name: rover) {
    case .curiosity, .perseverance: chain = [.nebulum, .marsvista, .nasaRaw]
    case .spirit, .opportunity: chain = [.pds, .nebulum, .marsvista]
    case .ingenuity, .insight: chain = [.nasaRaw]
    case nil: chain = [.nebulum, .nasaRaw]
    }
    return chain.filter { clients[$0] != nil && ($0 != .marsvista || keyed.contains($0)) }
  }

  /// Runs `body` on each service of the rover's chain until one answers; the first failure is what is thrown
  /// when none does, or, when none gave any HTTP answer, one error naming them all. The warnings that name each
  /// failed service wait for that outcome: offline, a line per service would only repeat the one that counts.
  ///
  /// `isFinal`, asked after a failure, says the failure must end the chain (a listing that already handed photos
  /// over cannot start again on another service without handing them over twice).
  func attempt<Value: Sendable>(
    _ rover: String, isFinal: () -> Bool = { false }, _ body: (any PhotoService) async throws -> Value
  ) async throws -> Value {
    let chain = chain(for: rover)
    let key = rover.lowercased()
    let start = min(preferred.withLock { $0[key] ?? 0 }, max(0, chain.count - 1))
    var failures: [(service: ServicePreset, error: any Error)] = []
    for index in start..<chain.count {
      guard let service = clients[chain[index]] else { continue }
      do {
        let value = try await body(service)
        if index != start { preferred.withLock { $0[key] = index } }
        warnFellBack(failures, to: chain[index])
        return value
      } catch {
        failures.append((chain[index], error))
        guard !isFinal(), Self.worthAnotherService(error), index + 1 < chain.count else { break }
      }
    }
    throw failure(failures, rover: rover)
  }

  /// "nebulum: <why>; trying nasa-raw", one line per service that failed before `answering` did.
  private func warnFellBack(_ failures: [(service: ServicePreset, error: any Error)], to answering: ServicePreset) {
    for (index, failure) in failures.enumerated() {
      let next = index + 1 < failures.count ? failures[index + 1].service : answering
      events?(.warning(.serviceFellBack(from: failure.service, cause: failure.error, to: next)))
    }
  }

  /// What to throw when no service of the chain answered for `rover`.
  private func failure(_ failures: [(service: ServicePreset, error: any Error)], rover: String) -> any Error {
    guard let first = failures.first, let last = failures.last else { return ServiceError.unknownRover(name: rover) }
    if last.error is CancellationError { return last.error }
    if let summary = unanswered(failures) { return summary }
    // A name no mission has, that a service said it does not know: that is the one thing to say (a line per
    // service tried would each say the same, or bury it under a network failure).
    if Mission(name: rover) == nil, failures.contains(where: { Self.isUnknown($0.error) }) {
      for failure in failures {
        events?(.serviceFailed(service: failure.service.rawValue, cause: failure.error))
      }
      return ServiceError.unknownRover(name: rover)
    }
    // Offline with nothing cached at any of them: the first says it for all.
    if failures.allSatisfy({ Self.isOfflineMiss($0.error) }) { return first.error }
    // The chain moved on from every failure but the last: say so as it would have, had one answered.
    warnFellBack(Array(failures.dropLast()), to: last.service)
    return first.error
  }

  /// One error for services none of which gave an HTTP answer, each one's own failure reported for a verbose
  /// log; nil when any did answer (its error then says more than a summary).
  private func unanswered(_ failures: [(service: ServicePreset, error: any Error)]) -> ServiceError? {
    let errors = failures.compactMap { $0.error as? HTTPError }.filter(\.isUnanswered)
    guard !failures.isEmpty, errors.count == failures.count else { return nil }
    for failure in failures {
      events?(.serviceFailed(service: failure.service.rawValue, cause: failure.error))
    }
    return .noServiceAnswered(services: failures.map(\.service.rawValue), errors: errors)
  }

  static func isUnknown(_ error: any Error) -> Bool {
    switch error {
    case ServiceError.unknownRover, ServiceError.unavailableRover: return true
    default: return false
    }
  }

  static func isOfflineMiss(_ error: any Error) -> Bool {
    if case ServiceError.offlineMiss = error { return true }
    return false
  }

  static func worthAnotherService(_ error: any Error) -> Bool {
    switch error {
    case is CancellationError: return false
    // An interception proxy presents its certificate for every host: the next service would fail the same way.
    case HTTPError.untrustedCertificate: return false
    case is HTTPError: return true
    case let error as ServiceError:
      switch error {
      case .serverError, .unknownRover, .notFound, .unavailableRover, .malformedJSON, .unexpectedStatus,
        .rateLimited, .unauthorized, .offlineMiss, .solOutOfRange, .dateOutOfRange, .implausibleSol, .listingCut,
        .noServiceAnswered:
        return true
      case .photoNotFound, .solRangeTooWide, .unknownCamera, .dateBeforeLanding, .pageOutOfRange:
        return false
      }
    default: return false
    }
  }

  /// Each rover from its own services; a rover no service could answer for is left out with a warning, and only
  /// when none answers at all is that an error.
  package func rovers() async throws -> [Rover] {
    let results = try await BoundedConcurrency.map(Self.knownRovers, width: 4) { name in
      do {
        return Result<Rover, any Error>.success(try await attempt(name) { try await $0.rover(named: name) })
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        return .failure(error)
      }
    }
    var rovers: [Rover] = []
    var failures: [(name: String, error: any Error)] = []
    for (name, result) in zip(Self.knownRovers, results) {
      switch result {
      case .success(let rover): rovers.append(rover)
      case .failure(let error): failures.append((name, error))
      }
    }
    if rovers.isEmpty, let error = Self.noneAnswered(failures.map(\.error)) { throw error }
    // Offline with nothing cached for any rover: one line, not one a rover.
    if rovers.isEmpty, failures.allSatisfy({ Self.isOfflineMiss($0.error) }) {
      throw ServiceError.offlineMiss(what: "the rovers")
    }
    for failure in failures { events?(.warning(.roverLeftOut(rover: failure.name, cause: failure.error))) }
    if rovers.isEmpty, let first = failures.first { throw first.error }
    return rovers
  }

  /// Every rover's chain unanswered, as one error naming each service tried once.
  static func noneAnswered(_ errors: [any Error]) -> ServiceError? {
    var services: [String] = []
    var causes: [HTTPError] = []
    for error in errors {
      guard case ServiceError.noServiceAnswered(let tried, let failures) = error else { return nil }
      services += tried.filter { !services.contains($0) }
      causes += failures
    }
    return services.isEmpty ? nil : .noServiceAnswered(services: services, errors: causes)
  }

  package func rover(named name: String) async throws -> Rover {
    try await attempt(name) { try await $0.rover(named: name) }
  }

  package func manifest(rover name: String) async throws -> PhotoManifest {
    try await attempt(name) { try await $0.manifest(rover: name) }
  }

  package func photos(_ query: PhotoQuery) async throws -> [Photo] {
    try await attempt(query.rover) { try await $0.photos(query) }
  }

  package func forEachWindow(_ query: PhotoQuery, _ body: ([Photo]) async throws -> Void) async throws {
    var handedOver = false
    try await attempt(query.rover, isFinal: { handedOver }) { service in
      try await service.forEachWindow(query) { window in
        handedOver = true
        try await body(window)
      }
    }
  }

  package func sols(rover name: String, range: ClosedRange<Int>?, camera: String?) async throws -> [SolDescription] {
    try await attempt(name) { try await $0.sols(rover: name, range: range, camera: camera) }
  }

  package func solIndex(rover name: String, range: ClosedRange<Int>?) async throws -> SolIndex {
    try await attempt(name) { service in
      var index = try await service.solIndex(rover: name, range: range)
      index.answeredBy = index.answeredBy ?? service.serviceName
      return index
    }
  }

  /// Numeric ids belong to the API copies; text ids to the raw feeds.
  package func photo(id: PhotoID) async throws -> Photo {
    let order: [ServicePreset]
    switch id {
    case .number: order = [.nebulum, .marsvista].filter { $0 != .marsvista || keyed.contains($0) }
    // MER product ids (`1N137056144ILF…`) belong to the PDS; other text ids to the raw feeds.
    case .text(let text): order = text.first.map { "12".contains($0) } == true ? [.pds, .nasaRaw] : [.nasaRaw, .pds]
    }
    var failures: [(service: ServicePreset, error: any Error)] = []
    for (index, preset) in order.enumerated() {
      guard let service = clients[preset] else { continue }
      do {
        return try await service.photo(id: id)
      } catch {
        failures.append((preset, error))
        guard Self.worthAnotherService(error) || error is ServiceError, index + 1 < order.count else { break }
      }
    }
    if let summary = unanswered(failures) { throw summary }
    throw failures.first?.error ?? ServiceError.photoNotFound(id: id.description)
  }
}
