import Foundation
import Testing

@testable import RoverCore

/// `HTTPVerdict` in a form tests can compare.
enum ClassifierOutcome: Equatable, Sendable {
  case accept
  case retry(ServiceError, retryAfter: TimeInterval?)
  case fail(ServiceError)

  init(_ verdict: HTTPVerdict) {
    switch verdict {
    case .accept: self = .accept
    case .retry(let error, let retryAfter):
      self = .retry(error as? ServiceError ?? .offlineMiss(what: "\(error)"), retryAfter: retryAfter)
    case .fail(let error): self = .fail(error as? ServiceError ?? .offlineMiss(what: "\(error)"))
    }
  }
}

/// One error fixture served with one status (and maybe headers) for one endpoint, and the verdict it should get.
struct ClassifierCase: Sendable, CustomTestStringConvertible {
  var name: String
  /// `nil` serves an empty body.
  var fixture: String?
  var status: Int
  var endpoint: APIEndpoint
  var url: String
  var service = "nebulum"
  var headers: [String: String] = [:]
  var expected: ClassifierOutcome

  var testDescription: String { name }
}

private let nebulum = "https://rovers.nebulum.one/api/v1"
private let marsVista = "https://api.marsvista.dev/api/v1"
private let gateway = "https://api.nasa.gov/mars-photos/api/v1"
private let pathfinderPhotos = APIEndpoint.photos(
  rover: "Pathfinder", selection: .sol(1000), camera: nil, page: nil, perPage: nil)
private let curiosityPhotos = APIEndpoint.photos(
  rover: "curiosity", selection: .sol(1000), camera: nil, page: nil, perPage: nil)

/// A rate limit's message names the host that limited, then what it said (the command prints it whole).
private func limitedBy(_ base: String, _ said: String) -> String {
  "\(URL(string: base)?.host ?? base) (\(said))"
}

private let gatewayRateLimited = ServiceError.rateLimited(
  retryAfter: nil, message: limitedBy(gateway, ExpectedErrorBody.gatewayRateLimitMessage))

