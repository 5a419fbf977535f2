import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore

/// The API copies' client in process, against the mock services: paging, caching and revalidation, fallback to
/// a stale answer. The end-to-end tests only prove that the CLI wires this up.
@Suite struct RoverClientTests {
  static func configuration(_ preset: ServicePreset, _ baseURL: URL, key: String? = nil) -> ServiceConfiguration {
    ServiceConfiguration.testing(preset, baseURL: baseURL, apiKey: key, retries: 2)
  }

  static func cache() -> ResponseCache {
    ResponseCache(directory: TestDirectory.unused("rover-rc"))
  }

  @Test func marsVistaPagesFollowItsPagination() async throws {
    let api = try MockRoverAPI(shape: .marsVista)
    defer { api.stop() }
    let client = RoverClient(configuration: Self.configuration(.marsvista, api.baseURL))
    let photos = try await client.photos(PhotoQuery(rover: "perseverance", selection: .sol(100)))
    let expected = api.dataset.photos(rover: "Perseverance", sol: 100)
    #expect(photos.map(\.id) == expected.map { .number($0.id) })
    // 230 photos at Mars Vista's cap of 100 a page.
    #expect(api.requestCount(pathPrefix: "/api/v1/rovers/perseverance/photos") == 3)
  }

  @Test func pagesWithoutPaginationUseTheManifestCountThenWalkOn() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    var configuration = Self.configuration(.nebulum, api.baseURL)
    configuration.maxPerPage = 25
    let client = RoverClient(configuration: configuration)
    let photos = try await client.photos(PhotoQuery(rover: "curiosity", selection: .sol(1002)))
    #expect(photos.map(\.id) == api.dataset.photos(rover: "Curiosity", sol: 1002).map { .number($0.id) })
    // 26 photos: a full first page, the manifest's count, the second page, which is short.
    #expect(api.requestCount(pathPrefix: "/api/v1/rovers/curiosity/photos") == 2)
    #expect(api.requestCount(pathPrefix: "/api/v1/manifests/curiosity") == 1)
  }

  @Test func aCachedAnswerCostsNoRequest() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let cache = Self.cache()
    let client = RoverClient(configuration: Self.configuration(.nebulum, api.baseURL), cache: cache)
    let first = try await client.rovers()
    let second = try await client.rovers()
    #expect(first.map(\.name) == second.map(\.name))
    #expect(api.requestCount == 1)
    let offline = RoverClient(
      configuration: Self.configuration(.nebulum, api.baseURL), cache: cache, cacheMode: CacheMode(.offline))
    await #expect(throws: ServiceError.self) { try await offline.manifest(rover: "curiosity") }
    #expect(try await offline.rovers().count == first.count)
  }

  @Test func staleEntriesAreRevalidatedWithTheirETag() async throws {
    let body = #"{"rovers":[{"id":5,"name":"Curiosity","status":"active","max_sol":10,"cameras":[]}]}"#
    let server = try TestHTTPServer { request in
      if request.header("If-None-Match") == "\"v1\"" { return .empty(status: 304) }
      return TestResponse.json(body).adding("ETag", "\"v1\"").adding("Cache-Control", "max-age=0")
    }
    defer { server.stop() }
    let client = RoverClient(configuration: Self.configuration(.nebulum, server.url("/api/v1")), cache: Self.cache())
    #expect(try await client.rovers().first?.name == "Curiosity")
    #expect(try await client.rovers().first?.maxSol == 10)
    #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
  }

  @Test func aServiceThatIsDownIsAnsweredFromAStaleEntry() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let cache = Self.cache()
    let warnings = Locked<[Notice]>([])
    let client = RoverClient(
      configuration: Self.configuration(.nebulum, api.baseURL), cache: cache, cacheMode: CacheMode(maxAge: 0),
      events: { event in
        if case .warning(let notice) = event { warnings.withLock { $0.append(notice) } }
      })
    let fresh = try await client.rovers()
    api.inject(.serverError, times: .max)
    let stale = try await client.rovers()
    #expect(stale.map(\.name) == fresh.map(\.name))
    #expect(warnings.current.count == 1)
    #expect(
      warnings.current.first.map { if case .staleCacheUsed = $0 { true } else { false } } == true, "\(warnings.current)"
    )
  }

  @Test func theKeyTravelsAsThePresetSaysAndNeverInTheCacheKey() async throws {
    let api = try MockRoverAPI(shape: .marsVista, apiKey: "mv_key_1")
    defer { api.stop() }
    let client = RoverClient(configuration: Self.configuration(.marsvista, api.baseURL, key: "mv_key_1"))
    _ = try await client.rovers()
    #expect(api.requests.first?.header("X-API-Key") == "mv_key_1")
    #expect(!client.cacheKey(.rovers).contains("mv_key_1"))
  }

  /// A service that redirects elsewhere must not receive the key at the other end (another port is another origin).
  @Test(arguments: [ServicePreset.marsvista, .nasa])
  func apiKeyIsNotForwardedOnACrossOriginRedirect(preset: ServicePreset) async throws {
    let elsewhere = try TestHTTPServer { _ in .json(#"{"rovers":[]}"#) }
    defer { elsewhere.stop() }
    let origin = try TestHTTPServer { request in
      // A hostile service even copies the key it was sent into the Location it answers with.
      .redirect(to: elsewhere.url("/api/v1/rovers").absoluteString + "?api_key=SECRET_KEY_42")
    }
    defer { origin.stop() }
    let client = RoverClient(configuration: Self.configuration(preset, origin.url("/api/v1"), key: "SECRET_KEY_42"))
    _ = try await client.rovers()
    let sent = try #require(origin.requests.first)
    #expect(sent.header("X-API-Key") == "SECRET_KEY_42" || sent.query("api_key") == "SECRET_KEY_42")
    let forwarded = try #require(elsewhere.requests.first)
    #expect(forwarded.header("X-API-Key") == nil)
    #expect(forwarded.query("api_key") == nil)
  }

  @Test func theKeyFollowsARedirectWithinItsOrigin() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/old/rovers" ? .redirect(to: "/api/v1/rovers") : .json(#"{"rovers":[]}"#)
    }
    defer { server.stop() }
    let client = RoverClient(configuration: Self.configuration(.marsvista, server.url("/old"), key: "k_same"))
    _ = try await client.rovers()
    #expect(server.requests.map { $0.header("X-API-Key") } == ["k_same", "k_same"])
  }
}