private let classifierCases: [ClassifierCase] = [
  // Unknown rovers.
  ClassifierCase(
    name: "400 invalid rover on photos", fixture: "error-invalid-rover-400", status: 400, endpoint: pathfinderPhotos,
    url: "\(nebulum)/rovers/pathfinder/photos?sol=1000", expected: .fail(.unknownRover(name: "Pathfinder"))),
  ClassifierCase(
    name: "400 invalid rover on manifest", fixture: "error-invalid-rover-400", status: 400,
    endpoint: .manifest("pathfinder"), url: "\(nebulum)/manifests/pathfinder",
    expected: .fail(.unknownRover(name: "pathfinder"))),
  ClassifierCase(
    name: "400 invalid rover with no rover in the request", fixture: "error-invalid-rover-400", status: 400,
    endpoint: .rovers, url: "\(nebulum)/rovers",
    expected: .fail(.unexpectedStatus(status: 400, url: "\(nebulum)/rovers", message: "Invalid Rover Name"))),
  ClassifierCase(
    name: "404 Mars Vista unknown rover", fixture: "marsvista-error-rover-404", status: 404,
    endpoint: .rover("pathfinder"), url: "\(marsVista)/rovers/pathfinder", service: "Mars Vista",
    expected: .fail(.unknownRover(name: "pathfinder"))),
  // Unknown photos and routes.
  ClassifierCase(
    name: "404 Rails unknown photo", fixture: "error-not-found-404", status: 404, endpoint: .photo(.number(123)),
    url: "\(nebulum)/photos/123", expected: .fail(.photoNotFound(id: "123"))),
  ClassifierCase(
    name: "404 Mars Vista unknown photo", fixture: "marsvista-error-photo-404", status: 404,
    endpoint: .photo(.number(123)), url: "\(marsVista)/photos/123", service: "Mars Vista",
    expected: .fail(.photoNotFound(id: "123"))),
  ClassifierCase(
    name: "404 Rails unknown route", fixture: "error-not-found-404", status: 404, endpoint: .rovers,
    url: "https://rovers.nebulum.one/v1/rovers", expected: .fail(.notFound(url: "https://rovers.nebulum.one/v1/rovers"))
  ),
  // A 400 without `errors` is not about the rover.
  ClassifierCase(
    name: "400 Mars Vista bad date", fixture: "marsvista-error-bad-date-400", status: 400, endpoint: curiosityPhotos,
    url: "\(marsVista)/rovers/curiosity/photos?sol=1000", service: "Mars Vista",
    expected: .fail(
      .unexpectedStatus(
        status: 400, url: "\(marsVista)/rovers/curiosity/photos?sol=1000",
        message: "Invalid earth_date format. Use YYYY-MM-DD."))),
  // Keys.
  ClassifierCase(
    name: "401 Mars Vista no key", fixture: "marsvista-error-unauthorized-401", status: 401, endpoint: .rovers,
    url: "\(marsVista)/rovers", service: "Mars Vista",
    expected: .fail(
      .unauthorized(service: "Mars Vista", message: ExpectedErrorBody.marsVistaUnauthorizedMessage))),
  ClassifierCase(
    name: "403 gateway key missing", fixture: "gateway-error-key-missing-403", status: 403, endpoint: .rovers,
    url: "\(gateway)/rovers", service: "api.nasa.gov",
    expected: .fail(
      .unauthorized(service: "api.nasa.gov", message: "No api_key was supplied. Get one at https://api.nasa.gov:443"))
  ),
  ClassifierCase(
    name: "403 gateway key invalid", fixture: "gateway-error-key-invalid-403", status: 403, endpoint: .rovers,
    url: "\(gateway)/rovers?api_key=DEMO_KEY", service: "api.nasa.gov",
    expected: .fail(
      .unauthorized(
        service: "api.nasa.gov", message: "An invalid api_key was supplied. Get one at https://api.nasa.gov:443"))),
  // Rate limits.
  ClassifierCase(
    name: "429 gateway over rate limit", fixture: "gateway-error-over-rate-limit-429", status: 429,
    endpoint: curiosityPhotos, url: "\(gateway)/rovers/curiosity/photos?sol=1000", service: "api.nasa.gov",
    expected: .retry(gatewayRateLimited, retryAfter: nil)),
  ClassifierCase(
    name: "200 gateway over rate limit", fixture: "gateway-error-over-rate-limit-429", status: 200,
    endpoint: curiosityPhotos, url: "\(gateway)/rovers/curiosity/photos?sol=1000", service: "api.nasa.gov",
    expected: .retry(gatewayRateLimited, retryAfter: nil)),
  ClassifierCase(
    name: "429 gateway with Retry-After", fixture: "gateway-error-over-rate-limit-429", status: 429,
    endpoint: curiosityPhotos, url: "\(gateway)/rovers/curiosity/photos?sol=1000", service: "api.nasa.gov",
    headers: ["retry-after": "30"],
    expected: .retry(
      .rateLimited(retryAfter: 30, message: limitedBy(gateway, ExpectedErrorBody.gatewayRateLimitMessage)),
      retryAfter: 30)),
  ClassifierCase(
    name: "429 Mars Vista quota with Retry-After", fixture: "marsvista-error-rate-limit-429", status: 429,
    endpoint: .rovers, url: "\(marsVista)/rovers", service: "Mars Vista", headers: ["retry-after": "120"],
    expected: .retry(
      .rateLimited(retryAfter: 120, message: limitedBy(marsVista, ExpectedErrorBody.marsVistaQuotaMessage)),
      retryAfter: 120)
  ),
  ClassifierCase(
    name: "429 Mars Vista quota without Retry-After", fixture: "marsvista-error-rate-limit-429", status: 429,
    endpoint: .rovers, url: "\(marsVista)/rovers", service: "Mars Vista",
    expected: .retry(
      .rateLimited(retryAfter: nil, message: limitedBy(marsVista, ExpectedErrorBody.marsVistaQuotaMessage)),
      retryAfter: nil)
  ),
  ClassifierCase(
    name: "429 Mars Vista per-IP retryAfter in the body", fixture: "marsvista-error-rate-limit-ip-429", status: 429,
    endpoint: .rovers, url: "\(marsVista)/rovers", service: "Mars Vista",
    expected: .retry(
      .rateLimited(retryAfter: 60, message: limitedBy(marsVista, ExpectedErrorBody.marsVistaIPMessage)), retryAfter: 60)
  ),
  ClassifierCase(
    name: "429 Mars Vista per-IP header beats body", fixture: "marsvista-error-rate-limit-ip-429", status: 429,
    endpoint: .rovers, url: "\(marsVista)/rovers", service: "Mars Vista", headers: ["retry-after": "5"],
    expected: .retry(
      .rateLimited(retryAfter: 5, message: limitedBy(marsVista, ExpectedErrorBody.marsVistaIPMessage)), retryAfter: 5)),
  // Server errors, with the key redacted from the URL.
  ClassifierCase(
    name: "500 Rails JSON body", fixture: "error-internal-500", status: 500, endpoint: curiosityPhotos,
    url: "\(nebulum)/rovers/curiosity/photos?earth_date=2015-13-45&api_key=DEMO_KEY",
    expected: .retry(
      .serverError(status: 500, url: "\(nebulum)/rovers/curiosity/photos?earth_date=2015-13-45&api_key=REDACTED"),
      retryAfter: nil)),
  ClassifierCase(
    name: "500 empty body", fixture: nil, status: 500, endpoint: curiosityPhotos,
    url: "\(nebulum)/rovers/curiosity/photos?earth_date=yesterday",
    expected: .retry(
      .serverError(status: 500, url: "\(nebulum)/rovers/curiosity/photos?earth_date=yesterday"), retryAfter: nil)),
  ClassifierCase(
    name: "503 with Retry-After", fixture: "error-internal-500", status: 503, endpoint: .rovers,
    url: "\(nebulum)/rovers", headers: ["retry-after": "10"],
    expected: .retry(.serverError(status: 503, url: "\(nebulum)/rovers"), retryAfter: 10)),
  // Success.
  ClassifierCase(
    name: "200 photos", fixture: "original-photos", status: 200, endpoint: curiosityPhotos,
    url: "\(nebulum)/rovers/curiosity/photos?sol=1500", expected: .accept),
  ClassifierCase(
    name: "200 empty photos", fixture: "original-photos-empty", status: 200, endpoint: curiosityPhotos,
    url: "\(nebulum)/rovers/curiosity/photos?sol=1000", expected: .accept),
]

@Suite struct ResponseClassifierTests {
  private func verdict(for testCase: ClassifierCase) throws -> ClassifierOutcome {
    let url = try #require(URL(string: testCase.url))
    let body = try testCase.fixture.map(FixtureLoader.data) ?? Data()
    let response = HTTPResponse(url: url, status: testCase.status, headers: testCase.headers, body: body)
    let classifier = APIResponseClassifier(
      endpoint: testCase.endpoint, serviceName: testCase.service, redactor: Redactor(secrets: ["DEMO_KEY"]),
      events: nil)
    return ClassifierOutcome(classifier.verdict(response))
  }

  @Test(arguments: classifierCases)
  func verdicts(testCase: ClassifierCase) throws {
    #expect(try verdict(for: testCase) == testCase.expected)
  }

  @Test func everyErrorFixtureIsClassified() {
    let covered = Set(classifierCases.compactMap(\.fixture))
    let errorFixtures = Set(ExpectedErrorBody.all.map(\.fixture))
    #expect(errorFixtures.subtracting(covered).isEmpty)
  }

  @Test func onlyRateLimitsAndServerErrorsAreRetried() throws {
    for testCase in classifierCases {
      guard case .retry(let error, _) = try verdict(for: testCase) else { continue }
      switch error {
      case ServiceError.rateLimited, ServiceError.serverError: break
      default: Issue.record("\(testCase.name): \(error) retried")
      }
    }
  }
}
